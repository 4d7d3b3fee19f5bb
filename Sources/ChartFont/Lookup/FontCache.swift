#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses each font file once per process and scans the system font folders once: a build that measures and
/// embeds the same faces for many charts reads them one time. Thread-safe (a mutex around two tables);
/// `FontCache.shared` is the process's cache, tests may make their own.
public final class FontCache: @unchecked Sendable {
    public static let shared = FontCache()

    private var mutex = pthread_mutex_t()
    private var faces: [String: Result<OpenTypeFace, FontDiagnostic>] = [:]
    private var systems: [[String]: SystemFonts] = [:]
    private var identified: [String: [SystemFonts.Entry]] = [:]
    /// Lookups already answered: families, style and folders → the face's path and index.
    private var found: [String: SystemFonts.Entry?] = [:]
    /// Font stacks already resolved: families and folders → the installed family.
    private var resolved: [String: String?] = [:]

    public init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    /// The face at `path` (and `faceIndex` in a collection), read and parsed the first time it is asked for.
    public func face(path: String, faceIndex: Int = 0) throws(FontDiagnostic) -> OpenTypeFace {
        let key = path + "#" + String(faceIndex)
        if let known = locked({ faces[key] }) { return try known.get() }
        let result: Result<OpenTypeFace, FontDiagnostic>
        do {
            result = .success(try OpenTypeFace.read(path: path, faceIndex: faceIndex))
        } catch {
            result = .failure(error)
        }
        locked { faces[key] = result }
        return try result.get()
    }

    /// The installed fonts in `directories`, scanned the first time.
    public func systemFonts(directories: [String] = SystemFonts.defaultDirectories()) -> SystemFonts {
        if let known = locked({ systems[directories] }) { return known }
        let scanned = SystemFonts(directories: directories)
        locked { systems[directories] = scanned }
        return scanned
    }

    /// The faces of one installed file, identified the first time.
    public func identify(_ path: String) -> [SystemFonts.Entry] {
        if let known = locked({ identified[path] }) { return known }
        let entries = SystemFonts.identify(path)
        locked { identified[path] = entries }
        return entries
    }

    /// The installed family that `families` (a font stack, generic families included) stands for, as fontconfig
    /// would choose it (`SystemFonts.resolve`); nil when none is installed. Answered once per stack and folders.
    public func resolve(families: [String], directories: [String] = SystemFonts.defaultDirectories()) -> String? {
        let key = families.joined(separator: ",") + "|" + directories.joined(separator: ":")
        if let known = locked({ resolved[key] }) { return known }
        let answer = systemFonts(directories: directories).resolve(families: families, identify: identify)
        locked { resolved[key] = .some(answer) }
        return answer
    }

    /// The face of the first installed family of `families` that best matches `style`, parsed; a
    /// `font-not-found` error (naming `install`, what to install) when no family is installed.
    public func find(families: [String], style: FontStyleRequest, directories: [String] = SystemFonts.defaultDirectories(), install: String? = nil)
        throws(FontDiagnostic) -> OpenTypeFace
    {
        let key = families.joined(separator: ",") + "|" + String(style.bold) + String(style.italic) + "|" + directories.joined(separator: ":")
        let entry: SystemFonts.Entry?
        if let known = locked({ found[key] }) {
            entry = known
        } else {
            entry = systemFonts(directories: directories).find(families: families, style: style, identify: identify)
            locked { found[key] = .some(entry) }
        }
        guard let entry else {
            throw FontDiagnostic.familyNotFound(families: families.filter { !FontStack.isGeneric($0) }, install: install)
        }
        return try face(path: entry.path, faceIndex: entry.faceIndex)
    }
}
