#if canImport(Darwin)
    import Darwin

    /// macOS's kqueue over the watched folders and files (`EVFILT_VNODE`): it says *that* something changed, not
    /// what, so each wake-up runs the `PollingWatcher`'s comparison at once instead of at its next tick, and the
    /// paths that changed are opened again (a save by rename leaves the old descriptor on the old file).
    final class KqueueWatcher: FileWatcher {
        private let queue: Int32
        private let polling = PollingWatcher(interval: 1_000)
        private var opened: [String: Int32] = [:]

        init?() {
            let queue = kqueue()
            guard queue >= 0 else { return nil }
            self.queue = queue
        }

        deinit {
            for descriptor in opened.values { close(descriptor) }
            close(queue)
        }

        var descriptor: Int32? { queue }
        var isWriting: Bool { false }

        func watch(folders: Set<String>, files: Set<String>) {
            polling.watch(folders: folders, files: files)
            let wanted = folders.union(files)
            for (path, descriptor) in opened where !wanted.contains(path) {
                close(descriptor) // closing a descriptor removes its events from the queue
                opened[path] = nil
            }
            for path in wanted.sorted() where opened[path] == nil { register(path) }
        }

        private func register(_ path: String) {
            let descriptor = open(path, O_EVTONLY)
            guard descriptor >= 0 else { return }
            let filter = UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_EXTEND | NOTE_ATTRIB)
            var change = kevent(
                ident: UInt(descriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR), fflags: filter, data: 0, udata: nil)
            _ = kevent(queue, &change, 1, nil, 0, nil)
            opened[path] = descriptor
        }

        func changes(now: Int64) -> [String] {
            var events = [kevent](repeating: kevent(), count: 64)
            var immediately = timespec(tv_sec: 0, tv_nsec: 0)
            var woken = false
            while kevent(queue, nil, 0, &events, Int32(events.count), &immediately) > 0 { woken = true }
            let changed = polling.changes(now: now, force: woken)
            for path in changed {
                if let descriptor = opened[path] {
                    close(descriptor)
                    opened[path] = nil
                }
                register(path)
            }
            return changed
        }

        func nextPoll(now: Int64) -> Int64 { polling.nextPoll(now: now) }
    }
#endif
