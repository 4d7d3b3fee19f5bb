import ChartColor
import ChartData
import ChartFormat
import ChartSpec
import ChartValues
import Testing

@testable import ChartLayout

/// SPEC §22's stepped color scales against d3-scale's results (fixtures from d3's documented rules: quantize's
/// `((i + 1)·x1 − (i − n)·x0) / (n + 1)`, d3-array's type-7 `quantileSorted`, threshold's `bisectRight`, and the
/// domains d3-scale's own tests expect of `linear.nice()`), and the stepped legend's layout.
@Suite struct SteppedScaleTests {
    static let grey = (0..<20).map { Color(rgb: UInt32(0x101010 * ($0 % 15))) }

    static func close(_ a: [Double], _ b: [Double], tolerance: Double = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) }
    }

    @Test func quantizeCutsTheDomainIntoEqualIntervals() {
        // d3.scaleQuantize([0, 100], d3.schemeBlues[6]).thresholds()
        let six = SteppedColorScale.quantize(domain: (0, 100), colors: Array(Self.grey.prefix(6)))
        let sixth: Double = 100.0 / 6
        let expected: [Double] = [sixth, 2 * sixth, 50, 4 * sixth, 5 * sixth]
        #expect(Self.close(six.thresholds, expected))
        let edges: [Double] = six.edges.compactMap { $0 }
        #expect(Self.close(edges, [0] + expected + [100]))
        // d3.scaleQuantize([0, 1], ["brown", "steelblue"]): 0.49 brown, 0.51 steelblue; 0.5 is the step above.
        let two = SteppedColorScale.quantize(domain: (0, 1), colors: [Color(rgb: 0xa52a2a), Color(rgb: 0x4682b4)])
        #expect(two.step(of: 0.49) == 0)
        #expect(two.step(of: 0.5) == 1)
        #expect(two.step(of: 0.51) == 1)
        // Outside the domain: the end steps (d3 clamps by bisecting).
        #expect(two.step(of: -5) == 0)
        #expect(two.step(of: 7) == 1)
        #expect(two.step(of: .nan) == nil)
        // Four steps over [-10, 30].
        let four = SteppedColorScale.quantize(domain: (-10, 30), colors: Array(Self.grey.prefix(4)))
        #expect(Self.close(four.thresholds, [0, 10, 20]))
    }

    @Test func niceRoundsTheQuantizeDomainAsD3Does() {
        // d3-scale's linear-test.js: domain(…).nice(count) gives these.
        let cases: [((Double, Double), Int, (Double, Double))] = [
            ((1.1, 10.9), 10, (1, 11)), ((10.9, 1.1), 10, (11, 1)), ((0.7, 11.001), 10, (0, 12)), ((123.1, 6.7), 10, (130, 0)),
            ((0, 0.49), 10, (0, 0.5)), ((0, 14.1), 5, (0, 20)), ((0, 15), 5, (0, 20)), ((0.201479, 0.996679), 10, (0.2, 1)),
            ((0, 285), 10, (0, 300))
        ]
        for (domain, count, expected) in cases {
            let niced = SteppedColorScale.niced(domain.0, domain.1, count: count)
            #expect(Self.close([niced.0, niced.1], [expected.0, expected.1]), "\(domain) → \(niced)")
        }
        let scale = SteppedColorScale.quantize(domain: (0, 285), colors: Array(Self.grey.prefix(3)), nice: true)
        #expect(Self.close(scale.thresholds, [100, 200]))
        #expect(scale.lower == 0 && scale.upper == 300)
    }

    @Test func quantileBreaksAreD3sType7Quantiles() {
        // d3.scaleQuantile([1, 2, 3, 5, 8, 13, 21, 34, 55, 89], five colors).quantiles() (= numpy.percentile).
        let values: [Double] = [34, 1, 89, 2, 3, 5, 55, 8, 13, 21]
        let scale = SteppedColorScale.quantile(values: values, colors: Array(Self.grey.prefix(5)))
        #expect(Self.close(scale.thresholds, [2.8, 6.8, 16.2, 38.2]))
        #expect(scale.lower == 1 && scale.upper == 89)
        #expect(scale.step(of: 2.8) == 1)
        #expect(scale.step(of: 2.79) == 0)
        #expect(scale.step(of: 89) == 4)
        // d3.quantileSorted([0, 10, 30], 0.25) is 5; ties and a lone value.
        #expect(SteppedColorScale.quantileSorted([0, 10, 30], 0.25) == 5)
        let ties = SteppedColorScale.quantile(values: [3, 1, 7, 7, 2, 10, 4, .nan], colors: Array(Self.grey.prefix(3)))
        #expect(Self.close(ties.thresholds, [3, 7]))
        let lone = SteppedColorScale.quantile(values: [4], colors: Array(Self.grey.prefix(3)))
        #expect(lone.thresholds == [4, 4])
        #expect(lone.step(of: 4) == 2)
    }

    @Test func thresholdBisectsRight() {
        // d3.scaleThreshold([0, 1], ["red", "white", "blue"]): -1 red, 0 white, 0.5 white, 1 blue, 1000 blue.
        let scale = SteppedColorScale.threshold(breaks: [0, 1], colors: Array(Self.grey.prefix(3)), values: [-1, 0.5, 2])
        let values: [Double] = [-1, 0, 0.5, 1, 1000]
        let steps: [Int?] = values.map { scale.step(of: $0) }
        #expect(steps == [0, 1, 1, 2, 2])
        #expect(scale.lower == -1 && scale.upper == 2)
        // An end step with no value leaves that end open (unlabelled).
        let open = SteppedColorScale.threshold(breaks: [0, 1], colors: Array(Self.grey.prefix(3)), values: [0.2, 0.7])
        let openEdges: [Double?] = [nil, 0, 1, nil]
        #expect(open.edges == openEdges)
    }

    @Test func schemesAreSampledAsVegaSamplesThemForSteps() {
        // Vega's quantizeInterpolator: i / (n + 1) for i = 1…n, here over blues' discrete part (0.25…1).
        let channel = Fixture.channel(.color, "v")
        var scale = ScaleSpec()
        scale.type = Located(.quantize, at: nil)
        let colors = ColorEncoding.steppedColors(
            scale: scale, definition: channel, count: 5, crossesZero: false, sequential: .blues, diverging: .redBlue)
        let expected = (1...5).map { ColorScheme.blues.color(at: 0.25 + 0.75 * Double($0) / 6) }
        #expect(colors == expected)
        scale.reverse = true
        let reversed = ColorEncoding.steppedColors(
            scale: scale, definition: channel, count: 5, crossesZero: false, sequential: .blues, diverging: .redBlue)
        #expect(reversed == expected.reversed())
    }

    // MARK: - The legend

    static func texts(_ node: SceneNode) -> [TextNode] {
        var found: [TextNode] = []
        func walk(_ node: SceneNode) {
            switch node {
            case .text(let text): found.append(text)
            case .group(let group): group.children.forEach(walk)
            default: break
            }
        }
        walk(node)
        return found
    }

    static func swatches(_ node: SceneNode) -> [RectNode] {
        var found: [RectNode] = []
        func walk(_ node: SceneNode) {
            switch node {
            case .rect(let rect) where rect.classes.contains("chartc-legend-step"): found.append(rect)
            case .group(let group): group.children.forEach(walk)
            default: break
            }
        }
        walk(node)
        return found
    }

    /// No two labels' boxes overlap, and every edge has its label.
    static func expectClear(_ legend: SteppedLegend, edges: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let labels = texts(legend.node(x: 0, y: 0)).filter { $0.classes.contains("chartc-legend-edge") }
        #expect(labels.count == edges, sourceLocation: sourceLocation)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                let overlap = a.box.minX < b.box.maxX && b.box.minX < a.box.maxX && a.box.minY < b.box.maxY && b.box.minY < a.box.maxY
                #expect(!overlap, "'\(a.text)' \(a.box) overlaps '\(b.text)' \(b.box)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aLegendRowPrintsEveryEdgeAtItsJoin() {
        let scale = SteppedColorScale.quantize(domain: (0, 100), colors: Array(Self.grey.prefix(4)))
        let legend = SteppedLegend(scale: scale, title: "Rate", labels: TickLabels(kind: .number, locale: .enUS), maxWidth: 600)
        #expect(legend.labels == ["0", "25", "50", "75", "100"])
        #expect(legend.arrangement == SteppedLegend.Arrangement(perRow: 4, swatchWidth: 48, staggered: false))
        let swatches = Self.swatches(legend.node(x: 0, y: 0))
        #expect(swatches.map(\.data) == (0..<4).map { [DataAttribute("step", String($0))] })
        #expect(swatches.map(\.box.x) == [0, 48, 96, 144])
        Self.expectClear(legend, edges: 5)
        #expect(legend.width == 192)
    }

    @Test func crowdedLabelsWidenTheSwatchesThenTakeTwoLinesThenWrap() {
        let colors = Array(Self.grey.prefix(10))
        let scale = SteppedColorScale.quantize(domain: (1_234_567.891, 9_876_543.21), colors: colors)
        let labels = TickLabels(kind: .number, pattern: ",.3f", locale: .enUS)
        for maxWidth in [2000.0, 900, 500, 300, 150] {
            let legend = SteppedLegend(scale: scale, title: nil, labels: labels, maxWidth: maxWidth)
            // Each row of swatches prints its own two ends.
            let perRow = legend.arrangement?.perRow ?? 10
            Self.expectClear(legend, edges: 10 + (10 + perRow - 1) / perRow)
            #expect(legend.width <= maxWidth, "\(maxWidth): \(legend.width)")
        }
        let wide = SteppedLegend(scale: scale, title: nil, labels: labels, maxWidth: 2000)
        #expect(wide.arrangement?.staggered == false)
        let staggered = SteppedLegend(scale: scale, title: nil, labels: labels, maxWidth: 900)
        #expect(staggered.arrangement?.staggered == true && staggered.arrangement?.perRow == 10)
        let wrapped = SteppedLegend(scale: scale, title: nil, labels: labels, maxWidth: 300)
        #expect((wrapped.arrangement?.perRow ?? 10) < 10)
    }

    @Test func aColumnBesideThePlotPutsTheHighestStepOnTop() {
        let scale = SteppedColorScale.threshold(breaks: [10, 20, 30], colors: Array(Self.grey.prefix(4)), values: [5, 12, 33])
        let legend = SteppedLegend(scale: scale, title: "Rate", labels: TickLabels(kind: .number, locale: .enUS), maxWidth: 120, vertical: true)
        let swatches = Self.swatches(legend.node(x: 0, y: 0))
        #expect(swatches.count == 4)
        #expect(swatches[0].box.y > swatches[3].box.y)
        Self.expectClear(legend, edges: 5)
        #expect(legend.labels == ["5", "10", "20", "30", "33"])
    }

    @Test func aThresholdEndWithoutValuesIsLeftUnlabelled() {
        let scale = SteppedColorScale.threshold(breaks: [10, 20], colors: Array(Self.grey.prefix(3)), values: [12, 15])
        let legend = SteppedLegend(scale: scale, title: nil, labels: TickLabels(kind: .number, locale: .enUS), maxWidth: 400)
        #expect(legend.labels == [nil, "10", "20", nil])
        Self.expectClear(legend, edges: 2)
    }
}
