import Foundation
import Testing

/// SPEC §20's size legend, measured on the built SVG: its symbols' areas (r²) are proportional to the values they
/// print and on the same scale as the marks, it sits beside the color legend, it serves every panel of small
/// multiples at once, the narrow HTML layout has it, and `size.legend`, `size.title` and `size.scale` change it;
/// what it cannot draw (a size on categories, a linear size scale, a legend on another channel) is rejected.
@Suite struct SizeLegendEndToEndTests {
    typealias P = Section19Probe

    /// One size-legend entry: the value it prints and its symbol's radius (or a line's stroke width), with its
    /// centre in the legend's coordinates.
    struct Entry {
        var value: Double
        var radius: Double
        var cy: Double
    }

    /// The size legends' entries, one list per `chartc-legend chartc-legend-size` group.
    static func sizeLegends(_ svg: SVGMeasure) -> [[Entry]] {
        svg.groups("chartc-legend chartc-legend-size").map { legend in
            svg.groups("chartc-legend-size-item", in: legend).compactMap { item -> Entry? in
                let value = P.numbers(SVGMeasure.texts(in: item)).first
                if let circle = item.components(separatedBy: "<circle").dropFirst().first {
                    let tag = String(circle.prefix { $0 != ">" })
                    guard let value, let r = SVGMeasure.attribute("r", in: tag), let cy = SVGMeasure.attribute("cy", in: tag) else { return nil }
                    return Entry(value: value, radius: r, cy: cy)
                }
                if let line = item.components(separatedBy: "<line").dropFirst().first {
                    let tag = String(line.prefix { $0 != ">" })
                    guard let value, let width = SVGMeasure.attribute("stroke-width", in: tag), let y = SVGMeasure.attribute("y1", in: tag) else {
                        return nil
                    }
                    return Entry(value: value, radius: width, cy: y)
                }
                return nil
            }
        }
    }

    /// The legend group's `translate(x,y)`.
    static func translation(of classes: String, in svg: SVGMeasure) -> (x: Double, y: Double)? {
        guard let group = svg.groups(classes).first, let open = group.range(of: "translate(") else { return nil }
        let numbers = group[open.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    static var rows: [[String: Any]] {
        var rows: [[String: Any]] = []
        for index in 1...12 {
            let population: Double = Double(index) * 9.5
            let y: Double = Double(index * index % 7)
            rows.append(["x": Double(index), "y": y, "pop": population, "c": index % 2 == 0 ? "even" : "odd"])
        }
        return rows
    }

    static func pointSpec(_ size: String, color: Bool = false, extra: String = "") -> String {
        P.spec(
            P.values(rows) + #", "mark": "point", "encoding": { "x": { "field": "x" }, "y": { "field": "y" }, "size": "# + size
                + (color ? #", "color": { "field": "c" }"# : "") + " }" + extra)
    }

    /// 3–5 symbols at round values inside the data's range, areas proportional to the values they print, on the
    /// scale of the marks (a dot of the same value has the same area).
    @Test func symbolAreasAreProportionalToTheirValues() throws {
        let svg = try SVGMeasure.build(Self.pointSpec(#"{ "field": "pop", "title": "People" }"#)).svg
        let entries = try #require(Self.sizeLegends(svg).first)
        #expect((3...5).contains(entries.count), "\(entries.map(\.value))")
        for entry in entries {
            #expect(entry.value >= 9.5 && entry.value <= 114, "\(entry.value) outside the data's range")
            #expect(entry.value.truncatingRemainder(dividingBy: 10) == 0, "\(entry.value) is not round")
        }
        let ratio = try #require(entries.last.map { $0.radius * $0.radius / $0.value })
        for entry in entries {
            #expect(abs(entry.radius * entry.radius / entry.value - ratio) / ratio < 0.01, "r² ∝ value: \(entries.map { ($0.value, $0.radius) })")
        }
        // The marks: the largest value (114) drawn on the same scale.
        let largest = try #require(P.circles(svg).map(\.r).max())
        #expect(abs(largest * largest / 114 - ratio) / ratio < 0.01)
        #expect(svg.svg.contains(">People<"), "the legend's title is size.title")
    }

    /// `size.legend`: `null` hides it, `title` renames it, `values` picks the symbols.
    @Test func theLegendOptionsChangeIt() throws {
        let hidden = try SVGMeasure.build(Self.pointSpec(#"{ "field": "pop", "legend": null }"#)).svg
        #expect(Self.sizeLegends(hidden).isEmpty)
        let chosen = try SVGMeasure.build(Self.pointSpec(#"{ "field": "pop", "legend": { "title": "Head count", "values": [10, 100] } }"#)).svg
        let entries = try #require(Self.sizeLegends(chosen).first)
        #expect(entries.map(\.value) == [10, 100])
        #expect(abs(entries[1].radius * entries[1].radius / (entries[0].radius * entries[0].radius) - 10) < 0.1)
        #expect(chosen.svg.contains(">Head count<"))
    }

    /// `size.scale`: `range` is px² of area at the domain's ends (as Vega-Lite), `domain` the values there.
    @Test func theScaleDomainAndRangeAreDrawn() throws {
        let svg = try SVGMeasure.build(
            Self.pointSpec(#"{ "field": "pop", "scale": { "domain": [0, 200], "range": [0, 400] }, "legend": { "values": [100] } }"#)
        ).svg
        let entry = try #require(Self.sizeLegends(svg).first?.first)
        // 100 is half the domain: half of 400 px².
        #expect(abs(Double.pi * entry.radius * entry.radius - 200) < 2, "area \(Double.pi * entry.radius * entry.radius)")
    }

    /// Beside the color legend, on the same top, not overlapping it.
    @Test func itSitsBesideTheColorLegend() throws {
        let svg = try SVGMeasure.build(Self.pointSpec(#"{ "field": "pop" }"#, color: true, extra: #", "width": 800"#)).svg
        let color = try #require(Self.translation(of: "chartc-legend\"", in: svg))
        let size = try #require(Self.translation(of: "chartc-legend chartc-legend-size", in: svg))
        #expect(color.y == size.y)
        #expect(size.x > color.x)
        let colorItems = svg.groups("chartc-legend-item")
        #expect(colorItems.count == 2)
    }

    /// One legend for every panel, and every panel's dots on its scale.
    @Test func smallMultiplesShareOneSizeScale() throws {
        let svg = try SVGMeasure.build(
            Self.pointSpec(#"{ "field": "pop" }"#, extra: #", "facet": { "field": "c", "columns": 2 }"#)
        ).svg
        let legends = Self.sizeLegends(svg)
        #expect(legends.count == 1)
        let entry = try #require(legends.first?.last)
        let ratio = entry.radius * entry.radius / entry.value
        // Panel "even" holds 114 (the largest); panel "odd" at most 104.5: its largest dot is smaller.
        let radii = svg.groups("chartc-panel\"").map { panel in
            panel.components(separatedBy: "<circle").dropFirst().compactMap { SVGMeasure.attribute("r", in: String($0.prefix { $0 != ">" })) }.max()
                ?? 0
        }
        #expect(radii.count == 2)
        let expected = [104.5, 114.0].map { ($0 * ratio).squareRoot() }
        #expect(Set(radii.map { ($0 * 10).rounded() }) == Set(expected.map { ($0 * 10).rounded() }), "\(radii) vs \(expected)")
    }

    /// The HTML page: both layouts (wide and narrow) have the legend, and the tooltip shows the size field.
    @Test func theNarrowPageHasItAndTooltipsShowTheSize() throws {
        let spec = Self.pointSpec(#"{ "field": "pop", "title": "People" }"#, extra: #", "width": 800"#)
        let page = try #require(try SVGMeasure.build(spec, html: true).html)
        #expect(page.components(separatedBy: "chartc-legend chartc-legend-size").count - 1 == 2)
        #expect(page.contains("People"))
        #expect(page.contains("104.5"), "the tooltip data holds the size values")
    }

    /// A line's size legend shows stroke widths, widening with the value.
    @Test func aLineShowsStrokeWidths() throws {
        var rows: [[String: Any]] = []
        for index in 1...6 {
            let width: Double = index <= 3 ? 10 : 40
            rows.append(["x": Double(index), "y": Double(index), "w": width, "s": index <= 3 ? "a" : "b"])
        }
        let spec = P.spec(
            P.values(rows)
                + #", "mark": "line", "encoding": { "x": { "field": "x" }, "y": { "field": "y" }, "size": { "field": "w" }, "color": { "field": "s" } }"#
        )
        let entries = try #require(Self.sizeLegends(try SVGMeasure.build(spec).svg).first)
        #expect(entries.count >= 2)
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.radius < $1.radius })
    }

    /// What the legend cannot show is rejected at its line:col.
    @Test(arguments: [
        (#""size": { "field": "c" }"#, "channel-not-supported", "categories"),
        (#""size": { "field": "pop", "scale": { "type": "linear" } }"#, "scale-type-mismatch", "sqrt"),
        (#""color": { "field": "c", "legend": null }"#, "unknown-key", "'legend'")
    ])
    func whatCannotBeDrawnIsRejected(encoding: String, id: String, words: String) throws {
        let spec = P.spec(
            P.values(Self.rows) + #", "mark": "point", "encoding": { "x": { "field": "x" }, "y": { "field": "y" }, "# + encoding + " }")
        for command in ["lint", "build"] {
            let result = try P.run(command, spec)
            #expect(result.status != 0, "\(command) accepted \(encoding)")
            // lint prints its findings on stdout, build on stderr.
            let text = result.output + result.error
            #expect(text.contains("[\(id)]"), "\(text)")
            #expect(text.contains(words), "\(text)")
            #expect(text.contains("chart.chart.json:1:"), "names file and line:col: \(text)")
        }
    }

    /// `nice` and `reverse` on a size scale change nothing: lint says so.
    @Test func niceOnASizeScaleIsFlagged() throws {
        let result = try P.run("lint", Self.pointSpec(#"{ "field": "pop", "scale": { "nice": true } }"#))
        #expect((result.output + result.error).contains("'encoding.size.scale.nice' has no effect"), "\(result.output)")
    }
}
