#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The watcher that works everywhere: every `interval` ms it `stat`s the watched files and folders and reports
/// those whose modification time, size or inode changed (a folder's changes when an entry is added, removed or
/// renamed). Used where inotify is missing and for `--poll` (network file systems, containers' bind mounts).
final class PollingWatcher: FileWatcher {
    private struct Signature: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    private let interval: Int64
    private var known: [String: Signature?] = [:]
    private var due: Int64 = 0

    init(interval: Int64 = 200) {
        self.interval = interval
    }

    var descriptor: Int32? { nil }
    var isWriting: Bool { false }

    func watch(folders: Set<String>, files: Set<String>) {
        var next: [String: Signature?] = [:]
        for path in folders.union(files) { next[path] = known[path] ?? Self.signature(path) }
        known = next
    }

    func changes(now: Int64) -> [String] {
        changes(now: now, force: false)
    }

    /// The comparison; `force` runs it before its time (the kqueue watcher's wake-ups).
    func changes(now: Int64, force: Bool) -> [String] {
        guard force || now >= due else { return [] }
        due = now + interval
        var changed: [String] = []
        for path in known.keys.sorted() {
            let current = Self.signature(path)
            if current != known[path] ?? nil {
                known[path] = current
                changed.append(path)
            }
        }
        return changed
    }

    func nextPoll(now: Int64) -> Int64 { max(due, now) }

    private static func signature(_ path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            return Signature(
                seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec), size: Int64(info.st_size),
                inode: UInt64(info.st_ino))
        #else
            return Signature(
                seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int64(info.st_size), inode: UInt64(info.st_ino))
        #endif
    }
}
