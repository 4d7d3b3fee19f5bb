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
                var units: [UInt16] = []
                units.reserveCapacity(length / 2)
                var i = raw.startIndex
                while i + 1 < raw.endIndex {
                    units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1]))
                    i += 2
                }
                text = String(decoding: units, as: UTF16.self)
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
}
