import Testing
@testable import ChartLayout

@Suite struct TextLineBreakerTests {
    let style = TextStyle(size: 14)

    private func texts(_ lines: [TextLine]) -> [String] { lines.map(\.text) }

    private func width(_ text: String) -> Double { TextMeasurer.width(text, style: style) }

    @Test func fitsOnOneLine() {
        let lines = LineBreaker.wrap("Political ideology in Congress", width: 1000, style: style)
        #expect(texts(lines) == ["Political ideology in Congress"])
        #expect(lines[0].width == width("Political ideology in Congress"))
    }

    @Test func greedyBreaksAtSpaces() {
        // Exactly the width of the first three words: they fit, the fourth goes to the next line.
        let lines = LineBreaker.wrap("Political ideology in Congress, 1948-2025", width: width("Political ideology in"), style: style)
        #expect(
            texts(lines) == ["Political ideology in", "Congress, 1948-2025"] || texts(lines) == ["Political ideology in", "Congress,", "1948-2025"])
        // One px less and "in" moves down.
        let narrower = LineBreaker.wrap("Political ideology in Congress", width: width("Political ideology in") - 1, style: style)
        #expect(texts(narrower) == ["Political ideology", "in Congress"])
    }

    @Test func collapsesSpacesAndKeepsExplicitBreaks() {
        #expect(texts(LineBreaker.wrap("  a   b\t c  ", width: 1000, style: style)) == ["a b c"])
        #expect(texts(LineBreaker.wrap("first\n\nsecond\r\nthird", width: 1000, style: style)) == ["first", "", "second", "third"])
        #expect(texts(LineBreaker.wrap("\n\nonly\n \n", width: 1000, style: style)) == ["only"])
        #expect(LineBreaker.wrap("", width: 100, style: style).isEmpty)
        #expect(LineBreaker.wrap("   ", width: 100, style: style).isEmpty)
    }

    @Test func breaksAfterHyphensAndDashes() {
        let w = width("a well-known")
        #expect(texts(LineBreaker.wrap("a well-known fact", width: w - 1, style: style)) == ["a well-", "known fact"])
        #expect(texts(LineBreaker.wrap("up—on it", width: width("up—on") - 1, style: style)) == ["up—", "on it"])
        #expect(texts(LineBreaker.wrap("1990–2000 data", width: width("1990–2000") - 1, style: style)).first == "1990–")
        // A leading minus and a hyphen before a digit are not break opportunities.
        #expect(LineBreaker.segments(of: "-5") == ["-5"])
        #expect(LineBreaker.segments(of: "1948-2025") == ["1948-2025"])
        #expect(LineBreaker.segments(of: "well-known") == ["well-", "known"])
        #expect(LineBreaker.segments(of: "a--b") == ["a--", "b"])
    }

    @Test func noBreakSpacesHold() {
        let text = "total 10\u{00A0}€"
        let lines = LineBreaker.wrap(text, width: width("total 10"), style: style)
        #expect(texts(lines) == ["total", "10\u{00A0}€"])
    }

    @Test func overlongWordsBreakBetweenCharacters() {
        let word = "Supercalifragilisticexpialidocious"
        let lines = LineBreaker.wrap(word + " is long", width: 60, style: style)
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { $0.width <= 60 })
        #expect(texts(lines).joined().filter { $0 != " " } == (word + "islong"))
        // Each full line is as long as possible: its next character would not have fitted.
        #expect(width(lines[0].text + String(word[word.index(word.startIndex, offsetBy: lines[0].text.count)])) > 60)
    }

    @Test func urlsBreakAfterSlashes() {
        let url = "https://voteview.com/parties/all"
        let lines = LineBreaker.wrap(url, width: width("https://voteview.com/par"), style: style)
        #expect(texts(lines) == ["https://voteview.com/", "parties/all"])
    }

    @Test func ideographsBreakAnywhere() {
        let lines = LineBreaker.wrap("中文字幕测试", width: 14 * 4, style: style)
        #expect(texts(lines) == ["中文字幕", "测试"])
    }

    @Test func degenerateWidthsTerminate() {
        #expect(texts(LineBreaker.wrap("ab c", width: 0, style: style)) == ["a", "b", "c"])
        #expect(texts(LineBreaker.wrap("ab c", width: -10, style: style)) == ["a", "b", "c"])
        #expect(texts(LineBreaker.wrap("ab c", width: .nan, style: style)) == ["ab c"])
        #expect(texts(LineBreaker.wrap("ab c", width: .infinity, style: style)) == ["ab c"])
        #expect(texts(LineBreaker.wrap("ab c", width: 10, style: TextStyle(size: 0))) == ["ab c"])
    }

    /// Pseudo-random texts (a fixed linear congruential generator, so the test is deterministic) wrapped at many
    /// widths: lines never exceed the width unless they hold one character, no non-space character is lost or
    /// reordered, each line's width is its measured width, and wrapping twice gives the same lines.
    @Test func propertiesHoldOnManyTexts() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = [
            "the", "Congress", "median", "DW-NOMINATE", "1948-2025", "—", "well-known", "  ", " ", "\n",
            "https://example.org/a/b", "Ünïcödé", "中文", "e\u{301}", "10\u{00A0}%", "W", "WWWWWWWWWWWWWWW", "-0.5"
        ]
        let styles = [TextStyle(size: 11), TextStyle(size: 14, weight: .bold), TextStyle(size: 22, italic: true)]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<next(25) {
                text += pieces[next(pieces.count)]
                if next(3) > 0 { text += " " }
            }
            let style = styles[next(styles.count)]
            let width = Double(next(300))
            let lines = LineBreaker.wrap(text, width: width, style: style)
            for line in lines {
                #expect(line.width <= width + 1e-9 || line.text.count == 1, "\(line.text) is \(line.width) wide, limit \(width)")
                #expect(line.width == TextMeasurer.width(line.text, style: style))
                #expect(line.text == line.text.trimmingSpaces)
            }
            let kept = lines.map(\.text).joined().filter { !$0.isWhitespace }
            #expect(kept == text.filter { !$0.isWhitespace }, "lost text wrapping \(text)")
            #expect(LineBreaker.wrap(text, width: width, style: style) == lines)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var copy = Substring(self)
        while copy.first == " " { copy.removeFirst() }
        while copy.last == " " { copy.removeLast() }
        return String(copy)
    }
}
