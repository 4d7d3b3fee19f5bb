import Testing
import ChartData
import ChartFormat
import ChartSpec
@testable import ChartLayout
@testable import ChartRender

@Suite struct TooltipDataTests {
    @Test func colorHeadsThenChannelsInSpecOrderWithTheirFormats() {
        let data = TooltipData(spec: HTMLFixture.spec(), table: HTMLFixture.table())
        // color (titled "Party") first, then x (median, "+.2f"), then y (year, temporal, title hidden → name).
        #expect(data.fields.map(\.label) == ["Party", "median", "year"])
        #expect(data.heading == 0)
        #expect(data.values[0] == ["Democrats", "\u{2212}0.38", "2019"])
        // The null median stays null.
        #expect(data.values[1] == ["Democrats", nil, "2021"])
        #expect(data.values[8] == ["Congress", "+0.11", "2023"])
    }

    @Test func explicitTooltipFieldsReplaceTheDefault() {
        var spec = HTMLFixture.spec()
        var median = ChannelDef(channel: .tooltip, field: Located("median", at: nil))
        median.format = FormatSpec(Located(".1%", at: nil))
        spec.encoding.tooltip = [ChannelDef(channel: .tooltip, field: Located("year", at: nil)), median]
        let data = TooltipData(spec: spec, table: HTMLFixture.table())
        #expect(data.fields.map(\.label) == ["year", "median"])
        #expect(data.heading == nil)
        // year takes the y channel's type (years, no grouping); median keeps its own format over x's.
        #expect(data.values[0] == ["2019", "\u{2212}38.0%"])
    }

    /// SPEC §19.14: a format object's prefix and suffix go around the tooltip value too, after its sign.
    @Test func formatObjectsWriteTheirPrefixAndSuffix() {
        var spec = HTMLFixture.spec()
        var median = ChannelDef(channel: .tooltip, field: Located("median", at: nil))
        median.format = FormatSpec(pattern: Located(".2f", at: nil), prefix: Located("~", at: nil), suffix: Located(" pts", at: nil), isObject: true)
        spec.encoding.tooltip = [median]
        let data = TooltipData(spec: spec, table: HTMLFixture.table())
        #expect(data.values[0] == ["\u{2212}~0.38 pts"])
    }

    @Test func defaultNumbersKeepThreeSignificantDigits() {
        let locale = ChartLocale.enUS
        #expect(TooltipData.defaultNumber(12345.678, locale: locale) == "12,346")
        #expect(TooltipData.defaultNumber(3.14159, locale: locale) == "3.14")
        #expect(TooltipData.defaultNumber(-0.38449, locale: locale) == "\u{2212}0.384")
        #expect(TooltipData.defaultNumber(0.0012345, locale: locale) == "0.00123")
        #expect(TooltipData.defaultNumber(0, locale: locale) == "0")
        #expect(TooltipData.defaultNumber(2.5, locale: locale) == "2.5")
        #expect(TooltipData.defaultNumber(1234.5, locale: .deDE) == "1.235")
    }

    @Test func datesReadAsDaysWithATimeOnlyWhenNotMidnight() {
        // 2012-01-17T00:00:00Z and 2012-01-17T14:05:00Z.
        let day: Int64 = 1_326_758_400_000
        #expect(TooltipData.defaultDate(day, locale: .enUS) == "Jan 17, 2012")
        #expect(TooltipData.defaultDate(day + (14 * 60 + 5) * 60_000, locale: .enUS) == "Jan 17, 2012 14:05")
        #expect(TooltipData.defaultDate(-86_400_000, locale: .enUS) == "Dec 31, 1969")
    }

    @Test func jsonIsSafeInsideAScriptElement() {
        let table = HTMLFixture.table(partyNames: [HTMLFixture.injection, "B", "C"])
        let json = TooltipData(spec: HTMLFixture.spec(title: HTMLFixture.injection), table: table).json
        #expect(!json.contains("<") && !json.contains(">"))
        #expect(json.hasPrefix(#"{"heading":0,"fields":["Party","median","year"],"rows":["#))
        #expect(json.contains(#"["\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e",null,"2021"]"#))
    }
}
