/// Where each table of one face lies in the file: the sfnt header's table records (for a collection, those of
/// the face at an index of the `ttcf` header).
struct TableDirectory: Sendable {
    struct Record: Sendable {
        let tag: String
        let offset: Int
        let length: Int
    }

    /// 0x00010000 (TrueType outlines), `true` or `OTTO` (CFF outlines).
    let version: UInt32
    /// In file order (as the directory lists them: sorted by tag).
    let records: [Record]

    /// How many faces a file holds: 1, or the count of a TrueType collection.
    static func faceCount(_ data: FontBytes) throws(FontBytes.OutOfBounds) -> Int {
        if try data.tag(0, "sfnt") == "ttcf" { return Int(try data.u32(8, "ttcf")) }
        return 1
    }

    init(_ data: FontBytes, faceIndex: Int) throws(FontBytes.OutOfBounds) {
        var start = 0
        if try data.tag(0, "sfnt") == "ttcf" {
            let count = Int(try data.u32(8, "ttcf"))
            guard faceIndex >= 0, faceIndex < count else {
                throw FontBytes.OutOfBounds(table: "ttcf", problem: "has no face \(faceIndex) (it holds \(count))")
            }
            start = Int(try data.u32(12 + 4 * faceIndex, "ttcf"))
        } else if faceIndex != 0 {
            throw FontBytes.OutOfBounds(table: "", problem: "the file is not a collection, so it has no face \(faceIndex)")
        }
        version = try data.u32(start, "sfnt")
        guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F else {
            throw FontBytes.OutOfBounds(table: "", problem: "the file does not start with a TrueType/OpenType signature")
        }
        let count = Int(try data.u16(start + 4, "sfnt"))
        try data.check(start + 12, count * 16, "sfnt")
        var records: [Record] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let at = start + 12 + index * 16
            let tag = try data.tag(at, "sfnt")
            let offset = Int(try data.u32(at + 8, "sfnt"))
            let length = Int(try data.u32(at + 12, "sfnt"))
            try data.check(offset, length, tag)
            records.append(Record(tag: tag, offset: offset, length: length))
        }
        self.records = records
    }

    func record(_ tag: String) -> Record? {
        records.first { $0.tag == tag }
    }

    func required(_ tag: String) throws(FontBytes.OutOfBounds) -> Record {
        guard let record = record(tag) else { throw FontBytes.OutOfBounds(table: tag, problem: "is missing") }
        return record
    }
}
