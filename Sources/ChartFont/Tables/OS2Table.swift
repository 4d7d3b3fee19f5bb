/// `OS/2`: weight and width classes, style bits, embedding permissions and the typographic line metrics.
struct OS2Table: Sendable {
    let version: Int
    let averageCharWidth: Int
    let weightClass: Int
    let widthClass: Int
    /// Embedding licence bits (`fsType`): 0x0002 forbids embedding.
    let embeddingFlags: UInt16
    /// Bit 0 italic, bit 5 bold, bit 6 regular, bit 7 use the typographic metrics for lines.
    let selection: UInt16
    let typoAscender: Int
    let typoDescender: Int
    let typoLineGap: Int
    let winAscent: Int
    let winDescent: Int
    let xHeight: Int?
    let capHeight: Int?

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        guard record.length >= 78 else { throw FontBytes.OutOfBounds(table: "OS/2", problem: "is shorter than 78 bytes") }
        let at = record.offset
        version = Int(try data.u16(at, "OS/2"))
        averageCharWidth = try data.i16(at + 2, "OS/2")
        weightClass = Int(try data.u16(at + 4, "OS/2"))
        widthClass = Int(try data.u16(at + 6, "OS/2"))
        embeddingFlags = try data.u16(at + 8, "OS/2")
        selection = try data.u16(at + 62, "OS/2")
        typoAscender = try data.i16(at + 68, "OS/2")
        typoDescender = try data.i16(at + 70, "OS/2")
        typoLineGap = try data.i16(at + 72, "OS/2")
        winAscent = Int(try data.u16(at + 74, "OS/2"))
        winDescent = Int(try data.u16(at + 76, "OS/2"))
        if version >= 2, record.length >= 90 {
            xHeight = try data.i16(at + 86, "OS/2")
            capHeight = try data.i16(at + 88, "OS/2")
        } else {
            xHeight = nil
            capHeight = nil
        }
    }
}
