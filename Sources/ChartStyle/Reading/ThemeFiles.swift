#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics
import ChartSystem

/// The file-system side of themes: reading a theme file whole, paths relative to a theme, the canonical name of
/// a file (to notice an `extends` cycle however it is spelled) and the search for `chartc.theme.json`.
public enum ThemeFiles {
    /// The name a folder's house style has; the nearest one up to the folder holding `.git` applies.
    public static let conventionalName = "chartc.theme.json"

    /// The bytes of `path`, or why not: only a regular file within `limit` is read (`FileSystem.readFile`), so a
    /// named pipe or a device fails at once instead of holding the build.
    public static func contents(of path: String, limit: ReadLimit = .theme) -> Result<[UInt8], ThemeReadFailure> {
        do {
            return .success(try FileSystem.readFile(path, limit: limit))
        } catch {
            return .failure(failure(error))
        }
    }

    /// Whether `path` is a regular file within `limit` that this process can read, without reading it.
    public static func readable(_ path: String, limit: ReadLimit = .font) -> Result<Void, ThemeReadFailure> {
        do {
            let (descriptor, _) = try FileSystem.openRegular(path, limit: limit)
            close(descriptor)
            return .success(())
        } catch {
            return .failure(failure(error))
        }
    }

    private static func failure(_ error: FileSystem.Failure) -> ThemeReadFailure {
        if error.isMissing { return ThemeReadFailure(reason: "no such file") }
        if error.notRegular != nil || error.tooLarge != nil || error.isDirectory { return ThemeReadFailure(reason: error.reason) }
        return ThemeReadFailure(reason: error.reason.lowercased())
    }

    public struct ThemeReadFailure: Error {
        public let reason: String
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code))
        }
    }

    /// `written` as seen from the folder of `file`; absolute paths stay as they are.
    public static func resolve(_ written: String, relativeTo file: String) -> String {
        if written.hasPrefix("/") { return written }
        let folder = directory(of: file)
        return folder == "." ? written : folder + "/" + written
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file's real path (symbolic links and `..` resolved), or the path as given when it has none.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The nearest `chartc.theme.json` in the spec's folder or a parent folder, stopping after the folder that
    /// holds `.git` (a repository's house style does not leak in from outside it), or nil.
    public static func nearest(toSpec specPath: String) -> String? {
        var folder = canonical(directory(of: specPath))
        while true {
            let candidate = folder == "/" ? "/" + conventionalName : folder + "/" + conventionalName
            if exists(candidate) { return relative(candidate, for: specPath) }
            if exists(folder == "/" ? "/.git" : folder + "/.git") || folder == "/" { return nil }
            folder = directory(of: folder)
        }
    }

    /// A found theme path written as relative to the working folder when the spec's path is relative, so
    /// messages and `chartc theme` stay short and the same on every machine.
    static func relative(_ found: String, for specPath: String) -> String {
        guard !specPath.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return found }
        defer { free(cwd) }
        let here = String(cString: cwd)
        let prefix = here.hasSuffix("/") ? here : here + "/"
        if found.hasPrefix(prefix) { return String(found.dropFirst(prefix.count)) }
        // Above the working folder: count the steps up.
        var up = ""
        var base = here
        while !found.hasPrefix(base == "/" ? "/" : base + "/") && base != "/" {
            base = directory(of: base)
            up += "../"
        }
        let rest = base == "/" ? String(found.dropFirst()) : String(found.dropFirst(base.count + 1))
        return up + rest
    }
}
