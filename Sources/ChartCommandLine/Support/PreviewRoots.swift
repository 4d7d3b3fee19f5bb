#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import ChartPreview
import ChartSpec

/// The folders `chartc preview PATH…` serves, as the build side sees them: a spec inside them whose data, theme,
/// logo or font file lies outside every one (`"url": "../secret.csv"`) is refused, so that nothing the preview
/// serves (a chart's page holds its rows) was read from outside PATH. Fonts found by family name among the
/// system's are not named by the spec and stay allowed.
struct PreviewRoots: Sendable {
    /// Canonical folders (symbolic links resolved): each PATH, or a spec file's folder.
    let folders: [String]

    init(paths: [String]) {
        var folders: [String] = []
        for path in paths {
            var info = stat()
            let folder = stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR ? Self.folder(of: path) : path
            if let canonical = Self.canonical(folder), !folders.contains(canonical) { folders.append(canonical) }
        }
        self.folders = folders
    }

    /// Whether `path` (which may not exist yet) lies inside one of the folders.
    func contains(_ path: String) -> Bool {
        guard let canonical = Self.canonical(path) ?? Self.canonical(Self.folder(of: path)).map({ $0 + "/" + Self.name(of: path) }) else {
            return false
        }
        return folders.contains { root in root == "/" || canonical == root || canonical.hasPrefix(root + "/") }
    }

    /// The spec's local data files (its own and each layer's) outside the folders, with where the spec names them.
    func dataOutside(_ spec: ChartSpec) -> [(path: String, span: SourceSpan?)] {
        var found: [(path: String, span: SourceSpan?)] = []
        for data in [spec.data] + spec.layers.compactMap(\.data) {
            guard case .url(let url) = data.origin, !data.isRemote else { continue }
            let path = DataFiles.resolve(url.value, baseDirectory: spec.baseDirectory)
            if !contains(path) && !found.contains(where: { $0.path == path }) { found.append((path, url.span)) }
        }
        return found
    }

    /// The refusal for one file.
    func refusal(_ file: String, kind: String, spec: String, span: SourceSpan?) -> Diagnostic {
        let message = PreviewDiagnostic.fileOutsideRoot(file: file, kind: kind, roots: folders)
        return span.map { Diagnostic(message, at: $0) } ?? Diagnostic(message, path: spec)
    }

    static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
