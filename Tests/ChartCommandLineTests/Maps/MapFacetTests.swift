import ChartCommandLine
import Foundation
import Testing

/// Small multiples of maps (SPEC §22, issue 27 item 6): every panel shares one projection fit, so a state is the
/// same shape at the same scale in each panel (only moved to its panel), and areas compare across panels, where
/// Vega-Lite fits each panel on its own (vega-lite#3729).
@Suite struct MapFacetTests {
    static func build(_ spec: String) throws -> (status: Int32, said: String, svg: String) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("maps.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "svg", "--offline"], console: console)
        let svg = (try? String(contentsOf: directory.appendingPathComponent("maps.svg"), encoding: .utf8)) ?? ""
        return (status, console.output + console.error, svg)
    }

    /// The numbers of every `d` attribute of the regions with `data-id="ID"`, in document order.
    static func paths(of id: String, in svg: String) -> [[Double]] {
        svg.components(separatedBy: "<path ").dropFirst().compactMap { element -> [Double]? in
            guard element.contains(#"data-id="\#(id)""#), let start = element.range(of: #" d=""#) else { return nil }
            let d = element[start.upperBound...].prefix { $0 != "\"" }
            return d.split(whereSeparator: { "MLZ,".contains($0) }).compactMap { Double($0) }
        }
    }

    /// The last `translate(…)` written before each region with `data-id="ID"`: the panel it is drawn in.
    static func panelTranslations(of id: String, in svg: String) -> [String] {
        var result: [String] = []
        var rest = svg[...]
        while let region = rest.range(of: #"data-id="\#(id)""#) {
            let before = svg[svg.startIndex..<region.lowerBound]
            if let translate = before.range(of: "translate(", options: .backwards) {
                result.append(String(before[translate.upperBound...].prefix { $0 != ")" }))
            }
            rest = svg[region.upperBound...]
        }
        return result
    }

    /// The 2008 panel draws only the four states with a rate, the 2009 panel all of them: fitted on its own, the
    /// 2008 panel would zoom in on its four states; sharing the fit, each state is the same path in both.
    @Test func panelsShareOneFit() throws {
        let rates = [("California", 7.2, 11.3), ("Texas", 4.8, 7.6), ("Maine", 5.4, 8.1), ("Florida", 6.2, 10.4)]
        let values = rates.map { #"{ "state": "\#($0.0)", "2008": \#($0.1), "2009": \#($0.2) }"# }.joined(separator: ", ")
        let spec = """
            { "title": "Unemployment rose everywhere", "data": { "basemap": "us-states" },
              "lookup": { "data": { "values": [\(values)] }, "on": "name", "key": "state", "fields": ["2008", "2009"] },
              "fold": { "fields": ["2008", "2009"], "as": ["year", "rate"] },
              "filter": "year == '2009' || isValid(rate)",
              "facet": { "field": "year" },
              "projection": { "type": "albersUsa" },
              "mark": "geoshape", "encoding": { "color": { "field": "rate" } } }
            """
        let built = try Self.build(spec)
        #expect(built.status == 0, "\(built.said)")
        for id in ["06", "48", "23", "12"] {
            let shapes = Self.paths(of: id, in: built.svg)
            try #require(shapes.count == 2, "state \(id) is drawn in both panels: \(shapes.count)")
            let (a, b) = (shapes[0], shapes[1])
            try #require(a.count == b.count && a.count >= 8, "state \(id): the same number of points in each panel")
            // Translated only: every x moves by one dx, every y by one dy (to the 0.1 px the path is written in).
            let dx = b[0] - a[0], dy = b[1] - a[1]
            var worst = 0.0
            for i in stride(from: 0, to: a.count - 1, by: 2) {
                worst = max(worst, abs(b[i] - a[i] - dx), abs(b[i + 1] - a[i + 1] - dy))
            }
            #expect(worst <= 0.2 + 1e-9, "state \(id): the panels' shapes differ by \(worst) px beyond a translation")
            // Each panel draws in its own coordinates, moved into place by its group's translation.
            let places = Self.panelTranslations(of: id, in: built.svg)
            #expect(places.count == 2 && places[0] != places[1], "state \(id): drawn in two panels at \(places)")
        }
    }
}
