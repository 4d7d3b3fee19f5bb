#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One face of a TrueType/OpenType file, parsed once: names, style and vertical metrics up front; the glyph of
/// a Unicode scalar and a glyph's advance are read from the file's own tables when asked (checked to lie inside
/// the file when it is opened), and kerning and outlines only when something uses them. Layout measures text with it (as it measures with the built-in
/// tables), and the PDF writer embeds it. Every read is bounds-checked: a broken file is a `FontDiagnostic`
/// at its path, never a crash.
public struct OpenTypeFace: Sendable {
    /// Where the face was read from (for messages and for the PDF's font name).
    public let path: String
    /// The face's index in a TrueType collection (`.ttc`), else 0.
    public let faceIndex: Int
    /// The whole file's bytes, for embedding.
    public let bytes: [UInt8]

    public let names: FontNames
    public let unitsPerEm: Int
    /// Baseline to the top of the line box, in font units: the OS/2 typographic ascender when the font asks for
    /// it (`USE_TYPO_METRICS`), else `hhea`'s — what browsers on Linux and macOS use.
    public let ascender: Int
    /// Baseline to the bottom of the line box, positive, in font units.
    public let descender: Int
    public let lineGap: Int
    /// Height of capitals in font units (OS/2 version 2 and later; else 70% of the em).
    public let capHeight: Int
    /// Height of lowercase letters in font units (OS/2 version 2 and later; else half the em).
    public let xHeight: Int
    /// OS/2 weight class: 400 regular, 700 bold.
    public let weight: Int
    /// OS/2 width class: 5 normal, below condensed, above expanded.
    public let widthClass: Int
    public let isItalic: Bool
    public let isBold: Bool
    public let isFixedPitch: Bool
    /// Degrees, counter-clockwise from vertical (negative for a right-leaning italic).
    public let italicAngle: Double
    /// The bounding box of all glyphs, in font units: xMin, yMin, xMax, yMax.
    public let boundingBox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
    /// Whether the licence bits allow embedding in a document (OS/2 `fsType` is not "restricted").
    public let allowsEmbedding: Bool
    /// TrueType outlines (`glyf`), which PDF embeds as `FontFile2`; false for CFF-flavoured OpenType.
    public let hasTrueTypeOutlines: Bool
    public let glyphCount: Int
    /// Average advance of a–z, for characters the face lacks.
    public let averageLowercase: Int

    let cmap: CmapTable
    let hmtx: HmtxTable
    let directory: TableDirectory
    /// `kern` and `loca` are only read when asked for (kerning, a PDF subset): measuring needs neither.
    let lazyTables: LazyTables
    let longLocaOffsets: Bool

    /// Reads the face at `faceIndex` of the file at `path`.
    public static func read(path: String, faceIndex: Int = 0) throws(FontDiagnostic) -> OpenTypeFace {
        try OpenTypeFace(bytes: FontFileReading.readAll(path), path: path, faceIndex: faceIndex)
    }

    /// Parses a face from bytes; `path` is only used in messages.
    public init(bytes: [UInt8], path: String, faceIndex: Int = 0) throws(FontDiagnostic) {
        let data = FontBytes(bytes: bytes, path: path)
        do {
            directory = try TableDirectory(data, faceIndex: faceIndex)
            let head = try HeadTable(data, directory.required("head"))
            let hhea = try HheaTable(data, directory.required("hhea"))
            let maxp = try MaxpTable(data, directory.required("maxp"))
            hmtx = try HmtxTable(data, directory.required("hmtx"), numberOfHMetrics: hhea.numberOfHMetrics, numGlyphs: maxp.numGlyphs)
            cmap = try CmapTable(data, directory.required("cmap"), numGlyphs: hmtx.count)
            names = FontNames(try NameTable(data, directory.required("name")))
            let os2 = try directory.record("OS/2").map { record throws(FontBytes.OutOfBounds) in try OS2Table(data, record) }
            let post = try directory.record("post").map { record throws(FontBytes.OutOfBounds) in try PostTable(data, record) }
            longLocaOffsets = head.indexToLocFormat == 1
            lazyTables = LazyTables()
            unitsPerEm = head.unitsPerEm
            if let os2, os2.selection & 0x80 != 0 || (hhea.ascender == 0 && hhea.descender == 0) {
                ascender = os2.typoAscender
                descender = -os2.typoDescender
                lineGap = os2.typoLineGap
            } else {
                ascender = hhea.ascender
                descender = -hhea.descender
                lineGap = hhea.lineGap
            }
            capHeight = os2?.capHeight.flatMap { $0 > 0 ? $0 : nil } ?? head.unitsPerEm * 7 / 10
            xHeight = os2?.xHeight.flatMap { $0 > 0 ? $0 : nil } ?? head.unitsPerEm / 2
            weight = os2?.weightClass ?? (head.macStyle & 1 != 0 ? 700 : 400)
            widthClass = os2?.widthClass ?? 5
            isItalic = os2.map { $0.selection & 0x01 != 0 } ?? (head.macStyle & 2 != 0)
            isBold = os2.map { $0.selection & 0x20 != 0 } ?? (head.macStyle & 1 != 0)
            isFixedPitch = post?.isFixedPitch ?? false
            italicAngle = post?.italicAngle ?? 0
            boundingBox = (head.xMin, head.yMin, head.xMax, head.yMax)
            allowsEmbedding = (os2?.embeddingFlags ?? 0) & 0x000F != 0x0002
            hasTrueTypeOutlines = directory.record("loca") != nil && directory.record("glyf") != nil
            glyphCount = maxp.numGlyphs
        } catch {
            throw FontDiagnostic.malformed(path: path, table: error.table, problem: error.problem)
        }
        self.bytes = bytes
        self.path = path
        self.faceIndex = faceIndex
        var lowercase = 0
        var found = 0
        for scalar in UInt32(0x61)...0x7A {
            let glyph = cmap.glyph(scalar)
            if glyph != 0 {
                lowercase += hmtx.advance(Int(glyph))
                found += 1
            }
        }
        averageLowercase = found > 0 ? lowercase / found : unitsPerEm / 2
    }

    // MARK: Glyphs and advances

    /// The glyph that draws `scalar`, 0 (`.notdef`) when the face has none.
    @inline(__always)
    public func glyph(for scalar: UInt32) -> UInt16 {
        cmap.glyph(scalar)
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: UInt32) -> Bool { cmap.glyph(scalar) != 0 }

    /// A glyph's advance width in font units.
    @inline(__always)
    public func advance(glyph: UInt16) -> Int {
        hmtx.advance(Int(glyph))
    }

    /// The advance of `scalar` in font units, nil when the face has no glyph for it (the caller estimates or
    /// falls back, as `TextMeasurer` does for characters outside its tables).
    @inline(__always)
    public func advance(_ scalar: UInt32) -> Int? {
        let glyph = cmap.glyph(scalar)
        return glyph == 0 ? nil : hmtx.advance(Int(glyph))
    }

    /// Every scalar below `end` that the face draws, with its advance in font units: one walk over `cmap`, for a
    /// measurer's flat table of the first scalars.
    public func forEachAdvance(below end: UInt32, _ body: (UInt32, Int) -> Void) {
        cmap.forEachMapped(below: end) { scalar, glyph in body(scalar, hmtx.advance(Int(glyph))) }
    }

    /// Pair kerning between two glyphs in font units, as browsers apply it: from `GPOS` when it has a `kern`
    /// feature (`GPOSKerning`), else from the `kern` table (0 without either).
    public func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        kern.kerning(left, right)
    }

    /// Whether the face kerns any pair (`GPOS` or `kern`).
    public var hasKerning: Bool { !kern.keys.isEmpty }

    /// The kerning pairs, read the first time they are asked for: `GPOS`'s when it has a `kern` feature, else the
    /// `kern` table's. A broken `GPOS` falls back to the `kern` table.
    var kern: KernTable {
        lazyTables.kern {
            let data = FontBytes(bytes: bytes, path: path)
            if let record = directory.record("GPOS"), let pairs = try? GPOSKerning.read(data, record, glyphCount: glyphCount) {
                return pairs
            }
            return directory.record("kern").flatMap { record in try? KernTable(data, record) } ?? .empty
        }
    }

    /// Where each glyph's outline lies (`loca`), read the first time a subset asks; nil without TrueType outlines
    /// or when `loca` is broken.
    var glyphs: GlyphTable? {
        lazyTables.glyphs {
            guard let loca = directory.record("loca"), let glyf = directory.record("glyf") else { return nil }
            return try? GlyphTable(FontBytes(bytes: bytes, path: path), loca: loca, glyf: glyf, numGlyphs: glyphCount, longOffsets: longLocaOffsets)
        }
    }

    /// The sum of the advances of `text` in font units; `missing` gives the width of a scalar the face lacks.
    public func units(_ text: Substring, missing: (UInt32) -> Int) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            total += advance(scalar.value) ?? missing(scalar.value)
        }
        return total
    }

    /// The same sum over UTF-8 bytes (a Swift string's storage; assumed valid), decoding scalars in place, as
    /// `TextMeasurer`'s built-in tables do: `var text = text; text.withUTF8 { face.units(utf8: $0, missing: …) }`.
    public func units(utf8 bytes: UnsafeBufferPointer<UInt8>, missing: (UInt32) -> Int) -> Int {
        var total = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            var scalar: UInt32
            var length: Int
            if lead < 0x80 {
                scalar = UInt32(lead)
                length = 1
            } else if lead >= 0xF0 {
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
            let glyph = cmap.glyph(min(scalar, 0x10FFFF))
            total += glyph == 0 ? missing(scalar) : hmtx.advance(Int(glyph))
            index += length
        }
        return total
    }

    /// px for a number of font units at a font size.
    public func pixels(_ units: Int, size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        return Double(units) * size / Double(unitsPerEm)
    }
}

/// The names a font gives itself (`name` table), used to find a family and to name the face in a PDF.
public struct FontNames: Sendable, Equatable {
    /// Name 1, e.g. `Liberation Sans`.
    public var family: String
    /// Name 2, e.g. `Bold Italic`.
    public var subfamily: String
    public var fullName: String
    /// Name 6, e.g. `LiberationSans-Bold`: only letters, digits and `-`.
    public var postScriptName: String
    /// Name 16, when the face belongs to a family of more than four styles (`DejaVu Sans` for `DejaVu Sans Light`).
    public var typographicFamily: String?

    init(_ table: NameTable) {
        family = table.family ?? table.typographicFamily ?? ""
        subfamily = table.subfamily ?? table.typographicSubfamily ?? ""
        fullName = table.fullName ?? (family + " " + subfamily)
        let raw = table.postScriptName ?? fullName
        let cleaned = raw.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        postScriptName = cleaned.isEmpty ? "Font" : String(String.UnicodeScalarView(cleaned.prefix(63)))
        typographicFamily = table.typographicFamily
    }

    /// Whether the face belongs to `family` (names compared without case).
    public func isFamily(_ name: String) -> Bool {
        let wanted = name.lowercased()
        return family.lowercased() == wanted || typographicFamily?.lowercased() == wanted
    }
}

/// The tables of a face that are read on first use, once (thread-safe: a mutex around the slots).
final class LazyTables: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var kernTable: KernTable?
    private var glyphTable: GlyphTable??
    private var cffFont: CFFOutlines.Font??

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func kern(_ read: () -> KernTable) -> KernTable {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let kernTable { return kernTable }
        let table = read()
        kernTable = table
        return table
    }

    func cff(_ read: () -> CFFOutlines.Font?) -> CFFOutlines.Font? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let cffFont { return cffFont }
        let font = read()
        cffFont = .some(font)
        return font
    }

    func glyphs(_ read: () -> GlyphTable?) -> GlyphTable? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let glyphTable { return glyphTable }
        let table = read()
        glyphTable = .some(table)
        return table
    }
}
