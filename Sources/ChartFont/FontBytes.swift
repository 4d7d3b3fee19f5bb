/// A bounds-checked, big-endian view of a font file's bytes. Every read says which table it was reading, so a
/// broken file becomes a `FontDiagnostic.malformed` naming the table, never an out-of-range trap.
struct FontBytes: Sendable {
    let bytes: [UInt8]
    let path: String

    /// Thrown by every read that would leave the file.
    struct OutOfBounds: Error {
        let table: String
        let problem: String
    }

    func check(_ offset: Int, _ length: Int, _ table: String) throws(OutOfBounds) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw OutOfBounds(table: table, problem: "reaches past the end of the file (offset \(offset), \(length) bytes)")
        }
    }

    func u8(_ offset: Int, _ table: String) throws(OutOfBounds) -> UInt8 {
        try check(offset, 1, table)
        return bytes[offset]
    }

    func u16(_ offset: Int, _ table: String) throws(OutOfBounds) -> UInt16 {
        try check(offset, 2, table)
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func i16(_ offset: Int, _ table: String) throws(OutOfBounds) -> Int {
        Int(Int16(bitPattern: try u16(offset, table)))
    }

    func u32(_ offset: Int, _ table: String) throws(OutOfBounds) -> UInt32 {
        try check(offset, 4, table)
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// A 16.16 fixed-point number.
    func fixed(_ offset: Int, _ table: String) throws(OutOfBounds) -> Double {
        Double(Int32(bitPattern: try u32(offset, table))) / 65536
    }

    func tag(_ offset: Int, _ table: String) throws(OutOfBounds) -> String {
        try check(offset, 4, table)
        return String(decoding: bytes[offset..<(offset + 4)].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
    }

    /// A big-endian 16-bit value for lookups after parsing, 0 outside the file (never a trap).
    @inline(__always)
    func u16(at offset: Int) -> UInt32 {
        guard offset >= 0, offset < bytes.count - 1 else { return 0 }
        return UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1])
    }

    /// A big-endian 32-bit value for lookups after parsing, 0 outside the file (never a trap).
    @inline(__always)
    func u32(at offset: Int) -> UInt32 {
        guard offset >= 0, offset < bytes.count - 3 else { return 0 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
