import Testing
import ChartFormat
import ChartSpec
@testable import ChartLayout

@Suite struct ShortTickFormTests {
    let labels = TickLabels(kind: .number, locale: .enUS)

    @Test func millionsAndBillionsAreShortened() {
        #expect(labels.labels([0, 5_000_000, 10_000_000]) == ["0", "5M", "10M"])
        // Each tick in its own unit, never below one of it (SPEC §19.14).
        #expect(labels.labels([0, 500_000, 1_000_000, 1_500_000]) == ["0", "500K", "1M", "1.5M"])
        #expect(labels.labels([0, 5e8, 1e9, 1.5e9, 2e9, 2.5e9, 3e9]) == ["0", "500M", "1B", "1.5B", "2B", "2.5B", "3B"])
        #expect(labels.labels([6e8]) == ["600M"])
        #expect(labels.labels([0, 2e9, 4e9]) == ["0", "2B", "4B"])
        #expect(labels.labels([-1e12, 0, 1e12]) == ["\u{2212}1T", "0", "1T"])
    }

    @Test func belowAMillionNumbersAreWrittenOut() {
        #expect(labels.labels([0, 400_000, 800_000]) == ["0", "400,000", "800,000"])
    }

    @Test func logAxesGiveEachTickItsOwnUnit() {
        #expect(labels.labels([100_000, 1_000_000, 10_000_000, 100_000_000]) == ["100,000", "1M", "10M", "100M"])
        #expect(labels.labels([5e6, 1e7, 2e7, 5e7, 1e8, 2e8]) == ["5M", "10M", "20M", "50M", "100M", "200M"])
    }

    @Test func formatObjectsPutPrefixAndSuffixOnEveryLabel() {
        let money = FormatSpec(pattern: Located("$.2S", at: nil), suffix: Located(" total", at: nil), isObject: true)
        #expect(TickLabels(kind: .number, format: money, locale: .enUS).labels([2.834e9, -6e8]) == ["$2.8B total", "\u{2212}$600M total"])
        let euro = FormatSpec(pattern: nil, prefix: Located("€", at: nil), isObject: true)
        #expect(TickLabels(kind: .number, format: euro, locale: .enUS).labels([0, 5e8, 1e9]) == ["€0", "€500M", "€1B"])
        #expect(TickLabels(kind: .number, format: euro, locale: .enUS).valueLabels([12.5]) == ["€12.5"])
    }

    @Test func anExplicitFormatIsNeverShortened() {
        #expect(TickLabels(kind: .number, pattern: ",.0f", locale: .enUS).labels([0, 10_000_000]) == ["0", "10,000,000"])
    }

    @Test func valueLabelsKeepThreeSignificantDigitsAtMost() {
        #expect(labels.valueLabels([12.833333, 5.1]) == ["12.8", "5.1"])
        #expect(labels.valueLabels([6214, 14203]) == ["6,214", "14,203"])
        #expect(labels.valueLabels([0.4567, 0.1]) == ["0.457", "0.100"])
        #expect(labels.valueLabels([3, 0, 12]) == ["3", "0", "12"])
        #expect(labels.valueLabels([2_345_678]) == ["2.35M"])
        // A value under a billion beside one over is written in millions, not `0.60B` (SPEC §19.14).
        #expect(labels.valueLabels([2.834e9, 600e6, 1.2e9]) == ["2.83B", "600M", "1.20B"])
        #expect(labels.valueLabels([600e6]) == ["600M"])
        // 1.25M beside 600M keeps its own digits: the two share the unit, not the precision (was "1M").
        #expect(labels.valueLabels([2.8e9, 600e6, 1.25e6, 45_000]) == ["2.8B", "600M", "1.25M", "45K"])
        #expect(labels.valueLabels([1.5e6, 2e6, 2.25e6]) == ["1.50M", "2.00M", "2.25M"])
        #expect(TickLabels(kind: .number, locale: .deDE).valueLabels([2.8e9]) == ["2,8\u{00A0}Mrd."])
        #expect(TickLabels(kind: .percent, locale: .enUS).valueLabels([0.2345, 0.7655]) == ["23%", "77%"])
        #expect(TickLabels(kind: .percent, locale: .enUS).valueLabels([0.052]) == ["5.2%"])
    }
}

@Suite struct RampLegendTests {
    let scale = ContinuousColorScale(domain: ScaleInterval(0, 100), scheme: .blues)

    @Test func besideThePlotTheRampStandsUprightLowAtTheBottom() throws {
        let legend = ColorRampLegend(
            scale: scale, title: "Rain (mm)", labels: TickLabels(kind: .number, locale: .enUS), maxWidth: 150, orientation: .vertical(length: 160))
        #expect(legend.gradient.y1 == 1 && legend.gradient.y2 == 0 && legend.gradient.x1 == legend.gradient.x2)
        #expect(legend.height >= 160)
        #expect(legend.width < 150)
        // The legend is one group of its swatch and texts; anything else fails here instead of skipping the checks.
        let node = legend.node(x: 0, y: 0)
        var drawnGroup: GroupNode?
        if case .group(let found) = node { drawnGroup = found }
        let group = try #require(drawnGroup, "the ramp legend drew \(node), not a group")
        let texts: [TextNode] = group.children.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
        #expect(texts.count >= 2)
        let values = texts.filter { !$0.classes.contains("chartc-legend-title") }
        // Highest value on top.
        #expect(values.first?.text == "100" && values.last?.text == "0")
        #expect((values.first?.y ?? 0) < (values.last?.y ?? 0))
    }

    @Test func aboveThePlotTheRampRunsAcross() {
        let legend = ColorRampLegend(scale: scale, title: nil, labels: TickLabels(kind: .number, locale: .enUS), maxWidth: 200)
        #expect(legend.gradient.x1 == 0 && legend.gradient.x2 == 1 && legend.gradient.y1 == legend.gradient.y2)
        #expect(legend.width >= 200 && legend.height < 40)
    }
}
