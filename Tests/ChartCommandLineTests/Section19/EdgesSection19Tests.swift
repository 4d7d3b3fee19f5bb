import Foundation
import Testing

/// SPEC §19.3 and §19.7 at the edges a new user reaches first, measured on the built SVG: a log axis over less
/// than three decades still writes each power of ten plainly (`0.01`, never `0.010`), and a `text` mark is drawn
/// where its constants put it even when its words would stick out of the plot (moved just inside, not dropped).
@Suite struct EdgesSection19Tests {
    /// The labels of a log axis over `low…high`, on x of points and on y of lines.
    static func logLabels(_ low: Double, _ high: Double, mark: String) throws -> [String] {
        let rows = #"[{ "k": "a", "v": \#(low) }, { "k": "b", "v": \#(high) }, { "k": "c", "v": \#((low * high).squareRoot()) }]"#
        let encoding =
            mark == "point"
            ? #"{ "x": { "field": "v", "scale": { "type": "log" } }, "y": { "field": "k" } }"#
            : #"{ "y": { "field": "v", "scale": { "type": "log" } }, "x": { "field": "k" } }"#
        let spec = #"{ "title": "t", "data": { "values": \#(rows) }, "mark": "\#(mark)", "encoding": \#(encoding) }"#
        let svg = try SVGMeasure.build(spec).svg
        return svg.tickLabels(mark == "point" ? "chartc-axis-x" : "chartc-axis-y").map(\.joined)
    }

    @Test(arguments: [(0.003, 0.5, "point"), (0.003, 0.5, "line"), (0.02, 0.9, "point"), (2.0, 400.0, "line"), (0.5, 30.0, "point")])
    func aLogAxisOverFewDecadesWritesEachTickAlone(low: Double, high: Double, mark: String) throws {
        let labels = try Self.logLabels(low, high, mark: mark)
        #expect(labels.count >= 2, "\(labels)")
        for label in labels {
            // 1, 2 or 5 times a power of ten, written with no padded zeros.
            let plain = label.replacingOccurrences(of: ",", with: "")
            let value = try #require(Double(plain), "\(label)")
            #expect(plain == Self.shortest(value), "'\(label)' among \(labels) has padded decimals")
        }
    }

    /// `value` written with the fewest decimals that give it back.
    static func shortest(_ value: Double) -> String {
        for decimals in 0...12 {
            let text = String(format: "%.\(decimals)f", value)
            if Double(text) == value { return text }
        }
        return String(value)
    }

    @Test func aTextMarkAtConstantPixelsIsDrawnInsideThePlot() throws {
        for (size, words) in [(12, "hello there"), (30, "hi")] {
            let spec = """
                { "title": "t", "data": { "values": [{ "a": 1 }, { "a": 2 }, { "a": 3 }] }, "mark": "text",
                  "encoding": { "x": { "value": 10 }, "y": { "value": 20 }, "text": { "value": "\(words)" }, "size": { "value": \(size) } } }
                """
            let svg = try SVGMeasure.build(spec).svg
            let texts = svg.groups("chartc-marks").flatMap { SVGMeasure.texts(in: $0) }
            // Every row prints the same words at the same spot, and every one is drawn (nothing accepted vanishes,
            // even over other text).
            #expect(texts.count == 3, "\(size) px '\(words)': \(texts.map(\.joined))")
            guard let text = texts.first else { continue }
            #expect(text.joined == words)
            // Centred as near x = 10 px as keeps its words inside the plot (which starts at 0).
            let width = Double(words.count) * Double(size) * 0.7
            #expect(text.x >= 10 && text.x <= 10 + width / 2, "x \(text.x)")
            #expect(text.y >= 20 - 0.5 && text.y <= 20 + Double(size), "y \(text.y)")
        }
    }

    @Test func aTextMarkOnThePlotsRightEdgeIsKept() throws {
        let spec = """
            { "title": "t", "data": { "values": [{ "k": "first", "v": 3, "w": 1 }, { "k": "second", "v": 7, "w": 2 }, { "k": "a long last label", "v": 5, "w": 3 }] },
              "mark": "text", "encoding": { "x": { "field": "w" }, "y": { "field": "v" }, "text": { "field": "k" } } }
            """
        let svg = try SVGMeasure.build(spec).svg
        let texts = svg.groups("chartc-marks").flatMap { SVGMeasure.texts(in: $0) }.map(\.joined)
        #expect(texts.contains("a long last label"), "\(texts)")
        #expect(texts.contains("second"), "\(texts)")
    }
}

/// SPEC §19.7 with `scale.zero: false` on a short axis: the labels stay round multiples of one step, and the end
/// away from zero is labelled at or past the data.
@Suite struct ZeroFalseShortAxisSection19Tests {
    @Test(arguments: [(0.00771, 0.04768, 150), (415_671.2, 5_467_506.6, 150), (-3_985_356.0, -317_437.0, 150), (30.6, 112.5, 150)])
    func labelsAreRoundAndReachTheFarEnd(low: Double, high: Double, height: Int) throws {
        let spec = """
            { "title": "t", "width": 600, "height": \(height), "data": { "values": [{ "k": "a", "v": \(low) }, { "k": "b", "v": \(high) }, { "k": "c", "v": \((low + high) / 2) }] },
              "mark": "point", "encoding": { "x": { "field": "k" }, "y": { "field": "v", "scale": { "zero": false } } } }
            """
        let svg = try SVGMeasure.build(spec).svg
        let labels = svg.tickLabels("chartc-axis-y").map(\.joined)
        let values = labels.compactMap(Self.number).sorted()
        #expect(values.count == labels.count && values.count >= 2, "\(labels)")
        guard values.count >= 2 else { return }
        let step = values[1] - values[0]
        for (a, b) in zip(values, values.dropFirst()) { #expect(abs(b - a - step) < step * 1e-6, "uneven labels \(labels)") }
        // Every label a multiple of the step: round.
        for value in values { #expect(abs(value / step - (value / step).rounded()) < 1e-6, "\(value) is not a multiple of \(step): \(labels)") }
        // The end away from zero is labelled at or past the data, by less than a step.
        if low > 0 {
            #expect(values.last! >= high - 1e-9 && values.last! - high < step, "\(labels) for data up to \(high)")
        } else {
            #expect(values.first! <= low + 1e-9 && low - values.first! < step, "\(labels) for data from \(low)")
        }
    }

    /// `600K`, `1.5M`, `−4M`, `0.02` as numbers.
    static func number(_ label: String) -> Double? {
        var text = label.replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: ",", with: "")
        var factor = 1.0
        if text.hasSuffix("K") { factor = 1e3 } else if text.hasSuffix("M") { factor = 1e6 } else if text.hasSuffix("B") { factor = 1e9 }
        if factor != 1 { text.removeLast() }
        return Double(text).map { $0 * factor }
    }
}
