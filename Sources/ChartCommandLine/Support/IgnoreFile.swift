import ChartSystem
/// The patterns of a `.chartcignore` file: specs that a folder walk (`chartc build examples`) skips, like
/// `.gitignore` for git. A spec named explicitly on the command line is always built.
///
/// One pattern per line; blank lines and lines starting with `#` are ignored. A pattern with a `/` matches the
/// path relative to the folder holding the `.chartcignore`; one without matches a file name anywhere below it.
/// `*` matches any run of characters except `/`, `?` one character.
struct IgnoreFile: Sendable {
    static let fileName = ".chartcignore"

    private let patterns: [String]

    init(text: String) {
        patterns = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
    }

    /// The ignore file in `directory`, if there is one.
    static func load(in directory: String) -> IgnoreFile? {
        let path = Paths.join(directory, fileName)
        guard FileSystem.kind(of: path) == .file, let bytes = try? FileSystem.readFile(path, limit: .settings) else { return nil }
        return IgnoreFile(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `relativePath` (relative to the ignore file's folder, `/`-separated) is ignored.
    func ignores(_ relativePath: String) -> Bool {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return patterns.contains { pattern in
            pattern.contains("/") ? Self.glob(Array(pattern.utf8), Array(relativePath.utf8)) : Self.glob(Array(pattern.utf8), Array(name.utf8))
        }
    }

    /// Glob match with `*` (no `/`) and `?`, iterative with backtracking to the last star: linear-ish, never
    /// exponential.
    static func glob(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count
                && (pattern[p] == UInt8(ascii: "?") && text[t] != UInt8(ascii: "/") || pattern[p] == text[t] && pattern[p] != UInt8(ascii: "*"))
            {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
                star = (p, t)
                p += 1
            } else if let last = star, text[last.t] != UInt8(ascii: "/") {
                star = (last.p, last.t + 1)
                p = last.p + 1
                t = last.t + 1
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
