import ChartTestSupport
import Foundation
import Testing

@testable import ChartFont

/// SPEC §19.12: a generic family in a font stack stands for the face fontconfig would choose (`fc-match`), found by
/// chartc's own lookup (no fontconfig at build time), in every style.
@Suite("Generic font families")
struct GenericFamilyTests {
    static let generics = ["serif", "sans-serif", "monospace", "system-ui", "cursive", "fantasy"]

    @Test(
        "each generic family resolves to the family fc-match chooses, and each style to fc-match's file",
        .enabled(if: FontconfigMatch.available && InstalledFonts.present, "needs fontconfig (fc-match), fonts-dejavu-core and fonts-liberation"),
        arguments: generics)
    func resolvesAsFontconfig(_ generic: String) throws {
        let cache = FontCache()
        let family = try #require(cache.resolve(families: [generic]))
        #expect(family == FontconfigMatch.family(generic), "\(generic)")
        // A missing family before the generic changes nothing; upper case is the same generic.
        #expect(cache.resolve(families: ["Georgia Nobody Has", generic.uppercased()]) == family)
        for (suffix, style) in [
            ("", FontStyleRequest.regular), (":bold", .bold), (":italic", FontStyleRequest(italic: true)),
            (":bold:italic", FontStyleRequest(bold: true, italic: true))
        ] {
            let face = try cache.find(families: [family], style: style)
            #expect(face.path == FontconfigMatch.file(generic + suffix), "\(generic + suffix): \(face.path)")
        }
    }

    @Test(
        "an installed family before the generic wins; ui- generics name nothing; a stack of missing families resolves to nothing",
        .enabled(if: InstalledFonts.present))
    func orderOfTheStack() throws {
        let cache = FontCache()
        #expect(cache.resolve(families: ["Liberation Serif", "sans-serif"]) == "Liberation Serif")
        #expect(cache.resolve(families: ["liberation mono", "serif"]) == "liberation mono")
        #expect(cache.resolve(families: ["ui-serif", "monospace"]) == cache.resolve(families: ["monospace"]))
        #expect(cache.resolve(families: ["ui-monospace"]) == nil)
        #expect(cache.resolve(families: ["Georgia Nobody Has", "Another Missing Face"]) == nil)
        #expect(cache.resolve(families: []) == nil)
    }

    @Test(
        "a generic none of whose families is installed falls back to sans-serif's, and sans-serif to nothing",
        .enabled(if: InstalledFonts.present, "needs fonts-dejavu-core and fonts-liberation"))
    func fallback() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-generic-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FontCache()
        #expect(cache.resolve(families: ["serif"], directories: [folder.path]) == nil)
        try FileManager.default.copyItem(atPath: InstalledFonts.dejaVuSerifBold, toPath: folder.appendingPathComponent("a.ttf").path)
        let sans = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        try FileManager.default.copyItem(atPath: sans, toPath: folder.appendingPathComponent("b.ttf").path)
        let fresh = FontCache()
        // Only a serif and a sans face: monospace and system-ui take sans-serif's, which is Liberation Sans here.
        #expect(fresh.resolve(families: ["serif"], directories: [folder.path]) == "DejaVu Serif")
        #expect(fresh.resolve(families: ["monospace"], directories: [folder.path]) == "Liberation Sans")
        #expect(fresh.resolve(families: ["system-ui"], directories: [folder.path]) == "Liberation Sans")
        #expect(GenericFamily(family: "Serif") == .serif && GenericFamily(family: "ui-serif") == nil && GenericFamily.sansSerif.fallback == nil)
    }
}
