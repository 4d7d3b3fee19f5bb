import Foundation
import Testing

/// Notes anchored to rows (SPEC §19.13) through the built `chartc`: mistakes at `line:col` inside the strings,
/// the same from `build` and `lint`; a panel's note at its own argmax; the page and the SVG print the same note.
@Suite struct AnnotationAnchorEndToEndTests {
    static let csv = "day,n,team\nMon,3,red\nTue,5,red\nWed,4,red\nThu,8,red\nMon,6,blue\nTue,2,blue\nWed,7,blue\nThu,1,blue\n"

    static func spec(_ annotations: String, extra: String = "") -> String {
        """
        {
          "title": "Per day",
          "data": { "url": "days.csv" },
          "mark": "line",
          "encoding": { "x": { "field": "day" }, "y": { "field": "n" } },\(extra)
          "annotations": [
            \(annotations)
          ],
          "sources": "Made up",
          "alt": "Lines per day"
        }

        """
    }

    static func workspace(_ spec: String) throws -> URL {
        let root = try makeScratchDirectory()
        try Data(csv.utf8).write(to: root.appendingPathComponent("days.csv"))
        try Data(spec.utf8).write(to: root.appendingPathComponent("days.chart.json"))
        return root
    }

    /// `build` fails and `lint` reports the same line (SPEC §19.2).
    static func expectBoth(_ annotations: String, _ line: String, extra: String = "") throws {
        let root = try workspace(spec(annotations, extra: extra))
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try ChartcBinary.run(["build", "days.chart.json"], in: root)
        #expect(build.status == 1)
        #expect(build.error.contains(line), "\(build.error)")
        let lint = try ChartcBinary.run(["lint", "days.chart.json"], in: root)
        #expect(lint.status == 1)
        #expect(lint.output.contains(line), "\(lint.output)")
    }

    @Test func mistakesInAtArePointedAtInsideTheString() throws {
        // Line 7 holds the annotation, from column 5; the `at` string's text starts at column 30.
        try Self.expectBoth(
            #"{ "type": "text", "at": "argmax(nn)", "text": "Top" }"#,
            "days.chart.json:7:37: error: 'nn' is not a field of the rows the chart draws; did you mean 'n'? [annotation-unknown-field]")
        try Self.expectBoth(
            #"{ "type": "text", "at": "max(n)", "text": "Top" }"#,
            "days.chart.json:7:30: error: 'max' is not a function of 'at': write argmax(FIELD), argmin(FIELD), first or last; did you mean 'argmax'? [annotation-at-invalid]"
        )
        try Self.expectBoth(
            #"{ "type": "text", "at": "frist", "text": "Top" }"#,
            "days.chart.json:7:30: error: 'frist' is not a row 'at' can point at: write argmax(FIELD), argmin(FIELD), first or last; did you mean 'first'? [annotation-at-invalid]"
        )
        try Self.expectBoth(
            #"{ "type": "text", "at": "first", "x": "Mon", "text": "Top" }"#,
            "days.chart.json:7:38: error: a text note takes 'at' or 'x', not both")
        try Self.expectBoth(
            #"{ "type": "rule", "at": "first" }"#,
            "days.chart.json:7:23: error: 'at' does not apply to a 'rule' annotation; it is for 'text' annotations [annotation-key-not-for-type]")
        try Self.expectBoth(
            #"{ "type": "text", "x": "Mon", "y": 3, "layer": 0, "text": "Top" }"#,
            "days.chart.json:7:43: error: 'layer' says whose drawn rows 'at' points at, but this note has no 'at'")
    }

    @Test func unknownPlaceholdersAreErrorsAtTheirColumn() throws {
        // The text starts at column 46: `{team}` is fine, `dya` is at 58.
        try Self.expectBoth(
            #"{ "type": "text", "at": "last", "text": "{team} {y} {dya}" }"#,
            "days.chart.json:7:58: error: '{dya}' is not a placeholder: a note's text takes {x}, {y} and the fields of the rows the chart draws; did you mean '{day}'? [annotation-unknown-placeholder]"
        )
        try Self.expectBoth(
            #"{ "type": "text", "x": "Mon", "y": 3, "text": "n = {n}" }"#,
            "days.chart.json:7:57: error: '{n}' needs a row: only {x} and {y} fill a note placed by 'x' and 'y'")
        try Self.expectBoth(
            #"{ "type": "text", "at": "last", "text": "open { brace" }"#,
            "days.chart.json:7:51: error: this '{' is not closed")
        try Self.expectBoth(
            #"{ "type": "text", "at": "argmax(n)", "text": "Top" }"#,
            "days.chart.json:8:29: error: this note points 'at' argmax(n) of the rows the chart draws, but it draws no rows",
            extra: #"\#n  "filter": "n > 100","#)
    }

    @Test func eachPanelPointsAtItsOwnRowAndThePagePrintsTheSameNote() throws {
        let root = try Self.workspace(
            Self.spec(
                #"{ "type": "text", "at": "argmax(n)", "text": "{team} top: {y} on {x}" }, { "type": "text", "at": "first", "panel": "blue", "text": "starts {{{y}}}" }"#,
                extra: #"\#n  "facet": { "field": "team" },"#))
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ChartcBinary.run(["build", "days.chart.json", "--format", "svg,html"], in: root)
        #expect(result.status == 0, "\(result.error)")
        let svg = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.svg")), as: UTF8.self)
        #expect(svg.contains(">red top: 8 on Thu<"), "red's maximum")
        #expect(svg.contains(">blue top: 7 on Wed<"), "blue's own maximum, not red's")
        // `first` is the first point of the line as it is drawn (SPEC §19.4): a line over weekday names runs in
        // the axis's order, Mon to Thu, not by value, so blue's first point is Mon's 6 (not its lowest, Thu's 1).
        #expect(svg.contains(">starts {6}<"))
        #expect(svg.components(separatedBy: ">starts {").count == 2, "pinned to one panel")
        let html = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.html")), as: UTF8.self)
        #expect(html.contains(">red top: 8 on Thu<") && html.contains(">blue top: 7 on Wed<"))
        let lint = try ChartcBinary.run(["lint", "days.chart.json"], in: root)
        #expect(!lint.output.contains("error"), "\(lint.output)")
    }

    @Test func inputRowAggregatesRunOverTheRowsBeforeGroupBy() throws {
        // Bars of each team's total (red 20, blue 16); over the input rows the mean is 36 / 8 = 4.5 and the
        // largest single day 8; over the bars the mean is 18.
        let root = try Self.workspace(
            """
            {
              "data": { "url": "days.csv" },
              "groupBy": ["team"], "aggregate": { "total": "sum(n)" },
              "mark": "bar", "encoding": { "x": { "field": "team" }, "y": { "field": "total" } },
              "annotations": [
                { "type": "rule", "y": { "aggregate": "mean(n)", "rows": "input" }, "label": "Day {value}" },
                { "type": "rule", "y": { "aggregate": "mean(total)" }, "label": "Team {value}" },
                { "type": "text", "x": "red", "y": { "aggregate": "max(n * 1)", "rows": "input" }, "text": "Best day {y}" }
              ]
            }

            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ChartcBinary.run(["build", "days.chart.json"], in: root)
        #expect(result.status == 0, "\(result.error)")
        let svg = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.svg")), as: UTF8.self)
        #expect(svg.contains(">Day 4.5<"), "mean over the 8 input rows")
        #expect(svg.contains(">Team 18<"), "mean over the 2 bars")
        #expect(svg.contains(">Best day 8<"))

        // An input-rows aggregate reads the fields before groupBy: `total` is not one of them.
        try Data(
            #"""
            {
              "data": { "url": "days.csv" },
              "groupBy": ["team"], "aggregate": { "total": "sum(n)" },
              "mark": "bar", "encoding": { "x": { "field": "team" }, "y": { "field": "total" } },
              "annotations": [{ "type": "rule", "y": { "aggregate": "mean(total)", "rows": "input" } }]
            }
            """#.utf8
        ).write(to: root.appendingPathComponent("days.chart.json"))
        let lint = try ChartcBinary.run(["lint", "days.chart.json"], in: root)
        #expect(lint.status == 1)
        #expect(lint.output.contains("days.chart.json:5:63: error: unknown field 'total'"), "\(lint.output)")
    }
}
