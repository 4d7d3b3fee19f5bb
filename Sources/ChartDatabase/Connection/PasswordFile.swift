#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSystem

/// `~/.pgpass` as libpq reads it: lines `hostname:port:database:username:password`, `*` matching anything in
/// the first four fields, `\:` and `\\` escaping, `#` comments, the first matching line winning. On Unix the file
/// is ignored (with a warning) unless only its owner may read it (mode 0600 or stricter), as libpq does.
public struct PasswordFile: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var fields: [String] // host, port, database, user, password
    }

    var entries: [Entry]

    /// Parses the file's text.
    public init(text: [UInt8]) {
        entries = []
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.first == UInt8(ascii: "#") || line.isEmpty { continue }
            var fields: [String] = []
            var current: [UInt8] = []
            var index = line.startIndex
            while index < line.endIndex {
                let byte = line[index]
                if byte == UInt8(ascii: "\\"), index + 1 < line.endIndex {
                    current.append(line[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: ":") && fields.count < 4 {
                    fields.append(String(decoding: current, as: UTF8.self))
                    current = []
                } else {
                    current.append(byte)
                }
                index += 1
            }
            fields.append(String(decoding: current, as: UTF8.self))
            if fields.count == 5 { entries.append(Entry(fields: fields)) }
        }
    }

    /// The password of the first line matching the connection (`localhost` stands for a Unix-domain socket).
    public func password(host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host.hasPrefix("/") ? "localhost" : host, String(port), database, user]
        for entry in entries {
            var matches = true
            for index in 0..<4 where entry.fields[index] != "*" && entry.fields[index] != wanted[index] {
                matches = false
                break
            }
            if matches { return entry.fields[4] }
        }
        return nil
    }

    /// What reading the file found: the file (nil when absent or ignored) and a warning to show when it was ignored.
    public struct Lookup: Sendable {
        public var file: PasswordFile?
        public var warning: String?
    }

    /// Reads `path` if it exists, is a regular file, and (on Unix) has no group or world permissions.
    public static func load(path: String) -> Lookup {
        var info = stat()
        guard stat(path, &info) == 0 else { return Lookup(file: nil, warning: nil) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return Lookup(file: nil, warning: "password file \"\(path)\" is not a plain file")
        }
        if info.st_mode & 0o077 != 0 {
            return Lookup(
                file: nil, warning: "password file \"\(path)\" has group or world access and is ignored; permissions should be u=rw (0600) or less")
        }
        guard let bytes = readWhole(path) else { return Lookup(file: nil, warning: nil) }
        return Lookup(file: PasswordFile(text: bytes), warning: nil)
    }

    /// The file libpq would read: `$PGPASSFILE`, else `$HOME/.pgpass`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let explicit = environment["PGPASSFILE"], !explicit.isEmpty { return explicit }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.pgpass" }
        return nil
    }

    /// The file when it is a regular file of at most 1 MB (`FileSystem.readFile`): a named pipe named by
    /// `PGPASSFILE` must not hold the connection.
    private static func readWhole(_ path: String) -> [UInt8]? {
        FileSystem.readIfPresent(path, limit: .settings)
    }
}
