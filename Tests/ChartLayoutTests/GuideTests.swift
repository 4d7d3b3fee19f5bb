import Testing
import ChartFormat
@testable import ChartLayout

@Suite struct TickLabelTests {
    @Test func yearsHaveNoSeparators() {
        #expect(TickLabels(kind: .years, locale: .enUS).labels([1950, 2000, 2020]) == ["1950", "2000", "2020"])
    }

    @Test func numbersShareAPrecisionAndUseARealMinus() {
        let labels = TickLabels(kind: .number, locale: .enUS).labels([-0.5, 0, 0.5, 1])
        #expect(labels == ["\u{2212}0.5", "0", "0.5", "1.0"])
    }

    @Test func largeNumbersAreGroupedInTheLocalesStyle() {
        #expect(TickLabels(kind: .number, locale: .enUS).labels([0, 10_000, 20_000]) == ["0", "10,000", "20,000"])
        #expect(TickLabels(kind: .number, locale: .deDE).labels([0, 10_000, 20_000]) == ["0", "10.000", "20.000"])
    }

    @Test func anExplicitFormatWins() {
        #expect(TickLabels(kind: .number, pattern: ".0%", locale: .enUS).labels([0, 0.25]) == ["0%", "25%"])
        #expect(TickLabels(kind: .dates, pattern: "%Y", locale: .enUS).labels([Double(CivilDate.milliseconds(year: 2020, month: 6))]) == ["2020"])
    }

    @Test func percentKindMultipliesByAHundred() {
        #expect(TickLabels(kind: .percent, locale: .enUS).labels([0, 0.5, 1]) == ["0%", "50%", "100%"])
    }
}

@Suite struct AxisLayoutTests {
    let style = TextStyle(size: 12)

    func ticks(_ labels: [String], spacing: Double) -> [(AxisTick, TextBlock)] {
        labels.enumerated().map { (AxisTick(position: Double($0.offset) * spacing, label: $0.element), TextBlock.single($0.element, style: style)) }
    }

    @Test func keepsEveryLabelWhenTheyFit() {
        let kept = AxisLayout.thin(ticks(["1", "2", "3", "4"], spacing: 50), vertical: false)
        #expect(kept.map(\.tick.label) == ["1", "2", "3", "4"])
    }

    @Test func thinsCrowdedLabelsKeepingTheFirst() {
        let labels = (0..<10).map { "Label \($0)" }
        let kept = AxisLayout.thin(ticks(labels, spacing: 30), vertical: false)
        #expect(kept.first?.tick.label == "Label 0")
        #expect(kept.count < labels.count)
        for index in kept.indices.dropFirst() {
            let a = kept[index - 1], b = kept[index]
            #expect(b.tick.position - a.tick.position >= (a.block.width + b.block.width) / 2)
        }
    }

    @Test func marginsFitTheWidestLabelAndTheTitle() {
        let axis = Axis(
            position: .left, ticks: [AxisTick(position: 0, label: "1,000,000"), AxisTick(position: 100, label: "0")], title: "Dollars", grid: true)
        let layout = AxisLayout(axis: axis, plotWidth: 300, plotHeight: 100, maxLabelWidth: 200, titleWidth: 300)
        let widest = TextMeasurer.width("1,000,000", style: ChartTheme.standard.axisLabelStyle)
        #expect(abs(layout.margins.left - (widest + AxisLayout.labelGap)) < 0.001)
        // The title sits above the plot, so the top margin holds it and half the top label.
        #expect(layout.margins.top > TextMeasurer.ascent(ChartTheme.standard.axisTitleStyle))
        #expect(layout.gridNodes().count == 2)
    }

    @Test func bottomAxisReservesRoomForOverhangingEndLabels() {
        let axis = Axis(position: .bottom, ticks: [AxisTick(position: 0, label: "January"), AxisTick(position: 300, label: "December")])
        let layout = AxisLayout(axis: axis, plotWidth: 300, plotHeight: 100, maxLabelWidth: 200, titleWidth: 300)
        #expect(layout.margins.left > 0)
        #expect(layout.margins.right > 0)
        #expect(layout.margins.bottom > AxisLayout.labelGap)
    }
}

@Suite struct LegendTests {
    @Test func rowsWrapToTheWidth() {
        let entries = (0..<8).map { LegendEntry(series: "Series number \($0)", color: "#123456") }
        let narrow = Legend(entries: entries, title: nil, symbol: .square, direction: .rows, maxWidth: 300)
        let wide = Legend(entries: entries, title: nil, symbol: .square, direction: .rows, maxWidth: 2000)
        #expect(narrow.width <= 300)
        #expect(narrow.height > wide.height)
        let scene = Scene(width: 340, height: narrow.height + 40, children: [narrow.node(x: 20, y: 20)])
        #expect(scene.textLayoutProblems().isEmpty)
        #expect(scene.groups(withClass: "chartc-legend-item").map { $0.data.first?.value } == entries.map(\.series))
    }

    @Test func aColumnStacksEntries() {
        let entries = ["A", "B", "C"].map { LegendEntry(series: $0, color: "#000") }
        let legend = Legend(entries: entries, title: "Party", symbol: .line, direction: .column, maxWidth: 150)
        let scene = Scene(width: 200, height: 200, children: [legend.node(x: 0, y: 0)])
        let boxes = scene.texts().map(\.box)
        #expect(boxes.count == 4)
        for index in boxes.indices.dropFirst() { #expect(boxes[index].minY >= boxes[index - 1].maxY) }
    }
}
