/// A glyph's outline in font units (y up, origin on the baseline at the pen): closed contours of lines and
/// quadratic (TrueType `glyf`) or cubic (CFF) curves, filled with the non-zero rule. What a rasterizer draws
/// text from (the PNG writer); read from the face's own tables, every read bounds-checked.
public struct GlyphOutline: Sendable, Equatable {
    /// One step of a contour. Each contour starts with `move` and ends with `close`.
    public enum Segment: Sendable, Equatable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case quadratic(cx: Double, cy: Double, x: Double, y: Double)
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        case close
    }

    public var segments: [Segment]

    public init(segments: [Segment] = []) {
        self.segments = segments
    }

    public var isEmpty: Bool { segments.isEmpty }
}

extension OpenTypeFace {
    /// The outline of `glyph` (empty for a space or a glyph with no contours), from `glyf` (TrueType) or `CFF `
    /// (Type 2 charstrings); nil when the face has neither or the glyph's data is broken.
    public func outline(glyph: UInt16) -> GlyphOutline? {
        var outline = GlyphOutline()
        let data = FontBytes(bytes: bytes, path: path)
        if let table = glyphs {
            do {
                try TrueTypeOutlines.append(
                    glyph: Int(glyph), table: table, data: data, transform: (1, 0, 0, 1, 0, 0), depth: 0, into: &outline.segments)
            } catch {
                return nil
            }
            return outline
        }
        guard let font = cff else { return nil }
        do {
            try CFFOutlines.append(glyph: Int(glyph), font: font, data: data, into: &outline.segments)
        } catch {
            return nil
        }
        return outline
    }

    /// Whether the face's outlines are CFF (`CFF ` table): drawn by `outline(glyph:)`, not embedded in PDFs.
    public var hasCFFOutlines: Bool { directory.record("CFF ") != nil }

    /// The CFF table's INDEXes and subroutines, located the first time an outline is asked for; nil without a
    /// `CFF ` table or when it is broken.
    var cff: CFFOutlines.Font? {
        lazyTables.cff {
            guard let record = directory.record("CFF ") else { return nil }
            return try? CFFOutlines.Font(FontBytes(bytes: bytes, path: path), record)
        }
    }
}
