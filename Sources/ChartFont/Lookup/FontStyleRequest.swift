/// Which face of a family a text style wants: regular or bold, upright or italic.
public struct FontStyleRequest: Sendable, Hashable {
    public var bold: Bool
    public var italic: Bool

    public init(bold: Bool = false, italic: Bool = false) {
        self.bold = bold
        self.italic = italic
    }

    public static let regular = FontStyleRequest()
    public static let bold = FontStyleRequest(bold: true)

    /// How far a face is from this request; the lowest wins. Slant matters most, then weight, then width
    /// (a condensed face is a last resort).
    func distance(weight: Int, italic faceItalic: Bool, widthClass: Int) -> Int {
        (faceItalic == italic ? 0 : 10_000) + abs(weight - (bold ? 700 : 400)) * 10 + abs(widthClass - 5)
    }
}

/// A CSS font stack (`Helvetica, Arial, 'Liberation Sans', sans-serif`) as family names, quotes removed.
public enum FontStack {
    /// Generic families name no installed face.
    static let generic: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-sans-serif", "ui-serif", "ui-monospace"
    ]

    public static func families(_ stack: String) -> [String] {
        stack.split(separator: ",").compactMap { part in
            var name = part.trimmingSpaces
            if name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            return name.isEmpty ? nil : name
        }
    }

    static func isGeneric(_ family: String) -> Bool { generic.contains(family.lowercased()) }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
