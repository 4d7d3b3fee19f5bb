import ChartData
import ChartSpec
import ChartTestSupport
import ChartValues
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing

@testable import ChartLayout

/// The `arc` mark (SPEC §21): each slice's angle is its share of 360° from twelve o'clock clockwise in the color
/// domain's order, and its labels (inside when they fit, else outside with leader lines) never overlap each other,
/// the title or the legend, and never leave the graphic.
@Suite struct ArcMarkTests {
    typealias F = Fixture

    static func pie(names: [String], values: [Double], labels: Bool = true, title: String? = "Shares", innerRadius: Double? = nil) -> (
        ChartSpec, Table
    ) {
        var spec = F.spec(.arc)
        spec.encoding.theta = F.channel(.theta, "value")
        spec.encoding.color = F.channel(.color, "name")
        if labels { spec.mark.labels = LabelOptions() }
        if let innerRadius { spec.mark.innerRadius = Located(innerRadius, at: nil) }
        spec.title = title.map { Located($0, at: nil) }
        let table = Table(columns: [F.strings("name", names), F.numbers("value", values)])
        return (spec, table)
    }

    /// The angles (degrees clockwise from twelve o'clock) where a wedge's outer arc starts and ends, read from its
    /// SVG path `M x,y A r,r 0 f,1 x,y L cx,cy Z`.
    static func angles(_ d: String) throws -> (start: Double, end: Double) {
        let numbers = d.split(whereSeparator: { "MALZ, ".contains($0) }).compactMap { Double($0) }
        // M x y | A r r 0 large sweep x y | L cx cy
        try #require(numbers.count == 11, "unexpected path \(d)")
        let x0: Double = numbers[0], y0: Double = numbers[1], x1: Double = numbers[7], y1: Double = numbers[8]
        let cx: Double = numbers[9], cy: Double = numbers[10]
        func angle(_ x: Double, _ y: Double) -> Double {
            let dx: Double = x - cx
            let dy: Double = cy - y
            let radians: Double = atan2(dx, dy)
            var degrees: Double = radians * 180.0 / Double.pi
            if degrees < 0 { degrees += 360 }
            return degrees
        }
        var end = angle(x1, y1)
        let start = angle(x0, y0)
        if end <= start + 1e-9 { end += 360 }
        return (start, end)
    }

    @Test func sliceAnglesAreSharesOf360DegreesClockwiseFromTwelve() throws {
        let values = [40.0, 25, 20, 10, 5]
        let (spec, table) = Self.pie(names: ["A", "B", "C", "D", "E"], values: values, labels: false)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let paths = F.paths(scene, class: "chartc-arc")
        try #require(paths.count == values.count)
        let total = values.reduce(0, +)
        var expectedStart = 0.0
        for (path, value) in zip(paths, values) {
            let (start, end) = try Self.angles(path.d)
            let share = value / total * 360
            let startError: Double = abs(start.truncatingRemainder(dividingBy: 360) - expectedStart)
            let spanError: Double = abs((end - start) - share)
            #expect(startError < 0.1, "\(path.d)")
            #expect(spanError < 0.1, "slice of \(value): \(end - start)° for \(share)°")
            expectedStart += share
        }
    }

    /// The color domain's order, not the table's: an explicit domain reorders the slices.
    @Test func slicesFollowTheColorDomain() throws {
        var (spec, table) = Self.pie(names: ["A", "B", "C"], values: [1, 2, 3], labels: false)
        spec.encoding.color?.scale = ScaleSpec()
        spec.encoding.color?.scale?.domain = Located(["C", "A", "B"].map(Value.string), at: nil)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let paths = F.paths(scene, class: "chartc-arc")
        try #require(paths.count == 3)
        // C (3 of 6) first: 0°–180°, then A (1 of 6): 180°–240°, then B: 240°–360°.
        let first = try Self.angles(paths[0].d), second = try Self.angles(paths[1].d)
        let starts: [Double] = [first.start, second.start]
        let ends: [Double] = [first.end, second.end]
        #expect(starts.map { ($0 * 10).rounded() / 10 } == [0, 180])
        #expect(ends.map { ($0 * 10).rounded() / 10 } == [180, 240])
    }

    /// An arc chart has no axes and no gridlines.
    @Test func noAxesOrGridlines() throws {
        let (spec, table) = Self.pie(names: ["A", "B"], values: [1, 2])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.nodes(withClass: "chartc-axis").isEmpty)
        #expect(scene.nodes(withClass: "chartc-grid").isEmpty)
    }

    /// A big slice takes its label inside; a thin one's goes outside with a leader line.
    @Test func insideWhenItFitsElseOutsideWithALeader() throws {
        let (spec, table) = Self.pie(names: ["Big", "Thin"], values: [97, 3])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let labels = scene.texts().filter { $0.classes.contains("chartc-arc-label") }
        #expect(labels.map(\.node.block.text).sorted() == ["Big: 97%", "Thin: 3%"])
        #expect(F.paths(scene, class: "chartc-leader").count == 1)
    }

    /// 2,000 pies of 2–20 slices with random values and random label lengths: no two labels' boxes overlap, and
    /// none leaves the graphic or crosses the title or the legend's text.
    @Test func labelsNeverOverlapEachOtherTheTitleOrTheLegend() throws {
        var random = SeededRandom(seed: 26)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        var outside = 0
        for index in 0..<2_000 {
            let count = 2 + random.below(19)
            var names: [String] = []
            var values: [Double] = []
            for slice in 0..<count {
                let length = 1 + random.below(22)
                let name = "S\(slice) " + String((0..<length).map { _ in letters[random.below(letters.count)] })
                names.append(name)
                // Some slices tiny, some large: thin slices cluster on one side.
                let tiny: Bool = random.below(4) == 0
                let value: Double = tiny ? Double(1 + random.below(5)) / 10.0 : Double(1 + random.below(1_000))
                values.append(value)
            }
            let (spec, table) = Self.pie(names: names, values: values, innerRadius: index % 3 == 0 ? 0.5 : nil)
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            let texts = scene.texts()
            let labels = texts.filter { $0.classes.contains("chartc-arc-label") }.map(\.box)
            let others = texts.filter { $0.classes.contains("chartc-title") || $0.classes.contains("chartc-legend") }.map(\.box)
            let canvas = Box(x: 0, y: 0, width: scene.width, height: scene.height)
            outside += F.paths(scene, class: "chartc-leader").count
            for (position, label) in labels.enumerated() {
                #expect(canvas.contains(label, tolerance: 0.01), "case \(index): label leaves the graphic")
                for other in labels[(position + 1)...] {
                    #expect(!label.overlaps(other), "case \(index): labels overlap: \(label) \(other)")
                }
                for other in others {
                    #expect(!label.overlaps(other), "case \(index): a label crosses the title or legend")
                }
            }
        }
        // The hard case was exercised: many labels went outside.
        #expect(outside > 2_000)
    }

    /// Many thin slices on one side need a column of labels taller than the plot: the labels shrink (down to
    /// `ArcLabels.smallestLabelSize`) rather than the smallest slices losing theirs ("never thin a label away").
    @Test func thinSlicesOnOneSideKeepEveryLabelInASmallerFont() throws {
        let names = (1...30).map { "Party \($0)" } + ["Largest"]
        let (spec, table) = Self.pie(names: names, values: Array(repeating: 1, count: 30) + [600], title: nil)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let labels = scene.texts().filter { $0.classes.contains("chartc-arc-label") }
        #expect(labels.count == 31, "\(labels.count) of 31 slices labelled")
        let sizes = Set(labels.compactMap { $0.node.block.lines.first?.runs.first?.style.size })
        let usual = ChartTheme.standard.valueLabelStyle.size
        #expect(sizes.contains { $0 < usual } && sizes.allSatisfy { $0 >= ArcLabels.smallestLabelSize }, "\(sizes)")
        for (position, label) in labels.enumerated() {
            for other in labels[(position + 1)...] { #expect(!label.box.overlaps(other.box)) }
        }
    }

    /// Past the smallest font, the thinnest slices' labels are left out — and the scene says so (the build's
    /// `labels-left-out` warning, naming them), never silently; a pie whose labels all fit says nothing.
    @Test func labelsLeftOutPastTheSmallestFontAreAWarning() throws {
        let names = (1...120).map { "Party \($0)" } + ["Largest"]
        var (spec, table) = Self.pie(names: names, values: Array(repeating: 1, count: 120) + [2400], title: nil)
        spec.height = Located(200, at: nil)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let drawn = scene.texts().filter { $0.classes.contains("chartc-arc-label") }.count
        #expect(drawn < 121, "a 200 px pie cannot hold 121 labels")
        let warning = try #require(scene.warnings.first, "the labels left out are reported")
        #expect(warning.id == "labels-left-out" && warning.severity == .warning)
        #expect(warning.message.contains("\(121 - drawn) labels") && warning.message.contains("'Party"), "\(warning.message)")
        let (fits, rows) = Self.pie(names: ["A", "B", "C"], values: [3, 2, 1])
        #expect(try ChartLayoutEngine.layout(spec: fits, table: rows).warnings.isEmpty)
    }
}
