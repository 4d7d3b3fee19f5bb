import ChartCommandLine
import Foundation
import Testing

/// A choropleth's regions without a value are drawn in the theme's missing color; the stepped legend names that
/// color ("No data", in the spec's locale) after its steps, so grey reads as "no figure" and not as a step. A map
/// whose every region has a value, and a chart without a stepped color, have no such swatch.
@Suite struct MapNoDataLegendTests {
    static func svg(rates: String, locale: String? = nil) throws -> String {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(rates.utf8).write(to: directory.appendingPathComponent("rates.csv"))
        let spec = """
            { "title": "Rates", "data": { "basemap": "us-states" },
              "lookup": { "data": { "url": "rates.csv", "parse": { "id": "string" } }, "on": "id", "key": "id", "fields": ["rate"] },
              "projection": { "type": "albersUsa" }, "mark": "geoshape",
              "encoding": { "color": { "field": "rate", "scale": { "type": "threshold", "domain": [5, 10] } } }\(locale.map { #", "locale": "\#($0)""# } ?? "") }
            """
        let path = directory.appendingPathComponent("map.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "svg", "--offline"], console: console)
        try #require(status == 0, "\(console.error)")
        return try String(contentsOf: directory.appendingPathComponent("map.svg"), encoding: .utf8)
    }

    /// Every state's FIPS code, with a rate each.
    static let everyState: String = {
        let codes = [
            1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
            40, 41, 42, 44, 45, 46, 47, 48, 49, 50, 51, 53, 54, 55, 56, 60, 66, 69, 72, 78
        ]
        return "id,rate\n" + codes.enumerated().map { index, code in (code < 10 ? "0" : "") + "\(code),\(index % 15)" }.joined(separator: "\n") + "\n"
    }()

    @Test func regionsWithoutAValueGetANoDataSwatch() throws {
        let svg = try Self.svg(rates: "id,rate\n48,4\n06,12\n")
        #expect(svg.contains(#"class="chartc-legend-missing""#))
        #expect(svg.contains(##"fill="#cccccc""##))
        #expect(svg.contains(">No data</text>"))
        // Three steps, each a swatch; the missing swatch is not a step.
        #expect(svg.components(separatedBy: #"class="chartc-legend-step""#).count - 1 == 3)
    }

    @Test func theSwatchSpeaksTheSpecsLocale() throws {
        #expect(try Self.svg(rates: "id,rate\n48,4\n", locale: "de-DE").contains(">Keine Daten</text>"))
    }

    @Test func aMapWithEveryValueHasNone() throws {
        let svg = try Self.svg(rates: Self.everyState)
        #expect(!svg.contains("chartc-legend-missing"))
        #expect(!svg.contains("No data"))
    }
}
