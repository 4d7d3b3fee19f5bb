import Testing
@testable import ChartFormat

/// The short-scale type `S` and format affixes (SPEC §19.14). Expected strings are derived by hand from the rule
/// (significant digits as d3's `s`, units of a thousand in the locale's words) and, for `s`, d3-format's own test
/// suite (`format-type-s-test.js`), with U+2212 for minus as SPEC §7 asks.
@Suite struct ShortScaleFormatTests {
    private func f(_ pattern: String, _ value: Double, _ locale: ChartLocale = .enUS) -> String {
        do {
            return try NumberFormat(parsing: pattern).format(value, locale: locale)
        } catch {
            return "error: \(error.message)"
        }
    }

    private let minus = "\u{2212}"
    private let nbsp = "\u{00A0}"

    @Test func theExampleOfTheSpec() {
        #expect(f("$.2S", 2.834e9) == "$2.8B")
        #expect(f("$.2S", 2.834e9, .deDE) == "2,8\(nbsp)Mrd.\(nbsp)€")
        #expect(f(".2S", 2.834e9, .deDE) == "2,8\(nbsp)Mrd.")
    }

    /// value, `.2S`, `.3S`, `S`, `.2~S` in en-US: worked out by hand.
    @Test(arguments: [
        (0.0, "0.0", "0.00", "0", "0"),
        (1.0, "1.0", "1.00", "1", "1"),
        (0.25, "0.25", "0.250", "0.25", "0.25"),
        (7.5, "7.5", "7.50", "7.5", "7.5"),
        (42.0, "42", "42.0", "42", "42"),
        (999.0, "1.0K", "999", "999", "1K"),
        (1_000.0, "1.0K", "1.00K", "1K", "1K"),
        (1_500.0, "1.5K", "1.50K", "1.5K", "1.5K"),
        (25_000.0, "25K", "25.0K", "25K", "25K"),
        (600e6, "600M", "600M", "600M", "600M"),
        (999_960_000.0, "1.0B", "1.00B", "999.96M", "1B"),
        (2.834e9, "2.8B", "2.83B", "2.834B", "2.8B"),
        (3e9, "3.0B", "3.00B", "3B", "3B"),
        (45.6e9, "46B", "45.6B", "45.6B", "46B"),
        (1.2e12, "1.2T", "1.20T", "1.2T", "1.2T"),
        (5e15, "5000T", "5000T", "5000T", "5000T")
    ])
    func englishTable(value: Double, two: String, three: String, shortest: String, trimmed: String) {
        #expect(f(".2S", value) == two)
        #expect(f(".3S", value) == three)
        #expect(f("S", value) == shortest)
        #expect(f(".2~S", value) == trimmed)
        if value != 0 {
            #expect(f(".2S", -value) == minus + two)
        }
    }

    /// 2,834,000,000 and 600,000 in every shipped locale, `.2S` and `$.2S`.
    @Test(arguments: [
        (ChartLocale.enUS, "2.8B", "600K", "$2.8B"),
        (ChartLocale.enGB, "2.8bn", "600k", "£2.8bn"),
        (ChartLocale.deDE, "2,8\u{00A0}Mrd.", "600\u{00A0}Tsd.", "2,8\u{00A0}Mrd.\u{00A0}€"),
        (ChartLocale.frFR, "2,8\u{00A0}Md", "600\u{00A0}k", "2,8\u{00A0}Md\u{00A0}€"),
        (ChartLocale.esES, "2,8\u{00A0}mil\u{00A0}M", "600\u{00A0}mil", "2,8\u{00A0}mil\u{00A0}M\u{00A0}€"),
        (ChartLocale.itIT, "2,8\u{00A0}mld", "600\u{00A0}mila", "2,8\u{00A0}mld\u{00A0}€"),
        (ChartLocale.nlNL, "2,8\u{00A0}mld.", "600K", "€\u{00A0}2,8\u{00A0}mld.")
    ])
    func everyLocaleHasItsWords(locale: ChartLocale, billions: String, thousands: String, currency: String) {
        #expect(f(".2S", 2.834e9, locale) == billions)
        #expect(f(".2S", 600e3, locale) == thousands)
        #expect(f("$.2S", 2.834e9, locale) == currency)
        #expect(f(".2S", -2.834e9, locale) == minus + billions)
    }

    @Test func millionsAndTrillionsInGerman() {
        #expect(f(".2~S", 1.5e6, .deDE) == "1,5\(nbsp)Mio.")
        #expect(f(".2~S", 4e12, .deDE) == "4\(nbsp)Bio.")
    }

    @Test func theParserKnowsS() throws {
        #expect(try NumberFormat(parsing: "$.2S").kind == .shortScale)
        #expect(try NumberFormat(parsing: "$.2S").specifier == "$.2S")
        #expect(f(".2Q", 1).contains("S (short scale: 2.8B)"))
    }

    /// d3-format's `s` tests (format-type-s-test.js).
    @Test func siPrefixMatchesD3() {
        #expect(f("s", 0) == "0.00000")
        #expect(f("s", 1) == "1.00000")
        #expect(f("s", 10) == "10.0000")
        #expect(f("s", 100) == "100.000")
        #expect(f("s", 999.5) == "999.500")
        #expect(f("s", 999_500) == "999.500k")
        #expect(f("s", 1000) == "1.00000k")
        #expect(f("s", 1400) == "1.40000k")
        #expect(f("s", 1500.5) == "1.50050k")
        #expect(f("s", 0.00001) == "10.0000µ")
        #expect(f("s", 0.000001) == "1.00000µ")
        #expect(f(".3s", 0) == "0.00")
        #expect(f(".3s", 1) == "1.00")
        #expect(f(".3s", 10) == "10.0")
        #expect(f(".3s", 100) == "100")
        #expect(f(".3s", 999.5) == "1.00k")
        #expect(f(".3s", 999_500) == "1.00M")
        #expect(f(".3s", 1000) == "1.00k")
        #expect(f(".3s", 1500.5) == "1.50k")
        #expect(f(".3s", 145_500_000) == "146M")
        #expect(f(".3s", 145_999_999.999999347) == "146M")
        #expect(f(".3s", 1e26) == "100Y")
        #expect(f(".3s", 0.000001) == "1.00µ")
        #expect(f(".3s", 0.009995) == "10.0m")
        #expect(f(".4s", 999.5) == "999.5")
        #expect(f(".4s", 999_500) == "999.5k")
        #expect(f(".4s", 0.009995) == "9.995m")
        #expect(f("$.2s", -42e6) == minus + "$42M")
    }

    @Test func affixesGoAroundTheNumberAfterItsSign() {
        let money = FormatAffixes(prefix: "$", suffix: " bn")
        #expect(money.apply("2.8") == "$2.8 bn")
        #expect(money.apply(minus + "2.8") == minus + "$2.8 bn")
        #expect(money.apply("(2.8)") == "($2.8 bn)")
        #expect(money.apply("+2.8") == "+$2.8 bn")
        #expect(money.apply("") == "")
        #expect(FormatAffixes.none.apply("5") == "5")
    }

    @Test func automaticShortScaleTicksNeverGoBelowOneUnit() {
        let ticks = stride(from: 0.0, through: 3e9, by: 5e8).map { $0 }
        #expect(NumberFormat.shortScaleLabels(forTicks: ticks, locale: .enUS) == ["0", "500M", "1B", "1.5B", "2B", "2.5B", "3B"])
        #expect(
            NumberFormat.shortScaleLabels(forTicks: ticks, locale: .deDE)
                == ["0", "500\(nbsp)Mio.", "1\(nbsp)Mrd.", "1,5\(nbsp)Mrd.", "2\(nbsp)Mrd.", "2,5\(nbsp)Mrd.", "3\(nbsp)Mrd."])
        #expect(NumberFormat.shortScaleLabels(forTicks: [-1e9, -5e8, 0], locale: .enUS) == [minus + "1B", minus + "500M", "0"])
        #expect(
            NumberFormat.shortScaleLabels(forTicks: [0, 2e5, 4e5, 6e5, 8e5, 1e6, 1.2e6], locale: .enUS) == [
                "0", "200K", "400K", "600K", "800K", "1M", "1.2M"
            ])
        // Floating-point noise from a tick step (0.1 + 0.2 billion) does not show.
        #expect(NumberFormat.shortScaleLabels(forTicks: [(0.1 + 0.2) * 1e9], locale: .enUS) == ["300M"])
    }
}
