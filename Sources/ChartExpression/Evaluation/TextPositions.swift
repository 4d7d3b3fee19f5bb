/// `substring` and `indexof` (SPEC §21): positions count characters as a reader sees them, as `length` does, and
/// follow JavaScript's `substring` and `indexOf` (what Vega's expressions do) in every other respect.
enum TextPositions {
    /// The characters from `start` up to (not including) `end`, or to the end. A position is cut to a whole
    /// number toward zero and clamped into 0…length; when `start` is past `end` the two are swapped.
    static func substring(_ text: String, start: Double, end: Double?) -> String {
        let characters = Array(text)
        func clamped(_ position: Double) -> Int {
            guard !position.isNaN else { return 0 }
            let whole = position.rounded(.towardZero)
            if whole <= 0 { return 0 }
            if whole >= Double(characters.count) { return characters.count }
            return Int(exactly: whole) ?? characters.count
        }
        var from = clamped(start)
        var to = end.map(clamped) ?? characters.count
        if from > to { swap(&from, &to) }
        return String(characters[from..<to])
    }

    /// How many characters come before the first exact occurrence of `part` (byte for byte, as `contains`
    /// matches, so `indexof(t, p) >= 0` exactly when `contains(t, p)`), or −1; an empty part is found at 0.
    static func indexOf(_ part: String, in text: String) -> Double {
        let bytes = Array(text.utf8)
        guard let offset = ByteSearch.firstIndex(of: Array(part.utf8), in: bytes) else { return -1 }
        return Double(String(decoding: bytes[..<offset], as: UTF8.self).count)
    }
}
