import Testing
import ChartLayout
@testable import ChartRender
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses SVG text with the platform XML parser: well-formed or not, and the elements seen.
final class XMLCheck: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var characters = ""
    var error: String?

    static func parse(_ text: String) -> XMLCheck {
        let check = XMLCheck()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = check
        if !parser.parse() { check.error = parser.parserError.map { "\($0)" } ?? "parse failed" }
        return check
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
        attributes.append(attributeDict)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = "\(parseError)"
    }

    func attributes(of element: String) -> [[String: String]] {
        zip(elements, attributes).filter { $0.0 == element }.map(\.1)
    }
}

@Suite struct SVGWriterTests {
    let style = TextStyle(size: 12)

    func sample(title: String? = "Rates & <risks>", description: String? = "A \"quoted\" 'desc'") -> Scene {
        var group = GroupNode(classes: ["chartc-marks"])
        var series = GroupNode(classes: ["chartc-series"], data: [DataAttribute("series", "R&D \"east\"")])
        var path = PathBuilder()
        path.move(to: 0, 0)
        path.line(to: 10.126, 20)
        series.append(.path(PathNode(d: path.d, stroke: Stroke(.color("#1f5fbf"), width: 2, cap: .round, join: .round))))
        series.append(.rect(RectNode(box: Box(x: 1, y: 2, width: 3.333, height: 4), cornerRadius: 1, fill: .gradient(id: "along-0"))))
        series.append(.circle(CircleNode(cx: -0.001, cy: 5, radius: 3, fill: .color("#d62728"))))
        series.append(.line(LineNode(x1: 0, y1: 0.5, x2: 100, y2: 0.5, stroke: Stroke(.color("#e5e5e5"), dash: [2, 2]))))
        group.append(.group(series))
        let text = TextNode(block: .single("x < y & z", style: style), x: 20, top: 10, fill: "#666", classes: ["chartc-byline"])
        return Scene(
            width: 640, height: 480.5, title: title, description: description,
            definitions: [
                .linearGradient(
                    LinearGradient(
                        id: "along-0", x1: 0, y1: 400, x2: 0, y2: 0, stops: [.init(offset: 0, color: "#2166ac"), .init(offset: 1, color: "#b2182b")])),
                .clipRect(id: "plot", box: Box(x: 0, y: 0, width: 100, height: 100))
            ],
            children: [.group(GroupNode(classes: ["chartc-plot"], clipID: "plot", children: [.group(group)])), .text(text)]
        )
    }

    @Test func outputIsWellFormedXML() {
        let svg = SVGWriter.write(sample())
        let check = XMLCheck.parse(svg)
        #expect(check.error == nil)
        #expect(check.elements.first == "svg")
        #expect(check.elements.contains("linearGradient"))
        #expect(check.elements.contains("clipPath"))
    }

    @Test func rootIsAccessibleAndSized() throws {
        let svg = SVGWriter.write(sample())
        let check = XMLCheck.parse(svg)
        let root = try #require(check.attributes(of: "svg").first)
        #expect(root["role"] == "img")
        #expect(root["width"] == "640")
        #expect(root["height"] == "480.5")
        #expect(root["viewBox"] == "0 0 640 480.5")
        #expect(root["aria-labelledby"] == "chartc-title chartc-desc")
        #expect(root["font-family"] == TextMeasurer.fontFamily)
        #expect(check.attributes(of: "title").first?["id"] == "chartc-title")
        #expect(check.characters.contains("Rates & <risks>"))
        #expect(check.characters.contains("A \"quoted\" 'desc'"))
        #expect(svg.contains("<title id=\"chartc-title\">Rates &amp; &lt;risks&gt;</title>"))
    }

    @Test func labelsOnlyWhatExists() throws {
        let svg = SVGWriter.write(sample(title: nil, description: "Only a description"))
        let root = try #require(XMLCheck.parse(svg).attributes(of: "svg").first)
        #expect(root["aria-labelledby"] == "chartc-desc")
        #expect(!svg.contains("<title"))
    }

    @Test func escapesAttributesAndRoundsNumbers() {
        let svg = SVGWriter.write(sample())
        #expect(svg.contains("data-series=\"R&amp;D &quot;east&quot;\""))
        #expect(svg.contains("d=\"M0,0L10.13,20\""))
        #expect(svg.contains("width=\"3.33\""))
        #expect(svg.contains("cx=\"0\""))
        #expect(!svg.contains("=\"-0\"") && !svg.contains(",-0"))
        #expect(svg.contains(">x &lt; y &amp; z</text>"))
    }

    @Test func prefixesIdsAndTheirReferences() {
        let svg = SVGWriter.write(sample(), options: .init(idPrefix: "fig2"))
        #expect(svg.contains("id=\"fig2-along-0\""))
        #expect(svg.contains("fill=\"url(#fig2-along-0)\""))
        #expect(svg.contains("clip-path=\"url(#fig2-plot)\""))
        #expect(svg.contains("gradientUnits=\"userSpaceOnUse\""))
    }

    @Test func isDeterministic() {
        #expect(SVGWriter.write(sample()) == SVGWriter.write(sample()))
    }

    @Test func isSelfContained() {
        let svg = SVGWriter.write(sample())
        #expect(!svg.contains("<image"))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("@import"))
        #expect(!svg.contains("xlink:href"))
    }

    @Test func dropsCharactersXMLCannotHold() {
        let nasty = "bell\u{07}tab\tnull\u{0}end\u{FFFE}"
        let node = TextNode(block: .single(nasty, style: style), x: 0, top: 0, fill: "#000", data: [DataAttribute("v", nasty)])
        let svg = SVGWriter.write(Scene(width: 10, height: 10, title: nasty, children: [.text(node)]))
        let check = XMLCheck.parse(svg)
        #expect(check.error == nil)
        #expect(svg.contains(">belltab nullend</text>"))
        #expect(svg.contains("data-v=\"belltab&#9;nullend\""))
    }

    @Test func writesRunsAsStyledSpansAndLinks() {
        let runs = [
            TextRun("Sources: ", style: TextStyle(size: 12, weight: .bold)),
            TextRun("Parties | ", style: style, link: "https://example.com/?a=1&b=2"),
            TextRun("Voteview", style: TextStyle(size: 12, italic: true), link: "https://example.com/?a=1&b=2")
        ]
        let block = TextBlock(lines: [TextBlockLine(runs: runs)], style: style)
        let svg = SVGWriter.write(
            Scene(
                width: 300, height: 40,
                children: [.text(TextNode(block: block, x: 20, top: 5, style: style, fill: "#666", classes: ["chartc-sources"]))]))
        #expect(XMLCheck.parse(svg).error == nil)
        #expect(svg.contains("<tspan font-weight=\"bold\">Sources: </tspan>"))
        #expect(svg.contains("<a href=\"https://example.com/?a=1&amp;b=2\">Parties | <tspan font-style=\"italic\">Voteview</tspan></a>"))
    }

    @Test func writesOneSpanPerWrappedLine() {
        let block = TextBlock.wrapped("alpha beta gamma delta epsilon zeta", style: style, width: 80)
        let node = TextNode(block: block, x: 20, baseline: 30, fill: "#000", maxWidth: 80)
        let svg = SVGWriter.write(Scene(width: 300, height: 200, children: [.text(node)]))
        let spans = XMLCheck.parse(svg).attributes(of: "tspan")
        #expect(spans.count == block.lines.count)
        #expect(spans.map { $0["y"] } == (0..<block.lines.count).map { SceneNumber.format(30 + Double($0) * block.lineHeight) })
        #expect(svg.contains("data-max-width=\"80\""))
    }
}
