import Testing

@testable import ChartRender

/// Arabic letters in the PNG take the joined forms the browser's shaping gives them (issue 28): isolated, final,
/// initial or medial by their neighbours, lam-alef as one ligature, harakat transparent, a form the face lacks
/// left as written.
@Suite("Raster Arabic joining")
struct RasterArabicTests {
    static func shaped(_ text: String, drawable: (UInt32) -> Bool = { _ in true }) -> [UInt32] {
        RasterArabic.shaped(Array(text.unicodeScalars), drawable: drawable).map(\.value)
    }

    @Test func lettersJoinTheirNeighbours() {
        // Beirut: beh initial, yeh medial, reh final (right-joining: ends the join), waw isolated, teh isolated.
        #expect(Self.shaped("بيروت") == [0xFE91, 0xFEF4, 0xFEAE, 0xFEED, 0xFE95])
        // Cairo, with the article: alef isolated, lam-qaf… lam initial, qaf medial, alef final, heh initial, reh final, heh isolated.
        #expect(Self.shaped("القاهرة") == [0xFE8D, 0xFEDF, 0xFED8, 0xFE8E, 0xFEEB, 0xFEAE, 0xFE93])
        // Salam: seen initial, lam-alef final ligature, meem isolated.
        #expect(Self.shaped("سلام") == [0xFEB3, 0xFEFC, 0xFEE1])
        // A lone lam-alef, and a word separated by a space: each word joins on its own.
        #expect(Self.shaped("لا بد") == [0xFEFB, 0x20, 0xFE91, 0xFEAA])
    }

    @Test func harakatAreTransparentAndLatinIsUntouched() {
        // Beh with fatha, then teh: the fatha does not break the join.
        #expect(Self.shaped("بَت") == [0xFE91, 0x064E, 0xFE96])
        #expect(Self.shaped("Cairo 2024") == Array("Cairo 2024".unicodeScalars.map(\.value)))
        #expect(!RasterArabic.hasArabic(Array("תל אביב".unicodeScalars)))
    }

    @Test func aFormTheFaceLacksIsLeftAsWritten() {
        #expect(Self.shaped("سلام") { $0 != 0xFEFC } == [0xFEB3, 0xFEE0, 0xFE8E, 0xFEE1])
        #expect(Self.shaped("بت") { $0 < 0xFE00 } == [0x0628, 0x062A])
    }
}
