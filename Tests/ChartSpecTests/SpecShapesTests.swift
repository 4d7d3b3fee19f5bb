import ChartValues
import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec

/// The alternative ways SPEC.md lets a key be written, and the model each becomes.
@Suite struct SpecShapesTests {
    private func spec(_ entries: String...) throws -> ChartSpec {
        let result = parse("{\n" + ([dataLine, markLine] + entries).map { "  " + $0 }.joined(separator: ",\n") + "\n}")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.spec)
    }

    @Test func falseTurnsThingsOff() throws {
        let spec = try self.spec(
            #""legend": false"#,
            #""encoding": { "x": { "field": "a", "axis": false, "stack": false, "title": null }, "y": { "field": "b", "stack": true } }"#
        )
        #expect(spec.legend.position?.value == LegendPosition.none)
        #expect(spec.encoding.x?.axis?.visible == false)
        #expect(spec.encoding.x?.stack?.value == StackMode.none)
        #expect(spec.encoding.x?.title == .hidden)
        #expect(spec.encoding.y?.stack?.value == .zero)
        #expect(spec.encoding.y?.title == .automatic)
    }

    @Test func stringOrArrayKeys() throws {
        let single = try spec(#""filter": "count > 0""#, #""notes": "One note.""#, #""sources": "Voteview""#)
        #expect(single.filter.map(\.text) == ["count > 0"])
        #expect(single.notes.map(\.value) == ["One note."])
        #expect(single.sources.count == 1)
        #expect(single.sources[0].title?.value == "Voteview")
        #expect(single.sources[0].site == nil)

        let lists = try spec(
            #""filter": ["a > 1", "b < 2"]"#, #""notes": ["x", "y"]"#, #""sources": ["Census", { "site": "BLS", "url": "../about.html" }]"#)
        #expect(lists.filter.map(\.text) == ["a > 1", "b < 2"])
        #expect(lists.notes.map(\.value) == ["x", "y"])
        #expect(lists.sources.map { $0.title?.value } == ["Census", nil])
        #expect(lists.sources[1].site?.value == "BLS")
        #expect(lists.sources[1].url?.value == "../about.html")
    }

    @Test func tooltipForms() throws {
        let one = try spec(#""encoding": { "tooltip": "price" }"#)
        #expect(one.encoding.tooltip.map { $0.field?.value } == ["price"])
        #expect(one.encoding.tooltip.first?.channel == .tooltip)

        let object = try spec(#""encoding": { "tooltip": { "field": "price", "format": "$,.2f" } }"#)
        #expect(object.encoding.tooltip.first?.format?.pattern?.value == "$,.2f")

        let list = try spec(#""encoding": { "tooltip": ["date", { "field": "price", "title": "Price" }] }"#)
        #expect(list.encoding.tooltip.map { $0.field?.value } == ["date", "price"])
        #expect(list.encoding.tooltip[1].title == .text(Located("Price", at: nil)))
        #expect(list.encoding[.tooltip]?.field?.value == "date")
    }

    @Test func sortDirections() throws {
        let spec = try spec(#""groupBy": ["day"]"#, #""aggregate": { "n": "count()" }"#, #""sort": ["-n", "day"]"#)
        #expect(spec.sort.map(\.field) == ["n", "day"])
        #expect(spec.sort.map(\.descending) == [true, false])
        #expect(position(spec.sort[0].span) == "6:12")
    }

    @Test func markAsObjectWithLabels() throws {
        #expect(try spec(#""encoding": {}"#).mark.type.value == .bar)

        let result = parse(
            lines(
                dataLine,
                ##""mark": { "type": "bar", "labels": true, "color": "#4c78a8", "opacity": 0.5, "cornerRadius": 2, "width": 12 }"##
            ))
        #expect(result.diagnostics.isEmpty)
        let mark = try #require(result.spec?.mark)
        #expect(mark.labels != nil)
        #expect(mark.labels?.position == nil)
        #expect(mark.color?.value == "#4c78a8")
        #expect(mark.opacity?.value == 0.5)
        #expect(mark.cornerRadius?.value == 2)
        #expect(mark.width?.value == 12)

        let detailed = parse(
            lines(
                dataLine,
                #""mark": { "type": "line", "points": true, "labels": { "position": "end", "angle": -90, "format": ".0%", "skipZero": true } }"#
            ))
        #expect(detailed.diagnostics.isEmpty)
        let labels = try #require(detailed.spec?.mark.labels)
        #expect(detailed.spec?.mark.points == true)
        #expect(labels.position?.value == .end)
        #expect(labels.angle?.value == -90)
        #expect(labels.format?.pattern?.value == ".0%")
        #expect(labels.skipZero)

        let off = parse(lines(dataLine, #""mark": { "type": "bar", "labels": false }"#))
        #expect(off.spec?.mark.labels == nil)
    }

    @Test func scaleValuesOfEveryKind() throws {
        let spec = try spec(
            #""encoding": { "x": { "field": "d", "scale": { "type": "time", "domain": ["2015-01-01", null, 3, true], "zero": false, "nice": true, "reverse": true, "scheme": "blues" } } }"#
        )
        let scale = try #require(spec.encoding.x?.scale)
        #expect(scale.type?.value == .time)
        #expect(scale.domain?.value == [.string("2015-01-01"), .null, .number(3), .boolean(true)])
        #expect(scale.zero?.value == false)
        #expect(scale.nice?.value == true)
        #expect(scale.reverse)
        #expect(scale.scheme?.value == "blues")
    }

    @Test func everyTopLevelScalar() throws {
        let spec = try spec(
            #""title": "T""#, #""subtitle": "S""#, #""byline": "B""#, #""alt": "A""#, #""width": 800"#, #""height": 300.5"#,
            #""locale": "en-GB""#, #""complete": true"#
        )
        #expect(spec.byline?.value == "B")
        #expect(spec.alt?.value == "A")
        #expect(spec.width.value == 800)
        #expect(position(spec.width.span) == "8:12")
        #expect(spec.height.value == 300.5)
        #expect(spec.locale.value == "en-GB")
        #expect(spec.complete?.value == true)
    }

    @Test func inlineValuesAndDataOptions() throws {
        let result = parse(
            lines(
                #""data": { "values": [{ "day": "Mon", "count": 3 }], "format": "json", "property": "rows", "parse": { "day": "string", "when": "date" } }"#,
                markLine
            ))
        #expect(result.diagnostics.isEmpty)
        let data = try #require(result.spec?.data)
        guard case .values(let rows) = data.origin else {
            Issue.record("expected values")
            return
        }
        #expect(rows.arrayValue?.count == 1)
        #expect(!data.isRemote)
        #expect(data.format?.value == .json)
        #expect(data.property?.value == "rows")
        #expect(data.parse.map(\.field.value) == ["day", "when"])
        #expect(data.parse.map(\.type.value) == [.string, .date])
    }

    @Test func dollarKeysAreIgnoredEverywhere() throws {
        let spec = try spec(
            #""$schema": "https://example.com/chartc.json""#,
            #""$comment": "top""#,
            #""encoding": { "$comment": "e", "x": { "$note": 1, "field": "a", "scale": { "$why": [], "zero": true }, "axis": { "$c": null } } }"#,
            #""calculate": { "$comment": "not a field", "b": "a * 2" }"#
        )
        #expect(spec.calculate.map(\.name.value) == ["b"])
        #expect(spec.encoding.x?.scale?.zero?.value == true)
    }

    @Test func aggregateWithoutGroupByIsOneRow() throws {
        let spec = try spec(#""aggregate": {}"#)
        #expect(spec.hasAggregate)
        #expect(spec.aggregate.isEmpty)
    }

    @Test func expressionSpansMapThroughEscapes() throws {
        // Line 4 is `  "calculate": { "p": "a == \"x\" ? 1 : 2" }`: the literal starts at offset `start`.
        let text = lines(dataLine, markLine, #""calculate": { "p": "a == \"x\" ? 1 : 2" }"#)
        let spec = try #require(parse(text).spec)
        let expression = try #require(spec.calculate.first?.expression)
        #expect(expression.text == "a == \"x\" ? 1 : 2")
        let literalStart = expression.literalSpan.range.lowerBound
        // "x" (with its quotes) is bytes 5..<8 of the text: in the file, \" at +6, x at +8, \" at +9.
        let span = expression.span(for: 5..<8)
        #expect(span.range == (literalStart + 6)..<(literalStart + 11))
        // "?" is byte 9 of the text, at +12 in the file.
        #expect(expression.span(for: 9..<10).range == (literalStart + 12)..<(literalStart + 13))
        #expect(position(expression.span(for: 9..<10)) == "4:35")
    }
}

/// `window`, `windowBy` and `keep` (SPEC §14) as the model keeps them.
@Test func windowKeysAreParsedInKeyOrder() throws {
    let result = parse(
        lines(
            dataLine, markLine,
            #""window": { "avg7": "rolling_mean(high, 7)", "share": "rain / sum(rain)", "$comment": "x" }"#,
            #""windowBy": ["location"]"#, #""keep": "share > 0.1""#))
    let spec = try #require(result.spec, "\(result.diagnostics.map(\.message))")
    #expect(spec.window.map(\.name.value) == ["avg7", "share"])
    #expect(spec.window.map(\.expression.text) == ["rolling_mean(high, 7)", "rain / sum(rain)"])
    #expect(spec.windowBy.map(\.value) == ["location"])
    #expect(spec.keep.map(\.text) == ["share > 0.1"])
    let list = try #require(parse(lines(dataLine, markLine, #""keep": ["a > 1", "b < 2"]"#)).spec)
    #expect(list.keep.map(\.text) == ["a > 1", "b < 2"])
}
