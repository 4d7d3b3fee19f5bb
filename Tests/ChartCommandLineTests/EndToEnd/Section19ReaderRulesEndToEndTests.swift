import Foundation
import Testing

/// SPEC §19.9, 19.11, 19.13–19.15 and the text-mark rule of issue 24 ("nothing accepted may vanish"), checked the
/// way a new user would meet them: small specs written from the SPEC alone, built with the `chartc` binary, and
/// the SVG, `chartc lint` and `chartc data` measured.
@Suite struct Section19ReaderRulesEndToEndTests {
    /// `chartc COMMAND spec.chart.json …` on `spec` written into a scratch folder with `files` beside it.
    static func run(_ command: [String], _ spec: String, files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ProcessResult
    {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let path = folder.appendingPathComponent("chart.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        return try ChartcBinary.run(command + [path.path], sourceLocation: sourceLocation)
    }

    /// The built SVG of `spec`, with `files` beside it.
    static func svg(_ spec: String, files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> SVGMeasure {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let path = folder.appendingPathComponent("chart.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let built = try ChartcBinary.run(["build", path.path, "--format", "svg"], sourceLocation: sourceLocation)
        try #require(built.status == 0, "chartc build failed: \(built.error)", sourceLocation: sourceLocation)
        return SVGMeasure(svg: try String(contentsOf: folder.appendingPathComponent("chart.svg"), encoding: .utf8))
    }

    /// The text of every `<text>` inside groups with `classes`.
    static func texts(_ svg: SVGMeasure, inside classes: String) -> [String] {
        svg.groups(classes).flatMap { SVGMeasure.texts(in: $0).map(\.joined) }
    }

    // MARK: §19.8 every category is labelled, also under an explicit size

    static let states = [
        "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia", "Hawaii", "Idaho",
        "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota",
        "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina",
        "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina"
    ]

    /// A bar chart of the 40 states, categories on `axis`, with `size` (`"height": 300`, …) written.
    static func statesChart(on axis: String, size: String) -> String {
        let values = Self.states.indices.map { Double(($0 * 37) % 23) + 1.5 }
        let other = axis == "x" ? "y" : "x"
        return """
            { "title": "t", \(size), "data": { "values": \(SVGMeasure.rows(Self.states, values: values)) }, "mark": "bar",
              "encoding": { "\(axis)": { "field": "k" }, "\(other)": { "field": "v" } } }
            """
    }

    @Test func anExplicitHeightTooSmallForItsCategoriesGrowsToALineEach() throws {
        // 40 names in 300 px were drawn 5.8 px apart, each over its neighbours.
        let svg = try Self.svg(Self.statesChart(on: "y", size: #""height": 300"#))
        let labels = svg.tickLabels("chartc-axis-y")
        #expect(labels.map(\.joined) == Self.states)
        let ys = labels.map(\.y)
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= 14.4, "labels \(b - a) px apart") }
        // A height that fits them stays as written.
        let roomy = try Self.svg(Self.statesChart(on: "y", size: #""height": 900"#))
        let roomyYs = roomy.tickLabels("chartc-axis-y").map(\.y)
        #expect((roomyYs.last ?? 0) - (roomyYs.first ?? 0) < 900)
        #expect(roomy.height < 1000)
    }

    @Test func anExplicitWidthTooSmallForItsColumnsWidensAndStandsTheNamesUpright() throws {
        // 40 columns in 500 px were all named "…". A written width is the width drawn (SPEC §19.8: the plot grows
        // only without one), so the names stand upright, whole, one per column.
        let svg = try Self.svg(Self.statesChart(on: "x", size: #""width": 500"#))
        let labels = svg.tickLabels("chartc-axis-x")
        #expect(labels.map(\.joined) == Self.states)
        #expect(labels.allSatisfy { $0.title == nil && $0.rotated })
        let xs = labels.map(\.x)
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(b - a >= 10) }
    }

    // MARK: §19.9 missing values stay visible

    static let nullRows = #"""
        [{ "film": "Alpha", "c": "p", "g": 3 }, { "film": null, "c": null, "g": 5 }, { "film": "Beta", "c": "q", "g": 2 },
         { "film": null, "c": "p", "g": 1 }]
        """#

    @Test func aNullCategoryIsDrawnLastAsNAOnEitherAxisWithALintCount() throws {
        for (position, other) in [("x", "y"), ("y", "x")] {
            for mark in ["bar", "point", "tick"] {
                let spec = """
                    { "title": "t", "data": { "values": \(Self.nullRows) }, "mark": "\(mark)",
                      "encoding": { "\(position)": { "field": "film" }, "\(other)": { "field": "g" } } }
                    """
                let labels = try Self.svg(spec).tickLabels("chartc-axis-" + position).map(\.joined)
                #expect(labels == ["Alpha", "Beta", "n/a"], "\(mark) on \(position): \(labels)")
                let lint = try Self.run(["lint"], spec)
                #expect(lint.output.contains("2 rows have no 'film' (null) on '\(position)'") && lint.output.contains("[missing-category]"))
            }
        }
    }

    @Test func aNullColorOrOffsetIsALegendEntryNAPlacedLast() throws {
        for extra in ["", #", "offset": { "field": "c" }"#] {
            let spec = """
                { "title": "t", "data": { "values": \(Self.nullRows) }, "mark": "bar",
                  "encoding": { "x": { "field": "g", "type": "nominal" }, "y": { "field": "g" }, "color": { "field": "c" }\(extra) } }
                """
            #expect(Self.texts(try Self.svg(spec), inside: "chartc-legend-item") == ["p", "q", "n/a"])
            #expect(try Self.run(["lint"], spec).output.contains("1 row has no 'c' (null) on 'color'"))
        }
    }

    @Test func aNullFacetValueIsTheLastPanelNamedNA() throws {
        let spec = """
            { "title": "t", "data": { "values": \(Self.nullRows) }, "mark": "point", "facet": { "field": "film" },
              "encoding": { "x": { "field": "g" }, "y": { "field": "g" } } }
            """
        let svg = try Self.svg(spec)
        #expect(Self.texts(svg, inside: "chartc-panel\"").filter { ["Alpha", "Beta", "n/a"].contains($0) } == ["Alpha", "Beta", "n/a"])
        #expect(try Self.run(["lint"], spec).output.contains("2 rows have no 'film' (null) on the facet"))
    }

    @Test func aNullMeasureLeavesAGapInALineAndAnArea() throws {
        let csv = "day,temp\n2020-01-01,3\n2020-01-02,4\n2020-01-03,\n2020-01-04,6\n2020-01-05,5\n"
        for mark in ["line", "area"] {
            let spec = """
                { "title": "t", "data": { "url": "t.csv" }, "mark": "\(mark)", "encoding": { "x": { "field": "day" }, "y": { "field": "temp" } } }
                """
            let svg = try Self.svg(spec, files: ["t.csv": csv])
            let d = try #require(svg.paths(inside: "chartc-marks").first)
            // Two runs: each starts with a move.
            #expect(d.filter { $0 == "M" }.count == 2, "\(mark): \(d)")
        }
    }

    @Test func aValueAloneBetweenTwoGapsIsADotNotNothing() throws {
        let csv = "day,temp\n2020-01-01,3\n2020-01-02,4\n2020-01-03,\n2020-01-04,6\n2020-01-05,\n2020-01-06,5\n2020-01-07,4\n"
        for mark in ["line", "area"] {
            let spec = """
                { "title": "t", "data": { "url": "t.csv" }, "mark": "\(mark)", "encoding": { "x": { "field": "day" }, "y": { "field": "temp" } } }
                """
            let svg = try Self.svg(spec, files: ["t.csv": csv])
            let line = try #require(svg.svg.components(separatedBy: "<path class=\"chartc-line\"").dropFirst().first)
            let d = try #require(line.components(separatedBy: " d=\"").dropFirst().first?.components(separatedBy: "\"").first)
            #expect(d.filter { $0 == "M" }.count == 3, "\(mark): \(d)")
            // The 4th's run is a zero-length stroke with round caps: a dot where the value is.
            let points = SVGMeasure.vertices(d)
            #expect(zip(points, points.dropFirst()).contains { $0.x == $1.x && $0.y == $1.y }, "\(mark): \(d)")
        }
    }

    // MARK: §19.11 running figures in panels

    @Test func aWindowInAFacetedChartRunsWithinEachPanel() throws {
        let spec = #"""
            { "title": "t", "data": { "values": [
                { "s": "A", "t": 1, "v": 10 }, { "s": "A", "t": 2, "v": 20 }, { "s": "A", "t": 3, "v": 30 },
                { "s": "B", "t": 1, "v": 1 }, { "s": "B", "t": 2, "v": 2 }, { "s": "B", "t": 3, "v": 3 } ] },
              "window": { "cum": "cumsum(v)", "share": "v / sum(v)", "r": "rank(-v)" },
              "facet": { "field": "s" }, "mark": "line", "encoding": { "x": { "field": "t" }, "y": { "field": "cum" } } }
            """#
        let data = try Self.run(["data"], spec)
        #expect(data.status == 0)
        #expect(
            data.output == """
                s,t,v,cum,share,r
                A,1,10,10,0.16666666666666666,3
                A,2,20,30,0.3333333333333333,2
                A,3,30,60,0.5,1
                B,1,1,1,0.16666666666666666,3
                B,2,2,3,0.3333333333333333,2
                B,3,3,6,0.5,1

                """)
    }

    // MARK: §19.13 annotations anchored to rows

    @Test func notesAnchoredToRowsPrintTheirRowsValues() throws {
        let csv = "date,temp_max,weather\n2015-01-01,5.5,sun\n2015-03-02,12.1,rain\n2015-08-12,35.6,sun\n2015-11-30,-1.6,snow\n2015-12-31,3,rain\n"
        let spec = #"""
            { "title": "t", "data": { "url": "w.csv" }, "mark": "line",
              "encoding": { "x": { "field": "date" }, "y": { "field": "temp_max", "format": ".1f" } },
              "annotations": [
                { "type": "text", "at": "argmax(temp_max)", "text": "Hottest: {y} on {x} ({weather})" },
                { "type": "text", "at": "argmin(temp_max)", "text": "Coldest {y}" },
                { "type": "text", "at": "last", "text": "End {temp_max}" } ] }
            """#
        let notes = Self.texts(try Self.svg(spec, files: ["w.csv": csv]), inside: "chartc-annotation\"")
        #expect(notes == ["Hottest: 35.6 on Aug 12 (sun)", "Coldest \u{2212}1.6", "End 3.0"])
    }

    @Test func anAnchorOnAnotherLayersFieldSaysWhichLayerHasIt() throws {
        let csv = "date,temp_max,weather\n2015-01-01,5.5,sun\n2015-03-02,12.1,rain\n2015-08-12,35.6,sun\n"
        let spec = #"""
            { "title": "t", "data": { "url": "w.csv" }, "encoding": { "x": { "field": "date" } },
              "layers": [
                { "mark": "line", "encoding": { "y": { "field": "temp_max" } } },
                { "mark": "point", "groupBy": ["weather"], "aggregate": { "date": "max(date)", "n": "count()" }, "encoding": { "y": { "field": "n" } } } ],
              "annotations": [{ "type": "text", "at": "argmax(n)", "text": "Most: {weather}" }] }
            """#
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("w.csv"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("chart.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let lint = try ChartcBinary.run(["lint", path.path])
        #expect(lint.output.contains("error: 'n' is not a field of the rows layers[0] (line) draws [annotation-unknown-field]"))
        #expect(lint.output.contains("note: 'n' is a field of the rows layers[1] (point) draws: add \"layer\": 1 to point at them"))
    }

    // MARK: §19.14 numbers

    static let money = #"""
        [{ "c": "A", "v": 2800000000 }, { "c": "B", "v": 600000000 }, { "c": "C", "v": 1250000 }, { "c": "D", "v": 45000 }]
        """#

    @Test func automaticValueLabelsKeepEachValuesDigitsInItsUnit() throws {
        let spec = """
            { "title": "t", "data": { "values": \(Self.money) }, "mark": { "type": "bar", "labels": true },
              "encoding": { "x": { "field": "c" }, "y": { "field": "v" } } }
            """
        let svg = try Self.svg(spec)
        // 1.25M was printed "1M" beside 600M: one precision for the whole unit.
        #expect(Self.texts(svg, inside: "chartc-marks").filter { !$0.isEmpty } == ["2.8B", "600M", "1.25M", "45K"])
        #expect(svg.tickLabels("chartc-axis-y").map(\.joined) == ["0", "1B", "2B", "3B"])
    }

    @Test func formatObjectsAndTheShortScaleInEnglishAndGerman() throws {
        for (locale, labels, ticks) in [
            ("en-US", ["$2.8B", "$600M", "$1.3M", "$45K"], ["$0.0 total", "$1.0B total", "$2.0B total", "$3.0B total"]),
            (
                "de-DE", ["2,8\u{A0}Mrd.\u{A0}€", "600\u{A0}Mio.\u{A0}€", "1,3\u{A0}Mio.\u{A0}€", "45\u{A0}Tsd.\u{A0}€"],
                ["$0,0 total", "$1,0\u{A0}Mrd. total", "$2,0\u{A0}Mrd. total", "$3,0\u{A0}Mrd. total"]
            )
        ] {
            let spec = """
                { "title": "t", "locale": "\(locale)", "data": { "values": \(Self.money) }, "mark": { "type": "bar", "labels": { "format": "$.2S" } },
                  "encoding": { "x": { "field": "c" }, "y": { "field": "v", "format": { "number": ".2S", "prefix": "$", "suffix": " total" } } } }
                """
            let svg = try Self.svg(spec)
            #expect(Self.texts(svg, inside: "chartc-marks").filter { !$0.isEmpty } == labels)
            #expect(svg.tickLabels("chartc-axis-y").map(\.joined) == ticks)
        }
    }

    // MARK: §19.15 field names with spaces

    @Test func anUnquotedFieldWithSpacesSaysBackticksWithAFixIt() throws {
        let spec = #"""
            { "title": "t", "data": { "values": [{ "Major Genre": "Action", "Rotten Tomatoes Rating": 60 }] },
              "filter": ["Major Genre == 'Action'", "Rotten Tomatoes Rating > 50"], "mark": "point",
              "encoding": { "x": { "field": "Rotten Tomatoes Rating" }, "y": { "field": "Major Genre" } } }
            """#
        let lint = try Self.run(["lint"], spec)
        #expect(lint.status == 1)
        #expect(
            lint.output.contains(
                "chart.chart.json:2:15: error: expected an operator between 'Major' and 'Genre'; a field name with spaces is written in backticks: `Major Genre` [expr-syntax]"
            ))
        #expect(lint.output.contains("note: replace with '`Major Genre`'"))
        #expect(lint.output.contains("a field name with spaces is written in backticks: `Rotten Tomatoes Rating`"))
        let build = try Self.run(["build", "--format", "svg"], spec)
        #expect(build.status == 1 && build.error.contains("`Major Genre`"))
    }

    // MARK: Issue 24: a text mark is never dropped

    @Test func textMarksAtThePlotsCornersAreDrawnInsideItClearOfTheAxisLabels() throws {
        let spec = #"""
            { "title": "t", "data": { "values": [
                { "x": 0, "y": 0, "t": "origin label long text" }, { "x": 5, "y": 5, "t": "middle" },
                { "x": 10, "y": 10, "t": "top right corner label" }, { "x": 0, "y": 10, "t": "top left" }, { "x": 10, "y": 0, "t": "bottom right" } ] },
              "mark": "text", "encoding": { "x": { "field": "x" }, "y": { "field": "y" }, "text": { "field": "t" } } }
            """#
        let svg = try Self.svg(spec)
        // Every one of them (four were dropped silently: they overlapped the axes' labels).
        #expect(
            Set(Self.texts(svg, inside: "chartc-marks")) == ["origin label long text", "middle", "top right corner label", "top left", "bottom right"]
        )
        #expect(try Self.run(["lint"], spec).status == 0)
    }

    @Test func aTextLayerOverBarsKeepsEveryValue() throws {
        let spec = #"""
            { "title": "t", "data": { "values": [{ "c": "A", "v": 0 }, { "c": "B", "v": 5 }, { "c": "C", "v": 10 }] },
              "encoding": { "x": { "field": "c" }, "y": { "field": "v" } },
              "layers": [{ "mark": "bar" }, { "mark": "text", "encoding": { "text": { "field": "v" } } }] }
            """#
        let texts = Self.texts(try Self.svg(spec), inside: "chartc-layer\" data-layer=\"1\"")
        #expect(texts == ["0", "5", "10"])
    }
}
