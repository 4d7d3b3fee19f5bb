import ChartCommandLine
import ChartSpec
import Foundation
import Testing

/// SPEC §19.3: `{ "value": v }` on a channel is drawn, measured in the built SVG (marks sit in the plot's group,
/// so their coordinates are px from the plot's top-left corner): positions in px, `size` as a point's area, a
/// bar's or tick's thickness, a line's stroke width or a text's font size, `color` and `opacity`. Issue 24 found
/// every one of them silently ignored (all points at the plot's centre, r = 4.5, in the theme color).
@Suite struct ConstantValueTests {
    typealias T = MarkCombinationTests

    /// The SVG of a spec that must build.
    static func svg(_ mark: String, _ encoding: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let built = try T.build(mark: mark, encoding: encoding)
        guard case .output(let svg) = built else {
            Issue.record("did not build: \(built)", sourceLocation: sourceLocation)
            return ""
        }
        return svg
    }

    /// The errors of a spec that must fail.
    static func errors(_ mark: String, _ encoding: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let built = try T.build(mark: mark, encoding: encoding)
        guard let errors = built.errors else {
            Issue.record("built, but should fail", sourceLocation: sourceLocation)
            return ""
        }
        return errors
    }

    /// Every `<tag …>` element whose class list has `className`, as its attributes.
    static func elements(_ tag: String, _ className: String, in svg: String) -> [[String: String]] {
        svg.components(separatedBy: "<\(tag) ").dropFirst().compactMap { chunk -> [String: String]? in
            let element = String(chunk.prefix { $0 != ">" })
            var attributes: [String: String] = [:]
            var rest = Substring(element)
            while let equals = rest.firstIndex(of: "=") {
                let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
                let afterQuote = rest.index(equals, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex
                guard afterQuote <= rest.endIndex, let close = rest[afterQuote...].firstIndex(of: "\"") else { break }
                attributes[name] = String(rest[afterQuote..<close])
                rest = rest[rest.index(after: close)...]
            }
            guard (attributes["class"] ?? "").split(separator: " ").contains(Substring(className)) else { return nil }
            return attributes
        }
    }

    static func number(_ attributes: [String: String], _ name: String) -> Double? { attributes[name].flatMap(Double.init) }

    /// The baseline of the x axis's first label.
    static func xLabelBaseline(_ svg: String) -> Double? {
        guard let axis = svg.range(of: "chartc-axis chartc-axis-x"), let y = svg[axis.upperBound...].range(of: " y=\"") else { return nil }
        return Double(svg[y.upperBound...].prefix { $0 != "\"" })
    }

    @Test func pointsTakeConstantPositionSizeColorAndOpacity() throws {
        let svg = try Self.svg(
            #""point""#,
            [
                "x": #"{ "field": "v" }"#, "y": #"{ "value": 40 }"#, "size": #"{ "value": 200 }"#, "color": #"{ "value": "red" }"#,
                "opacity": #"{ "value": 0.4 }"#
            ])
        let points = Self.elements("circle", "chartc-point", in: svg)
        #expect(points.count == 6)
        for point in points {
            #expect(Self.number(point, "cy") == 40, "\(point)")
            let radius = try #require(Self.number(point, "r"))
            #expect(abs(radius - (200 / Double.pi).squareRoot()) < 0.01, "r = sqrt(200/π): \(radius)")
            #expect(point["fill"] == "#ff0000", "\(point)")
            #expect(point["opacity"] == "0.4", "\(point)")
        }
        // A constant color draws no legend; a constant y no y axis.
        #expect(!svg.contains("chartc-legend"), "a constant color has no legend")
        #expect(!svg.contains("chartc-axis-y"), "a constant y has no axis")
    }

    @Test func aConstantXIsPxFromTheLeftEdge() throws {
        let svg = try Self.svg(#""point""#, ["x": #"{ "value": 30 }"#, "y": #"{ "field": "v" }"#])
        let points = Self.elements("circle", "chartc-point", in: svg)
        #expect(points.count == 6 && points.allSatisfy { Self.number($0, "cx") == 30 }, "\(points)")
    }

    @Test func aRuleAtAConstantYRunsAcross() throws {
        let svg = try Self.svg(#""rule""#, ["y": #"{ "value": 40 }"#, "size": #"{ "value": 3 }"#])
        let rules = Self.elements("line", "chartc-rule", in: svg)
        #expect(!rules.isEmpty)
        for rule in rules {
            #expect(Self.number(rule, "y1") == 40 && Self.number(rule, "y2") == 40, "\(rule)")
            #expect(Self.number(rule, "x1") == 0 && (Self.number(rule, "x2") ?? 0) > 500, "across the plot: \(rule)")
            #expect(rule["stroke-width"] == "3", "\(rule)")
        }
    }

    @Test func aRuleFromConstantYToConstantY2() throws {
        let svg = try Self.svg(#""rule""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "value": 40 }"#, "y2": #"{ "value": 100 }"#])
        let rules = Self.elements("line", "chartc-rule", in: svg)
        #expect(rules.count == 6)
        for rule in rules {
            #expect(Self.number(rule, "y1") == 40 && Self.number(rule, "y2") == 100, "\(rule)")
            #expect(Self.number(rule, "x1") == Self.number(rule, "x2"), "\(rule)")
        }
    }

    @Test func aConstantSizeIsABarsThicknessCentredOnItsBand() throws {
        let plain = Self.elements("rect", "chartc-bar", in: try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#]))
        let sized = Self.elements(
            "rect", "chartc-bar", in: try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "size": #"{ "value": 12 }"#]))
        #expect(plain.count == sized.count && !sized.isEmpty)
        for (before, after) in zip(plain, sized) {
            let width = try #require(Self.number(after, "width"))
            #expect(width == 12, "\(after)")
            let oldCentre = try #require(Self.number(before, "x")) + (Self.number(before, "width") ?? 0) / 2
            let newCentre = try #require(Self.number(after, "x")) + width / 2
            #expect(abs(oldCentre - newCentre) < 0.01, "centred on the band: \(oldCentre) vs \(newCentre)")
        }
    }

    @Test func aBarWithAConstantYGrowsFromTheBottomEdge() throws {
        let svg = try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "value": 40 }"#])
        // The plot's bottom edge: as far above the x axis's labels as the same chart's from a field, whose bars
        // (on an axis from zero) end there.
        let referenceSVG = try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#])
        let reference = Self.elements("rect", "chartc-bar", in: referenceSVG)
        let referenceBottom = try #require(reference.first.flatMap { bar in Self.number(bar, "y").map { $0 + (Self.number(bar, "height") ?? 0) } })
        let gap = try #require(Self.xLabelBaseline(referenceSVG)) - referenceBottom
        let bottom = try #require(Self.xLabelBaseline(svg)) - gap
        let bars = Self.elements("rect", "chartc-bar", in: svg)
        #expect(!bars.isEmpty)
        for bar in bars {
            #expect(Self.number(bar, "y") == 40, "\(bar)")
            let height = try #require(Self.number(bar, "height"))
            #expect(abs(40 + height - bottom) < 0.02, "down to the bottom edge: \(bar), bottom \(bottom)")
        }
    }

    @Test func aHorizontalBarAtAConstantYIsSizeThick() throws {
        let svg = try Self.svg(#""bar""#, ["x": #"{ "field": "v" }"#, "y": #"{ "value": 50 }"#, "size": #"{ "value": 10 }"#])
        let bars = Self.elements("rect", "chartc-bar", in: svg)
        #expect(bars.count == 6)
        for bar in bars {
            #expect(Self.number(bar, "y") == 45 && Self.number(bar, "height") == 10, "centred on 50 px, 10 px thick: \(bar)")
        }
    }

    @Test func aBarSpanningConstantPx() throws {
        let svg = try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "value": 20 }"#, "y2": #"{ "value": 70 }"#])
        let bars = Self.elements("rect", "chartc-bar", in: svg)
        #expect(!bars.isEmpty && bars.allSatisfy { Self.number($0, "y") == 20 && Self.number($0, "height") == 50 }, "\(bars)")
    }

    @Test func aConstantSizeIsALinesStrokeWidthAndATicksThickness() throws {
        let lines = Self.elements(
            "path", "chartc-line", in: try Self.svg(#""line""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "size": #"{ "value": 6 }"#]))
        #expect(!lines.isEmpty && lines.allSatisfy { $0["stroke-width"] == "6" }, "\(lines)")
        let ticks = Self.elements(
            "line", "chartc-tick", in: try Self.svg(#""tick""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "size": #"{ "value": 5 }"#]))
        #expect(ticks.count == 6 && ticks.allSatisfy { $0["stroke-width"] == "5" }, "\(ticks)")
        let area = Self.elements(
            "path", "chartc-line",
            in: try Self.svg(#""area""#, ["x": #"{ "field": "w" }"#, "y": #"{ "field": "v" }"#, "size": #"{ "value": 4 }"#]))
        #expect(!area.isEmpty && area.allSatisfy { $0["stroke-width"] == "4" }, "the area's outline: \(area)")
    }

    @Test func aConstantTextAndSizeOnATextMark() throws {
        let svg = try Self.svg(
            #""text""#,
            [
                "x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "text": #"{ "value": "hi" }"#, "size": #"{ "value": 20 }"#,
                "color": ##"{ "value": "#aa3300" }"##
            ])
        let texts = Self.elements("text", "chartc-text", in: svg)
        #expect(texts.count == 6)
        #expect(texts.allSatisfy { $0["font-size"] == "20" && $0["fill"] == "#aa3300" }, "\(texts)")
        #expect(svg.components(separatedBy: ">hi</text>").count - 1 == 6, "the constant text at each row")
    }

    @Test func aConstantOpacityOnBarsAndARectBetweenConstantPx() throws {
        let bars = Self.elements(
            "rect", "chartc-bar",
            in: try Self.svg(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "opacity": #"{ "value": 0.3 }"#]))
        #expect(!bars.isEmpty && bars.allSatisfy { $0["opacity"] == "0.3" }, "\(bars)")
        let rects = Self.elements(
            "rect", "chartc-rect",
            in: try Self.svg(#""rect""#, ["x": #"{ "value": 10 }"#, "x2": #"{ "value": 60 }"#, "y": #"{ "field": "cat" }"#]))
        #expect(!rects.isEmpty && rects.allSatisfy { Self.number($0, "x") == 10 && Self.number($0, "width") == 50 }, "\(rects)")
    }

    @Test func wrongConstantsAreErrorsAtTheirValue() throws {
        let opacity = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "opacity": #"{ "value": 1.5 }"#])
        #expect(opacity.contains("[invalid-value]") && opacity.contains("combination.chart.json:1:"), "\(opacity)")
        let size = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "size": #"{ "value": "big" }"#])
        #expect(size.contains("[wrong-type]"), "\(size)")
        let color = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "color": #"{ "value": "rde" }"#])
        #expect(color.contains("[color-invalid]") && color.contains("did you mean 'red'?"), "\(color)")
        let both = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "size": #"{ "field": "w", "value": 3 }"#])
        #expect(both.contains("[conflicting-keys]"), "\(both)")
        // A constant has no scale or axis: the key would change nothing.
        let scale = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "y": #"{ "value": 40, "scale": { "zero": false } }"#])
        #expect(scale.contains("[conflicting-keys]") && scale.contains("does nothing on a constant"), "\(scale)")
    }

    @Test func aFieldWhereOnlyAConstantIsDrawnIsRejected() throws {
        let opacity = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "opacity": #"{ "field": "w" }"#])
        #expect(
            opacity.contains("[channel-not-supported]") && opacity.contains(#"{ "value": 0.5 }"#) && opacity.contains("use color"), "\(opacity)")
        let size = try Self.errors(#""bar""#, ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "size": #"{ "field": "w" }"#])
        #expect(size.contains("[channel-not-supported]") && size.contains("line and point marks"), "\(size)")
        // A constant a mark does not draw names the marks that do.
        let text = try Self.errors(#""point""#, ["x": #"{ "field": "v" }"#, "text": #"{ "value": "a" }"#])
        #expect(text.contains("[channel-not-supported]") && text.contains("a constant text is drawn by text marks"), "\(text)")
    }

    @Test func constantsAreNotDataColumnsInTooltipsOrTheTable() throws {
        let built = try T.build(
            mark: #""point""#,
            encoding: ["x": #"{ "field": "v" }"#, "y": #"{ "value": 40 }"#, "color": #"{ "value": "red" }"#, "size": #"{ "value": 90 }"#],
            format: "html")
        guard case .output(let html) = built else {
            Issue.record("\(built)")
            return
        }
        #expect(html.contains("#ff0000"))
        // The page's table and tooltips list the rows' fields (v), never the constants.
        #expect(!html.contains(">red<") && !html.contains(">90<") && !html.contains(">40<td"), "a constant is not a tooltip field or a table column")
    }

    @Test func chartcDataListsNoConstants() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            { "data": { "values": \(T.rows) }, "mark": "point",
              "encoding": { "x": { "field": "v" }, "y": { "value": 40 }, "size": { "value": 90 }, "color": { "value": "red" }, "opacity": { "value": 0.5 } } }
            """
        let path = directory.appendingPathComponent("data.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        #expect(Chartc.run(["data", path.path], console: console) == 0, "\(console.error)")
        let header = console.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.split(separator: ",").allSatisfy { ["cat", "grp", "v", "w", "t"].contains(String($0)) }, "\(header)")
        #expect(!console.output.contains("red") && !console.output.contains("0.5"), "\(console.output)")
    }

    @Test func constantsInLayersAndPanels() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            { "data": { "values": \(T.rows) }, "facet": { "field": "grp" }, "encoding": { "x": { "field": "cat" }, "y": { "field": "v" } },
              "layers": [{ "mark": "point", "encoding": { "size": { "value": 300 } } },
                         { "mark": "rule", "encoding": { "x": null, "y": { "value": 25 }, "color": { "value": "#cc0000" } } }] }
            """
        let path = directory.appendingPathComponent("layers.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--offline"], console: console)
        #expect(status == 0, "\(console.error)")
        let svg = String(decoding: try Data(contentsOf: directory.appendingPathComponent("layers.svg")), as: UTF8.self)
        let points = Self.elements("circle", "chartc-point", in: svg)
        #expect(points.count == 6 && points.allSatisfy { abs((Self.number($0, "r") ?? 0) - (300 / Double.pi).squareRoot()) < 0.01 }, "\(points)")
        let rules = Self.elements("line", "chartc-rule", in: svg)
        #expect(rules.count >= 2, "a rule in each panel: \(rules)")
        #expect(rules.allSatisfy { Self.number($0, "y1") == 25 && Self.number($0, "y2") == 25 && $0["stroke"] == "#cc0000" }, "\(rules)")
    }
}
