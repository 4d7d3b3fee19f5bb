import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues
import Testing
@testable import ChartLayout

/// Symbol maps (SPEC §22): circles placed by `longitude`/`latitude` with area-true sizes (a size scale from zero,
/// the legend on the same scale), the bigger drawn first; labels placed by the plot's label engine clear of each
/// other and of the circles, or left out and said (`labels-left-out`), never drawn over each other.
@Suite struct SymbolMapTests {
    static func spec(_ json: String) throws -> ChartSpec {
        let result = SpecParser.parse(SourceFile(path: "map.chart.json", text: json))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.spec)
    }

    /// Cities of the US north-east, close together at a small size so their labels compete for room.
    static let cities: [(String, Double, Double, Double)] = [
        ("New York", -74.006, 40.713, 8_800), ("Newark", -74.172, 40.736, 311), ("Jersey City", -74.077, 40.728, 292),
        ("Yonkers", -73.899, 40.931, 211), ("Paterson", -74.172, 40.917, 159), ("Stamford", -73.539, 41.053, 135),
        ("New Haven", -72.928, 41.308, 135), ("Bridgeport", -73.195, 41.187, 148), ("Hartford", -72.685, 41.764, 121),
        ("Philadelphia", -75.165, 39.953, 1_600), ("Trenton", -74.743, 40.217, 90), ("Allentown", -75.471, 40.602, 126),
        ("Boston", -71.059, 42.360, 675), ("Providence", -71.413, 41.824, 190), ("Worcester", -71.802, 42.263, 206),
        ("Springfield", -72.590, 42.101, 155), ("Albany", -73.756, 42.653, 99), ("Baltimore", -76.612, 39.290, 586)
    ]

    static let table = Table(columns: [
        Fixture.strings("city", cities.map(\.0)), Fixture.numbers("lon", cities.map(\.1)), Fixture.numbers("lat", cities.map(\.2)),
        Fixture.numbers("pop", cities.map(\.3))
    ])

    static let json = """
        { "data": { "url": "cities.csv" }, "projection": { "type": "mercator" },
          "layers": [
            { "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "size": { "field": "pop" } } },
            { "mark": "text", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "text": { "field": "city" } } } ] }
        """

    static func area(width: Double = 300, height: Double = 220) throws -> (area: PlotArea, models: [PlotModel]) {
        let spec = try Self.spec(Self.json)
        let chart = try ChartLayoutEngine.check(spec, table: table, layers: [table, table])
        let models = try spec.layerCharts.enumerated().map { index, layer in try PlotModel(spec: layer, table: table, view: chart.views[index]) }
        return (try PlotArea(models: models, region: Box(x: 0, y: 0, width: width, height: height)), models)
    }

    static func nodes(_ node: SceneNode, class name: String) -> [SceneNode] {
        var found: [SceneNode] = []
        func visit(_ node: SceneNode) {
            switch node {
            case .circle(let circle) where circle.classes.contains(name): found.append(node)
            case .text(let text) where text.classes.contains(name): found.append(node)
            default: break
            }
            for child in node.children { visit(child) }
        }
        visit(node)
        return found
    }

    static func circles(_ area: PlotArea) -> [CircleNode] {
        nodes(area.node, class: "chartc-point").compactMap { if case .circle(let c) = $0 { c } else { nil } }
    }

    static func labels(_ area: PlotArea) -> [TextNode] {
        nodes(area.node, class: "chartc-text").compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    static func overlap(_ a: Box, _ b: Box) -> Bool {
        a.x < b.x + b.width - 0.01 && b.x < a.x + a.width - 0.01 && a.y < b.y + b.height - 0.01 && b.y < a.y + a.height - 0.01
    }

    /// How far a point is from a box (0 inside it).
    static func distance(_ box: Box, _ x: Double, _ y: Double) -> Double {
        let dx = max(box.x - x, 0, x - (box.x + box.width)), dy = max(box.y - y, 0, y - (box.y + box.height))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A circle's area is proportional to its value (a size scale from zero), and the biggest is painted first.
    @Test func circlesAreAreaTrueAndTheBiggestIsPaintedFirst() throws {
        let (area, _) = try Self.area(width: 800, height: 600)
        let circles = Self.circles(area)
        try #require(circles.count == Self.cities.count)
        let radii = circles.map(\.radius)
        #expect(radii == radii.sorted(by: >), "painted biggest first: \(radii)")
        // New York (8,800) and Philadelphia (1,600): areas in their values' ratio.
        let ratio = (radii[0] * radii[0]) / (radii[1] * radii[1])
        #expect(abs(ratio - 8_800.0 / 1_600.0) < 1e-6, "\(ratio)")
        #expect(abs(radii[0] - SizeScale.defaultMaximumRadius) < 1e-9, "the largest value gets the largest circle")
    }

    /// The size legend reads the circles' own scale: each of its nice values drawn at the radius a circle of
    /// that value has on the map.
    @Test func theSizeLegendDrawsTheMapsScale() throws {
        let (_, models) = try Self.area(width: 800, height: 600)
        let scale = try #require(PlotScales.sizeScale(models: models))
        #expect(scale.domain.lower == 0 && scale.domain.upper == 8_800)
        let values = SizeScale.legendValues(ScaleInterval(90, 8_800))
        #expect((2...5).contains(values.count), "\(values)")
        for value in values {
            #expect(value >= 90 && value <= 8_800)
            let radius = try #require(scale(value))
            #expect(abs(radius * radius / (SizeScale.defaultMaximumRadius * SizeScale.defaultMaximumRadius) - value / 8_800) < 1e-9)
        }
    }

    /// On a small map the labels crowd: every one drawn is clear of every other and of every circle; those left
    /// out are named in one `labels-left-out` warning, so labels drawn + left out = rows.
    @Test func labelsAreClearOfEachOtherAndOfTheCirclesOrLeftOutAndSaid() throws {
        for (width, height) in [(200.0, 150.0), (300.0, 220.0), (600.0, 450.0), (1_000.0, 700.0)] {
            let (area, _) = try Self.area(width: width, height: height)
            let labels = Self.labels(area)
            let boxes = labels.map(\.box)
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    #expect(
                        !Self.overlap(boxes[i], boxes[j]),
                        "\(width): '\(labels[i].block.lines.map(\.text))' overlaps '\(labels[j].block.lines.map(\.text))'")
                }
                for circle in Self.circles(area) {
                    // The label engine lets a label graze a mark by up to half a px.
                    #expect(
                        Self.distance(boxes[i], circle.cx, circle.cy) > circle.radius - 0.5,
                        "\(width): '\(labels[i].block.lines.map(\.text))' covers a circle")
                }
            }
            let warning = area.warnings.first { $0.id == "labels-left-out" }
            let leftOut = Self.cities.count - labels.count
            if leftOut > 0 {
                let message = try #require(warning?.message, "\(width): \(leftOut) labels left out without a word")
                #expect(message.hasPrefix("\(leftOut) map label"), "\(message)")
            } else {
                #expect(warning == nil)
            }
        }
        // On the smallest map some are left out.
        #expect(Self.labels(try Self.area(width: 200, height: 150).area).count < Self.cities.count)
    }
}
