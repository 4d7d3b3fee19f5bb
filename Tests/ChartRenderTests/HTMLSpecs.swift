import ChartData
import ChartLayout
import ChartDiagnostics
import ChartSpec
import ChartTestSupport
import Foundation
@testable import ChartRender

/// Real specs for the HTML tests, parsed by `SpecParser` and drawn by the layout engine: inline values stand
/// in for the pipeline's output table, so the specs need no transforms.
enum HTMLSpecs {
    /// A fixture spec that does not parse or has no inline rows (a mistake in this file).
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    struct Built {
        var spec: ChartSpec
        var table: Table
        var name: String

        func page() throws -> String {
            HTMLWriter.write(try ChartLayoutEngine.page(chart: ChartLayoutEngine.check(spec, table: table), table: table, name: name))
        }

        /// The page in a house style (its size applied as `chartc build` does).
        func page(theme: ChartTheme) throws -> String {
            HTMLWriter.write(
                try ChartLayoutEngine.page(chart: ChartLayoutEngine.check(theme.sized(spec), table: table), table: table, name: name, theme: theme))
        }
    }

    static func build(_ json: String, name: String) throws -> Built {
        let file = SourceFile(path: "/charts/" + name + ".chart.json", bytes: Array(json.utf8))
        let parsed = SpecParser.parse(file)
        guard parsed.succeeded, let spec = parsed.spec else {
            throw HTMLSpecs.Problem(description: "spec \(name) does not parse: \(parsed.diagnostics.map(\.message))")
        }
        guard case .values(let values) = spec.data.origin else { throw HTMLSpecs.Problem(description: "spec \(name) needs inline values") }
        let table = try JSONDataReader.table(from: values, property: nil, columns: nil, parse: [:])
        return Built(spec: spec, table: table, name: HTMLWriter.chartName(of: file.path))
    }

    /// Party medians by year, 1949–2023, shaped like the polarization chart of SPEC §10 (made-up values).
    static func polarizationRows() -> String {
        var rows: [String] = []
        for index in 0..<38 {
            let year = 1949 + index * 2
            let t = Double(index) / 37
            let democrats = -0.28 - 0.1 * t * t - 0.01 * Double(index % 3)
            let republicans = 0.24 + 0.28 * t * t + 0.01 * Double(index % 4)
            let congress = (index % 5 < 2 ? democrats : republicans) * 0.35
            for (party, value) in [("Democrats", democrats), ("Republicans", republicans), ("Congress", congress)] {
                rows.append("{\"year\": \(year), \"party\": \"\(party)\", \"median\": \(String(format: "%.4f", value))}")
            }
        }
        return "[\n    " + rows.joined(separator: ",\n    ") + "\n  ]"
    }

    /// `ownColors: false` leaves the party colors to the theme's categorical palette.
    static func polarization(ownColors: Bool = true) throws -> Built {
        try build(
            """
            {
              "title": "Political ideology in Congress, 1948-2025",
              "subtitle": "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.",
              "data": { "values": \(polarizationRows()) },
              "mark": { "type": "line", "interpolate": "catmull-rom" },
              "encoding": {
                "x": { "field": "median", "title": "\u{2190} More liberal \u{00b7} More conservative \u{2192}", "format": "+.2f", "scale": { "domain": [-0.6, 0.6] } },
                "y": { "field": "year", "type": "temporal", "title": null, "scale": { "domain": [1945, 2030] }, "axis": { "position": "left", "tickCount": 10 } },
                "color": { "field": "party", "title": "Party", "scale": { "domain": ["Democrats", "Republicans", "Congress"]\(ownColors ? ", \"range\": [\"#1f5fbf\", \"#d62728\", \"#8c8c8c\"]" : "") } }
              },
              "legend": { "position": "top", "hidden": ["Congress"] },
              "notes": ["The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes."],
              "sources": [ { "title": "Parties at a Glance", "site": "Voteview", "url": "https://voteview.com/parties/all" } ]
            }
            """, name: "polarization")
    }

    static func weekdays() throws -> Built {
        try build(
            """
            {
              "title": "Rainy days in Seattle by weekday",
              "data": { "values": [
                { "weekday": "Sun", "kind": "rain", "days": 120 }, { "weekday": "Sun", "kind": "drizzle", "days": 30 },
                { "weekday": "Mon", "kind": "rain", "days": 112 }, { "weekday": "Mon", "kind": "drizzle", "days": 25 },
                { "weekday": "Tue", "kind": "rain", "days": 98 }, { "weekday": "Tue", "kind": "drizzle", "days": 40 }
              ] },
              "mark": "bar",
              "encoding": {
                "x": { "field": "weekday", "title": null },
                "y": { "field": "days", "title": "Days", "format": ",d" },
                "color": { "field": "kind" }
              }
            }
            """, name: "weekdays")
    }

    static let attack = "</script><img src=x onerror=\\\"window.pwned=1\\\"><script>window.pwned=2</script>"
    static let attackText = "</script><img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>"

    /// Every string a reader sees carries markup and script.
    static func injection() throws -> Built {
        try build(
            """
            {
              "title": "\(attack)",
              "subtitle": "<b>bold?</b> & <i>italic?</i>",
              "alt": "\(attack)",
              "data": { "values": [
                { "name": "\(attack)", "group": "\(attack)", "value": 3 },
                { "name": "<svg onload=\\"window.pwned=3\\">", "group": "' onmouseover='window.pwned=4", "value": 5 }
              ] },
              "mark": "bar",
              "encoding": {
                "x": { "field": "name", "title": "<u>x</u>" },
                "y": { "field": "value", "title": "\(attack)" },
                "color": { "field": "group" }
              },
              "notes": ["\(attack)"],
              "byline": "<a href=\\"javascript:alert(1)\\">me</a>"
            }
            """, name: "injection")
    }
}
