#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Absolute paths with symbolic links resolved (`realpath`), so the watcher's events, the charts' dependencies
/// and the roots served compare as plain strings whatever way each was written.
enum CanonicalPath {
    /// The canonical form of `path`; for a file that does not exist (yet), its folder's canonical form and
    /// its name. Nil when not even the folder exists.
    static func of(_ path: String) -> String? {
        if let resolved = resolve(path) { return resolved }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let base = resolve(folder.isEmpty ? "/" : folder), !name.isEmpty else { return nil }
        return base == "/" ? "/" + name : base + "/" + name
    }

    static func resolve(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The folder part of a canonical path.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether canonical `path` is `root` or below it.
    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
