#if os(Linux)
    import Glibc

    /// Linux's inotify over the folders the charts read from: every write, rename into, creation or deletion of an
    /// entry is reported with the entry's name, so the preview hears of a save within a millisecond.
    final class InotifyWatcher: FileWatcher {
        private let handle: Int32
        private var folderByWatch: [Int32: String] = [:]
        private var watchByFolder: [String: Int32] = [:]
        /// Files written to and not closed yet.
        private var writing: Set<String> = []

        init?() {
            let handle = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard handle >= 0 else { return nil }
            self.handle = handle
        }

        deinit { POSIX.closeDescriptor(handle) }

        var descriptor: Int32? { handle }
        var isWriting: Bool { !writing.isEmpty }

        func watch(folders: Set<String>, files: Set<String>) {
            for (folder, watch) in watchByFolder where !folders.contains(folder) {
                inotify_rm_watch(handle, watch)
                watchByFolder[folder] = nil
                folderByWatch[watch] = nil
            }
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
            for folder in folders.sorted() where watchByFolder[folder] == nil {
                let watch = inotify_add_watch(handle, folder, mask | UInt32(IN_ONLYDIR))
                guard watch >= 0 else { continue }
                watchByFolder[folder] = watch
                folderByWatch[watch] = folder
            }
        }

        func changes(now: Int64) -> [String] {
            var changed: [String] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameStart = offset + headerSize
                    let nameEnd = min(nameStart + length, count)
                    let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed.append("") } // events lost: everything may have changed
                    if let folder = folderByWatch[watch] {
                        if mask & UInt32(IN_IGNORED) != 0 {
                            folderByWatch[watch] = nil
                            watchByFolder[folder] = nil
                            changed.append(folder)
                        } else if name.isEmpty || mask & UInt32(IN_ISDIR) != 0 {
                            changed.append(folder)
                        } else {
                            let path = folder == "/" ? "/" + name : folder + "/" + name
                            changed.append(path)
                            if mask & UInt32(IN_MODIFY) != 0 { writing.insert(path) }
                            if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 { writing.remove(path) }
                        }
                    }
                    offset = nameStart + length
                }
            }
            return changed
        }

        func nextPoll(now: Int64) -> Int64 { .max }
    }
#endif
