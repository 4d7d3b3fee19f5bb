import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartValues
import Testing

/// SPEC §19.10: a `parse` failure is one error per column — the first failing cell, how many fail, and the date
/// format that would read them — and an impossible date says why.
@Suite struct ParseFailureTests {
    private func options(_ formats: [String: String], types: [String: DataType] = [:]) throws -> CSVOptions {
        var dateFormats: [String: DateFormat] = [:]
        for (field, pattern) in formats { dateFormats[field] = try DateFormat(parsing: pattern) }
        var parse = types
        for field in formats.keys { parse[field] = .date }
        return CSVOptions(delimiter: 0x2C, parse: parse, dateFormats: dateFormats)
    }

    private func jsonErrors(_ text: String, parse: [String: DataType], formats: [String: String] = [:]) throws -> [Diagnostic] {
        let node = try JSONReader.read(text, path: "data.json", requireObject: false)
        var dateFormats: [String: DateFormat] = [:]
        for (field, pattern) in formats { dateFormats[field] = try DateFormat(parsing: pattern) }
        do {
            _ = try JSONDataReader.table(from: node, property: nil, propertySpan: nil, columns: nil, parse: parse, dateFormats: dateFormats)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func aWrongDateFormatIsOneErrorForTheColumnWithTheFormatThatReadsIt() throws {
        var csv = "symbol,date,price\n"
        for month in ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"] { csv += "MSFT,\(month) 1 2000,10\n" }
        let errors = csvErrors(csv, try options(["date": "%Y-%m-%d"]))
        #expect(errors.map(\.id) == ["csv-parse-date"])
        #expect(locations(errors) == ["test.csv:2:6"])
        #expect(
            errors.first?.message
                == "'Jan 1 2000' in column 'date' does not match the parse format '%Y-%m-%d' (…and 9 more cells of column 'date' fail); the parse format '%b %d %Y' reads them all"
        )
        let message = try #require(errors.first?.diagnosticMessage as? DataDiagnostic)
        guard case .columnNotOfType(let failure) = message else {
            Issue.record("expected columnNotOfType, got \(message)")
            return
        }
        #expect(failure.count == 10)
        #expect(failure.suggestion == "%b %d %Y")
    }

    @Test func cellsThatMatchNoCommonPatternGetNoSuggestion() throws {
        let errors = csvErrors("d\n2000-01-01\nsoon\nlater\n", try options([:], types: ["d": .date]))
        #expect(errors.count == 1)
        #expect(
            errors.first?.message
                == "'soon' in column 'd' is not a date (YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 timestamp), but parse declares 'd' a date (…and 1 more cell of column 'd' fails)"
        )
        #expect(locations(errors) == ["test.csv:3:1"])
    }

    @Test func numbersAndBooleansAreOneErrorPerColumnToo() throws {
        var csv = "n,b\n"
        for row in 0..<420 { csv += "\(row % 2 == 0 ? "x\(row)" : "\(row)"),maybe\n" }
        let errors = csvErrors(csv, try options([:], types: ["n": .number, "b": .boolean]))
        #expect(errors.map(\.id) == ["csv-parse-number", "csv-parse-boolean"])
        #expect(locations(errors) == ["test.csv:2:1", "test.csv:2:4"])
        #expect(
            errors.first?.message == "'x0' in column 'n' is not a number, but parse declares 'n' a number (…and 209 more cells of column 'n' fail)")
        #expect(errors.last?.message.hasSuffix("(…and 419 more cells of column 'b' fail)") == true)
    }

    @Test func anImpossibleDateSaysWhy() throws {
        let iso = csvErrors("d\n2008-02-30\n", try options([:], types: ["d": .date]))
        #expect(iso.first?.message == "impossible date in column 'd': February has no 30th (2008-02-30)")
        let leap = csvErrors("d\n2009-02-29\n2008-02-29\n", try options([:], types: ["d": .date]))
        #expect(leap.first?.message == "impossible date in column 'd': February 2009 has no 29th: 2009 is not a leap year (2009-02-29)")
        let formatted = csvErrors("d\n13/40/2015\n", try options(["d": "%m/%d/%Y"]))
        #expect(formatted.first?.message == "impossible date in column 'd': there is no month 13; months run 1–12 (13/40/2015)")
        let hour = csvErrors("d\n2015-01-01 25:00\n", try options(["d": "%Y-%m-%d %H:%M"]))
        #expect(hour.first?.message == "impossible date in column 'd': there is no hour 25; hours run 0–23 (2015-01-01 25:00)")
    }

    @Test func jsonRowsAreOneErrorPerColumnWithTheirRow() throws {
        let errors = try jsonErrors(
            "[{\"d\": \"2000-01-01\"},\n {\"d\": \"Jan 2 2000\"},\n {\"d\": \"Jan 3 2000\"}]", parse: ["d": .date], formats: ["d": "%Y-%m-%d"])
        #expect(errors.map(\.id) == ["json-parse-date"])
        #expect(locations(errors) == ["data.json:2:8"])
        #expect(
            errors.first?.message
                == "row 2: 'Jan 2 2000' in column 'd' does not match the parse format '%Y-%m-%d' (…and 1 more cell of column 'd' fails); the parse format '%b %d %Y' reads them all"
        )
        let numbers = try jsonErrors("[{\"n\": \"a\"}, {\"n\": \"b\"}, {\"n\": 3}]", parse: ["n": .number])
        #expect(numbers.count == 1)
        #expect(numbers.first?.message.hasSuffix("(…and 1 more cell of column 'n' fails)") == true)
    }
}
