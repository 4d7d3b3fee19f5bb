import Foundation
import Testing

/// Maps (SPEC §22) drawn by chartc and by Vega-Lite, feature by feature (`Tests/VegaLiteComparison/maps.py` says
/// how): every projection type with `rotate`, `center`, `parallels` and an explicit `scale`/`translate`, over the
/// built-in basemaps, the same topology by `url`, GeoJSON, a graticule and the sphere; cities as points and text;
/// layers, a facet and a concat. Vega-Lite's view gets the size of chartc's plot, so the fit is compared too: each
/// feature's box and outline, each point, within a pixel. The differences chartc makes on purpose (places it
/// cannot show are left out, labels set clear of their point, a faceted map drawn at all) are in
/// specs/reference.md ("Maps: what the projection is fitted to").
@Suite(.enabled(if: vlConvertAvailable, "needs python3 with vl-convert (pip install vl-convert-python; CI installs it)"))
struct VegaLiteMapComparisonTests {
    @Test func mapsDrawAsVegaLiteDrawsThem() throws {
        let script = packageRoot.appendingPathComponent("Tests/VegaLiteComparison/maps.py")
        let (status, text) = try runComparison(script)
        // The worst difference of every case, for the log.
        print(text)
        #expect(status == 0, "\(text)")
        let summary = try #require(text.split(separator: "\n").last { $0.hasSuffix(" failed") }, "\(text)")
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        try #require(counts.count == 2, "\(summary)")
        #expect(counts[1] == 0, "\(text)")
        #expect(counts[0] >= 50, "every projection, data kind and composition is compared: \(summary)")
    }
}
