import ChartFont

/// The advance widths of one face (regular, bold, italic, bold italic), in font units: the built-in faces look
/// them up from the generated `FontMetricsTables`; a theme's face (`font.files`, or a family found on the
/// system) from its own `hmtx`/`cmap` through ChartFont, with the first range copied into the same flat table so
/// ASCII stays one index. Widths are summed as integers and converted to px once, so measuring is exact and
/// additive: the width of `a + b` is the width of `a` plus the width of `b`, which the line breaker relies on.
struct FontFace: Sendable {
    let widths: [UInt16]
    /// What an unknown, ordinary character is assumed to take: the average width of a–z.
    let averageLowercase: Int
    let unitsPerEm: Int
    let ascender: Int
    /// Positive, below the baseline.
    let descender: Int
    let capHeight: Int
    let xHeight: Int
    /// The theme's face, for characters beyond the first range; nil for the built-in metrics.
    let openType: OpenTypeFace?

    init(widths: [UInt16], averageLowercase: Int) {
        self.widths = widths
        self.averageLowercase = averageLowercase
        unitsPerEm = FontMetricsTables.unitsPerEm
        ascender = FontMetricsTables.ascender
        descender = FontMetricsTables.descender
        capHeight = FontMetricsTables.capHeight
        xHeight = FontMetricsTables.xHeight
        openType = nil
    }

    /// A theme's face: the first range read once into the flat table.
    init(_ face: OpenTypeFace) {
        var widths = [UInt16](repeating: FontMetricsTables.missing, count: Int(FontMetricsTables.firstRangeCount))
        face.forEachAdvance(below: FontMetricsTables.firstRangeCount) { scalar, advance in
            widths[Int(scalar)] = UInt16(clamping: max(0, min(advance, 65_534)))
        }
        self.widths = widths
        averageLowercase = face.averageLowercase
        unitsPerEm = face.unitsPerEm
        ascender = face.ascender
        descender = face.descender
        capHeight = face.capHeight
        xHeight = face.xHeight
        openType = face
    }

    static let regular = FontFace(widths: FontMetricsTables.regularWidths, averageLowercase: FontMetricsTables.regularAverageLowercase)
    static let bold = FontFace(widths: FontMetricsTables.boldWidths, averageLowercase: FontMetricsTables.boldAverageLowercase)
    static let italic = FontFace(widths: FontMetricsTables.italicWidths, averageLowercase: FontMetricsTables.italicAverageLowercase)
    static let boldItalic = FontFace(widths: FontMetricsTables.boldItalicWidths, averageLowercase: FontMetricsTables.boldItalicAverageLowercase)

    static func of(_ style: TextStyle) -> FontFace {
        if let faces = style.faces { return faces.face(bold: style.weight == .bold, italic: style.italic) }
        switch (style.weight, style.italic) {
        case (.regular, false): return regular
        case (.bold, false): return bold
        case (.regular, true): return italic
        case (.bold, true): return boldItalic
        }
    }

    /// px for a number of font units at a font size.
    func pixels(_ units: Int, size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        return Double(units) * size / Double(unitsPerEm)
    }

    /// The most font units that fit in `width` px at a font size. A hair of slack (a millionth of a unit) lets a
    /// text fit into exactly its own measured width despite floating-point rounding.
    func budget(width: Double, size: Double) -> Int {
        guard size.isFinite, size > 0, !width.isNaN else { return Int.max }
        if width < 0 { return -1 }
        let units = (width * Double(unitsPerEm) / size + 1e-6).rounded(.down)
        return units >= 1e15 ? Int.max : Int(exactly: units) ?? Int.max
    }

    // MARK: Lookup

    /// The advance of one Unicode scalar.
    @inline(__always)
    func advance(_ scalar: UInt32) -> Int {
        let firstRangeEnd = FontMetricsTables.firstRangeCount
        if scalar < firstRangeEnd {
            let advance = widths[Int(scalar)]
            return advance == FontMetricsTables.missing ? estimate(scalar) : Int(advance)
        }
        if let openType { return openType.advance(scalar) ?? estimate(scalar) }
        for range in FontMetricsTables.ranges where scalar >= range.first && scalar <= range.last {
            let advance = widths[range.offset + Int(scalar - range.first)]
            return advance == FontMetricsTables.missing ? estimate(scalar) : Int(advance)
        }
        return estimate(scalar)
    }

    /// The width of a character the tables do not cover: nothing for combining marks and invisible format
    /// characters, one em for East Asian wide characters, 1.25 em for emoji (color emoji faces are wider than
    /// square), the average lowercase width otherwise.
    func estimate(_ scalar: UInt32) -> Int {
        if Self.isZeroWidth(scalar) { return 0 }
        if Self.isEmoji(scalar) { return unitsPerEm * 5 / 4 }
        if Self.isWide(scalar) { return unitsPerEm }
        return averageLowercase
    }

    static func isEmoji(_ s: UInt32) -> Bool {
        (0x1F000...0x1FAFF).contains(s)
    }

    static func isZeroWidth(_ s: UInt32) -> Bool {
        (0x1AB0...0x1AFF).contains(s) || (0x1DC0...0x1DFF).contains(s) || (0x20D0...0x20FF).contains(s)
            || (0xFE00...0xFE0F).contains(s) || (0xFE20...0xFE2F).contains(s) || s == 0xFEFF
            || (0xE0000...0xE01EF).contains(s)
    }

    /// Ideographs, kana, Hangul, full-width forms and emoji: set one em wide, and a line may break on either side
    /// of them.
    static func isWide(_ s: UInt32) -> Bool {
        (0x1100...0x115F).contains(s) || (0x2E80...0x303E).contains(s) || (0x3041...0x33FF).contains(s)
            || (0x3400...0x4DBF).contains(s) || (0x4E00...0x9FFF).contains(s) || (0xA000...0xA4CF).contains(s)
            || (0xAC00...0xD7A3).contains(s) || (0xF900...0xFAFF).contains(s) || (0xFE30...0xFE4F).contains(s)
            || (0xFF00...0xFF60).contains(s) || (0xFFE0...0xFFE6).contains(s) || isEmoji(s)
            || (0x20000...0x3FFFD).contains(s)
    }

    // MARK: Sums

    /// The width of `text` in px at `size`.
    func measure(_ text: some StringProtocol, size: Double) -> Double {
        var copy = String(text)
        return pixels(copy.withUTF8 { units(utf8: $0) }, size: size)
    }

    /// The advance of a whole string, in font units. ASCII is a direct table index; other scalars are decoded
    /// from the UTF-8 bytes in place.
    func units(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in units(utf8: bytes) }
    }

    func units(_ text: Substring) -> Int {
        var text = text
        return text.withUTF8 { bytes in units(utf8: bytes) }
    }

    func units(_ character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars { total += advance(scalar.value) }
        return total
    }

    /// Sums over valid UTF-8 (a Swift string's storage always is).
    func units(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var total = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                let advance = widths[Int(lead)]
                total += advance == FontMetricsTables.missing && openType != nil ? estimate(UInt32(lead)) : Int(advance)
                index += 1
                continue
            }
            var scalar: UInt32
            var length: Int
            if lead >= 0xF0 {
                scalar = UInt32(lead & 0x07)
                length = 4
            } else if lead >= 0xE0 {
                scalar = UInt32(lead & 0x0F)
                length = 3
            } else {
                scalar = UInt32(lead & 0x1F)
                length = 2
            }
            if index + length > count { break }
            for offset in 1..<length {
                scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            total += advance(scalar)
            index += length
        }
        return total
    }
}
