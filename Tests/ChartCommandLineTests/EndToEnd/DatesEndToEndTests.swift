import Foundation
import Testing

/// The setup every suite in this file shares: a scratch folder (removed when the fixture goes) holding a data
/// file and `prices.chart.json`, and `chartc` run in it on that spec the way a user runs it.
final class DatesFixture {
    let folder: URL

    init() throws { folder = try makeScratchDirectory() }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` to the file `name` in the folder (replacing it).
    func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Writes the data (`prices.csv`, or `dataName`) and the spec, then runs `chartc`.
    func run(_ command: String, data: String, spec: String, dataName: String = "prices.csv", arguments: [String] = []) throws -> ProcessResult {
        try write(data, to: dataName)
        try write(spec, to: "prices.chart.json")
        return try run(command, arguments: arguments)
    }

    /// Runs `chartc COMMAND prices.chart.json` (build writes into `out`) on the files as they are.
    func run(_ command: String, arguments: [String] = []) throws -> ProcessResult {
        try ChartcBinary.run([command, "prices.chart.json"] + (command == "build" ? ["-o", "out"] : []) + arguments, in: folder)
    }

    /// Both commands a user checks a spec with: lint and build say the same.
    static let commands = ["lint", "build"]
}

/// SPEC §19.10 through the built binary: a text column of dates written in a common pattern is a lint warning
/// at `data` with the `parse` format that reads it as a fix-it.
@Suite struct DatesEndToEndTests {
    private func lint(csv: String, spec: String, arguments: [String] = []) throws -> ProcessResult {
        try DatesFixture().run("lint", data: csv, spec: spec, arguments: arguments)
    }

    private let spec = """
        {
          "title": "Prices",
          "data": { "url": "prices.csv" },
          "mark": "line",
          "encoding": {
            "x": { "field": "Date" },
            "y": { "field": "price", "type": "quantitative" }
          }
        }
        """

    @Test func datesWrittenAsTextAreAWarningWithTheParseFormat() throws {
        let result = try lint(csv: "Date,price\nJan 1 2000,10\nFeb 1 2000,12\nMar 1 2000,9\n", spec: spec)
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "prices.chart.json:3:11: warning: 'Date' holds dates written as text (such as 'Jan 1 2000'), so they are sorted alphabetically as categories; add \"parse\": { \"Date\": \"%b %d %Y\" } to 'data' to read them as dates [dates-as-text]"
            ), "\(result.output)")
        #expect(result.output.contains("prices.chart.json:3:32: note: add \"parse\": { \"Date\": \"%b %d %Y\" } to 'data'"), "\(result.output)")
        #expect(result.output.contains("prices.chart.json:6:21: note: 'Date' is used here"), "\(result.output)")
        let strict = try lint(csv: "Date,price\nJan 1 2000,10\nFeb 1 2000,12\n", spec: spec, arguments: ["--strict"])
        #expect(strict.status == 1)
    }

    @Test func dayAndMonthAreToldApartByTheDataAndSaySo() throws {
        let result = try lint(csv: "Date,price\n01/02/2015,10\n31/01/2015,12\n", spec: spec)
        #expect(result.output.contains("add \"parse\": { \"Date\": \"%d/%m/%Y\" } to 'data'"), "\(result.output)")
        #expect(result.output.contains("'31/01/2015' has a first number above 12"), "\(result.output)")
        let byLocale = try lint(csv: "Date,price\n01/02/2015,10\n03/04/2015,12\n", spec: spec)
        #expect(byLocale.output.contains("\"%m/%d/%Y\""), "\(byLocale.output)")
        #expect(byLocale.output.contains("as en-US writes dates"), "\(byLocale.output)")
    }

    @Test func theFixItFitsAnExistingParseAndThenLintIsQuiet() throws {
        let withParse = spec.replacingOccurrences(of: #""url": "prices.csv""#, with: #""url": "prices.csv", "parse": { "price": "number" }"#)
        let result = try lint(csv: "Date,price\n2015/1/31 10:00,10\n2015/2/1 09:30,12\n", spec: withParse)
        #expect(result.output.contains("note: add \"Date\": \"%Y/%m/%d %H:%M\" to 'parse'"), "\(result.output)")
        let fixed = spec.replacingOccurrences(of: #""url": "prices.csv""#, with: #""url": "prices.csv", "parse": { "Date": "%b %d %Y" }"#)
        let quiet = try lint(csv: "Date,price\nJan 1 2000,10\nFeb 1 2000,12\n", spec: fixed)
        #expect(!quiet.output.contains("dates-as-text"), "\(quiet.output)")
        // A text column that is not dates, and a column the spec does not use, stay quiet.
        let names = try lint(csv: "Date,price,when\nMonday,10,Jan 1 2000\nTuesday,12,Jan 2 2000\n", spec: spec)
        #expect(!names.output.contains("dates-as-text"), "\(names.output)")
    }
}

/// SPEC §19.10 through the built binary: a wrong `parse` is one error for the column, in the data file at the
/// first failing cell, with the count and the format that reads the cells as a fix-it at the spec's `parse`
/// entry; lint and build say the same; an impossible date says why.
@Suite struct ParseFailureEndToEndTests {
    private func run(_ command: String, csv: String, parse: String?) throws -> ProcessResult {
        try DatesFixture().run(command, data: csv, spec: Self.spec(parse: parse))
    }

    /// The spec over `prices.csv` with `parse` (nil: none).
    static func spec(parse: String?, url: String = "prices.csv") -> String {
        """
        {
          "title": "Prices",
          "data": { "url": "\(url)"\(parse.map { ", \"parse\": \($0)" } ?? "") },
          "mark": "line",
          "encoding": {
            "x": { "field": "Date", "type": "temporal" },
            "y": { "field": "price", "type": "quantitative" }
          }
        }
        """
    }

    @Test func aWrongParseFormatIsOneErrorWithTheFormatThatReadsTheColumn() throws {
        var csv = "Date,price\n"
        for day in 1...10 { csv += "Jan \(day) 2000,\(day)\n" }
        let expected =
            "prices.csv:2:1: error: 'Jan 1 2000' in column 'Date' does not match the parse format '%Y-%m-%d' (…and 9 more cells of column 'Date' fail); the parse format '%b %d %Y' reads them all [csv-parse-date]"
        for command in DatesFixture.commands {
            let result = try run(command, csv: csv, parse: #"{ "Date": "%Y-%m-%d" }"#)
            let printed = result.output + result.error
            #expect(result.status == 1, "\(command)")
            #expect(printed.contains(expected), "\(command): \(printed)")
            #expect(printed.components(separatedBy: "[csv-parse-date]").count == 2, "\(command): one error, not one per cell: \(printed)")
            #expect(printed.contains("prices.chart.json:3:53: note: read 'Date' with the parse format '%b %d %Y'"), "\(command): \(printed)")
        }
    }

    @Test func anImpossibleDateInAFileSaysWhy() throws {
        let result = try run("lint", csv: "Date,price\n2008-02-28,1\n2008-02-30,2\n", parse: #"{ "Date": "date" }"#)
        #expect(result.status == 1)
        #expect(
            result.output.contains("prices.csv:3:1: error: impossible date in column 'Date': February has no 30th (2008-02-30) [csv-parse-date]"),
            "\(result.output)")
        #expect(result.output.contains("prices.chart.json:3:53: note: parse declares 'Date' here"), "\(result.output)")
    }
}

extension ParseFailureEndToEndTests {
    /// Issue 24: an ISO date that cannot exist (`2021-02-30`) in a column of ISO dates with no `parse` made the
    /// whole column text (drawn as categories, quietly). It is the same one error per column as with `parse`: at
    /// the first impossible cell, saying why, with the count — in lint and build, from CSV and JSON alike.
    @Test func anImpossibleISODateWithoutParseIsTheSameOneErrorPerColumn() throws {
        let csv = "Date,price\n2021-02-27,1\n2021-02-28,2\n2021-02-30,3\n2021-03-01,4\n2021-02-31,5\n"
        for command in DatesFixture.commands {
            let result = try run(command, csv: csv, parse: nil)
            let printed = result.output + result.error
            #expect(result.status == 1, "\(command)")
            #expect(
                printed.contains(
                    "prices.csv:4:1: error: impossible date in column 'Date': February has no 30th (2021-02-30) (…and 1 more cell of column 'Date' fails) [csv-parse-date]"
                ), "\(command): \(printed)")
            #expect(printed.components(separatedBy: "[csv-parse-date]").count == 2, "\(command): one error: \(printed)")
        }
        // A large file goes through the streaming reader first: it still stops at the cell.
        var large = "Date,price\n"
        for day in 0..<40_000 { large += "20\(10 + day % 10)-0\(1 + day % 9)-1\(day % 10),\(day)\n" }
        large += "2019-02-29,1\n"
        let streamed = try run("build", csv: large, parse: nil)
        #expect(streamed.status == 1)
        #expect(
            streamed.error.contains(
                "prices.csv:40002:1: error: impossible date in column 'Date': February 2019 has no 29th: 2019 is not a leap year (2019-02-29)"),
            "\(streamed.error)")
        // Text that is not a date keeps the column text, as before.
        let text = try run("lint", csv: "Date,price\n2021-02-27,1\n2021-02-30,2\nsoon,3\n", parse: nil)
        #expect(!text.output.contains("csv-parse-date"), "\(text.output)")
        // JSON rows: the same error, at the value, naming the row.
        let json = #"[{"Date": "2021-02-28", "price": 1}, {"Date": "2021-04-31", "price": 2}]"#
        let fromJSON = try DatesFixture().run("lint", data: json, spec: Self.spec(parse: nil, url: "prices.json"), dataName: "prices.json")
        #expect(fromJSON.status == 1)
        #expect(
            fromJSON.output.contains("prices.json:1:47: error: row 2: impossible date in column 'Date': April has no 31st (2021-04-31)"),
            "\(fromJSON.output)")
    }
}

/// SPEC §19.10 in the spec itself: an impossible date in `scale.domain`, an annotation's `x` on a time axis and a
/// constant `date('…')` in an expression says why, at its line:col, in lint and build alike.
@Suite struct ImpossibleSpecDatesEndToEndTests {
    @Test func impossibleDatesInTheSpecSayWhyAtTheirPlace() throws {
        let fixture = try DatesFixture()
        let spec = """
            {
              "title": "Prices",
              "data": { "url": "prices.csv" },
              "filter": "Date >= date('2008-02-30')",
              "mark": "line",
              "encoding": {
                "x": { "field": "Date", "type": "temporal", "scale": { "domain": ["2008-01-01", "2009-02-29"] } },
                "y": { "field": "price", "type": "quantitative" }
              },
              "annotations": [{ "type": "rule", "x": "2008-13-01" }]
            }
            """
        let lint = try fixture.run("lint", data: "Date,price\n2008-01-01,1\n2008-06-01,2\n", spec: spec)
        #expect(lint.status == 1)
        #expect(
            lint.output.contains(
                "prices.chart.json:4:27: error: date(…) names a date that does not exist: February has no 30th (2008-02-30)"),
            "\(lint.output)")
        let fixed = spec.replacingOccurrences(of: "date('2008-02-30')", with: "date('2008-02-01')")
        try fixture.write(fixed, to: "prices.chart.json")
        for command in DatesFixture.commands {
            let result = try fixture.run(command)
            let printed = result.output + result.error
            #expect(result.status == 1)
            #expect(
                printed.contains(
                    "prices.chart.json:7:85: error: 'encoding.x.scale.domain' holds a date that does not exist: February 2009 has no 29th: 2009 is not a leap year (2009-02-29)"
                ), "\(command): \(printed)")
            #expect(
                printed.contains(
                    "prices.chart.json:10:42: error: annotations on 'x' (Date) are dates on a time axis, but '2008-13-01' names none that exists: there is no month 13; months run 1–12 (2008-13-01)"
                ),
                "\(command): \(printed)")
        }
    }
}

extension ImpossibleSpecDatesEndToEndTests {
    @Test func anImpossibleAxisValueSaysWhyInLintAndBuild() throws {
        let fixture = try DatesFixture()
        let spec = """
            {
              "title": "Prices",
              "data": { "url": "prices.csv" },
              "mark": "line",
              "encoding": {
                "x": { "field": "Date", "type": "temporal", "axis": { "values": ["2008-01-01", "2008-02-30"] } },
                "y": { "field": "price", "type": "quantitative" }
              }
            }
            """
        for command in DatesFixture.commands {
            let result = try fixture.run(command, data: "Date,price\n2008-01-01,1\n2008-06-01,2\n", spec: spec)
            let printed = result.output + result.error
            #expect(result.status == 1)
            #expect(
                printed.contains(
                    "prices.chart.json:6:84: error: 'encoding.x.axis.values' holds a date that does not exist: February has no 30th (2008-02-30) [axis-values-date]"
                ), "\(command): \(printed)")
        }
    }
}

/// Issue 24 through the built binary: a nested JSON field the spec does not use is loaded as its JSON text
/// (`chartc data` prints it) and is no error in lint or build; a used one is `json-data-nested` at the value.
@Suite struct UnusedNestedJSONEndToEndTests {
    @Test func anUnusedNestedFieldIsTextAndAUsedOneAnError() throws {
        let fixture = try DatesFixture()
        let rows = #"[{"a": 1, "geo": {"lat": 1, "lon": 2}}, {"a": 2, "geo": null}, {"a": 3, "geo": [1, 2]}]"#
        let spec = """
            {
              "title": "Places",
              "data": { "url": "places.json" },
              "mark": "point",
              "encoding": { "x": { "field": "a", "type": "quantitative" } }
            }
            """
        let lint = try fixture.run("lint", data: rows, spec: spec, dataName: "places.json")
        #expect(lint.status == 0, "\(lint.output)")
        #expect(!lint.output.contains("json-data-nested"))
        let build = try fixture.run("build")
        #expect(build.status == 0, "\(build.error)")
        let data = try fixture.run("data")
        #expect(data.status == 0)
        #expect(data.output == "a,geo\n1,\"{\"\"lat\"\": 1, \"\"lon\"\": 2}\"\n2,\n3,\"[1, 2]\"\n")
        let used = spec.replacingOccurrences(of: #""field": "a""#, with: #""field": "geo""#)
        try fixture.write(used, to: "prices.chart.json")
        for command in DatesFixture.commands {
            let result = try fixture.run(command)
            #expect(result.status == 1)
            #expect(
                (result.output + result.error).contains("places.json:1:18: error: row 1: 'geo' is an object; a cell must be a number"),
                "\(command): \(result.output + result.error)")
        }
    }
}
