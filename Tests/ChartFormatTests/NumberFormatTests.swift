import Testing
@testable import ChartFormat

/// Expected strings are d3-format's documented examples (README, release notes) or worked out by hand from the
/// rules in `NumberFormat`'s documentation, with the real minus sign U+2212 that SPEC §7 asks for.
@Suite struct NumberFormatTests {
    private func f(_ pattern: String, _ value: Double, _ locale: ChartLocale = .enUS) -> String {
        do {
            return try NumberFormat(parsing: pattern).format(value, locale: locale)
        } catch {
            return "error: \(error.message)"
        }
    }

    private let minus = "\u{2212}"

    @Test func documentedExamples() {
        #expect(f(".0%", 0.123) == "12%")
        #expect(f("($.2f", -3.5) == "($3.50)")
        #expect(f("($.2f", -3.5, .enGB) == "(£3.50)")
        #expect(f("+20", 42) == String(repeating: " ", count: 17) + "+42")
        #expect(f(".^20", 42) == ".........42.........")
        #expect(f(".2s", 42e6) == "42M")
        #expect(f(",.2r", 4223) == "4,200")
        #expect(f(".1f", 0.1 + 0.2) == "0.3")
        #expect(f(",", 1234.5) == "1,234.5")
        #expect(f("s", 1500) == "1.50000k")
        #expect(f("~s", 1500) == "1.5k")
        #expect(f(".2", 42) == "42")
        #expect(f(".2", 4.2) == "4.2")
        #expect(f(".1", 42) == "4e+1")
        #expect(f(".1", 4.2) == "4")
        #expect(f("e", 42) == "4.200000e+1")
        #expect(f(".3", 0.12345) == "0.123")
        #expect(f(".3", 0.10000) == "0.1")
        #expect(f(".3", 0.1 + 0.2) == "0.3")
        #expect(f("g", 127) == "127.000")
        #expect(f("", 127) == "127")
    }

    @Test func specExamples() {
        #expect(f(",.2f", 1234.5678) == "1,234.57")
        #expect(f(",.2f", -1234.5678) == minus + "1,234.57")
        #expect(f("$,.0f", 1234567.8) == "$1,234,568")
        #expect(f("$,.0f", -1234567.8) == minus + "$1,234,568")
        #expect(f("~s", 1500) == "1.5k")
        #expect(f("~s", 2e6) == "2M")
        #expect(f("~s", 0) == "0")
        #expect(f("~s", 0.000001) == "1µ")
        #expect(f("~s", 0.0025) == "2.5m")
        #expect(f("+.1f", 3) == "+3.0")
        #expect(f("+.1f", -3) == minus + "3.0")
        #expect(f("08.2f", -3.14159) == minus + "0003.14")
        #expect(f("08.2f", 3.14159) == "00003.14")
        #expect(f(".3s", 1234) == "1.23k")
        #expect(f(".3s", 0.00123) == "1.23m")
        #expect(f(".3s", 999_999) == "1.00M")
        #expect(f(".3s", -12_345_678) == minus + "12.3M")
        #expect(f(".0%", -0.5) == minus + "50%")
        #expect(f(".1%", 0.1234) == "12.3%")
    }

    @Test func rounding() {
        // Exact ties round away from zero; values just below a tie (1.005 is 1.00499999999999989…) round down.
        #expect(f(".2f", 0.125) == "0.13")
        #expect(f(".2f", -0.125) == minus + "0.13")
        #expect(f(".2f", 1.005) == "1.00")
        #expect(f(".1f", 0.25) == "0.3")
        #expect(f(".1f", 0.35) == "0.3") // 0.34999999999999997…
        #expect(f(".1f", 0.05) == "0.1") // 0.05000000000000000277…
        #expect(f(".0f", 2.5) == "3")
        #expect(f(".0f", -2.5) == minus + "3")
        #expect(f(".0f", 0.5) == "1")
        #expect(f(".0f", 0.49999999999999994) == "0")
        #expect(f("d", 2.5) == "3")
        #expect(f("d", 1234.4) == "1234")
        #expect(f(".2f", 9.995) == "9.99") // 9.9949999999999992…
        #expect(f(".2f", 9.996) == "10.00")
        #expect(f(".2e", 9.996) == "1.00e+1")
        #expect(f(".3r", 0.0012345) == "0.00123")
        #expect(f(".2r", 1234) == "1200")
        #expect(f(".2p", 0.1234) == "12%")
        #expect(f(".1p", 0.123) == "10%")
        // Negative values that round to zero are written unsigned, unless "+" asks for the sign.
        #expect(f(".0f", -0.4) == "0")
        #expect(f(".1f", -0.01) == "0.0")
        #expect(f(".1f", -0.0) == "0.0")
        #expect(f("+.1f", -0.01) == minus + "0.0")
        #expect(f("+.1f", 0) == "+0.0")
    }

    @Test func exponentsAndGeneral() {
        #expect(f(".2e", 0.000123) == "1.23e\(minus)4")
        #expect(f("~e", 1500) == "1.5e+3")
        #expect(f(".0e", 1500) == "2e+3")
        #expect(f("e", 0) == "0.000000e+0")
        #expect(f("", 1e21) == "1e+21")
        #expect(f("", 1_234_567) == "1234567")
        #expect(f("", -1.5) == minus + "1.5")
        #expect(f("", 0.0000001) == "1e\(minus)7")
        #expect(f("", 0.000001) == "0.000001")
        #expect(f("g", 0.0001234) == "0.000123400")
        #expect(f(".3g", 123_456) == "1.23e+5")
        #expect(f(".3~g", 1.5) == "1.5")
        #expect(f(",.12~g", 1_234_567.891) == "1,234,567.891")
        #expect(f(".2f", 1e22) == "10000000000000000000000.00")
        #expect(f(".2f", Double.leastNonzeroMagnitude) == "0.00")
        #expect(f(".3s", 1e-30) == "0.000001y")
        #expect(f(".3s", 1e30) == "1000000Y")
    }

    @Test func signsAlignmentAndPadding() {
        #expect(f(" .1f", 3) == " 3.0")
        #expect(f(" .1f", -3) == minus + "3.0")
        #expect(f("(.1f", 3.5) == "3.5")
        #expect(f("<10", 42) == "42        ")
        #expect(f("*>6", 42) == "****42")
        #expect(f("*^7", -1) == "**" + minus + "1***")
        #expect(f("=+8", 42) == "+     42")
        #expect(f("=+8.1f", -4.25) == minus + "    4.3")
        #expect(f("$08.2f", -3.5) == minus + "$003.50")
        #expect(f("010,.0f", 1234) == "00,001,234")
        #expect(f("08,d", 1234) == "0,001,234")
        #expect(f("10,.0f", 1234) == "     1,234")
        #expect(f("3", 12345) == "12345")
        // "0>" is the same as the zero flag.
        #expect(f("0=8", 42) == "00000042")
    }

    @Test func locales() {
        #expect(f(",.1f", 1234.5, .deDE) == "1.234,5")
        #expect(f("$,.2f", 1234.5, .deDE) == "1.234,50\u{00A0}€")
        #expect(f("$,.2f", -1234.5, .deDE) == minus + "1.234,50\u{00A0}€")
        #expect(f(",.0f", 1_234_567, .frFR) == "1\u{202F}234\u{202F}567")
        #expect(f("$,.0f", 1_500, .nlNL) == "€\u{00A0}1.500")
        #expect(f("~s", 1500, .deDE) == "1,5k")
        #expect(f(".2e", 1234, .deDE) == "1,23e+3")
        #expect(f(".0%", 0.25, .frFR) == "25%")
        #expect(f("010,.1f", 1234.5, .deDE) == "0.001.234,5")
    }

    @Test func specialValues() {
        #expect(f(",.2f", .nan) == "NaN")
        #expect(f(",.2f", .infinity) == "∞")
        #expect(f(",.2f", -.infinity) == minus + "∞")
        #expect(f("$.0f", .infinity) == "$∞")
    }

    @Test func parseErrors() {
        func error(_ pattern: String) -> FormatError? {
            do {
                _ = try NumberFormat(parsing: pattern)
                return nil
            } catch {
                return error
            }
        }
        #expect(error(",.f")?.offset == 2)
        #expect(error(",.f")?.message.contains("expected digits after '.'") == true)
        #expect(error(".2z")?.offset == 2)
        #expect(error(".2z")?.message.contains("unknown format type 'z'") == true)
        #expect(error("F")?.message.contains("did you mean 'f'") == true)
        #expect(error(".2fx")?.offset == 3)
        #expect(error(".2,f")?.offset == 2)
        #expect(error(".2,f")?.message.contains("[[fill]align][sign][$][0][width][,][.precision][~][type]") == true)
        #expect(error("#x")?.offset == 0)
        #expect(error("x")?.message.contains("not supported") == true)
        #expect(error("99999d")?.message.contains("too large") == true)
        #expect(error("99999999999999999999999d") != nil)
        // Offsets count UTF-8 bytes: "→" is three.
        #expect(error("→>10.2fz")?.offset == 9)
        #expect(error("") == nil)
        #expect(error(",.2f") == nil)
        #expect(error(" >+$010,.3~%") == nil)
    }

    @Test func specifiersRoundTrip() throws {
        for pattern in [",.2f", ".0%", "$,.0f", "~s", "+.1f", ".3s", "*^7", "(,.2r", ".2~e", "", "d", " .1p"] {
            #expect(try NumberFormat(parsing: pattern).specifier == pattern)
        }
        #expect(try NumberFormat(parsing: "08.2f").specifier == "0=08.2f")
        #expect(NumberFormat.year.specifier == "d")
    }

    @Test func years() {
        #expect(NumberFormat.year.format(2012, locale: .enUS) == "2012")
        #expect(NumberFormat.year.format(2012, locale: .deDE) == "2012")
        #expect(NumberFormat.year.format(19_999, locale: .enUS) == "19999")
        #expect(NumberFormat.year.format(-500, locale: .enUS) == minus + "500")
    }

    @Test func automaticTickFormats() {
        func labels(_ ticks: [Double]) -> [String] {
            let format = NumberFormat.automatic(forTicks: ticks)
            return ticks.map { format.format($0, locale: .enUS) }
        }
        #expect(labels([0, 0.5, 1, 1.5]) == ["0.0", "0.5", "1.0", "1.5"])
        #expect(labels([0, 0.1, 0.2, 0.1 + 0.2]) == ["0.0", "0.1", "0.2", "0.3"])
        #expect(labels([0, 0.25, 0.5]) == ["0.00", "0.25", "0.50"])
        #expect(labels([1990, 2000, 2010]) == ["1990", "2000", "2010"])
        #expect(labels([0, 2000, 4000, 6000, 8000]) == ["0", "2000", "4000", "6000", "8000"])
        #expect(labels([0, 5000, 10000, 15000]) == ["0", "5,000", "10,000", "15,000"])
        #expect(labels([-20, 0, 20]) == [minus + "20", "0", "20"])
        #expect(labels([-0.6, -0.3, 0, 0.3, 0.6]) == [minus + "0.6", minus + "0.3", "0.0", "0.3", "0.6"])
        #expect(labels([1.0 / 3, 2.0 / 3]) == ["0.3", "0.7"])
        #expect(labels([1e-7, 2e-7, 3e-7]) == ["1e\(minus)7", "2e\(minus)7", "3e\(minus)7"])
        #expect(labels([1.5e-7, 2e-7]) == ["1.5e\(minus)7", "2.0e\(minus)7"])
        #expect(labels([1e21, 2e21]) == ["1e+21", "2e+21"])
        #expect(labels([0.00001, 0.00002]) == ["0.00001", "0.00002"])
        #expect(labels([]) == [])
        #expect(labels([0]) == ["0"])
        #expect(labels([.nan, 1, 2]) == ["NaN", "1", "2"])
        #expect(NumberFormat.automatic(forTicks: [0, 25_000, 50_000]).specifier == ",.0f")
    }

    @Test func exactDecimalDigits() {
        let tenth = DecimalDigits(exactly: 0.1)
        #expect(tenth.pointPosition == 0)
        #expect(tenth.digits.map(String.init).joined() == "1000000000000000055511151231257827021181583404541015625")
        let big = DecimalDigits(exactly: 1_180_591_620_717_411_303_424) // 2^70
        #expect(big.digits.map(String.init).joined() == "1180591620717411303424")
        #expect(big.pointPosition == 22)
        let tiny = DecimalDigits(exactly: Double.leastNonzeroMagnitude)
        #expect(tiny.pointPosition == -323)
        #expect(tiny.digits.count == 751)
        #expect(DecimalDigits(exactly: 0).isZero)
        #expect(DecimalDigits(exactly: 1234.5).fixedText(decimals: 3) == "1234.500")
        #expect(DecimalDigits(exactly: 999.96).fixedText(decimals: 1) == "1000.0")
    }
}
