import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues
import Testing
@testable import ChartLayout

/// Notes anchored to rows (SPEC §19.13): the row `at` picks among the drawn rows, where the note's point lands on
/// the plot's own scales, and how `{x}`, `{y}` and `{FIELD}` print.
@Suite struct AnnotationAnchorTests {
    static func spec(_ json: String) throws -> ChartSpec {
        let result = SpecParser.parse(SourceFile(path: "anchors.chart.json", text: json))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.spec)
    }

    static func lineJSON(_ annotations: String, mark: String = #""line""#, encoding: String = #""x": { "field": "x" }, "y": { "field": "y" }"#)
        -> String
    {
        """
        { "data": { "url": "d.csv" }, "mark": \(mark),
          "encoding": { \(encoding) },
          "annotations": [\(annotations)] }
        """
    }

    /// Rows deliberately out of x order: `first`, `last` and ties follow the line order, not the table's.
    static let table = Table(columns: [
        Fixture.numbers("x", [5, 0, 9, 2, 8, 1, 7, 3, 6, 4]),
        Fixture.numbers("y", [5, -3, 4, 4, 8, 1, 3, 2, 8, 6]),
        Fixture.strings("who", ["f", "a", "j", "c", "i", "b", "h", "d", "g", "e"])
    ])

    /// The plot, and the annotations as layout resolves them on its scales.
    static func resolved(_ spec: ChartSpec, _ table: Table) throws -> (area: PlotArea, annotations: [Annotation], positions: AnnotationPositions) {
        let chart = try ChartLayoutEngine.check(spec, table: table)
        let model = try PlotModel(spec: spec, table: table, view: chart.context.resolved)
        let area = try PlotArea(model: model, region: Box(x: 0, y: 0, width: 600, height: 400))
        let positions = AnnotationPositions(x: model.x, y: model.y, scales: area.scales)
        return (area, AnnotationAnchors.resolve(spec.annotations, models: [model], positions: positions), positions)
    }

    static func number(_ value: AnnotationValue?) -> Double? { value?.value?.numberValue }

    @Test func argmaxArgminFirstAndLastPickTheirRowsInLineOrder() throws {
        let spec = try Self.spec(
            Self.lineJSON(
                """
                { "type": "text", "at": "argmax(y)", "text": "max" }, { "type": "text", "at": "argmin(y)", "text": "min" },
                { "type": "text", "at": "first", "text": "first" }, { "type": "text", "at": " last ", "text": "last" },
                { "type": "text", "at": "argmax(who)", "text": "by text" }
                """))
        let (_, notes, _) = try Self.resolved(spec, Self.table)
        // y = 8 at x = 8 (row 4) and at x = 6 (row 8): the tie goes to the first in line order, x = 6.
        #expect(Self.number(notes[0].x.first) == 6 && Self.number(notes[0].y.first) == 8)
        #expect(Self.number(notes[1].x.first) == 0 && Self.number(notes[1].y.first) == -3)
        #expect(Self.number(notes[2].x.first) == 0, "first: the smallest x, though it is row 1")
        #expect(Self.number(notes[3].x.first) == 9 && Self.number(notes[3].y.first) == 4)
        // Text compares by its bytes: "j" is the largest.
        #expect(Self.number(notes[4].x.first) == 9)
    }

    @Test func theNotesPointLandsOnTheRowsPositionOnThePlotsScales() throws {
        let peak = Table(columns: [Fixture.numbers("x", [0, 1, 2, 3, 4]), Fixture.numbers("y", [1, 2, 9, 2, 1])])
        let spec = try Self.spec(
            Self.lineJSON(#"{ "type": "text", "at": "argmax(y)", "text": "Peak", "position": "top", "offset": 20, "connector": "none" }"#))
        let (area, _, _) = try Self.resolved(spec, peak)
        let note = try #require(AnnotationLayoutTests.notes(area).first)
        let px = try #require(area.scales.x?.position(2)), py = try #require(area.scales.y?.position(9))
        #expect(abs(note.box.midX - px) < 1e-6)
        // Exactly where the same note written with x and y sits.
        let written = try Self.spec(
            Self.lineJSON(#"{ "type": "text", "x": 2, "y": 9, "text": "Peak", "position": "top", "offset": 20, "connector": "none" }"#))
        let (byHand, _, _) = try Self.resolved(written, peak)
        #expect(AnnotationLayoutTests.notes(byHand).first?.box == note.box)
        #expect(note.box.maxY < py && note.box.maxY > py - 25, "above its point by the offset")
    }

    @Test func onABandAxisTheNotePointsAtTheCategoryAndOnAStackedBarAtTheTopOfItsSegment() throws {
        let table = Table(columns: [
            Fixture.strings("day", ["Mon", "Mon", "Tue", "Tue"]),
            Fixture.strings("kind", ["a", "b", "a", "b"]),
            Fixture.numbers("n", [3, 4, 6, 2])
        ])
        let spec = try Self.spec(
            Self.lineJSON(
                #"{ "type": "text", "at": "argmax(n)", "text": "{x}: {y} ({n}, {kind})" }"#, mark: #""bar""#,
                encoding: #""x": { "field": "day" }, "y": { "field": "n" }, "color": { "field": "kind" }"#))
        let (area, notes, positions) = try Self.resolved(spec, table)
        #expect(notes[0].x.first?.value?.stringValue == "Tue")
        // Tue's "a" segment runs from 2 to 8: its top is 8 (the first series is the top segment, SPEC §20).
        #expect(Self.number(notes[0].y.first) == 8)
        #expect(positions.position(try #require(notes[0].x.first), axis: .x) == area.scales.x?.center(key: "Tue"))
        #expect(notes[0].text?.value == "Tue: 8 (6, a)")

        // Mon's b segment, below a (b: 0 to 4): its top, 4; {n} prints its own value, 4.
        let last = try Self.spec(
            Self.lineJSON(
                #"{ "type": "text", "at": "argmax(n)", "layer": 0, "text": "{y} / {n}" }"#, mark: #""bar""#,
                encoding: #""x": { "field": "day" }, "y": { "field": "n" }, "color": { "field": "kind" }"#))
        let small = Table(columns: [
            Fixture.strings("day", ["Mon", "Mon", "Tue", "Tue"]),
            Fixture.strings("kind", ["a", "b", "a", "b"]),
            Fixture.numbers("n", [3, 4, 1, 2])
        ])
        let (_, stacked, _) = try Self.resolved(last, small)
        #expect(stacked[0].text?.value == "4 / 4")
    }

    @Test func placeholdersPrintLikeTheAxisAndTheField() throws {
        let dates = Table(columns: [
            Column(name: "day", type: .date, values: ["2014-12-30", "2015-01-02", "2015-01-05"].compactMap { ISODate.parse($0) }.map(Value.date)),
            Fixture.numbers("t", [1.25, 3.5, 2]),
            Fixture.numbers("share", [0.125, 0.5, 0.25])
        ])
        let spec = try Self.spec(
            Self.lineJSON(
                #"{ "type": "text", "at": "argmax(t)", "text": "{{max}} {y} on {x}: {share}" }"#,
                encoding: #""x": { "field": "day" }, "y": { "field": "t", "format": ".2f" }, "size": { "field": "share", "format": ".0%" }"#))
        let (_, notes, _) = try Self.resolved(spec, dates)
        // y through the channel's format; the date with its year (the axis runs over two years); share with the
        // size channel's format; {{ and }} are braces.
        #expect(notes[0].text?.value == "{max} 3.50 on Jan 2, 2015: 50%")

        // Explicit x and y: {x} and {y} print them.
        let written = try Self.spec(Self.lineJSON(#"{ "type": "text", "x": 2, "y": 4, "text": "({x}, {y})" }"#))
        let (_, explicit, _) = try Self.resolved(written, Self.table)
        #expect(explicit[0].text?.value == "(2, 4)")
    }

    @Test func aLayeredNotePointsAtItsLayersRows() throws {
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" },
              "encoding": { "x": { "field": "x" } },
              "layers": [ { "mark": "rule", "encoding": { "x": null, "y": { "field": "mean" } } },
                          { "mark": "point", "encoding": { "y": { "field": "y" } } },
                          { "mark": "line", "encoding": { "y": { "field": "z" } } } ],
              "annotations": [ { "type": "text", "at": "argmax(y)", "text": "{y}" },
                               { "type": "text", "at": "argmax(z)", "layer": 2, "text": "{y}" } ] }
            """)
        #expect(spec.anchorLayer == 1, "the rule layer has no x: the first layer with x and y is 1")
        let rule = Table(columns: [Fixture.numbers("mean", [3])])
        let points = Table(columns: [Fixture.numbers("x", [0, 1, 2]), Fixture.numbers("y", [1, 9, 2])])
        let line = Table(columns: [Fixture.numbers("x", [0, 1, 2]), Fixture.numbers("z", [4, 3, 7])])
        let chart = try ChartLayoutEngine.check(spec, table: points, layers: [rule, points, line])
        let models = try zip(spec.layerCharts, [rule, points, line]).enumerated().map { index, pair in
            try PlotModel(spec: pair.0, table: pair.1, view: chart.views[index])
        }
        let area = try PlotArea(models: models, region: Box(x: 0, y: 0, width: 600, height: 400))
        let positions = AnnotationPositions(x: models[1].x, y: models[0].y, scales: area.scales)
        let notes = AnnotationAnchors.resolve(spec.annotations, models: models, positions: positions)
        #expect(Self.number(notes[0].x.first) == 1 && Self.number(notes[0].y.first) == 9)
        #expect(Self.number(notes[1].x.first) == 2 && Self.number(notes[1].y.first) == 7)
    }

    @Test func aNoteWhoseLayerDrawsNoRowsHereIsNotDrawn() throws {
        let spec = try Self.spec(Self.lineJSON(#"{ "type": "text", "at": "argmax(y)", "text": "max" }"#))
        let empty = Table(columns: [Fixture.numbers("x", [1, 2]), Fixture.numbers("y", [nil, nil])])
        let (area, notes, _) = try Self.resolved(spec, empty)
        #expect(notes[0].x.isEmpty && notes[0].y.isEmpty)
        #expect(AnnotationLayoutTests.notes(area).isEmpty)
    }
}
