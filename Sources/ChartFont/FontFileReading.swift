#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSystem

/// Reads font files with plain POSIX calls (the module links no Foundation): whole files for faces that are
/// used, and just the table directory plus a few small tables for faces that are only being identified.
enum FontFileReading {
    /// The whole file, or why it cannot be read.
    static func readAll(_ path: String) throws(FontDiagnostic) -> [UInt8] {
        let (descriptor, size) = try openRegular(path)
        defer { close(descriptor) }
        // Read straight into the array's storage (no zero-filling of a file that is about to be read over it).
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = pread(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled, off_t(filled))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = failure == nil ? filled : 0
        }
        if let failure {
            errno = failure
            throw FontDiagnostic.unreadable(path: path, reason: errorText())
        }
        return bytes
    }

    /// An open file for reading parts of it.
    final class PartialFile {
        let descriptor: Int32
        let size: Int

        init(_ path: String) throws(FontDiagnostic) {
            (descriptor, size) = try FontFileReading.openRegular(path)
        }

        deinit { close(descriptor) }

        /// `length` bytes from `offset`, or nil when the file is shorter.
        func read(_ offset: Int, _ length: Int) -> [UInt8]? {
            guard offset >= 0, length >= 0, offset <= size, length <= size - offset else { return nil }
            var bytes = [UInt8](repeating: 0, count: length)
            var filled = 0
            while filled < length {
                let count = bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress.map { $0 + filled }, length - filled, off_t(offset + filled))
                }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return nil }
                filled += count
            }
            return bytes
        }
    }

    /// The open file and its size: only a regular file within the font limit (`FileSystem.openRegular`), so a
    /// named pipe among the font folders never holds the lookup.
    static func openRegular(_ path: String) throws(FontDiagnostic) -> (descriptor: Int32, size: Int) {
        do {
            return try FileSystem.openRegular(path, limit: .font)
        } catch {
            throw FontDiagnostic.unreadable(path: path, reason: error.reason)
        }
    }

    static func errorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
