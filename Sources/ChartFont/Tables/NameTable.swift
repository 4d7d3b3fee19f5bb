/// `name`: the family, subfamily, full and PostScript names, Windows English (UTF-16) first, then Unicode, then
/// Macintosh Roman.
struct NameTable: Sendable {
    let family: String?
    let subfamily: String?
    let fullName: String?
    let postScriptName: String?
    /// Name 16/17: the family and style that group more than four styles (`DejaVu Sans` for `DejaVu Sans Light`).
    let typographicFamily: String?
    let typographicSubfamily: String?

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        let at = record.offset
        guard record.length >= 6 else { throw FontBytes.OutOfBounds(table: "name", problem: "is shorter than 6 bytes") }
        let count = Int(try data.u16(at + 2, "name"))
        let storage = at + Int(try data.u16(at + 4, "name"))
        try data.check(at + 6, count * 12, "name")
        // Best candidate per name id: (rank, string); lower rank wins.
        var best: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<count {
            let entry = at + 6 + index * 12
            let platform = try data.u16(entry, "name")
            let encoding = try data.u16(entry + 2, "name")
            let language = try data.u16(entry + 4, "name")
            let nameID = Int(try data.u16(entry + 6, "name"))
            guard [1, 2, 4, 6, 16, 17].contains(nameID) else { continue }
            let length = Int(try data.u16(entry + 8, "name"))
            let offset = storage + Int(try data.u16(entry + 10, "name"))
            let rank: Int
            let utf16: Bool
            switch (platform, encoding) {
            case (3, 1), (3, 10): rank = language == 0x0409 ? 0 : 2; utf16 = true
            case (0, _): rank = 1; utf16 = true
            case (1, 0): rank = language == 0 ? 3 : 4; utf16 = false
            default: continue
            }
            if let current = best[nameID], current.rank <= rank { continue }
            try data.check(offset, length, "name")
            let raw = data.bytes[offset..<(offset + length)]
            let text: String
            if utf16 {
                text = Self.decodeUTF16BigEndian(raw)
            } else {
                // Mac Roman: ASCII is all a family name needs; anything else becomes U+FFFD.
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            }
            best[nameID] = (rank, text)
        }
        family = best[1]?.text
        subfamily = best[2]?.text
        fullName = best[4]?.text
        postScriptName = best[6]?.text
        typographicFamily = best[16]?.text
        typographicSubfamily = best[17]?.text
    }

    /// Big-endian UTF-16 as a String, transcoded to UTF-8 by hand (the standard library's generic UTF-16 decoding
    /// costs more than the rest of opening a face); a lone surrogate becomes U+FFFD.
    static func decodeUTF16BigEndian(_ raw: ArraySlice<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        func append(_ scalar: UInt32) {
            switch scalar {
            case 0..<0x80: utf8.append(UInt8(scalar))
            case 0x80..<0x800:
                utf8.append(UInt8(0xC0 | scalar >> 6))
                utf8.append(UInt8(0x80 | scalar & 0x3F))
            case 0x800..<0x10000:
                utf8.append(UInt8(0xE0 | scalar >> 12))
                utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                utf8.append(UInt8(0x80 | scalar & 0x3F))
            default:
                utf8.append(UInt8(0xF0 | scalar >> 18))
                utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                utf8.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        var i = raw.startIndex
        while i + 1 < raw.endIndex {
            let unit = UInt32(raw[i]) << 8 | UInt32(raw[i + 1])
            i += 2
            if unit >= 0xD800 && unit < 0xDC00, i + 1 < raw.endIndex {
                let low = UInt32(raw[i]) << 8 | UInt32(raw[i + 1])
                if low >= 0xDC00 && low < 0xE000 {
                    append(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    i += 2
                    continue
                }
            }
            append(unit >= 0xD800 && unit < 0xE000 ? 0xFFFD : unit)
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
