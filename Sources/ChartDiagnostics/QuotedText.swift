/// Text from outside chartc (a server's error, a file's field names, a value) shortened before it goes into a
/// message, so a 1 MB server error or 32,767 field names cannot flood a terminal, a log or the preview page. The
/// one place that decides how much of such text a message shows (specs/limits.md).
public enum QuotedText {
    /// The most characters of outside text one message shows.
    public static let characterLimit = 300

    /// The most items of a list (field names, values) one message names.
    public static let itemLimit = 12

    /// `text` when it has at most `limit` characters; else its first `limit` characters (cut at a space when one is
    /// near the end) and "… (N more characters)". Line breaks and other control characters become spaces, so
    /// the text stays on the message's line.
    public static func truncated(_ text: String, limit: Int = characterLimit) -> String {
        var count = 0
        var cut: String.Index?
        var lastSpace: String.Index?
        var hasControl = false
        for index in text.indices {
            let character = text[index]
            if count == limit {
                cut = index
                break
            }
            if character == " " { lastSpace = index }
            if character.unicodeScalars.contains(where: isControl) { hasControl = true }
            count += 1
        }
        guard var end = cut else { return hasControl ? withoutControlCharacters(text) : text }
        if let lastSpace, text.distance(from: lastSpace, to: end) < 40 { end = lastSpace }
        let remaining = text[end...].count
        return withoutControlCharacters(String(text[..<end])) + "… (\(remaining) more characters)"
    }

    /// The first `limit` items, quoted and joined with ", ", and "… and N more" when there are more.
    public static func list(_ items: [String], limit: Int = itemLimit, quote: Bool = true) -> String {
        let shown = items.prefix(limit).map { quote ? "'\(truncated($0, limit: 60))'" : truncated($0, limit: 60) }
        let rest = items.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? ", … and \(rest) more" : "")
    }

    /// `text` with each control character (C0, DEL, C1) replaced by a space.
    public static func withoutControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isControl(scalar) ? " " : scalar) }
        return String(scalars)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
