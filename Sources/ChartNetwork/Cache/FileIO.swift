#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the cache needs, over POSIX calls: read a whole file, create a folder and its
/// parents, and replace a file atomically (write a temporary file in the same folder, flush it, rename it over
/// the old one), so a reader never sees half a file even when several builds write the same entry at once.
package enum FileIO {
    /// Why a write failed: the path and the system's reason.
    struct Failure: Error, Sendable {
        var path: String
        var reason: String
    }

    /// The whole file, or nil when it does not exist or cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return bytes }
            bytes.append(contentsOf: block[0..<got])
        }
    }

    /// Creates `path` and any missing parents (mode 0755).
    static func createDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(path: prefix, reason: describe(errno))
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: path, reason: "not a folder")
        }
    }

    /// Replaces the file at `path` with `bytes` in one step.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = temporaryName(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Failure(path: temporary, reason: describe(errno)) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while written < raw.count {
                let result = systemWrite(descriptor, base + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(path: path, reason: describe(failure))
        }
    }

    /// Removes the file at `path` if it is there.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// `.NAME.PID.RANDOM.tmp` next to the target: same file system (so rename is atomic), hidden, and
    /// distinct between processes and threads writing at once.
    private static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    }

    /// The system's reason for an `errno` value, in lower case ("connection refused").
    package static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}

/// POSIX `read` and `write`, named apart from the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
