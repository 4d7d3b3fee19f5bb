#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders the preview serves (each PATH given, or a spec file's folder) and the one way a URL becomes a
/// file: `/files/REL` (with several roots, `/files/N/REL`) names REL under its root, and is served only when
/// its canonical path (symbolic links resolved) is still inside the root's canonical path, it is a regular
/// file, and no segment is hidden (`.git`, `.chartcignore`). Everything else is a 404.
struct ServedRoots {
    struct Root {
        /// As given, without a trailing slash (`examples`).
        var path: String
        var canonical: String
    }

    let roots: [Root]

    init(paths: [String]) {
        var roots: [Root] = []
        for given in paths {
            var path = given
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
                path = CanonicalPath.folder(of: path)
                if !given.contains("/") { path = "." }
            }
            guard let canonical = CanonicalPath.resolve(path), !roots.contains(where: { $0.canonical == canonical }) else { continue }
            roots.append(Root(path: path, canonical: canonical))
        }
        self.roots = roots
    }

    /// The id of a spec found under the roots: its path below its root (`step-counts/step-counts.chart.json`),
    /// prefixed with the root's number when there are several.
    func id(of spec: String) -> String {
        for (index, root) in roots.enumerated() {
            let relative: String?
            if root.path == "." {
                relative = spec.hasPrefix("./") ? String(spec.dropFirst(2)) : (spec.hasPrefix("/") ? nil : spec)
            } else if spec.hasPrefix(root.path + "/") {
                relative = String(spec.dropFirst(root.path.count + 1))
            } else {
                relative = nil
            }
            if let relative { return roots.count == 1 ? relative : String(index + 1) + "/" + relative }
        }
        return spec.hasPrefix("/") ? String(spec.dropFirst()) : spec
    }

    /// The file that `/files/SEGMENTS` names, or nil (then 404).
    func file(for segments: [String]) -> String? {
        var rest = segments[...]
        let root: Root
        if roots.count == 1, let only = roots.first {
            root = only
        } else {
            guard let first = rest.popFirst(), let number = Int(first), number >= 1, number <= roots.count else { return nil }
            root = roots[number - 1]
        }
        guard !rest.isEmpty, !rest.contains(where: { $0.hasPrefix(".") }) else { return nil }
        let joined = root.canonical + (root.canonical == "/" ? "" : "/") + rest.joined(separator: "/")
        guard let canonical = CanonicalPath.resolve(joined), CanonicalPath.isInside(canonical, root: root.canonical) else { return nil }
        var info = stat()
        guard stat(canonical, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 64 * 1024 * 1024 else { return nil }
        return canonical
    }

    /// Every folder under the roots (not hidden, not through symbolic links), canonical: watched so that a
    /// new spec shows up in the index.
    func folders() -> Set<String> {
        var found: Set<String> = []
        for root in roots { collect(root.canonical, depth: 0, into: &found) }
        return found
    }

    private func collect(_ folder: String, depth: Int, into found: inout Set<String>) {
        guard depth < 32, found.count < 4096, found.insert(folder).inserted, let directory = opendir(folder) else { return }
        var children: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { children.append(path) }
        }
        closedir(directory)
        for child in children.sorted() { collect(child, depth: depth + 1, into: &found) }
    }
}
