/// Reads the spellings of true and false that data files use, for fields declared `"boolean"` in `parse`.
/// Booleans are never inferred (a `true`/`false` column stays text unless `parse` says otherwise), so this is
/// only used where the user asked for it.
public enum BooleanText {
    /// `true`/`false`, `yes`/`no`, `1`/`0` in any letter case, with spaces or tabs around them; nil otherwise.
    public static func parse(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool? {
        var lower = start
        var upper = end
        while lower < upper && (base[lower] == 0x20 || base[lower] == 0x09) { lower += 1 }
        while upper > lower && (base[upper - 1] == 0x20 || base[upper - 1] == 0x09) { upper -= 1 }
        let count = upper - lower
        guard count >= 1 && count <= 5 else { return nil }
        // ASCII letters folded to lower case, packed into one integer.
        var packed: UInt64 = 0
        for index in lower..<upper {
            var byte = base[index]
            if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            packed = packed << 8 | UInt64(byte)
        }
        switch packed {
        case pack("true"), pack("yes"), pack("1"): return true
        case pack("false"), pack("no"), pack("0"): return false
        default: return nil
        }
    }

    public static func parse(_ text: String) -> Bool? {
        var copy = text
        return copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return parse(base, 0, buffer.count)
        }
    }

    private static func pack(_ word: StaticString) -> UInt64 {
        var packed: UInt64 = 0
        word.withUTF8Buffer { for byte in $0 { packed = packed << 8 | UInt64(byte) } }
        return packed
    }
}
