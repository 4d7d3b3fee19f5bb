import ChartTestSupport
import Foundation
import Testing

/// An encoding's `sort` (SPEC §20), built end to end: the order of a band axis and of the color domain, the
/// stack and its legend in the same order, and the errors at their line:col.
@Suite struct EncodingSortTests {
    /// The `<text>` contents of the first `<g class="…NAME…">` group of an SVG (an axis, the legend), in document
    /// order, without its title.
    static func texts(in svg: String, group name: String) -> [String] {
        guard let start = svg.range(of: "class=\"\(name)\""), let tagEnd = svg[start.upperBound...].range(of: ">") else { return [] }
        // An empty group (`<g class="…"/>`).
        if svg[start.upperBound..<tagEnd.lowerBound].hasSuffix("/") { return [] }
        var depth = 0
        var texts: [String] = []
        var rest = svg[start.upperBound...]
        while let tag = rest.range(of: "<") {
            rest = rest[tag.upperBound...]
            if rest.hasPrefix("/g>") {
                if depth == 0 { break }
                depth -= 1
            } else if rest.hasPrefix("g ") || rest.hasPrefix("g>") {
                depth += 1
            } else if rest.hasPrefix("text"), let close = rest.range(of: ">"), let end = rest.range(of: "</text>") {
                let opening = rest[..<close.lowerBound]
                if !opening.contains("-title") { texts.append(String(rest[close.upperBound..<end.lowerBound])) }
            }
        }
        return texts
    }

    /// Builds `spec` (written beside a copy of `csv` as d.csv) to SVG; the SVG, or the run's stderr when it failed.
    static func build(_ spec: String, csv: String = Self.regions) throws -> (svg: String?, errors: String) {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("d.csv"), atomically: true, encoding: .utf8)
        try spec.write(to: folder.appendingPathComponent("s.chart.json"), atomically: true, encoding: .utf8)
        let run = try ChartcBinary.run(["build", folder.appendingPathComponent("s.chart.json").path, "--format", "svg", "-o", folder.path])
        guard run.status == 0 else { return (nil, run.error) }
        return (try String(contentsOf: folder.appendingPathComponent("s.svg"), encoding: .utf8), run.error)
    }

    static let regions = "region,kind,value\nNorth,a,3\nNorth,b,5\nNorth,c,1\nSouth,a,9\nSouth,b,1\nSouth,c,1\nEast,a,1\nEast,b,2\nEast,c,2\n"

    static func bars(x: String, y: String, color: String) -> String {
        #"{ "title": "t", "data": { "url": "d.csv" }, "mark": "bar", "encoding": { "x": \#(x), "y": \#(y), "color": \#(color) } }"#
    }

    @Test func minusXOrdersTheBandAxisByTheStacksTotalHighestFirst() throws {
        // Totals per region: South 11, North 9, East 5 (the file's order is North, South, East).
        let spec = Self.bars(x: #"{ "field": "value" }"#, y: #"{ "field": "region", "sort": "-x" }"#, color: #"{ "field": "kind" }"#)
        let svg = try #require(try Self.build(spec).svg)
        #expect(Self.texts(in: svg, group: "chartc-axis chartc-axis-y") == ["South", "North", "East"])
        let ascending = Self.bars(x: #"{ "field": "value" }"#, y: #"{ "field": "region", "sort": "x" }"#, color: #"{ "field": "kind" }"#)
        #expect(Self.texts(in: try #require(try Self.build(ascending).svg), group: "chartc-axis chartc-axis-y") == ["East", "North", "South"])
    }

    @Test func aListComesFirstAndTheRestFollowsInNaturalOrder() throws {
        let listed = Self.bars(x: #"{ "field": "value" }"#, y: #"{ "field": "region" }"#, color: #"{ "field": "kind", "sort": ["c", "a"] }"#)
        #expect(Self.texts(in: try #require(try Self.build(listed).svg), group: "chartc-legend") == ["c", "a", "b"])
        // Unlisted values in ascending order, not the file's (North, South, East).
        let axis = Self.bars(x: #"{ "field": "region", "sort": ["South"] }"#, y: #"{ "field": "value" }"#, color: #"{ "field": "kind" }"#)
        #expect(Self.texts(in: try #require(try Self.build(axis).svg), group: "chartc-axis chartc-axis-x") == ["South", "East", "North"])
        let descending = Self.bars(x: #"{ "field": "region", "sort": "descending" }"#, y: #"{ "field": "value" }"#, color: #"{ "field": "kind" }"#)
        #expect(Self.texts(in: try #require(try Self.build(descending).svg), group: "chartc-axis chartc-axis-x") == ["South", "North", "East"])
    }

    /// SPEC §20: the legend's first entry is the top segment of an upright stack, whatever the color order.
    @Test(arguments: [#"{ "field": "kind" }"#, #"{ "field": "kind", "sort": "descending" }"#, #"{ "field": "kind", "sort": "-mean(value)" }"#])
    func theLegendReadsTheStackFromTheTop(color: String) throws {
        let spec = Self.bars(x: #"{ "field": "region" }"#, y: #"{ "field": "value" }"#, color: color)
        let svg = try #require(try Self.build(spec).svg)
        let legend = Self.texts(in: svg, group: "chartc-legend")
        #expect(legend.count == 3)
        // Each series' bar tops (y attributes), region by region in the x axis's order.
        var tops: [[Double]] = []
        for name in legend {
            let start = try #require(svg.range(of: "class=\"chartc-series\" data-series=\"\(name)\""))
            let group = svg[start.upperBound...]
            let end = try #require(group.range(of: "</g>"))
            let ys = group[..<end.lowerBound].split(separator: "<rect").dropFirst().compactMap { rect -> Double? in
                guard let at = rect.range(of: " y=\"") else { return nil }
                return Double(rect[at.upperBound...].prefix { $0 != "\"" })
            }
            tops.append(ys)
        }
        for region in 0..<3 {
            let column = tops.map { $0[region] }
            #expect(column == column.sorted(), "legend \(legend): the first entry's segment is not on top in region \(region): \(column)")
        }
    }

    @Test func errorsPointAtTheSort() throws {
        let quantitative = Self.bars(x: #"{ "field": "region" }"#, y: #"{ "field": "value", "sort": "descending" }"#, color: #"{ "field": "kind" }"#)
        let first = try Self.build(quantitative)
        #expect(first.svg == nil)
        #expect(first.errors.contains("s.chart.json:1:135: error: 'encoding.y.sort' does nothing: 'y' is quantitative"), "\(first.errors)")
        #expect(first.errors.contains("[sort-on-continuous]"))
        let unknown = Self.bars(x: #"{ "field": "region", "sort": "-medain(valeu)" }"#, y: #"{ "field": "value" }"#, color: #"{ "field": "kind" }"#)
        let second = try Self.build(unknown)
        #expect(second.svg == nil)
        #expect(
            second.errors.contains("s.chart.json:1:110: error: unknown function 'medain'; did you mean 'median'? [unknown-function]"),
            "\(second.errors)")
        #expect(second.errors.contains("s.chart.json:1:117: error: unknown field 'valeu'; did you mean 'value'? [unknown-field]"), "\(second.errors)")
        let misplaced =
            #"{ "title": "t", "data": { "url": "d.csv" }, "mark": "point", "encoding": { "x": { "field": "value" }, "y": { "field": "value" }, "size": { "field": "value", "sort": "ascending" } } }"#
        let third = try Self.build(misplaced)
        #expect(third.errors.contains("unknown key 'sort' in 'encoding.size'") || third.errors.contains("[misplaced-key]"), "\(third.errors)")
    }

    /// Values binned by 10: 0–10 holds 3 and 4 (count 2, sum 7), 10–20 holds 12 (count 1, sum 12), 20–30 holds 21, 22,
    /// 25 (count 3, sum 68).
    static let binnable = "v\n3\n12\n21\n4\n22\n25\n"

    static func histogram(x: String) -> String {
        #"{ "title": "t", "data": { "url": "d.csv" }, "calculate": { "b": "bin(v, 10)" }, "groupBy": ["b"], "aggregate": { "n": "count()", "total": "sum(v)" }, "mark": "bar", "encoding": { "x": \#(x), "y": { "field": "n" } } }"#
    }

    /// An ordinal binned field is a band per interval: `sort` orders the bins as asked, as Vega-Lite orders an ordinal
    /// bin (it kept the intervals' order before: the sorted keys named bins by their start, the axis by their interval).
    @Test(arguments: [
        (#""descending""#, ["20–30", "10–20", "0–10"]), (#""-y""#, ["20–30", "0–10", "10–20"]), (#""sum(total)""#, ["0–10", "10–20", "20–30"]),
        (#""-sum(total)""#, ["20–30", "10–20", "0–10"]), (#"[10, 0]"#, ["10–20", "0–10", "20–30"])
    ])
    func sortOrdersOrdinalBins(sort: String, expected: [String]) throws {
        let spec = Self.histogram(x: #"{ "field": "b", "type": "ordinal", "sort": \#(sort) }"#)
        let svg = try #require(try Self.build(spec, csv: Self.binnable).svg)
        #expect(Self.texts(in: svg, group: "chartc-axis chartc-axis-x") == expected)
    }

    /// On a quantitative binned field (a histogram's continuous axis) `sort` cannot be drawn: refused at its line:col,
    /// saying what orders bins (`"type": "ordinal"`) or turns the axis (`scale.reverse`); Vega-Lite reverses the
    /// axis for "descending" and drops any other sort there (specs/reference.md, "Differences from Vega-Lite").
    @Test(arguments: [#""descending""#, #""-sum(total)""#, #""-y""#])
    func sortOnAQuantitativeBinIsRefused(sort: String) throws {
        let spec = Self.histogram(x: #"{ "field": "b", "sort": \#(sort) }"#)
        let run = try Self.build(spec, csv: Self.binnable)
        #expect(run.svg == nil)
        let col = spec.utf8.distance(from: spec.startIndex, to: try #require(spec.range(of: #""sort": "#)).upperBound) + 1
        #expect(
            run.errors.contains(
                "s.chart.json:1:\(col): error: 'encoding.x.sort' does nothing: 'x' is a binned quantitative field, a continuous axis whose intervals lie in the order of their values; to order the bins give 'x' \"type\": \"ordinal\""
            ), "\(run.errors)")
        #expect(run.errors.contains("[sort-on-continuous]"))
        // What the message offers draws: the reversed scale puts the last interval on the left.
        let reversed = Self.histogram(x: #"{ "field": "b", "scale": { "reverse": true } }"#)
        let svg = try #require(try Self.build(reversed, csv: Self.binnable).svg)
        func x(ofTick label: String) throws -> Double {
            let end = try #require(svg.range(of: ">\(label)</text>"))
            let start = try #require(svg[..<end.lowerBound].range(of: "<text x=\"", options: .backwards))
            return try #require(Double(svg[start.upperBound...].prefix { $0 != "\"" }))
        }
        #expect(try x(ofTick: "30") < x(ofTick: "0"))
    }
}

/// `sort: "-median(yield)"` (SPEC §20) orders the barley trellis's varieties as DuckDB's own medians do, in every
/// panel.
@Suite(.enabled(if: duckDBAvailable, "needs python3 with duckdb (pip install duckdb; CI installs it)"))
struct EncodingSortDuckDBTests {
    @Test func medianSortMatchesDuckDB() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csvPath = packageRoot.appendingPathComponent("examples/barley/barley.csv").path
        let spec = """
            { "title": "t", "data": { "url": "\(csvPath)" }, "mark": "point",
              "encoding": { "x": { "field": "yield" }, "y": { "field": "variety", "sort": "-median(yield)" }, "color": { "field": "year", "type": "nominal" } },
              "facet": { "field": "site", "columns": 3 } }
            """
        try spec.write(to: folder.appendingPathComponent("s.chart.json"), atomically: true, encoding: .utf8)
        let run = try ChartcBinary.run(["build", folder.appendingPathComponent("s.chart.json").path, "--format", "svg", "-o", folder.path])
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOf: folder.appendingPathComponent("s.svg"), encoding: .utf8)
        let script = """
            import duckdb
            for (v, m) in duckdb.sql("SELECT variety, median(yield) AS m FROM read_csv('\(csvPath)') GROUP BY variety ORDER BY m DESC").fetchall():
                print(v)
            """
        let expected = try WindowDuckDBTests.run(["python3", "-c", script], in: folder).split(separator: "\n").map(String.init)
        #expect(expected.count == 10)
        #expect(EncodingSortTests.texts(in: svg, group: "chartc-axis chartc-axis-y") == expected)
    }
}

/// In PostgreSQL the order is the file's (SPEC §16, §20): the sort runs over the rows the statement returns, as
/// over the rows read from the file.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct EncodingSortDatabaseTests {
    @Test func theBarleyTrellisIsOrderedAsFromTheFile() throws {
        let server = try #require(PostgresTestServer.server)
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csvURL = packageRoot.appendingPathComponent("examples/barley/barley.csv")
        try server.load(
            table: "barley_sort", columns: [("site", "text"), ("variety", "text"), ("year", "double precision"), ("yield", "double precision")],
            csv: try Data(contentsOf: csvURL))
        func spec(_ data: String) -> String {
            """
            { "title": "t", "data": \(data), "groupBy": ["site", "variety"], "aggregate": { "yield": "sum(yield)" }, "mark": "point",
              "encoding": { "x": { "field": "yield" }, "y": { "field": "variety", "sort": "-median(yield)" }, "color": { "field": "site", "sort": "-x" } } }
            """
        }
        try spec(#"{ "url": "\#(csvURL.path)" }"#).write(to: folder.appendingPathComponent("file.chart.json"), atomically: true, encoding: .utf8)
        try spec(#"{ "database": "$CHARTC_TEST_DB", "table": "barley_sort" }"#).write(
            to: folder.appendingPathComponent("db.chart.json"), atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password, "XDG_CACHE_HOME": folder.path, "HOME": folder.path
        ]
        for name in ["file", "db"] {
            let run = try ChartcBinary.run(
                ["build", folder.appendingPathComponent("\(name).chart.json").path, "--format", "svg", "-o", folder.path], environment: environment)
            #expect(run.status == 0, "\(name): \(run.error)")
        }
        let file = try String(contentsOf: folder.appendingPathComponent("file.svg"), encoding: .utf8)
        let database = try String(contentsOf: folder.appendingPathComponent("db.svg"), encoding: .utf8)
        let axis = EncodingSortTests.texts(in: file, group: "chartc-axis chartc-axis-y")
        #expect(axis.count == 10)
        #expect(axis.first == "Trebi")
        #expect(EncodingSortTests.texts(in: database, group: "chartc-axis chartc-axis-y") == axis)
        let legend = EncodingSortTests.texts(in: file, group: "chartc-legend")
        #expect(legend.count == 6)
        #expect(EncodingSortTests.texts(in: database, group: "chartc-legend") == legend)
    }
}
