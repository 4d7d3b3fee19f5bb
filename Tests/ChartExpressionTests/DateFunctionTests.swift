import ChartData
import ChartFormat
import ChartValues
import Testing
@testable import ChartExpression

private let N = Value.null
private func num(_ x: Double) -> Value { .number(x) }
private func str(_ x: String) -> Value { .string(x) }

@Suite struct DateFunctionTests {
    // sampleTable.d: 2024-02-29 (Thu), 2023-12-31T23:59:59Z (Sun), null, 1970-01-01 (Thu), 2000-03-01T13:45:00Z (Wed)
    @Test(arguments: [
        ("year(d)", [num(2024), num(2023), N, num(1970), num(2000)]),
        ("quarter(d)", [num(1), num(4), N, num(1), num(1)]),
        ("month(d)", [str("Feb"), str("Dec"), N, str("Jan"), str("Mar")]),
        ("day(d)", [num(29), num(31), N, num(1), num(1)]),
        ("weekday(d)", [str("Thu"), str("Sun"), N, str("Thu"), str("Wed")]),
        ("dayofyear(d)", [num(60), num(365), N, num(1), num(61)]),
        ("hour(d)", [num(0), num(23), N, num(0), num(13)])
    ])
    func partsInUTC(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    /// (date, year, quarter, month, day, dayofyear, hour, weekday)
    @Test(arguments: [
        ("2024-12-31", 2024, 4, "Dec", 31, 366, 0, "Tue"),
        ("2000-12-31T12:00:00Z", 2000, 4, "Dec", 31, 366, 12, "Sun"),
        ("2100-03-01", 2100, 1, "Mar", 1, 60, 0, "Mon"),
        ("1900-03-01", 1900, 1, "Mar", 1, 60, 0, "Thu"),
        ("2023-03-31T23:59:59Z", 2023, 1, "Mar", 31, 90, 23, "Fri"),
        ("2023-04-01", 2023, 2, "Apr", 1, 91, 0, "Sat"),
        ("2023-06-30", 2023, 2, "Jun", 30, 181, 0, "Fri"),
        ("2023-07-01", 2023, 3, "Jul", 1, 182, 0, "Sat"),
        ("2023-09-30", 2023, 3, "Sep", 30, 273, 0, "Sat"),
        ("2023-10-01", 2023, 4, "Oct", 1, 274, 0, "Sun"),
        ("1969-12-31T23:00:00Z", 1969, 4, "Dec", 31, 365, 23, "Wed"),
        ("1600-02-29", 1600, 1, "Feb", 29, 60, 0, "Tue"),
        ("2020-01-01T01:00:00+02:00", 2019, 4, "Dec", 31, 365, 23, "Tue")
    ])
    func edgeCases(
        _ text: String, _ year: Double, _ quarter: Double, _ month: String, _ day: Double, _ dayOfYear: Double, _ hour: Double, _ weekday: String
    ) throws {
        let table = Table(columns: [dateColumn("d", [text])])
        #expect(try values("year(d)", on: table) == [num(year)])
        #expect(try values("quarter(d)", on: table) == [num(quarter)])
        #expect(try values("month(d)", on: table) == [str(month)])
        #expect(try values("day(d)", on: table) == [num(day)])
        #expect(try values("dayofyear(d)", on: table) == [num(dayOfYear)])
        #expect(try values("hour(d)", on: table) == [num(hour)])
        #expect(try values("weekday(d)", on: table) == [str(weekday)])
        // The row-at-a-time definitions agree with the column kernels.
        #expect(try values("year(date('\(text)'))", on: table) == [num(year)])
        #expect(try values("string(weekday(date('\(text)')))", on: table) == [str(weekday)])
    }

    @Test(arguments: [
        (ChartLocale.enUS, ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], [str("Thu"), str("Sun"), N, str("Thu"), str("Wed")]),
        (ChartLocale.enGB, ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], [str("Thu"), str("Sun"), N, str("Thu"), str("Wed")]),
        (ChartLocale.deDE, ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"], [str("Do"), str("So"), N, str("Do"), str("Mi")]),
        (ChartLocale.frFR, ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."], [str("jeu."), str("dim."), N, str("jeu."), str("mer.")])
    ])
    func weekdayNamesAndNaturalOrder(_ locale: ChartLocale, _ order: [String], _ expected: [Value]) throws {
        let column = try evaluate("weekday(d)", locale: locale)
        #expect((0..<column.count).map { column[$0] } == expected)
        #expect(column.naturalOrder == order)
    }

    @Test(arguments: [
        (
            ChartLocale.enUS, ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            [str("Feb"), str("Dec"), N, str("Jan"), str("Mar")]
        ),
        (
            ChartLocale.deDE, ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
            [str("Feb"), str("Dez"), N, str("Jan"), str("Mär")]
        ),
        (
            ChartLocale.frFR, ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
            [str("févr."), str("déc."), N, str("janv."), str("mars")]
        )
    ])
    func monthNamesAndNaturalOrder(_ locale: ChartLocale, _ order: [String], _ expected: [Value]) throws {
        let column = try evaluate("month(d)", locale: locale)
        #expect((0..<column.count).map { column[$0] } == expected)
        #expect(column.naturalOrder == order)
        // The dictionary holds only the months that occur, in first-appearance order.
        guard case .string(_, let dictionary) = column.storage else { Issue.record("not strings"); return }
        #expect(dictionary == expected.compactMap(\.stringValue))
    }

    @Test func naturalOrderSurvivesWhereEveryValueStaysInIt() throws {
        #expect(try evaluate("isValid(d) ? weekday(d) : null").naturalOrder?.first == "Sun")
        #expect(try evaluate("b ? weekday(d) : 'Mon'").naturalOrder?.count == 7)
        #expect(try evaluate("b ? weekday(d) : 'Someday'").naturalOrder == nil)
        #expect(try evaluate("b ? weekday(d) : month(d)").naturalOrder == nil)
        #expect(try evaluate("lower(weekday(d))").naturalOrder == nil)
        #expect(try evaluate("weekday(d)", rows: [0]).naturalOrder?.count == 7)
    }

    @Test func aColumnWithANaturalOrderKeepsItWhenRead() throws {
        var column = stringColumn("w", ["Tue", "Mon"])
        column.naturalOrder = ["Mon", "Tue"]
        let table = Table(columns: [column])
        #expect(try evaluate("w", on: table).naturalOrder == ["Mon", "Tue"])
        #expect(try values("w == 'Mon'", on: table) == [.boolean(false), .boolean(true)])
    }

    @Test func weekdayOfAConstantDateStillHasItsOrder() throws {
        let column = try evaluate("weekday(date('2024-01-01'))", locale: .enGB)
        #expect(column[0] == str("Mon"))
        #expect(column.naturalOrder?.first == "Mon")
    }
}
