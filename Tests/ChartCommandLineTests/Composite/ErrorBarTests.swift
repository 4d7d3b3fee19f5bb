import ChartCommandLine
import Foundation
import Testing

/// `errorbar` (SPEC §21), the worked case of the composite-mark stage: two fields draw a rule and two caps per
/// row; `extent` computes center, lower and upper per group in the pipeline (checked against NumPy/SciPy), and
/// every diagnostic points at what the user wrote, never at a generated layer.
@Suite struct ErrorBarTests {
    /// Three groups of different sizes and spreads, and one with a single row.
    static let rows: String = {
        var items: [String] = []
        let groups: [(String, [Double])] = [
            ("A", [10, 12.5, 9, 14, 11.25, 13, 8.5]), ("B", [30, 28, 35, 31, 29.5]), ("C", [20, 18, 27, 22, 19, 24, 21, 23, 25, 17])
        ]
        for (name, values) in groups {
            for (index, value) in values.enumerated() {
                items.append("{ \"cat\": \"\(name)\", \"v\": \(value), \"w\": \(value + 3), \"grp\": \"\(index % 2 == 0 ? "u" : "v")\" }")
            }
        }
        return "[" + items.joined(separator: ", ") + "]"
    }()

    /// Runs `chartc COMMAND` on a spec with `rows` (the spec text's `ROWS` is replaced): what it printed, or the errors.
    static func run(_ command: String, _ spec: String, format: String = "svg") throws -> (status: Int32, output: String, errors: String) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("errorbar.chart.json")
        try Data(spec.replacingOccurrences(of: "ROWS", with: rows).utf8).write(to: path)
        let console = BufferConsole()
        var arguments = [command, path.path]
        if command == "build" { arguments += ["-o", directory.path, "--format", format, "--offline"] }
        let status = Chartc.run(arguments, console: console)
        if command == "build", status == 0 {
            let svg = try String(contentsOf: directory.appendingPathComponent("errorbar." + format), encoding: .utf8)
            return (status, svg, console.error)
        }
        return (status, console.output, console.error)
    }

    /// The `<line>`s of one class: (x1, y1, x2, y2).
    static func lines(_ svg: String, class name: String) -> [(Double, Double, Double, Double)] {
        svg.split(separator: "<line ").filter { $0.hasPrefix("class=\"\(name)\"") }.map { line in
            func number(_ key: String) -> Double {
                guard let start = line.firstRange(of: " \(key)=\"") else { return .nan }
                return Double(line[start.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
            return (number("x1"), number("y1"), number("x2"), number("y2"))
        }
    }

    /// `chartc data`'s CSV as rows of cells, header first.
    static func csv(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func twoFieldsDrawARuleAndTwoCapsPerRow() throws {
        let built = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "mark": "errorbar", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "y2": { "field": "w" } } }"#
        )
        #expect(built.status == 0, "\(built.errors)")
        let rules = Self.lines(built.output, class: "chartc-rule")
        let ticks = Self.lines(built.output, class: "chartc-tick")
        #expect(rules.count == 22 && ticks.count == 44)
        // Vertical bars, and each cap is horizontal, centred on its bar, at one of its ends.
        for rule in rules {
            #expect(rule.0 == rule.2 && rule.1 != rule.3)
            let caps = ticks.filter { abs(($0.0 + $0.2) / 2 - rule.0) < 0.01 && ($0.1 == rule.1 || $0.1 == rule.3) }
            #expect(caps.count >= 2, "a rule without its two caps: \(rule)")
        }
        #expect(ticks.allSatisfy { $0.1 == $0.3 && $0.0 < $0.2 })
        #expect(built.output.contains(#"data-mark="rule""#) && built.output.contains(#"data-mark="tick""#))
    }

    @Test func aComputedExtentIsHorizontalWhenTheCategoryIsOnY() throws {
        let built = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "mark": { "type": "errorbar", "extent": "stdev" }, "encoding": { "y": { "field": "cat" }, "x": { "field": "v", "type": "quantitative" } } }"#
        )
        #expect(built.status == 0, "\(built.errors)")
        let rules = Self.lines(built.output, class: "chartc-rule")
        #expect(rules.count == 3)
        #expect(rules.allSatisfy { $0.1 == $0.3 && $0.0 != $0.2 }, "horizontal bars: \(rules)")
        #expect(Self.lines(built.output, class: "chartc-tick").allSatisfy { $0.0 == $0.2 && $0.1 != $0.3 })
    }

    /// Each extent's center, lower and upper per group, as `chartc data` prints them, against NumPy and SciPy.
    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy and numpy (CI installs them)"), arguments: ["ci", "stderr", "stdev", "iqr"])
    func everyExtentMatchesSciPy(extent: String) throws {
        let spec = """
            { "data": { "values": ROWS }, "mark": { "type": "errorbar", "extent": "\(extent)" },
              "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "color": { "field": "grp" } } }
            """
        let data = try Self.run("data", spec)
        #expect(data.status == 0, "\(data.errors)")
        let table = Self.csv(data.output)
        #expect(table.first == ["cat", "grp", "center", "lower", "upper"])
        let program = """
            import json, numpy as np
            from scipy import stats
            rows = json.loads('''\(Self.rows)''')
            groups = {}
            for r in rows: groups.setdefault((r['cat'], r['grp']), []).append(r['v'])
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
        let rows = table.dropFirst().sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        #expect(rows.count == expected.count && rows.count == 6)
        for (row, want) in zip(rows, expected) {
            #expect(row[0] == want[0] && row[1] == want[1])
            for column in 2...4 {
                let got = try #require(Double(row[column]), "\(row)")
                let value = try #require(Double(want[column]))
                #expect(abs(got - value) <= 1e-12 * max(1, abs(value)), "\(extent) \(row[0]) \(row[1]) column \(column): \(got) vs SciPy \(value)")
            }
        }
    }

    /// `quantile_t` against SciPy's `t.ppf`, and against known values when SciPy is not installed.
    @Test func theTQuantileIsExact() throws {
        let cases: [(p: Double, df: Double, scipy: Double)] = [
            (0.975, 1, 12.706204736174694), (0.975, 10, 2.228138851986274), (0.995, 2, 9.924843200918287),
            (0.025, 5, -2.5705818356363155), (0.9, 3.5, 1.5765766051364052), (0.999999, 1000, 4.781608620452439)
        ]
        let values = cases.map { "{ \"p\": \($0.p), \"df\": \($0.df) }" }.joined(separator: ", ")
        let spec = """
            { "data": { "values": [\(values)] }, "calculate": { "t": "quantile_t(p, df)" }, "mark": "point",
              "encoding": { "x": { "field": "df" }, "y": { "field": "t" } } }
            """
        let data = try Self.run("data", spec)
        #expect(data.status == 0, "\(data.errors)")
        let table = Self.csv(data.output)
        let column = try #require(table.first?.firstIndex(of: "t"))
        for (row, known) in zip(table.dropFirst(), cases) {
            let got = try #require(Double(row[column]))
            #expect(abs(got - known.scipy) <= 1e-12 * abs(known.scipy), "quantile_t(\(known.p), \(known.df)) = \(got), SciPy \(known.scipy)")
        }
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func theTQuantileMatchesSciPyAcrossItsRange() throws {
        let ps = [1e-9, 0.001, 0.05, 0.3, 0.5, 0.6, 0.95, 0.975, 0.999]
        let dfs = [0.5, 1, 2, 3, 7.25, 30, 200, 5000]
        var cases: [(Double, Double)] = []
        for p in ps { for df in dfs { cases.append((p, df)) } }
        let values = cases.map { "{ \"p\": \($0.0), \"df\": \($0.1) }" }.joined(separator: ", ")
        let spec = """
            { "data": { "values": [\(values)] }, "calculate": { "t": "quantile_t(p, df)" }, "mark": "point",
              "encoding": { "x": { "field": "df" }, "y": { "field": "t" } } }
            """
        let data = try Self.run("data", spec)
        let table = Self.csv(data.output)
        let column = try #require(table.first?.firstIndex(of: "t"))
        let program = "from scipy import stats\n" + cases.map { "print(repr(float(stats.t.ppf(\($0.0), \($0.1)))))" }.joined(separator: "\n")
        let expected = try runPython(program).split(separator: "\n").compactMap { Double($0) }
        #expect(expected.count == cases.count)
        for ((row, want), (p, df)) in zip(zip(table.dropFirst(), expected), cases) {
            let got = try #require(Double(row[column]), "\(row)")
            #expect(abs(got - want) <= 1e-11 * max(1, abs(want)), "quantile_t(\(p), \(df)) = \(got), SciPy \(want)")
        }
    }

    @Test func anErrorbarLayerOverPointsSharesTheirScale() throws {
        let spec = """
            { "data": { "values": ROWS },
              "layers": [
                { "mark": { "type": "errorbar", "extent": "stdev" } },
                { "mark": "point", "groupBy": ["cat"], "aggregate": { "v": "mean(v)" } }
              ],
              "encoding": { "x": { "field": "cat" }, "y": { "field": "v" } } }
            """
        let built = try Self.run("build", spec)
        #expect(built.status == 0, "\(built.errors)")
        let rules = Self.lines(built.output, class: "chartc-rule")
        #expect(rules.count == 3)
        // Each mean's dot sits on its bar, halfway between the caps: one x scale and one y scale.
        let circles = built.output.split(separator: "<circle ").dropFirst().compactMap { circle -> (Double, Double)? in
            func number(_ key: String) -> Double? {
                guard let start = circle.firstRange(of: "\(key)=\"") else { return nil }
                return Double(circle[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let x = number("cx"), let y = number("cy") else { return nil }
            return (x, y)
        }
        #expect(circles.count == 3)
        for rule in rules {
            let dot = circles.first { abs($0.0 - rule.0) < 0.01 }
            let y = try #require(dot, "no dot on the bar at x = \(rule.0)").1
            #expect(abs(y - (rule.1 + rule.3) / 2) < 0.02, "the mean at \(y) is not halfway along \(rule)")
        }
        // `--layer 0` prints the errorbar's statistics per group.
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("layers.chart.json")
        try Data(spec.replacingOccurrences(of: "ROWS", with: Self.rows).utf8).write(to: path)
        let console = BufferConsole()
        #expect(Chartc.run(["data", path.path, "--layer", "0"], console: console) == 0)
        #expect(console.output.hasPrefix("cat,center,lower,upper\n"), "\(console.output)")
    }

    // MARK: diagnostics point at the spec as written

    @Test func aChannelTheErrorbarDoesNotDrawIsNamedAtItsKey() throws {
        let spec = """
            { "data": { "values": ROWS },
              "mark": { "type": "errorbar", "extent": "ci" },
              "encoding": { "x": { "field": "cat" }, "y": { "field": "v" },
                "size": { "field": "w" } } }
            """
        let built = try Self.run("build", spec)
        #expect(built.status != 0)
        #expect(built.errors.contains("errorbar.chart.json:4:5"), "at the size key: \(built.errors)")
        #expect(built.errors.contains("[channel-not-supported]") && built.errors.contains("errorbar marks do not draw 'size'"), "\(built.errors)")
        #expect(!built.errors.contains("rule marks") && !built.errors.contains("tick marks"), "names the user's mark: \(built.errors)")
        // Once, not once per generated layer.
        #expect(built.errors.components(separatedBy: "[channel-not-supported]").count == 2, "\(built.errors)")
    }

    @Test func anOptionTheErrorbarDoesNotTakeIsNamedAtItsKey() throws {
        let spec = """
            { "data": { "values": ROWS },
              "mark": { "type": "errorbar", "extent": "ci",
                "interpolate": "step" },
              "encoding": { "x": { "field": "cat" }, "y": { "field": "v" } } }
            """
        let built = try Self.run("build", spec)
        #expect(built.errors.contains("errorbar.chart.json:3:5") && built.errors.contains("[option-not-supported]"), "\(built.errors)")
        #expect(built.errors.contains("errorbar marks do not draw 'mark.interpolate'"), "\(built.errors)")
    }

    @Test func anUnknownFieldUnderAnExtentIsReportedAtTheField() throws {
        let spec = """
            { "data": { "values": ROWS },
              "mark": { "type": "errorbar", "extent": "ci" },
              "encoding": { "x": { "field": "cat" },
                "y": { "field": "vv" } } }
            """
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec)
            #expect(result.status != 0)
            let text = result.output + result.errors
            #expect(text.contains("errorbar.chart.json:4:21: error: unknown field 'vv'"), "\(command): at the field as written: \(text)")
            #expect(text.components(separatedBy: "[unknown-field]").count == 2, "\(command): once: \(text)")
            #expect(!text.contains("quantile_t") && !text.contains("lower"), "\(command): nothing generated shows: \(text)")
        }
    }

    @Test func anErrorbarNeedsItsRangeFromFieldsOrAnExtent() throws {
        let neither = try Self.run(
            "build", #"{ "data": { "values": ROWS }, "mark": "errorbar", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" } } }"#)
        #expect(neither.errors.contains("[errorbar-range]") && neither.errors.contains("errorbar.chart.json:1:"), "\(neither.errors)")
        let both = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "mark": { "type": "errorbar", "extent": "iqr" }, "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "y2": { "field": "w" } } }"#
        )
        #expect(both.errors.contains("[errorbar-range]") && both.errors.contains("remove one of them"), "\(both.errors)")
        let aggregated = try Self.run(
            "build",
            #"{ "data": { "values": ROWS }, "groupBy": ["cat"], "aggregate": { "v": "mean(v)" }, "mark": { "type": "errorbar", "extent": "iqr" }, "encoding": { "x": { "field": "cat" }, "y": { "field": "v" } } }"#
        )
        #expect(aggregated.errors.contains("[composite-aggregate]"), "\(aggregated.errors)")
    }
}
