import Foundation
import Testing

/// Reads what a reader sees in a built SVG, for tests that check SPEC §19's layout rules on the output itself:
/// the labels of an axis (text of each `<text>`, its lines, its position), the `<title>` kept for a shortened
/// label, rectangles and paths of the marks, and the SVG's size.
struct SVGMeasure {
    var svg: String

    /// One `<text>` element: its attributes, its lines (one per `<tspan>`, else one), and the `<title>` inside.
    struct Text {
        var x: Double
        var y: Double
        var lines: [String]
        var title: String?
        var rotated: Bool

        var joined: String { lines.joined(separator: " ") }
    }

    /// Builds `spec` (a whole chart spec's JSON) with `chartc build` into a scratch folder and reads the SVG; with
    /// `html`, also the page.
    static func build(_ spec: String, name: String = "chart", html: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        svg: SVGMeasure, html: String?
    ) {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name + ".chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let built = try ChartcBinary.run(["build", path.path, "--format", html ? "svg,html" : "svg"], sourceLocation: sourceLocation)
        try #require(built.status == 0, "chartc build failed: \(built.error)", sourceLocation: sourceLocation)
        let svg = try String(contentsOf: folder.appendingPathComponent(name + ".svg"), encoding: .utf8)
        let page = html ? try String(contentsOf: folder.appendingPathComponent(name + ".html"), encoding: .utf8) : nil
        return (SVGMeasure(svg: svg), page)
    }

    /// The contents of each group whose class list starts with `classes` (groups nest: the whole group).
    func groups(_ classes: String, in source: String? = nil) -> [String] {
        let text = source ?? svg
        var result: [String] = []
        var search = text.startIndex
        let marker = "<g class=\"" + classes
        while let open = text.range(of: marker, range: search..<text.endIndex) {
            // An empty group written `<g …/>`: just its tag.
            if let tagEnd = text[open.lowerBound...].firstIndex(of: ">"), text[text.index(before: tagEnd)] == "/" {
                result.append(String(text[open.lowerBound...tagEnd]))
                search = text.index(after: tagEnd)
                continue
            }
            var depth = 0
            var index = open.lowerBound
            var end = text.endIndex
            while index < text.endIndex {
                if text[index...].hasPrefix("<g ") || text[index...].hasPrefix("<g>") {
                    // An empty group written `<g …/>` opens nothing.
                    let tagEnd = text[index...].firstIndex(of: ">") ?? text.endIndex
                    if tagEnd == text.endIndex || text[text.index(before: tagEnd)] != "/" { depth += 1 }
                } else if text[index...].hasPrefix("</g>") {
                    depth -= 1
                    if depth == 0 {
                        end = text.index(index, offsetBy: 4)
                        break
                    }
                }
                index = text.index(after: index)
            }
            result.append(String(text[open.lowerBound..<end]))
            search = end
        }
        return result
    }

    /// Every `<text>` in `source`.
    static func texts(in source: String) -> [Text] {
        var result: [Text] = []
        var search = source.startIndex
        while let open = source.range(of: "<text", range: search..<source.endIndex),
            let close = source.range(of: "</text>", range: open.upperBound..<source.endIndex)
        {
            let element = String(source[open.lowerBound..<close.upperBound])
            search = close.upperBound
            let tagEnd = element.firstIndex(of: ">") ?? element.endIndex
            let tag = String(element[..<tagEnd])
            var body = String(element[element.index(after: tagEnd)...].dropLast("</text>".count))
            var title: String?
            if let start = body.range(of: "<title>"), let end = body.range(of: "</title>") {
                title = unescape(String(body[start.upperBound..<end.lowerBound]))
                body.removeSubrange(start.lowerBound..<end.upperBound)
            }
            var lines: [String] = []
            if body.contains("<tspan") {
                for part in body.components(separatedBy: "<tspan").dropFirst() {
                    lines.append(unescape(stripTags("<tspan" + part)))
                }
            } else {
                lines = [unescape(stripTags(body))]
            }
            result.append(
                Text(
                    x: attribute("x", in: tag) ?? 0, y: attribute("y", in: tag) ?? 0, lines: lines, title: title, rotated: tag.contains("rotate(")))
        }
        return result
    }

    /// The tick labels of the axes with this class (`chartc-axis-x`, `chartc-axis-y`), every panel's, in order.
    func axisLabels(_ axis: String, in source: String? = nil) -> [Text] {
        groups("chartc-axis " + axis, in: source).flatMap { group in
            Self.texts(in: group).filter { !$0.joined.isEmpty }
        }.filter { _ in true }
    }

    /// The axis's tick labels without its title.
    func tickLabels(_ axis: String, in source: String? = nil) -> [Text] {
        groups("chartc-axis " + axis, in: source).flatMap { group in
            var withoutTitle = group
            while let start = withoutTitle.range(of: "<text class=\"chartc-axis-title\""),
                let end = withoutTitle.range(of: "</text>", range: start.upperBound..<withoutTitle.endIndex)
            {
                withoutTitle.removeSubrange(start.lowerBound..<end.upperBound)
            }
            return Self.texts(in: withoutTitle)
        }
    }

    /// A number attribute of the root `<svg>`.
    var width: Double { Self.attribute("width", in: String(svg.prefix(400))) ?? 0 }
    var height: Double { Self.attribute("height", in: String(svg.prefix(400))) ?? 0 }

    /// Every `<rect>` inside groups with this class: x, y, width, height.
    func rects(inside classes: String) -> [(x: Double, y: Double, width: Double, height: Double)] {
        groups(classes).flatMap { group in
            group.components(separatedBy: "<rect").dropFirst().map { part in
                let tag = String(part.prefix { $0 != ">" })
                return (
                    Self.attribute("x", in: tag) ?? 0, Self.attribute("y", in: tag) ?? 0, Self.attribute("width", in: tag) ?? 0,
                    Self.attribute("height", in: tag) ?? 0
                )
            }
        }
    }

    /// The `d` of every `<path>` inside groups with this class.
    func paths(inside classes: String) -> [String] {
        groups(classes).flatMap { group in
            group.components(separatedBy: "<path").dropFirst().compactMap { part in
                let tag = String(part.prefix { $0 != ">" })
                guard let start = tag.range(of: " d=\"") else { return nil }
                return String(tag[start.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    /// The points of a path's `d` (pairs of numbers after M and L).
    static func vertices(_ d: String) -> [(x: Double, y: Double)] {
        let numbers = d.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    static func attribute(_ name: String, in tag: String) -> Double? {
        guard let range = tag.range(of: " " + name + "=\"") else { return nil }
        return Double(tag[range.upperBound...].prefix { $0 != "\"" })
    }

    static func stripTags(_ text: String) -> String {
        var out = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Inline rows as JSON: `[{ "k": "a", "v": 1 }, …]`.
    static func rows(_ keys: [String], values: [Double], key: String = "k", value: String = "v") -> String {
        "[" + zip(keys, values).map { "{ \"\(key)\": \"\($0)\", \"\(value)\": \($1) }" }.joined(separator: ", ") + "]"
    }
}
