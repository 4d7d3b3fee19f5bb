import ChartCommandLine
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// SPEC §19 checked as a new user would: small specs written from the SPEC alone (inline data, one mark or
/// layers, panels, horizontal and vertical), built by `chartc build`, `lint` and `data`, and the SVG measured.
/// §19.8 (every category named), 19.9 (missing values visible), 19.11 (running figures in panels), 19.13
/// (annotations anchored to rows), 19.14 (numbers) and 19.15 (backticks).
@Suite struct WhatIsAcceptedIsDrawnTests {
    /// What one command printed.
    struct Run {
        var status: Int32
        var output: String
        var error: String
        /// The built file of a `build` (by extension), when it wrote one.
        var files: [String: String]
    }

    /// Runs `chartc ARGUMENTS SPEC` on `spec` written to a scratch folder (the outputs go there too).
    static func run(_ arguments: [String], _ spec: String, formats: [String] = ["svg"]) throws -> Run {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("check.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        var all = arguments + [path.path]
        if arguments.first == "build" { all += ["-o", directory.path, "--format", formats.joined(separator: ","), "--offline"] }
        let status = Chartc.run(all, console: console)
        var files: [String: String] = [:]
        for format in formats {
            if let data = try? Data(contentsOf: directory.appendingPathComponent("check." + format)) {
                files[format] = String(decoding: data, as: UTF8.self)
            }
        }
        return Run(status: status, output: console.output, error: console.error, files: files)
    }

    /// The SVG of a spec that must build.
    static func svg(_ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SVGDocument {
        let built = try run(["build"], spec)
        let svg = try #require(built.files["svg"], "did not build: \(built.error)", sourceLocation: sourceLocation)
        return try SVGDocument(svg)
    }

    static func lint(_ spec: String) throws -> String {
        let linted = try run(["lint"], spec)
        return linted.output + linted.error
    }

    static func data(_ spec: String, layer: Int? = nil) throws -> String {
        try run(["data"] + (layer.map { ["--layer", String($0)] } ?? []), spec).output
    }

    // MARK: §19.8 every category is labelled

    @Test func everyCategoryIsNamedOnBothAxesAndInEveryPanel() throws {
        // 40 categories on x without a width: never thinned, 20 px a category at least.
        let names = (1...40).map { "Item \($0)" }
        let rows = names.enumerated().map { "{\"k\": \"\($0.element)\", \"v\": \($0.offset % 7 + 1)}" }.joined(separator: ",")
        let columns = try Self.svg(
            #"{ "data": { "values": [\#(rows)] }, "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }"#)
        #expect(columns.labels(axis: "x").map(\.text) == names)
        #expect(columns.labels(axis: "x").allSatisfy { $0.title == nil })
        let bars = columns.elements(class: "chartc-bar").compactMap { $0.number("x") }.sorted()
        #expect(bars.count == 40)
        for (a, b) in zip(bars, bars.dropFirst()) { #expect(b - a >= 20 - 0.01) }
        // The same as points on y, in panels: each panel that prints the y labels prints all of them.
        let panelRows = names.enumerated().map { "{\"k\": \"\($0.element)\", \"p\": \"\($0.offset % 2 == 0 ? "a" : "b")\", \"v\": \($0.offset % 5)}" }
        let panels = try Self.svg(
            #"{ "data": { "values": [\#(panelRows.joined(separator: ","))] }, "facet": { "field": "p" }, "mark": "point", "encoding": { "y": { "field": "k" }, "x": { "field": "v" } } }"#
        )
        let printed = panels.panels().map { $0.labels(axis: "y").map(\.text) }.filter { !$0.isEmpty }
        #expect(!printed.isEmpty)
        for labels in printed { #expect(labels.sorted() == names.sorted()) }
    }

    @Test func aHeightStepGivesEachCategoryExactlyThatMuch() throws {
        let rows = (0..<12).map { "{\"k\": \"Name \($0)\", \"v\": \($0 + 1)}" }.joined(separator: ",")
        let svg = try Self.svg(
            #"{ "height": { "step": 28 }, "data": { "values": [\#(rows)] }, "mark": "bar", "encoding": { "y": { "field": "k" }, "x": { "field": "v" } } }"#
        )
        let tops = svg.elements(class: "chartc-bar").compactMap { $0.number("y") }.sorted()
        #expect(tops.count == 12)
        for (a, b) in zip(tops, tops.dropFirst()) { #expect(abs(b - a - 28) < 0.01) }
    }

    @Test func namesWrapAtSpacesAndOnlyTheTooLongAreShortenedWithATitle() throws {
        let svg = try Self.svg(
            #"""
            { "width": 400, "height": 200, "data": { "values": [
                { "k": "North East", "v": 1 }, { "k": "1999-12-31", "v": 2 }, { "k": "SupercalifragilisticexpialidociousnessSupercalifragilisticexpialidociousnessSupercalifragilisticexpialidociousness", "v": 3 } ] },
              "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }
            """#)
        let labels = svg.labels(axis: "x")
        #expect(labels.count == 3)
        // Whole words on each line; a name shown whole has no title, a shortened one keeps its name there.
        for label in labels {
            let shown = label.lines.joined(separator: " ")
            if let title = label.title {
                #expect(shown.hasSuffix("\u{2026}"))
                #expect(title.hasPrefix(String(shown.dropLast().prefix(4))))
            } else {
                #expect(["North East", "1999-12-31"].contains(shown), "\(label.lines)")
            }
        }
        #expect(labels.first?.title == nil)
        // A word that fits neither across its band nor upright in the margin (SPEC §19.8: names turn upright first).
        #expect(
            labels.last?.title == "SupercalifragilisticexpialidociousnessSupercalifragilisticexpialidociousnessSupercalifragilisticexpialidociousness"
        )
    }

    @Test func thePhoneLayoutTurnsLayeredColumnsWithTheirNotesOnTheirSide() throws {
        let names = (1...24).map { "Region \($0)" }
        let rows = names.enumerated().map { "{\"k\": \"\($0.element)\", \"v\": \($0.offset % 9 + 1)}" }.joined(separator: ",")
        let built = try Self.run(
            ["build"],
            #"""
            { "width": 800, "data": { "values": [\#(rows)] }, "encoding": { "x": { "field": "k" }, "y": { "field": "v" } },
              "layers": [ { "mark": "bar" }, { "mark": "text", "encoding": { "text": { "field": "v" } } } ],
              "annotations": [ { "type": "rule", "y": 5, "label": "Five" } ] }
            """#, formats: ["html"])
        let html = try #require(built.files["html"], "\(built.error)")
        let narrowView = try #require(html.components(separatedBy: "chartc-view-narrow\">").dropFirst().first)
        let start = try #require(narrowView.range(of: "<svg"))
        let end = try #require(narrowView.range(of: "</svg>"))
        let narrow = try SVGDocument(String(narrowView[start.lowerBound..<end.upperBound]))
        #expect(narrow.labels(axis: "y").map(\.text) == names)
        #expect(narrow.labels(axis: "y").allSatisfy { $0.title == nil })
        // The rule at 5 now runs up the plot, its label kept; every value is printed.
        let rule = try #require(narrow.elements(tag: "line", inClass: "chartc-annotation").first)
        #expect(rule.number("x1") == rule.number("x2"))
        #expect(narrow.texts(in: "chartc-annotations") == ["Five"])
        #expect(narrow.elements(class: "chartc-text").count == 24)
    }

    // MARK: §19.9 missing values stay visible

    @Test func nullCategoriesAreDrawnAsNALastWithACountedWarning() throws {
        let spec = #"""
            { "data": { "values": [
                { "cat": "B", "grp": "x", "v": 3 }, { "cat": null, "grp": "x", "v": 5 }, { "cat": "A", "grp": null, "v": 2 },
                { "cat": "C", "grp": "y", "v": 4 }, { "cat": null, "grp": "y", "v": 1 } ] },
              "mark": "bar", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "color": { "field": "grp" } } }
            """#
        let svg = try Self.svg(spec)
        #expect(svg.labels(axis: "x").map(\.text) == ["B", "A", "C", "n/a"] || svg.labels(axis: "x").map(\.text) == ["A", "B", "C", "n/a"])
        #expect(svg.texts(in: "chartc-legend").last == "n/a")
        #expect(svg.elements(class: "chartc-bar").count == 5)
        let lint = try Self.lint(spec)
        #expect(lint.contains("2 rows have no 'cat'") && lint.contains("[missing-category]"), "\(lint)")
        #expect(lint.contains("1 row has no 'grp'"), "\(lint)")
        // In German the word for missing is the locale's.
        let german = try Self.svg(spec.replacingOccurrences(of: #"{ "data""#, with: #"{ "locale": "de-DE", "data""#))
        #expect(german.labels(axis: "x").last?.text == "k. A.")
    }

    @Test func aNullMeasureLeavesAGapInALineAndAnArea() throws {
        for mark in ["line", "area"] {
            let svg = try Self.svg(
                #"""
                { "data": { "values": [ { "d": "2020-01-01", "v": 3 }, { "d": "2020-01-02", "v": 4 }, { "d": "2020-01-03", "v": null },
                    { "d": "2020-01-04", "v": 5 }, { "d": "2020-01-05", "v": 2 } ] },
                  "mark": "\#(mark)", "encoding": { "x": { "field": "d" }, "y": { "field": "v" } } }
                """#)
            let path = try #require(svg.elements(class: "chartc-\(mark)").first?.attributes["d"])
            // Two runs: the path starts again after the gap.
            #expect(path.filter { $0 == "M" }.count == 2, "\(mark): \(path)")
        }
    }

    // MARK: §19.11 running figures in panels and layers

    @Test func aWindowInPanelsRunsWithinEachPanel() throws {
        let spec = #"""
            { "data": { "values": [
                { "ind": "Agri", "m": 1, "v": 10 }, { "ind": "Agri", "m": 2, "v": 20 }, { "ind": "Agri", "m": 3, "v": 30 },
                { "ind": "Biz", "m": 1, "v": 1 }, { "ind": "Biz", "m": 2, "v": 2 }, { "ind": "Biz", "m": 3, "v": 3 } ] },
              "sort": ["m"], "window": { "cum": "cumsum(v)", "share": "v / sum(v)", "avg": "rolling_mean(v, 2)" },
              "facet": { "field": "ind" }, "mark": "line", "encoding": { "x": { "field": "m" }, "y": { "field": "cum" } } }
            """#
        let table = try Self.data(spec)
        let rows = table.split(separator: "\n").map(String.init)
        #expect(rows.first == "ind,m,v,cum,share,avg")
        #expect(rows.contains("Agri,3,30,60,0.5,25"))
        #expect(rows.contains("Biz,3,3,6,0.5,2.5"))
        #expect(rows.contains("Biz,1,1,1,0.16666666666666666,"))
    }

    // MARK: §19.13 annotations anchored to rows

    @Test func notesPointAtTheRowsTheyName() throws {
        let svg = try Self.svg(
            #"""
            { "data": { "values": [ { "d": "2020-01-01", "t": 3.5, "city": "Oslo" }, { "d": "2020-01-02", "t": 9.25, "city": "Oslo" },
                { "d": "2020-01-03", "t": -4, "city": "Oslo" }, { "d": "2020-01-04", "t": 5, "city": "Oslo" } ] },
              "mark": "line", "encoding": { "x": { "field": "d" }, "y": { "field": "t", "format": ".1f" } },
              "annotations": [
                { "type": "text", "at": "argmax(t)", "text": "Hottest: {y} on {x} in {city}" },
                { "type": "text", "at": "argmin(t)", "text": "Coldest {t}" },
                { "type": "text", "at": "first", "text": "Start {y}" },
                { "type": "text", "at": "last", "text": "End {x}" } ] }
            """#)
        #expect(svg.texts(in: "chartc-annotations") == ["Hottest: 9.3 on Jan 2 in Oslo", "Coldest \u{2212}4.0", "Start 3.5", "End Jan 4"])
        // Each connector ends next to its row's point on the line.
        let path = try #require(svg.elements(class: "chartc-line").first?.attributes["d"])
        let points = path.split(whereSeparator: { $0 == "M" || $0 == "L" }).map { $0.split(separator: ",").compactMap { Double($0) } }
        let connectors = svg.elements(tag: "line", inClass: "chartc-annotation")
        #expect(connectors.count == 4)
        for (connector, row) in zip(connectors, [1, 2, 0, 3]) {
            let end = (connector.number("x2") ?? .nan, connector.number("y2") ?? .nan)
            let point = points[row]
            #expect(hypot(end.0 - point[0], end.1 - point[1]) < 8, "note \(row) ends at \(end), its point is \(point)")
        }
    }

    // MARK: §19.14 numbers

    @Test func shortScaleFormatsAndAffixesInEnglishAndGerman() throws {
        let spec = #"""
            { "data": { "values": [ { "k": "a", "v": 600000000 }, { "k": "b", "v": 2800000000 }, { "k": "c", "v": 45000 } ] },
              "mark": { "type": "bar", "labels": { "format": { "number": "$.2S" } } },
              "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }
            """#
        let english = try Self.svg(spec)
        #expect(english.texts(in: "chartc-marks").filter { $0.hasPrefix("$") } == ["$600M", "$2.8B", "$45K"])
        // The automatic axis: short scale, never a value below one unit of its prefix.
        let ticks = english.labels(axis: "y").map(\.text)
        #expect(ticks.contains("1B") && ticks.contains("3B") && !ticks.contains { $0.hasPrefix("0.") }, "\(ticks)")
        let german = try Self.svg(spec.replacingOccurrences(of: #"{ "data""#, with: #"{ "locale": "de-DE", "data""#))
        #expect(
            german.texts(in: "chartc-marks").filter { $0.contains("€") } == ["600\u{a0}Mio.\u{a0}€", "2,8\u{a0}Mrd.\u{a0}€", "45\u{a0}Tsd.\u{a0}€"])
        let affixes = try Self.svg(
            #"""
            { "data": { "values": [ { "k": "a", "v": 2.84 } ] }, "mark": { "type": "bar", "labels": { "format": { "number": ".1f", "prefix": "$", "suffix": " bn" } } },
              "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }
            """#)
        #expect(affixes.texts(in: "chartc-marks").contains("$2.8 bn"))
        // Millions on an automatic axis: 600M, never 0.60B.
        let axis = try Self.svg(
            #"{ "data": { "values": [ { "k": "a", "v": 600000000 }, { "k": "b", "v": 1250000000 } ] }, "mark": "bar", "encoding": { "y": { "field": "k" }, "x": { "field": "v" } } }"#
        )
        let values = axis.labels(axis: "x").map(\.text)
        #expect(values.contains("600M") && !values.contains { $0.hasPrefix("0.") }, "\(values)")
    }

    // MARK: §19.15 field names with spaces

    @Test func anUnquotedNameWithSpacesSaysBackticksAndOffersTheFix() throws {
        let lint = try Self.lint(
            #"""
            { "data": { "values": [ { "Major Genre": "Action", "Rotten Tomatoes Rating": 5 } ] },
              "filter": ["Major Genre == 'Action'", "Rotten Tomatoes Rating > 3"],
              "mark": "bar", "encoding": { "x": { "field": "Major Genre" }, "y": { "field": "Rotten Tomatoes Rating" } } }
            """#)
        #expect(lint.contains("a field name with spaces is written in backticks: `Major Genre`"), "\(lint)")
        #expect(lint.contains("a field name with spaces is written in backticks: `Rotten Tomatoes Rating`"), "\(lint)")
        #expect(lint.contains("replace with '`Major Genre`'"), "\(lint)")
    }
}

/// A built SVG, measured: its elements with their attributes and text, and the groups they sit in.
struct SVGDocument {
    /// One element: tag, attributes, its own text (without a `<title>` child), the `<title>` child's text and its
    /// `<tspan>` lines, and the classes of the groups around it (outermost first) with their `data-*`.
    struct Element {
        var tag: String
        var attributes: [String: String]
        var text: String
        var title: String?
        var lines: [String]
        var ancestors: [[String: String]]

        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
        var classes: [Substring] { (attributes["class"] ?? "").split(separator: " ") }
        func inside(_ className: String) -> Bool { ancestors.contains { ($0["class"] ?? "").split(separator: " ").contains(Substring(className)) } }
    }

    var elements: [Element]

    init(_ svg: String) throws {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw collector.failure ?? CocoaError(.fileReadCorruptFile) }
        elements = collector.done
    }

    private init(elements: [Element]) { self.elements = elements }

    func elements(class className: String) -> [Element] { elements.filter { $0.classes.contains(Substring(className)) } }
    func elements(tag: String, inClass className: String) -> [Element] { elements.filter { $0.tag == tag && $0.inside(className) } }
    /// The texts inside groups of class `className`.
    func texts(in className: String) -> [String] {
        elements.filter { $0.tag == "text" && $0.inside(className) }.map { $0.lines.joined(separator: " ") }
    }
    /// The tick labels of an axis (its title left out).
    func labels(axis: String) -> [Element] {
        elements.filter { $0.tag == "text" && $0.inside("chartc-axis-" + axis) && !$0.classes.contains("chartc-axis-title") }
    }
    /// One document per `chartc-panel` group, holding the elements inside it.
    func panels() -> [SVGDocument] {
        var order: [String] = []
        var byPanel: [String: [Element]] = [:]
        for element in elements {
            guard let panel = element.ancestors.first(where: { ($0["class"] ?? "").split(separator: " ").contains("chartc-panel") })?["data-panel"]
            else {
                continue
            }
            if byPanel[panel] == nil { order.append(panel) }
            byPanel[panel, default: []].append(element)
        }
        return order.map { SVGDocument(elements: byPanel[$0] ?? []) }
    }

    private final class Collector: NSObject, XMLParserDelegate, @unchecked Sendable {
        var done: [Element] = []
        var open: [(element: Element, inTitle: Bool)] = []
        var groups: [[String: String]] = []
        var failure: Error?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            if name == "g" {
                groups.append(attributes)
                return
            }
            if name == "title", !open.isEmpty {
                open[open.count - 1].inTitle = true
                open[open.count - 1].element.title = ""
                return
            }
            if name == "tspan", !open.isEmpty {
                open[open.count - 1].element.lines.append("")
                return
            }
            open.append((Element(tag: name, attributes: attributes, text: "", title: nil, lines: [], ancestors: groups), false))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            if open[open.count - 1].inTitle {
                open[open.count - 1].element.title = (open[open.count - 1].element.title ?? "") + string
            } else {
                open[open.count - 1].element.text += string
                if !open[open.count - 1].element.lines.isEmpty {
                    open[open.count - 1].element.lines[open[open.count - 1].element.lines.count - 1] += string
                }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "g" {
                _ = groups.popLast()
                return
            }
            if name == "title", !open.isEmpty, open[open.count - 1].inTitle {
                open[open.count - 1].inTitle = false
                return
            }
            if name == "tspan" { return }
            guard let last = open.popLast() else { return }
            var element = last.element
            if element.lines.isEmpty, element.tag == "text" { element.lines = [element.text] }
            done.append(element)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failure = parseError }
    }
}
