/// `head`: units per em, the bounding box of all glyphs, the style bits and the `loca` offset size.
struct HeadTable: Sendable {
    let unitsPerEm: Int
    let xMin: Int, yMin: Int, xMax: Int, yMax: Int
    /// Bit 0 bold, bit 1 italic.
    let macStyle: UInt16
    /// 0: `loca` holds 16-bit offsets / 2; 1: 32-bit offsets.
    let indexToLocFormat: Int

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        let at = record.offset
        try data.check(at, min(54, record.length), "head")
        guard record.length >= 54 else { throw FontBytes.OutOfBounds(table: "head", problem: "is shorter than 54 bytes") }
        unitsPerEm = Int(try data.u16(at + 18, "head"))
        guard (16...16384).contains(unitsPerEm) else {
            throw FontBytes.OutOfBounds(table: "head", problem: "gives \(unitsPerEm) units per em (16 to 16384 allowed)")
        }
        xMin = try data.i16(at + 36, "head")
        yMin = try data.i16(at + 38, "head")
        xMax = try data.i16(at + 40, "head")
        yMax = try data.i16(at + 42, "head")
        macStyle = try data.u16(at + 44, "head")
        indexToLocFormat = try data.i16(at + 50, "head")
    }
}

/// `hhea`: the horizontal line metrics and how many glyphs have their own advance in `hmtx`.
struct HheaTable: Sendable {
    let ascender: Int
    /// Negative below the baseline, as stored.
    let descender: Int
    let lineGap: Int
    let numberOfHMetrics: Int

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        guard record.length >= 36 else { throw FontBytes.OutOfBounds(table: "hhea", problem: "is shorter than 36 bytes") }
        let at = record.offset
        ascender = try data.i16(at + 4, "hhea")
        descender = try data.i16(at + 6, "hhea")
        lineGap = try data.i16(at + 8, "hhea")
        numberOfHMetrics = Int(try data.u16(at + 34, "hhea"))
    }
}

/// `maxp`: the number of glyphs.
struct MaxpTable: Sendable {
    let numGlyphs: Int

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        guard record.length >= 6 else { throw FontBytes.OutOfBounds(table: "maxp", problem: "is shorter than 6 bytes") }
        numGlyphs = Int(try data.u16(record.offset + 4, "maxp"))
    }
}

/// `hmtx`: the advance width of every glyph (glyphs past `numberOfHMetrics` share the last advance).
struct HmtxTable: Sendable {
    private let data: FontBytes
    private let offset: Int
    private let numberOfHMetrics: Int
    /// Glyphs with an advance: the larger of `maxp`'s count and `numberOfHMetrics`.
    let count: Int
    /// Glyphs after the last metric repeat its advance.
    private let lastAdvance: UInt16

    init(_ data: FontBytes, _ record: TableDirectory.Record, numberOfHMetrics: Int, numGlyphs: Int) throws(FontBytes.OutOfBounds) {
        guard numberOfHMetrics >= 1 else { throw FontBytes.OutOfBounds(table: "hhea", problem: "gives no horizontal metrics") }
        guard record.length >= numberOfHMetrics * 4 else {
            throw FontBytes.OutOfBounds(table: "hmtx", problem: "is shorter than its \(numberOfHMetrics) metrics")
        }
        try data.check(record.offset, numberOfHMetrics * 4, "hmtx")
        self.data = data
        offset = record.offset
        self.numberOfHMetrics = numberOfHMetrics
        count = max(numGlyphs, numberOfHMetrics)
        lastAdvance = try data.u16(record.offset + (numberOfHMetrics - 1) * 4, "hmtx")
    }

    /// The advance of `glyph` in font units, read from the file (checked to hold every metric), 0 past the last
    /// glyph.
    @inline(__always)
    func advance(_ glyph: Int) -> Int {
        if glyph < numberOfHMetrics { return glyph >= 0 ? Int(data.u16(at: offset + glyph * 4)) : 0 }
        return glyph < count ? Int(lastAdvance) : 0
    }
}

/// `post`: slant, underline and whether the face is monospaced.
struct PostTable: Sendable {
    let italicAngle: Double
    let underlinePosition: Int
    let underlineThickness: Int
    let isFixedPitch: Bool

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        guard record.length >= 16 else { throw FontBytes.OutOfBounds(table: "post", problem: "is shorter than 16 bytes") }
        let at = record.offset
        italicAngle = try data.fixed(at + 4, "post")
        underlinePosition = try data.i16(at + 8, "post")
        underlineThickness = try data.i16(at + 10, "post")
        isFixedPitch = try data.u32(at + 12, "post") != 0
    }
}
