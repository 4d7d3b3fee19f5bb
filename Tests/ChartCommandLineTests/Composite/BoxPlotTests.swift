import ChartCommandLine
import ChartTestSupport
import Foundation
import Testing

/// `boxplot` (SPEC §21): the five numbers per category are pipeline aggregates (checked against DuckDB's
/// `quantile_cont` over the cars data), the values beyond the whiskers are the outlier layer's rows, the picture
/// is a box, a median, whiskers and caps per category, and every problem points at what the user wrote.
@Suite struct BoxPlotTests {
    static let cars = ExampleSpecs.packageRoot + "/examples/composition/cars.json"

    /// Runs `chartc COMMAND` on a spec (its text's `CARS` is the cars data's path): what it printed, or the errors.
    static func run(_ command: String, _ spec: String, extra: [String] = [], format: String = "svg") throws -> (
        status: Int32, output: String, errors: String
    ) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("boxplot.chart.json")
        try Data(spec.replacingOccurrences(of: "CARS", with: cars).utf8).write(to: path)
        let console = BufferConsole()
        var arguments = [command] + extra + [path.path]
        if command == "build" { arguments += ["-o", directory.path, "--format", format, "--offline"] }
        let status = Chartc.run(arguments, console: console)
        if command == "build", status == 0 {
            let output = try String(contentsOf: directory.appendingPathComponent("boxplot." + format), encoding: .utf8)
            return (status, output, console.error)
        }
        return (status, console.output, console.error)
    }

    static func spec(field: String, extent: String = "1.5", horizontal: Bool = false) -> String {
        let category = #"{ "field": "Origin", "type": "nominal" }"#
        let measure = #"{ "field": "\#(field)", "type": "quantitative" }"#
        return """
            { "data": { "url": "CARS" }, "mark": { "type": "boxplot", "extent": \(extent) },
              "encoding": { "x": \(horizontal ? measure : category), "y": \(horizontal ? category : measure) } }
            """
    }

    /// DuckDB's five numbers per origin (type-7 `quantile_cont`; Tukey's whiskers at `k` IQRs, or min/max) and
    /// the values beyond the fences, as CSV lines like `chartc data` prints.
    static func duckDB(field: String, k: Double?) throws -> (summary: [String], outliers: [String]) {
        let program = """
            import duckdb
            con = duckdb.connect()
            con.execute("CREATE TABLE cars AS SELECT Origin, CAST(\(field) AS DOUBLE) AS v FROM read_json_auto('\(cars)')")
            con.execute(\"\"\"CREATE TABLE q AS SELECT Origin, quantile_cont(v, 0.25) AS q1, quantile_cont(v, 0.5) AS median,
                quantile_cont(v, 0.75) AS q3, min(v) AS lo, max(v) AS hi FROM cars WHERE v IS NOT NULL GROUP BY Origin\"\"\")
            k = \(k.map { String($0) } ?? "None")
            def text(x):
                if x is None: return ''
                if isinstance(x, str): return x
                if float(x) == int(x): return str(int(x))
                return repr(float(x))
            if k is None:
                rows = con.execute("SELECT Origin, lo, q1, median, q3, hi FROM q ORDER BY Origin").fetchall()
                outliers = []
            else:
                rows = con.execute(\"\"\"SELECT q.Origin,
                    (SELECT min(v) FROM cars c WHERE c.Origin = q.Origin AND c.v >= q.q1 - ? * (q.q3 - q.q1)),
                    q1, median, q3,
                    (SELECT max(v) FROM cars c WHERE c.Origin = q.Origin AND c.v <= q.q3 + ? * (q.q3 - q.q1))
                    FROM q ORDER BY Origin\"\"\", [k, k]).fetchall()
                outliers = con.execute(\"\"\"SELECT c.Origin, c.v FROM cars c JOIN q ON c.Origin = q.Origin
                    WHERE c.v < q.q1 - ? * (q.q3 - q.q1) OR c.v > q.q3 + ? * (q.q3 - q.q1) ORDER BY c.Origin, c.v\"\"\", [k, k]).fetchall()
            for r in rows: print(','.join(text(x) for x in r))
            print('--')
            for r in outliers: print(','.join(text(x) for x in r))
            """
        let printed = try runPython(program).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let split = printed.firstIndex(of: "--") ?? printed.count
        return (Array(printed[..<split]), printed[(split + 1)...].filter { !$0.isEmpty })
    }

    /// `chartc data` of the rows as CSV lines, header first.
    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test(
        .enabled(if: duckDBAvailable, "needs python3 with duckdb (CI installs it)"),
        arguments: [("Weight_in_lbs", 1.5), ("Horsepower", 1.5), ("Miles_per_Gallon", 1.5), ("Acceleration", 0.5), ("Horsepower", nil)])
    func theFiveNumbersAndTheOutliersEqualDuckDBs(field: String, k: Double?) throws {
        let extent = k.map { String($0) } ?? #""min-max""#
        let summary = try Self.run("data", Self.spec(field: field, extent: extent))
        #expect(summary.status == 0, "\(summary.errors)")
        let expected = try Self.duckDB(field: field, k: k)
        let got = Self.lines(summary.output)
        #expect(got.first == "Origin,lower,q1,median,q3,upper")
        // chartc prints groups in input order (USA, Europe, Japan); DuckDB's are sorted.
        #expect(got.dropFirst().sorted() == expected.summary, "\(field) k=\(String(describing: k))")
        let outliers = try Self.run("data", Self.spec(field: field, extent: extent), extra: ["--layer", "6"])
        if k == nil {
            // min-max: no value lies beyond the whiskers, and no point layer draws any.
            #expect(outliers.status != 0)
            return
        }
        #expect(outliers.status == 0, "\(outliers.errors)")
        let rows = Self.lines(outliers.output)
        let header = rows.first?.split(separator: ",").map(String.init) ?? []
        let origin = try #require(header.firstIndex(of: "Origin"))
        let value = try #require(header.firstIndex(of: field))
        var found: [(origin: String, value: Double, line: String)] = []
        for line in rows.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let number = Double(cells[value]) ?? .nan
            found.append((cells[origin], number, cells[origin] + "," + cells[value]))
        }
        found.sort { $0.origin != $1.origin ? $0.origin < $1.origin : $0.value < $1.value }
        #expect(found.map(\.line) == expected.outliers, "\(field)")
        if field == "Horsepower" { #expect(!expected.outliers.isEmpty, "the test should see outliers") }
    }

    @Test func aBoxAMedianWhiskersAndCapsPerCategoryAndTheOutliersAsDots() throws {
        for horizontal in [false, true] {
            let built = try Self.run("build", Self.spec(field: "Horsepower", horizontal: horizontal))
            #expect(built.status == 0, "\(built.errors)")
            let svg = built.output
            func count(_ mark: String) -> Int { svg.components(separatedBy: "class=\"chartc-\(mark)\"").count - 1 }
            #expect(count("bar") == 3, "three boxes")
            #expect(count("rule") == 6, "two whiskers per box")
            #expect(count("tick") == 9, "a median and two caps per box")
            let outliers = try Self.duckDB(field: "Horsepower", k: 1.5).outliers
            #expect(count("point") == outliers.count, "one dot per outlier")
        }
    }

    @Test func theBoxesTooltipShowsTheFiveNumbers() throws {
        let built = try Self.run("build", Self.spec(field: "Weight_in_lbs"), format: "html")
        #expect(built.status == 0, "\(built.errors)")
        for name in ["lower", "q1", "median", "q3", "upper"] {
            #expect(built.output.contains(name), "the tooltip names \(name)")
        }
    }

    /// A tooltip written on a boxplot shows the rows' fields: drawn on the outlier points (the layer of rows), while
    /// each box keeps its five numbers; on a `"min-max"` boxplot, which draws no row, it is rejected where written.
    @Test func aWrittenTooltipIsDrawnOnTheOutliersOrRejectedAtItsLineAndColumn() throws {
        func text(_ extent: String) -> String {
            """
            { "data": { "url": "CARS" }, "mark": { "type": "boxplot", "extent": \(extent) },
              "encoding": { "x": { "field": "Origin" }, "y": { "field": "Horsepower" },
                "tooltip": [{ "field": "Name" }, { "field": "Horsepower" }] } }
            """
        }
        let built = try Self.run("build", text("1.5"), format: "html")
        #expect(built.status == 0, "\(built.errors)")
        // The Horsepower outliers (numpy type 7, 1.5 × IQR): two European cars.
        for name in ["volvo 264gl", "peugeot 604sl", "median", "upper"] {
            #expect(built.output.contains(name), "the tooltips show \(name)")
        }
        for command in ["build", "lint"] {
            let rejected = try Self.run(command, text(#""min-max""#))
            let said = rejected.output + rejected.errors
            #expect(rejected.status != 0 && said.contains("[boxplot-channels]") && said.contains("boxplot.chart.json:3:17"), "\(command): \(said)")
        }
    }

    @Test func aBoxplotWithoutAQuantitativeOrADiscreteChannelIsAnErrorAtItsLineAndColumn() throws {
        let cases: [(String, String)] = [
            (#""x": { "field": "Origin", "type": "nominal" }, "y": { "field": "Name", "type": "nominal" }"#, "boxplot.chart.json:3:"),
            (#""x": { "field": "Origin" }"#, "boxplot.chart.json:2:"),
            (
                #""x": { "field": "Horsepower", "type": "quantitative" }, "y": { "field": "Weight_in_lbs", "type": "quantitative" }"#,
                "boxplot.chart.json:3:"
            )
        ]
        for (encoding, place) in cases {
            let text = """
                { "data": { "url": "CARS" },
                  "mark": "boxplot",
                  "encoding": { \(encoding) } }
                """
            for command in ["build", "lint"] {
                let result = try Self.run(command, text)
                #expect(result.status != 0)
                let said = result.output + result.errors
                #expect(said.contains("[boxplot-channels]") && said.contains(place), "\(command): \(said)")
            }
        }
    }

    @Test func aWrongExtentOrAChannelItDoesNotDrawIsRejected() throws {
        let wrong = try Self.run("lint", Self.spec(field: "Horsepower", extent: #""ci""#))
        let said = wrong.output + wrong.errors
        #expect(said.contains("[unknown-value]") && said.contains("min-max") && said.contains("boxplot.chart.json:1:"), "\(said)")
        let negative = try Self.run("lint", Self.spec(field: "Horsepower", extent: "-1"))
        #expect((negative.output + negative.errors).contains("boxplot.chart.json:1:"), "\(negative)")
        let text = """
            { "data": { "url": "CARS" }, "mark": "boxplot",
              "encoding": { "x": { "field": "Origin" }, "y": { "field": "Horsepower" }, "size": { "field": "Cylinders" } } }
            """
        let size = try Self.run("build", text)
        #expect(
            size.status != 0 && size.errors.contains("[channel-not-supported]") && size.errors.contains("boxplot.chart.json:2:"), "\(size.errors)")
        // Text where a number belongs: the aggregate names the field's line:col.
        let strings = try Self.run("build", Self.spec(field: "Name"))
        #expect(strings.status != 0 && strings.errors.contains("boxplot.chart.json:"), "\(strings.errors)")
    }
}
