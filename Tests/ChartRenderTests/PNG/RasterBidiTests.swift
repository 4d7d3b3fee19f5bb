import Testing

@testable import ChartRender

/// Right-to-left labels in the PNG are drawn in the order the browser draws the SVG's (direction `ltr`, so the
/// paragraph is left to right and Hebrew runs inside it are reversed, numbers inside them kept in order).
@Suite("Raster bidi")
struct RasterBidiTests {
    static func visual(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: RasterBidi.visualOrder(scalars).map { scalars[$0] })
        return String(out)
    }

    @Test("Latin stays; Hebrew is reversed; a number inside Hebrew keeps its order; spaces between two sides join the run")
    func order() {
        #expect(Self.visual("Seattle 2023") == "Seattle 2023")
        #expect(Self.visual("חיפה") == "הפיח")
        #expect(Self.visual("תל אביב-יפו") == "ופי-ביבא לת")
        #expect(Self.visual("ירושלים 2023") == "2023 םילשורי")
        #expect(Self.visual("left: חיפה, right") == "left: הפיח, right")
        #expect(Self.visual("a חי b") == "a יח b")
    }
}
