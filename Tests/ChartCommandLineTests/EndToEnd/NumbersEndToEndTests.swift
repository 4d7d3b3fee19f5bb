import Foundation
import Testing

/// SPEC §19.14 (number formats with prefix, suffix and the short scale `S`), §19.15 (field names with spaces) and
/// §19.9 (the locale's word for missing), measured on what `chartc build` and `chartc lint` write.
@Suite struct NumbersEndToEndTests {
    static func bars(_ values: [Double], y: String = "", mark: String = #""bar""#, extra: String = "") -> String {
        let rows = values.enumerated().map { #"{ "k": "c\#($0.offset)", "v": \#($0.element) }"# }.joined(separator: ", ")
        return """
            { "title": "t", "data": { "values": [\(rows)] }, "mark": \(mark),
              "encoding": { "x": { "field": "k" }, "y": { "field": "v"\(y) } }\(extra) }
            """
    }

    static func labels(_ texts: [SVGMeasure.Text]) -> [String] {
        texts.map { $0.joined.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }

    @Test func anAxisUpToThreeBillionCountsInMillionsThenBillions() throws {
        let built = try SVGMeasure.build(Self.bars([6e8, 1.2e9, 2.9e9])).svg
        let ticks = Self.labels(built.tickLabels("chartc-axis-y"))
        #expect(ticks.first == "0")
        #expect(ticks.contains("1B") && ticks.contains("2B"), "\(ticks)")
        // Never a fraction of a billion: a tick under a billion is written in millions.
        #expect(!ticks.contains { $0.hasPrefix("0.") }, "\(ticks)")
        for tick in ticks where tick != "0" {
            #expect(tick.hasSuffix("M") || tick.hasSuffix("B"), "\(ticks)")
        }
    }

    @Test func valueLabelsWriteSixHundredMillionAs600M() throws {
        let built = try SVGMeasure.build(Self.bars([6e8, 2.834e9], mark: #"{ "type": "bar", "labels": true }"#)).svg
        let texts = Self.labels(SVGMeasure.texts(in: built.svg))
        #expect(texts.contains("600M"), "\(texts)")
        #expect(texts.contains("2.83B"), "\(texts)")
        #expect(!texts.contains("0.60B"))
    }

    @Test func aFormatObjectWritesPrefixAndSuffixOnTicksAndLabels() throws {
        let spec = Self.bars(
            [6e8, 2.834e9], y: #", "format": { "number": ".2S", "prefix": "$", "suffix": " total" }"#,
            mark: #"{ "type": "bar", "labels": { "format": { "number": "$.2S" } } }"#)
        let built = try SVGMeasure.build(spec).svg
        let ticks = Self.labels(built.tickLabels("chartc-axis-y"))
        #expect(ticks.contains("$1.0B total"), "\(ticks)")
        #expect(ticks.allSatisfy { $0.hasPrefix("$") && $0.hasSuffix(" total") }, "\(ticks)")
        let texts = Self.labels(SVGMeasure.texts(in: built.svg))
        #expect(texts.contains("$2.8B") && texts.contains("$600M"), "\(texts)")
    }

    @Test func germanAxesUseMrd() throws {
        let built = try SVGMeasure.build(Self.bars([6e8, 1.2e9, 2.9e9], extra: #", "locale": "de-DE""#)).svg
        let ticks = Self.labels(built.tickLabels("chartc-axis-y"))
        #expect(ticks.contains("1 Mrd.") && ticks.contains("2 Mrd."), "\(ticks)")
        #expect(!ticks.contains { $0.hasPrefix("0,") }, "\(ticks)")
    }

    @Test func unknownKeysInAFormatObjectGetADidYouMean() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.bars([1, 2], y: #", "format": { "numbr": ".2S" }"#).write(
            to: folder.appendingPathComponent("f.chart.json"), atomically: true, encoding: .utf8)
        let lint = try ChartcBinary.run(["lint", "f.chart.json"], in: folder)
        #expect(lint.status == 1)
        #expect(
            lint.output.contains("f.chart.json:2:73: error: unknown key 'numbr' in 'encoding.y.format'; did you mean 'number'?"), "\(lint.output)")
    }

    @Test func aFieldNameWithSpacesSaysToUseBackticks() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            { "title": "t", "data": { "values": [{ "Major Genre": "Action", "v": 1 }, { "Major Genre": "Drama", "v": 2 }] },
              "filter": "Major Genre == 'Action'",
              "mark": "bar", "encoding": { "x": { "field": "Major Genre" }, "y": { "field": "v" } } }
            """
        try spec.write(to: folder.appendingPathComponent("g.chart.json"), atomically: true, encoding: .utf8)
        for command in ["lint", "build"] {
            let run = try ChartcBinary.run([command, "g.chart.json"], in: folder)
            #expect(run.status == 1)
            let text = run.output + run.error
            #expect(
                text.contains(
                    "g.chart.json:2:14: error: expected an operator between 'Major' and 'Genre'; a field name with spaces is written in backticks: `Major Genre`"
                ), "\(text)")
            #expect(text.contains("'Major Genre' is a field of the data"), "\(text)")
        }
    }

    @Test func aNullFacetValueIsAPanelTitledWithTheLocalesWordLast() throws {
        let spec = """
            { "title": "t", "locale": "de-DE",
              "data": { "values": [{ "p": null, "k": "a", "v": 1 }, { "p": "x", "k": "a", "v": 2 }, { "p": "y", "k": null, "v": 3 }] },
              "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" } },
              "facet": { "field": "p", "columns": 3 } }
            """
        let built = try SVGMeasure.build(spec).svg
        let panelTitles = Self.panelTitles(built.svg)
        #expect(panelTitles == ["x", "y", "k. A."], "\(panelTitles)")
        // The null category on x is labelled with the same word.
        let ticks = Self.labels(built.tickLabels("chartc-axis-x"))
        #expect(ticks.contains("k. A."), "\(ticks)")
        // Lint counts them and names the same word.
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try spec.write(to: folder.appendingPathComponent("n.chart.json"), atomically: true, encoding: .utf8)
        let lint = try ChartcBinary.run(["lint", "n.chart.json"], in: folder)
        #expect(lint.output.contains("1 row has no 'p' (null) on the facet: drawn as the category 'k. A.', last"), "\(lint.output)")
        #expect(lint.output.contains("1 row has no 'k' (null) on 'x': drawn as the category 'k. A.', last"), "\(lint.output)")
    }

    /// The text of every panel title, in document order.
    static func panelTitles(_ svg: String) -> [String] {
        var result: [String] = []
        var search = svg.startIndex
        while let open = svg.range(of: "class=\"chartc-panel-title\"", range: search..<svg.endIndex),
            let tagEnd = svg.range(of: ">", range: open.upperBound..<svg.endIndex),
            let close = svg.range(of: "</text>", range: tagEnd.upperBound..<svg.endIndex)
        {
            result.append(SVGMeasure.unescape(SVGMeasure.stripTags(String(svg[tagEnd.upperBound..<close.lowerBound]))))
            search = close.upperBound
        }
        return result
    }
}
