import ChartCommandLine
import Foundation
import Testing

/// `errorband` (SPEC §21): a band from low to high along the other position channel, one per color group, drawn
/// as an area layer by the composite-mark stage; its `extent` is the errorbar's statistics per group (checked
/// against NumPy/SciPy), and every problem points at what the user wrote.
@Suite struct ErrorBandTests {
    /// Two series (`grp`) over five x values, several rows per (x, series), different spreads.
    static let rows: String = {
        var items: [String] = []
        for x in 1...5 {
            for (group, scale) in [("u", 1.0), ("v", 2.5)] {
                for index in 0..<(3 + x % 3) {
                    let value = Double(x) * 10 * scale + Double((index * 7 + x * 3) % 11) * scale - 5
                    items.append("{ \"x\": \(x), \"v\": \(value), \"w\": \(value + 4), \"grp\": \"\(group)\" }")
                }
            }
        }
        return "[" + items.joined(separator: ", ") + "]"
    }()

    static func run(_ command: String, _ spec: String) throws -> (status: Int32, output: String, errors: String) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("errorband.chart.json")
        try Data(spec.replacingOccurrences(of: "ROWS", with: rows).utf8).write(to: path)
        let console = BufferConsole()
        var arguments = [command, path.path]
        if command == "build" { arguments += ["-o", directory.path, "--format", "svg", "--offline"] }
        let status = Chartc.run(arguments, console: console)
        if command == "build", status == 0 {
            return (status, try String(contentsOf: directory.appendingPathComponent("errorband.svg"), encoding: .utf8), console.error)
        }
        return (status, console.output, console.error)
    }

    /// Each extent's center, lower and upper per (x, color) group, as `chartc data` prints them, against NumPy and SciPy.
    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy and numpy (CI installs them)"), arguments: ["ci", "stderr", "stdev", "iqr"])
    func everyExtentMatchesSciPy(extent: String) throws {
        let spec = """
            { "data": { "values": ROWS }, "mark": { "type": "errorband", "extent": "\(extent)" },
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "v" }, "color": { "field": "grp" } } }
            """
        let data = try Self.run("data", spec)
        #expect(data.status == 0, "\(data.errors)")
        let table = data.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(table.first == ["x", "grp", "center", "lower", "upper"])
        let program = """
            import json, numpy as np
            from scipy import stats
            rows = json.loads('''\(Self.rows)''')
            groups = {}
            for r in rows: groups.setdefault((r['x'], r['grp']), []).append(r['v'])
            for key in sorted(groups):
                v = np.array(groups[key]); n = len(v)
                if '\(extent)' == 'iqr':
                    c, lo, hi = np.median(v), np.percentile(v, 25), np.percentile(v, 75)
                else:
                    s = v.std(ddof=1); c = v.mean()
                    h = {'ci': stats.t.ppf(0.975, n - 1) * s / np.sqrt(n), 'stderr': s / np.sqrt(n), 'stdev': s}['\(extent)']
                    lo, hi = c - h, c + h
                print(key[0], key[1], repr(float(c)), repr(float(lo)), repr(float(hi)))
            """
        let expected = try runPython(program).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let rows = table.dropFirst().sorted { (Int($0[0]) ?? 0, $0[1]) < (Int($1[0]) ?? 0, $1[1]) }
        #expect(rows.count == expected.count && rows.count == 10)
        for (row, want) in zip(rows, expected) {
            #expect(row[0] == want[0] && row[1] == want[1])
            for column in 2...4 {
                let got = try #require(Double(row[column]), "\(row)")
                let value = try #require(Double(want[column]))
                #expect(abs(got - value) <= 1e-12 * max(1, abs(value)), "\(extent) \(row[0]) \(row[1]) column \(column): \(got) vs SciPy \(value)")
            }
        }
    }

    /// One filled band per color group, outlined on both edges; the same from two fields, one band for all rows.
    @Test func aBandPerColorGroupFromAnExtentOrTwoFields() throws {
        let computed = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "mark": { "type": "errorband", "extent": "ci" }, "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "v" }, "color": { "field": "grp" } } }"#
        )
        #expect(computed.status == 0, "\(computed.errors)")
        func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }
        #expect(count(computed.output, #"data-mark="area""#) >= 1)
        #expect(count(computed.output, #"class="chartc-area""#) == 2, "a band per color group")
        let given = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "mark": "errorband", "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "v" }, "y2": { "field": "w" } } }"#
        )
        #expect(given.status == 0, "\(given.errors)")
        #expect(count(given.output, #"class="chartc-area""#) == 1)
    }

    @Test func aRangeGivenTwiceOrNotAtAllOrNothingToRunAlongIsAnErrorAtItsLineAndColumn() throws {
        let cases: [(String, String, String)] = [
            (#""errorband""#, #""x": { "field": "x" }, "y": { "field": "v" }"#, "errorband.chart.json:2:11"),
            (
                #"{ "type": "errorband", "extent": "ci" }"#, #""x": { "field": "x" }, "y": { "field": "v" }, "y2": { "field": "w" }"#,
                "errorband.chart.json:3:69"
            ),
            (#"{ "type": "errorband", "extent": "ci" }"#, #""y": { "field": "v" }"#, "errorband.chart.json:3:22"),
            (
                #"{ "type": "errorband", "extent": "ci" }"#, #""x": { "field": "x" }, "y": { "field": "v" }, "size": { "value": 3 }"#,
                "errorband.chart.json:3:63"
            )
        ]
        for (mark, encoding, place) in cases {
            let text = """
                { "data": { "values": ROWS },
                  "mark": \(mark),
                  "encoding": { \(encoding) } }
                """
            for command in ["build", "lint"] {
                let result = try Self.run(command, text)
                let said = result.output + result.errors
                #expect(result.status != 0 && said.contains(place) && said.contains("error"), "\(command): \(said)")
            }
        }
    }

    /// With a computed extent each band point is a group's summary: a tooltip shows the group fields and the
    /// measure's center, lower and upper; a field the grouping drops is an error at its line:col (for an errorbar
    /// too), not the general unknown-field error about a column the user sees in the data.
    @Test func aTooltipOnAComputedExtentShowsTheSummaryOrNamesWhatItCanShow() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("band.chart.json")
        let shown = """
            { "data": { "values": \(Self.rows) }, "mark": { "type": "errorband", "extent": "stderr" },
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "v" }, "color": { "field": "grp" },
                "tooltip": [{ "field": "grp" }, { "field": "v", "format": ".1f" }] } }
            """
        try Data(shown.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "html", "--offline"], console: console)
        #expect(status == 0, "\(console.error)")
        let page = try String(contentsOf: directory.appendingPathComponent("band.html"), encoding: .utf8)
        #expect(page.contains("v (mean)") && page.contains("lower") && page.contains("upper"), "the measure's tooltip is its three statistics")
        for mark in ["errorband", "errorbar"] {
            let text = """
                { "data": { "values": \(Self.rows) }, "mark": { "type": "\(mark)", "extent": "ci" },
                  "encoding": { "x": { "field": "x", "type": "\(mark == "errorband" ? "quantitative" : "ordinal")" }, "y": { "field": "v" },
                    "tooltip": [{ "field": "w" }] } }
                """
            try Data(text.utf8).write(to: path)
            for command in ["build", "lint"] {
                let console = BufferConsole()
                var arguments = [command, path.path]
                if command == "build" { arguments += ["-o", directory.path, "--format", "svg", "--offline"] }
                let status = Chartc.run(arguments, console: console)
                let said = console.output + console.error
                #expect(status != 0 && said.contains("band.chart.json:3:28") && said.contains("errorbar-tooltip"), "\(mark) \(command): \(said)")
                #expect(said.contains("'x', 'center', 'lower', 'upper'") || said.contains("'v', 'x'"), "names what a tooltip can show: \(said)")
            }
        }
    }
}
