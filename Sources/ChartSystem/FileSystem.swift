#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one file layer every stage uses, over POSIX calls (no Foundation): read a whole file as bytes, tell files
/// from folders, list a folder, create folders, and replace a file atomically — written to a temporary file in
/// the same folder, flushed to disk, renamed over the old one — so a reader never sees half a chart or half a
/// cache entry, even when several builds write the same file at once. Errors come back as text that names the
/// path and the system's reason.
public enum FileSystem {
    public enum Kind: Sendable, Equatable {
        case file
        case directory
        case missing
        /// Exists but is neither (a socket, a device).
        case other
    }

    /// A failed file operation: the system's reason (`No such file or directory`) and the path.
    public struct Failure: Error, Sendable, Equatable {
        public let path: String
        public let reason: String
        /// `errno` was `ENOENT` (or `ENOTDIR`: a parent is not a folder).
        public let isMissing: Bool
        /// A file was expected and a folder found.
        public var isDirectory: Bool = false
        /// A file was expected and something else found: what it is ("a named pipe (FIFO)", "a character device").
        public var notRegular: String?
        /// The file is larger than the limit for its kind.
        public var tooLarge: Oversize?

        public init(path: String, reason: String, isMissing: Bool, isDirectory: Bool = false) {
            self.path = path
            self.reason = reason
            self.isMissing = isMissing
            self.isDirectory = isDirectory
        }
    }

    /// A file over its kind's size limit: its size (nil when it kept growing while read) and the limit.
    public struct Oversize: Sendable, Equatable {
        public let size: Int?
        public let limit: ReadLimit

        /// "3.1 GB; the limit for a data file is 512 MB (specs/limits.md)"
        public var description: String {
            (size.map { "is \(FileSystem.describeSize($0))" } ?? "grew past the limit while read") + "; the limit for a \(limit.what) is "
                + FileSystem.describeSize(limit.bytes) + " (specs/limits.md)"
        }
    }

    /// What is at `path`, following symbolic links.
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return kind(mode: info.st_mode)
    }

    /// Whether `path` itself is a symbolic link (used to avoid walking into link loops).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFLNK
    }

    private static func kind(mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        default: .other
        }
    }

    /// Opens `path` for reading when it is a regular file of at most `limit` bytes, and returns the descriptor
    /// (the caller closes it) and the size `fstat` gives. Anything else is refused before a byte is read: a
    /// folder, a named pipe (whose `open` would wait for a writer forever), a device (`/dev/zero` never ends), a
    /// socket. The kind is checked with `stat` before opening (opening some devices has effects) and again with
    /// `fstat` on the descriptor, which is opened non-blocking (a pipe swapped in between cannot hold `open`)
    /// and then made blocking again.
    public static func openRegular(_ path: String, limit: ReadLimit) throws(Failure) -> (descriptor: Int32, size: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(path) }
        try requireRegular(path, info, limit: limit)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        guard fstat(descriptor, &info) == 0 else {
            let error = failure(path)
            close(descriptor)
            throw error
        }
        do {
            try requireRegular(path, info, limit: limit)
        } catch {
            close(descriptor)
            throw error
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return (descriptor, max(0, Int(info.st_size)))
    }

    private static func requireRegular(_ path: String, _ info: stat, limit: ReadLimit) throws(Failure) {
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            throw Failure(path: path, reason: "it is a folder, not a file", isMissing: false, isDirectory: true)
        }
        if type != S_IFREG {
            let what: String
            switch type {
            case S_IFIFO: what = "a named pipe (FIFO)"
            case S_IFCHR: what = "a character device"
            case S_IFBLK: what = "a block device"
            case S_IFSOCK: what = "a socket"
            default: what = "not a regular file"
            }
            var error = Failure(path: path, reason: "it is \(what), not a regular file", isMissing: false)
            error.notRegular = what
            throw error
        }
        let size = Int(info.st_size)
        if size > limit.bytes { throw tooLarge(path, Oversize(size: size, limit: limit)) }
    }

    private static func tooLarge(_ path: String, _ oversize: Oversize) -> Failure {
        var error = Failure(path: path, reason: "it " + oversize.description, isMissing: false)
        error.tooLarge = oversize
        return error
    }

    /// The whole file, read straight into the array the readers scan (one allocation of the size `stat` gives;
    /// files whose size it does not know, or that grew, are read on in blocks). Only a regular file of at most
    /// `limit` bytes is read (`openRegular`); one that grows past the limit while read is refused too.
    public static func readFile(_ path: String, limit: ReadLimit) throws(Failure) -> [UInt8] {
        let (descriptor, expected) = try openRegular(path, limit: limit)
        defer { close(descriptor) }
        var failed: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var total = 0
            while total < expected {
                let got = read(descriptor, base + total, expected - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    break
                }
                if got == 0 { break }
                total += got
            }
            initialized = total
        }
        if failed != 0 { throw failure(path, code: failed) }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { break }
            if count > limit.bytes - bytes.count { throw tooLarge(path, Oversize(size: nil, limit: limit)) }
            bytes.append(contentsOf: block[0..<count])
        }
        return bytes
    }

    /// "512 bytes", "4.2 KB", "3.1 GB" (units of 1024; one decimal below 10 of a unit, rounded).
    public static func describeSize(_ bytes: Int) -> String {
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var unit = 0
        var scale = 1024
        while unit + 1 < units.count, bytes / scale >= 1024 {
            scale *= 1024
            unit += 1
        }
        let tenths = (bytes / (scale / 1024) * 10 + 512) / 1024
        if tenths >= 100 || tenths % 10 == 0 { return "\((tenths + 5) / 10) \(units[unit])" }
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// Names in a folder (not `.` and `..`), sorted by their bytes so every listing is in the same order.
    public static func contentsOfDirectory(_ path: String) throws(Failure) -> [String] {
        guard let directory = opendir(path) else { throw failure(path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Creates the folder and any missing parents; fine when it already exists.
    public static func createDirectory(_ path: String) throws(Failure) {
        switch kind(of: path) {
        case .directory: return
        case .missing: break
        case .file, .other: throw Failure(path: path, reason: "exists and is not a folder", isMissing: false)
        }
        let parent = Paths.directory(of: path)
        if parent != path && parent != "." && parent != "/" { try createDirectory(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw failure(path) }
    }

    /// Writes `bytes` to a temporary file in the same folder, then renames it over `path`, so the file is
    /// replaced in one step and a failed write leaves the old one in place.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = try AtomicFile(path)
        try file.append(bytes)
        try file.commit()
    }

    /// The whole file, or nil when it is missing or cannot be read (a cache entry that is not there).
    public static func readIfPresent(_ path: String, limit: ReadLimit) -> [UInt8]? {
        try? readFile(path, limit: limit)
    }

    /// Removes the file at `path` if it is there.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// The system's reason for an `errno` value, in lower case ("connection refused").
    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    static func failure(_ path: String, code: Int32 = errno) -> Failure {
        Failure(path: path, reason: String(cString: strerror(code)), isMissing: code == ENOENT || code == ENOTDIR)
    }
}

/// A file written in pieces (large generated data) that appears at its path only when complete: the pieces go
/// to a temporary file in the same folder, `commit()` renames it into place, and dropping it unfinished removes
/// the temporary file.
public final class AtomicFile {
    public let path: String
    private let temporary: String
    private var descriptor: Int32

    public init(_ path: String) throws(FileSystem.Failure) {
        self.path = path
        // `.NAME.PID.RANDOM.tmp` next to the target: the same file system (so rename is atomic), hidden, and
        // distinct between processes and threads writing at once.
        self.temporary = Paths.join(Paths.directory(of: path), ".\(Paths.fileName(of: path)).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.failure(path) }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary)
        }
    }

    public func append(_ bytes: [UInt8]) throws(FileSystem.Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystem.failure(path)
            }
            offset += written
        }
    }

    /// Flushes the file to disk, closes it and moves it into place (without the flush, a crash soon after the
    /// rename could leave an empty file under the final name).
    public func commit() throws(FileSystem.Failure) {
        let flushed = fsync(descriptor)
        let result = close(descriptor)
        descriptor = -1
        guard flushed == 0, result == 0, rename(temporary, path) == 0 else {
            let error = FileSystem.failure(path)
            unlink(temporary)
            throw error
        }
    }
}

/// Path text helpers (no Foundation): paths stay as the user wrote them, so messages show familiar names.
public enum Paths {
    /// `a/b` + `c` → `a/b/c`; `.` + `c` → `c`.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        if directory.hasSuffix("/") { return directory + name }
        return directory + "/" + name
    }

    /// `a/b/c.json` → `a/b`; `c.json` → `.`; `/c` → `/`.
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// `a/b/c.json` → `c.json`.
    public static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The chart's name: the file name without `.chart.json` (or without `.json`).
    public static func chartName(of path: String) -> String {
        let name = fileName(of: path)
        for suffix in [".chart.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
