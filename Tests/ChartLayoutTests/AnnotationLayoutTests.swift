import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartTestSupport
import ChartValues
import Testing
@testable import ChartLayout

/// Annotations (SPEC §12) pinned by their geometry against the plot's own scales, never by pixel literals.
@Suite struct AnnotationLayoutTests {
    // MARK: helpers

    static func spec(_ json: String) throws -> ChartSpec {
        let result = SpecParser.parse(SourceFile(path: "annotations.chart.json", text: json))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.spec)
    }

    /// The plot of `spec` over `table` in a 600 × 400 region at the origin.
    static func plot(_ spec: ChartSpec, _ table: Table, region: Box = Box(x: 0, y: 0, width: 600, height: 400)) throws -> (
        area: PlotArea, model: PlotModel
    ) {
        _ = try ChartLayoutEngine.check(spec, table: table)
        let model = try PlotModel(spec: spec, table: table)
        return (try PlotArea(model: model, region: region), model)
    }

    static let table = Table(columns: [
        Fixture.numbers("x", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Fixture.numbers("y", [-3, 1, 4, 2, 6, 5, 7, 3, 8, 4])
    ])

    /// The annotation groups, in paint order, with their `data-type`.
    static func annotations(_ node: SceneNode) -> [(type: String, group: GroupNode)] {
        var found: [(String, GroupNode)] = []
        func visit(_ node: SceneNode) {
            if case .group(let group) = node, group.classes.contains("chartc-annotation") {
                found.append((group.data.first { $0.name == "type" }?.value ?? "", group))
            }
            for child in node.children { visit(child) }
        }
        visit(node)
        return found
    }

    static func lines(_ group: GroupNode, class name: String) -> [LineNode] {
        group.children.compactMap { if case .line(let line) = $0, line.classes.contains(name) { return line } else { return nil } }
    }

    static func texts(_ group: GroupNode) -> [TextNode] {
        group.children.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    /// Every text box in the plot group (axes, labels, annotations), in plot coordinates.
    static func plotTextBoxes(_ area: PlotArea) -> [Box] {
        guard case .group(let plot) = area.node else { return [] }
        return plot.children.flatMap { $0.textBoxes() }
    }

    static func lineJSON(_ annotations: String, mark: String = #""line""#) -> String {
        """
        { "data": { "url": "d.csv" }, "mark": \(mark),
          "encoding": { "x": { "field": "x" }, "y": { "field": "y" } },
          "annotations": [\(annotations)] }
        """
    }

    // MARK: rules and ranges

    @Test func aRuleAtZeroLiesExactlyOnTheYScalesZero() throws {
        let (area, _) = try Self.plot(try Self.spec(Self.lineJSON(#"{ "type": "rule", "y": 0, "label": "Zero" }"#)), Self.table)
        let rule = try #require(Self.annotations(area.node).first { $0.type == "rule" })
        let line = try #require(Self.lines(rule.group, class: "chartc-annotation-rule").first)
        let zero = try #require(area.scales.y?.position(0))
        #expect(line.y1 == zero && line.y2 == zero)
        #expect(line.x1 == 0 && line.x2 == area.scales.width)
        // Its label sits at the line's end, inside the plot.
        let label = try #require(Self.texts(rule.group).first)
        #expect(Box(x: 0, y: 0, width: area.scales.width, height: area.scales.height).contains(label.box, tolerance: 0.01))
        #expect(abs(label.box.maxX - area.scales.width) < 10)
        #expect(abs(label.box.maxY - zero) < 6 || abs(label.box.minY - zero) < 6)
    }

    @Test func aVerticalRuleSitsOnItsXValue() throws {
        let (area, _) = try Self.plot(try Self.spec(Self.lineJSON(#"{ "type": "rule", "x": 4.5, "style": "dashed" }"#)), Self.table)
        let line = try #require(Self.annotations(area.node).first.flatMap { Self.lines($0.group, class: "chartc-annotation-rule").first })
        let x = try #require(area.scales.x?.position(4.5))
        #expect(line.x1 == x && line.x2 == x && line.y1 == 0 && line.y2 == area.scales.height)
        #expect(!line.stroke.dash.isEmpty)
    }

    @Test func aRangeSpansItsTwoValues() throws {
        let (area, _) = try Self.plot(try Self.spec(Self.lineJSON(#"{ "type": "range", "x": [6, 2], "label": "Middle" }"#)), Self.table)
        let range = try #require(Self.annotations(area.node).first { $0.type == "range" })
        let rect = try #require(range.group.children.compactMap { if case .rect(let rect) = $0 { return rect } else { return nil } }.first)
        let from = try #require(area.scales.x?.position(2)), to = try #require(area.scales.x?.position(6))
        #expect(abs(rect.box.minX - from) < 1e-9 && abs(rect.box.maxX - to) < 1e-9)
        #expect(rect.box.minY == 0 && rect.box.maxY == area.scales.height)
        // The label starts at the band's top left, inside it.
        let label = try #require(Self.texts(range.group).first)
        #expect(label.box.minX >= rect.box.minX && label.box.minX < rect.box.minX + 10)
        #expect(label.box.minY >= 0 && label.box.minY < 20)
    }

    @Test func aRangeOnATimeAxisSpansItsDates() throws {
        let table = Table(columns: [
            Column(name: "d", type: .date, values: (0..<12).map { .date(Int64($0) * 30 * 86_400_000 + 1_577_836_800_000) }),
            Fixture.numbers("v", (0..<12).map { Double($0 % 5) })
        ])
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "line", "encoding": { "x": { "field": "d" }, "y": { "field": "v" } },
              "annotations": [{ "type": "range", "x": ["2020-02-01", "2020-04-30"] }] }
            """)
        let (area, _) = try Self.plot(spec, table)
        let rect = try #require(
            Self.annotations(area.node).first?.group.children.compactMap { if case .rect(let r) = $0 { return r } else { return nil } }.first)
        let from = try #require(ISODate.parseValue("2020-02-01")), to = try #require(ISODate.parseValue("2020-04-30"))
        #expect(abs(rect.box.minX - (area.scales.x?.position(from) ?? .nan)) < 1e-9)
        #expect(abs(rect.box.maxX - (area.scales.x?.position(to) ?? .nan)) < 1e-9)
    }

    @Test func aRangeOverCategoriesCoversTheirBands() throws {
        let table = Table(columns: [Fixture.strings("day", ["Mon", "Tue", "Wed", "Thu", "Fri"]), Fixture.numbers("n", [3, 5, 2, 6, 4])])
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "bar", "encoding": { "x": { "field": "day" }, "y": { "field": "n" } },
              "annotations": [{ "type": "range", "x": ["Tue", "Thu"] }, { "type": "rule", "x": "Wed" }] }
            """)
        let (area, _) = try Self.plot(spec, table)
        let scale = try #require(area.scales.x)
        let groups = Self.annotations(area.node)
        let rect = try #require(
            groups.first { $0.type == "range" }?.group.children.compactMap { if case .rect(let r) = $0 { return r } else { return nil } }.first)
        let tue = try #require(scale.position(key: "Tue")), thu = try #require(scale.position(key: "Thu"))
        #expect(rect.box.minX <= tue && rect.box.maxX >= thu + scale.bandwidth)
        #expect(rect.box.minX > tue - scale.step && rect.box.maxX < thu + scale.step)
        let rule = try #require(groups.first { $0.type == "rule" }.flatMap { Self.lines($0.group, class: "chartc-annotation-rule").first })
        #expect(abs(rule.x1 - (scale.center(key: "Wed") ?? .nan)) < 1e-9)
    }

    @Test func rangesAreDrawnBelowTheMarksRulesAndNotesAbove() throws {
        let spec = try Self.spec(
            Self.lineJSON(
                #"""
                { "type": "rule", "y": 2 }, { "type": "range", "y": [1, 3] }, { "type": "text", "x": 4, "y": 6, "text": "Peak" }
                """#))
        let (area, _) = try Self.plot(spec, Self.table)
        guard case .group(let plot) = area.node else { Issue.record("no plot group"); return }
        let classes = plot.children.map { node -> String in
            if case .group(let group) = node { return (group.classes + group.data.map { "\($0.name)=\($0.value)" }).joined(separator: " ") }
            return ""
        }
        let below = try #require(classes.firstIndex { $0.contains("chartc-annotations") && $0.contains("place=below") })
        let marks = try #require(classes.firstIndex { $0.contains("chartc-marks") })
        let above = try #require(classes.firstIndex { $0.contains("chartc-annotations") && $0.contains("place=above") })
        #expect(below < marks && marks < above)
        #expect(Self.annotations(area.node).map(\.type) == ["range", "rule", "text"])
    }

    // MARK: scales

    @Test func scalesStretchToIncludeAnnotationValues() throws {
        let (area, _) = try Self.plot(try Self.spec(Self.lineJSON(#"{ "type": "rule", "y": 25 }, { "type": "rule", "x": -4 }"#)), Self.table)
        let y = try #require(area.scales.y?.domain), x = try #require(area.scales.x?.domain)
        #expect(Swift.max(y.lower, y.upper) >= 25)
        #expect(Swift.min(x.lower, x.upper) <= -4)
        #expect(Self.annotations(area.node).count == 2)
    }

    @Test func aValueOutsideAnExplicitDomainIsNotDrawnAndDoesNotStretchIt() throws {
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "line",
              "encoding": { "x": { "field": "x" }, "y": { "field": "y", "scale": { "domain": [-5, 10] } } },
              "annotations": [{ "type": "rule", "y": 25 }, { "type": "rule", "y": 9 }, { "type": "range", "y": [8, 30] }] }
            """)
        let (area, _) = try Self.plot(spec, Self.table)
        let domain = try #require(area.scales.y?.domain)
        #expect(Swift.max(domain.lower, domain.upper) == 10)
        let groups = Self.annotations(area.node)
        #expect(groups.map(\.type) == ["range", "rule"])
        // The range is cut to the domain's end.
        let rect = try #require(groups[0].group.children.compactMap { if case .rect(let r) = $0 { return r } else { return nil } }.first)
        #expect(abs(rect.box.minY - (area.scales.y?.position(10) ?? .nan)) < 1e-9)
    }

    // MARK: notes

    /// The point, note box and connector of each note group.
    static func notes(_ area: PlotArea) -> [(box: Box, connector: LineNode?, arrow: Bool)] {
        Self.annotations(area.node).filter { $0.type == "text" }.compactMap { item in
            guard let text = Self.texts(item.group).first else { return nil }
            let arrow = item.group.children.contains { $0.classes.contains("chartc-annotation-arrow") }
            return (text.box, Self.lines(item.group, class: "chartc-annotation-connector").first, arrow)
        }
    }

    /// Distance from a point to the outline of a box (0 on it).
    static func distanceToEdge(_ x: Double, _ y: Double, _ box: Box) -> Double {
        let inside = x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY
        if inside { return Swift.min(x - box.minX, box.maxX - x, y - box.minY, box.maxY - y) }
        let dx = Swift.max(box.minX - x, 0, x - box.maxX), dy = Swift.max(box.minY - y, 0, y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    @Test func anArrowEndsJustShortOfItsPointAndStartsOnTheNoteBoxEdge() throws {
        let spec = try Self.spec(
            Self.lineJSON(
                #"{ "type": "text", "x": 6, "y": 7, "text": "A note that wraps over two lines or more", "position": "left", "connector": "arrow", "width": 120 }"#
            ))
        let (area, _) = try Self.plot(spec, Self.table)
        let note = try #require(Self.notes(area).first)
        let line = try #require(note.connector)
        #expect(note.arrow)
        let px = try #require(area.scales.x?.position(6)), py = try #require(area.scales.y?.position(7))
        let end = ((line.x2 - px) * (line.x2 - px) + (line.y2 - py) * (line.y2 - py)).squareRoot()
        #expect(end > 0.5 && end <= 6, "the arrow ends \(end) px from its point")
        #expect(Self.distanceToEdge(line.x1, line.y1, note.box) <= NotePlacement.startGap + 0.01, "the connector starts on the box edge")
        #expect(!(line.x1 > note.box.minX && line.x1 < note.box.maxX && line.y1 > note.box.minY && line.y1 < note.box.maxY))
        // Wrapped at its width, to the left of its point.
        #expect(note.box.width <= 120 + 0.01)
        #expect(note.box.maxX <= px)
    }

    @Test func aNoteSitsAtItsPositionAndOffsetWhenTheSpotIsFree() throws {
        let spec = try Self.spec(
            Self.lineJSON(#"{ "type": "text", "x": 2, "y": 0, "text": "Dip", "position": "bottom", "offset": 20, "connector": "none" }"#))
        let (area, _) = try Self.plot(spec, Self.table)
        let note = try #require(Self.notes(area).first)
        let px = try #require(area.scales.x?.position(2)), py = try #require(area.scales.y?.position(0))
        #expect(abs(note.box.minY - (py + 20)) < 1e-6)
        #expect(abs(note.box.midX - px) < 1e-6)
        #expect(note.connector == nil)
    }

    @Test func aNotePushedOffItsSpotByAnotherLabelMovesAndItsConnectorFollows() throws {
        let one = #"{ "type": "text", "x": 5, "y": 5, "text": "First note here", "position": "top", "connector": "line" }"#
        let two = #"{ "type": "text", "x": 5, "y": 5, "text": "Second note", "position": "top", "connector": "line" }"#
        let alone = try #require(Self.notes(try Self.plot(try Self.spec(Self.lineJSON(two)), Self.table).area).first)
        let (area, _) = try Self.plot(try Self.spec(Self.lineJSON(one + ", " + two)), Self.table)
        let both = Self.notes(area)
        try #require(both.count == 2)
        #expect(both[1].box != alone.box, "the second note moved")
        #expect(!both[0].box.overlaps(both[1].box))
        let px = try #require(area.scales.x?.position(5)), py = try #require(area.scales.y?.position(5))
        let line = try #require(both[1].connector)
        #expect(Self.distanceToEdge(line.x1, line.y1, both[1].box) <= NotePlacement.startGap + 0.01)
        #expect(((line.x2 - px) * (line.x2 - px) + (line.y2 - py) * (line.y2 - py)).squareRoot() <= 6)
    }

    @Test func aNoteMovesOffValueLabels() throws {
        let table = Table(columns: [Fixture.strings("day", ["Mon", "Tue", "Wed", "Thu", "Fri"]), Fixture.numbers("n", [3, 5, 2, 6, 4])])
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": { "type": "bar", "labels": true },
              "encoding": { "x": { "field": "day" }, "y": { "field": "n" } },
              "annotations": [{ "type": "text", "x": "Thu", "y": 6, "text": "Best", "position": "top", "offset": 2 }] }
            """)
        let (area, _) = try Self.plot(spec, table)
        let note = try #require(Self.notes(area).first)
        let valueLabels = Self.plotTextBoxes(area).filter { $0 != note.box }
        #expect(valueLabels.allSatisfy { !$0.overlaps(note.box) })
    }

    @Test func noTwoTextBoxesIntersectWithManyRandomNotesOnADenseChart() throws {
        var random = SeededRandom(seed: 13)
        let count = 160
        let table = Table(columns: [
            Fixture.numbers("x", (0..<count).map(Double.init)),
            Fixture.numbers("y", (0..<count).map { Double(($0 * 37) % 23) + Double($0) / 10 })
        ])
        let words = ["Record", "high", "after", "the", "storm", "a note", "peak", "low point", "since 1995", "new rule", "→ here"]
        let positions = Annotation.NotePosition.allCases.map(\.rawValue)
        var placed = 0, asked = 0
        for round in 0..<12 {
            var notes: [String] = []
            for _ in 0..<(4 + random.below(10)) {
                let row = random.below(count)
                let y = Double((row * 37) % 23) + Double(row) / 10
                let text = (0..<(1 + random.below(6))).map { _ in words[random.below(words.count)] }.joined(separator: " ")
                let position = positions[random.below(positions.count)]
                let connector = ["line", "arrow", "none"][random.below(3)]
                notes.append(
                    #"{ "type": "text", "x": \#(row), "y": \#(y), "text": "\#(text)", "position": "\#(position)", "offset": \#(random.below(60)), "connector": "\#(connector)", "width": \#(60 + random.below(140)) }"#
                )
            }
            notes.append(#"{ "type": "rule", "y": 10, "label": "Ten" }"#)
            notes.append(#"{ "type": "range", "x": [20, 60], "label": "A range" }"#)
            let spec = try Self.spec(Self.lineJSON(notes.joined(separator: ", "), mark: #"{ "type": "line", "points": true, "labels": true }"#))
            let (area, _) = try Self.plot(spec, table, region: Box(x: 0, y: 0, width: 320 + Double(round * 40), height: 300))
            let boxes = Self.plotTextBoxes(area)
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    #expect(!boxes[i].overlaps(boxes[j], tolerance: 0.01), "round \(round): text boxes \(boxes[i]) and \(boxes[j]) intersect")
                }
            }
            let plot = Box(x: 0, y: 0, width: area.scales.width, height: area.scales.height)
            // Not vacuous: most notes find a spot (one that cannot is left out, never overlapped).
            placed += Self.notes(area).count
            asked += notes.count - 2
            for note in Self.notes(area) {
                #expect(plot.contains(note.box, tolerance: 0.01), "round \(round): a note leaves the plot")
            }
        }
        #expect(Double(placed) >= Double(asked) * 0.7, "\(placed) of \(asked) notes placed")
    }

    @Test func theNarrowPageLayoutReplacesNotesAtTheSameTextSize() throws {
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "line", "width": 700,
              "encoding": { "x": { "field": "x" }, "y": { "field": "y" } },
              "annotations": [{ "type": "text", "x": 8, "y": 8, "text": "The highest value of the series, at the right", "position": "right", "connector": "arrow", "width": 180 }] }
            """)
        let chart = try ChartLayoutEngine.check(spec, table: Self.table)
        let pages = try ChartLayoutEngine.pageLayouts(chart: chart, table: Self.table)
        let narrow = try #require(pages.narrow)
        func note(_ scene: Scene) -> TextNode? {
            scene.nodes(withClass: "chartc-annotation-note").compactMap { if case .text(let t) = $0 { return t } else { return nil } }.first
        }
        let wide = try #require(note(pages.wide)), small = try #require(note(narrow))
        #expect(small.style.size == wide.style.size)
        #expect(small.box.maxX <= ChartLayoutEngine.narrowWidth)
    }

    @Test func theInteractivePagePlacesNotesAsTheSVGDoesAroundHiddenSeries() throws {
        // A hidden series runs right through the note's wanted spot: the SVG leaves it out, and the page (which
        // keeps it, hidden until toggled) must not move the note around it.
        let table = Table(columns: [
            Fixture.numbers("x", (0..<20).map { Double($0 % 10) }),
            Fixture.numbers("y", (0..<20).map { $0 < 10 ? Double($0) : 4 }),
            Fixture.strings("s", (0..<20).map { $0 < 10 ? "shown" : "hidden" })
        ])
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "line", "legend": { "hidden": ["hidden"] },
              "encoding": { "x": { "field": "x" }, "y": { "field": "y" }, "color": { "field": "s" } },
              "annotations": [{ "type": "text", "x": 3, "y": 3, "text": "Here", "position": "top", "offset": 30 }] }
            """)
        let chart = try ChartLayoutEngine.check(spec, table: table)
        func note(_ scene: Scene) -> Box? {
            scene.nodes(withClass: "chartc-annotation-note").compactMap { if case .text(let t) = $0 { return t.box } else { return nil } }.first
        }
        let still = try #require(note(try ChartLayoutEngine.layout(chart: chart, table: table)))
        let page = try #require(note(try ChartLayoutEngine.layout(chart: chart, table: table, options: .interactive)))
        #expect(still == page)
    }

    @Test func aRuleLabelThatMustGoOverTheMarksSitsOnAHalo() throws {
        // Full-height bars leave no free spot at the line's ends: the label goes over them on the background.
        let table = Table(columns: [Fixture.strings("day", ["Mon", "Tue", "Wed"]), Fixture.numbers("n", [10, 10, 10])])
        let spec = try Self.spec(
            """
            { "data": { "url": "d.csv" }, "mark": "bar", "encoding": { "y": { "field": "day" }, "x": { "field": "n", "scale": { "domain": [0, 10] } } },
              "annotations": [{ "type": "rule", "x": 5, "label": "A label that is long enough not to fit anywhere free" }] }
            """)
        let (area, _) = try Self.plot(spec, table, region: Box(x: 0, y: 0, width: 300, height: 200))
        let group = try #require(Self.annotations(area.node).first).group
        let label = try #require(Self.texts(group).first)
        let halo = try #require(
            group.children.compactMap { if case .rect(let r) = $0, r.classes.contains("chartc-annotation-halo") { return r } else { return nil } }
                .first)
        #expect(halo.box.contains(label.box))
        #expect(halo.fill == .color(ChartTheme.standard.background))
        // Drawn behind its text.
        let order = group.children.map(\.classes)
        #expect(
            (order.firstIndex { $0.contains("chartc-annotation-halo") } ?? 99) < (order.firstIndex { $0.contains("chartc-annotation-label") } ?? -1))
    }

    @Test func anAnnotationValueDoesNotThinBarsOnAContinuousAxis() throws {
        // A rule between two years must not count as a bar position when bars are sized by their spacing.
        let table = Table(columns: [
            Fixture.numbers("year", (0..<40).map { 2000 + Double($0) }), Fixture.numbers("n", (0..<40).map { Double($0 % 7) + 1 })
        ])
        func barWidths(_ annotations: String) throws -> [Double] {
            let spec = try Self.spec(
                """
                { "data": { "url": "d.csv" }, "mark": "bar",
                  "encoding": { "x": { "field": "year", "type": "quantitative" }, "y": { "field": "n" } },
                  "annotations": [\(annotations)] }
                """)
            let (area, _) = try Self.plot(spec, table)
            var widths: [Double] = []
            func visit(_ node: SceneNode) {
                if case .rect(let rect) = node, !rect.classes.contains("chartc-annotation-range"), !rect.classes.contains("chartc-annotation-halo") {
                    widths.append(rect.box.width)
                }
                for child in node.children { visit(child) }
            }
            guard case .group(let plot) = area.node else { return [] }
            for child in plot.children where child.classes.contains("chartc-marks") { visit(child) }
            return widths
        }
        let plain = try barWidths("")
        try #require(plain.count == 40)
        #expect(try barWidths(#"{ "type": "rule", "x": 2001.5 }, { "type": "text", "x": 2002.1, "y": 4, "text": "a" }"#) == plain)
    }

    @Test(arguments: [
        #"{ "type": "range", "y": [0, 1e308], "label": "huge" }"#,
        #"{ "type": "rule", "y": -1e308, "label": "far below" }"#,
        #"{ "type": "text", "x": 1e300, "y": 1, "text": "far right" }"#,
        #"{ "type": "range", "x": [5, 5], "label": "empty" }"#,
        #"{ "type": "text", "x": 1, "y": 2, "text": "Unbreakable-text-that-is-much-wider-than-any-note-could-be-wrapped-at", "width": 20 }"#,
        #"{ "type": "rule", "y": 1, "label": "" }"#,
        #"{ "type": "text", "x": 4, "y": 3, "text": "On the point", "offset": 0, "connector": "arrow" }"#
    ])
    func extremeValuesNeverBreakTheLayout(annotation: String) throws {
        let spec = try Self.spec(Self.lineJSON(annotation))
        let (area, _) = try Self.plot(spec, Self.table, region: Box(x: 0, y: 0, width: 200, height: 120))
        for box in Self.plotTextBoxes(area) {
            #expect(box.minX.isFinite && box.minY.isFinite && box.maxX.isFinite && box.maxY.isFinite)
        }
        // Annotation text overlaps nothing. (Tick labels on a domain near ±1e308 can collide on their own, with
        // or without annotations: an axis matter, left to the axes.)
        let boxes = Self.plotTextBoxes(area)
        let annotationText = Self.annotations(area.node).flatMap { item in item.group.children.flatMap { $0.textBoxes() } }
        for box in annotationText {
            #expect(boxes.filter { $0 != box }.allSatisfy { !$0.overlaps(box, tolerance: 0.01) })
        }
    }
}

extension ISODate {
    /// Milliseconds as a Double, for comparing with scale positions.
    static func parseValue(_ text: String) -> Double? { parse(text).map(Double.init) }
}
