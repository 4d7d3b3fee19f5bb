/// Named bytes for the scanner, so that `switch` cases read as the characters they match. Computed properties
/// rather than stored `static let`s, so they fold to constants instead of going through a lazy initializer.
enum ASCII {
    static var tab: UInt8 { 0x09 } // \t
    static var lineFeed: UInt8 { 0x0A } // \n
    static var carriageReturn: UInt8 { 0x0D } // \r
    static var space: UInt8 { 0x20 } //
    static var quote: UInt8 { 0x22 } // \"
    static var apostrophe: UInt8 { 0x27 } // '
    static var dollar: UInt8 { 0x24 } // $
    static var plus: UInt8 { 0x2B } // +
    static var comma: UInt8 { 0x2C } // ,
    static var minus: UInt8 { 0x2D } // -
    static var dot: UInt8 { 0x2E } // .
    static var slash: UInt8 { 0x2F } // /
    static var zero: UInt8 { 0x30 } // 0
    static var nine: UInt8 { 0x39 } // 9
    static var colon: UInt8 { 0x3A } // :
    static var equals: UInt8 { 0x3D } // =
    static var star: UInt8 { 0x2A } // *
    static var openBracket: UInt8 { 0x5B } // [
    static var backslash: UInt8 { 0x5C } // \\
    static var closeBracket: UInt8 { 0x5D } // ]
    static var underscore: UInt8 { 0x5F } // _
    static var openBrace: UInt8 { 0x7B } // {
    static var closeBrace: UInt8 { 0x7D } // }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }

    /// Bytes that may continue a bare word (`true`, `catmull-rom`, an unquoted key) or a malformed number.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == underscore || byte == dollar || byte == minus || byte == dot || byte == plus
    }

    /// The value of a hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - zero) }
        let lower = byte | 0x20
        if lower &- UInt8(ascii: "a") < 6 { return UInt32(lower - UInt8(ascii: "a") + 10) }
        return nil
    }
}
