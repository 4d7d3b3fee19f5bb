import Foundation
import Testing

/// SPEC §19.10 through the built binary: a text column of dates written in a common pattern is a lint warning
/// at `data` with the `parse` format that reads it as a fix-it.
@Suite struct DatesEndToEndTests {
    private func lint(csv: String, spec: String, arguments: [String] = []) throws -> ProcessResult {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("prices.csv"), atomically: true, encoding: .utf8)
        try spec.write(to: folder.appendingPathComponent("prices.chart.json"), atomically: true, encoding: .utf8)
        return try ChartcBinary.run(["lint", "prices.chart.json"] + arguments, in: folder)
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
    private func run(_ command: String, csv: String, parse: String) throws -> ProcessResult {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("prices.csv"), atomically: true, encoding: .utf8)
        let spec = """
            {
              "title": "Prices",
              "data": { "url": "prices.csv", "parse": \(parse) },
              "mark": "line",
              "encoding": {
                "x": { "field": "Date", "type": "temporal" },
                "y": { "field": "price", "type": "quantitative" }
              }
            }
            """
        try spec.write(to: folder.appendingPathComponent("prices.chart.json"), atomically: true, encoding: .utf8)
        return try ChartcBinary.run(command == "build" ? ["build", "prices.chart.json", "-o", "out"] : ["lint", "prices.chart.json"], in: folder)
    }

    @Test func aWrongParseFormatIsOneErrorWithTheFormatThatReadsTheColumn() throws {
        var csv = "Date,price\n"
        for day in 1...10 { csv += "Jan \(day) 2000,\(day)\n" }
        let expected =
            "prices.csv:2:1: error: 'Jan 1 2000' in column 'Date' does not match the parse format '%Y-%m-%d' (…and 9 more cells of column 'Date' fail); the parse format '%b %d %Y' reads them all [csv-parse-date]"
        for command in ["lint", "build"] {
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

/// SPEC §19.10 in the spec itself: an impossible date in `scale.domain`, an annotation's `x` on a time axis and a
/// constant `date('…')` in an expression says why, at its line:col, in lint and build alike.
@Suite struct ImpossibleSpecDatesEndToEndTests {
    @Test func impossibleDatesInTheSpecSayWhyAtTheirPlace() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Date,price\n2008-01-01,1\n2008-06-01,2\n".write(to: folder.appendingPathComponent("prices.csv"), atomically: true, encoding: .utf8)
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
        try spec.write(to: folder.appendingPathComponent("prices.chart.json"), atomically: true, encoding: .utf8)
        let lint = try ChartcBinary.run(["lint", "prices.chart.json"], in: folder)
        #expect(lint.status == 1)
        #expect(
            lint.output.contains(
                "prices.chart.json:4:27: error: date(…) names a date that does not exist: February has no 30th (2008-02-30)"),
            "\(lint.output)")
        let fixed = spec.replacingOccurrences(of: "date('2008-02-30')", with: "date('2008-02-01')")
        try fixed.write(to: folder.appendingPathComponent("prices.chart.json"), atomically: true, encoding: .utf8)
        for command in [["lint", "prices.chart.json"], ["build", "prices.chart.json", "-o", "out"]] {
            let result = try ChartcBinary.run(command, in: folder)
            let printed = result.output + result.error
            #expect(result.status == 1)
            #expect(
                printed.contains(
                    "prices.chart.json:7:85: error: 'encoding.x.scale.domain' holds a date that does not exist: February 2009 has no 29th: 2009 is not a leap year (2009-02-29)"
                ), "\(command[0]): \(printed)")
            #expect(
                printed.contains(
                    "prices.chart.json:10:42: error: annotations on 'x' (Date) are dates on a time axis, but '2008-13-01' names none that exists: there is no month 13; months run 1–12 (2008-13-01)"
                ),
                "\(command[0]): \(printed)")
        }
    }
}

/// Issue 24 through the built binary: a nested JSON field the spec does not use is loaded as its JSON text
/// (`chartc data` prints it) and is no error in lint or build; a used one is `json-data-nested` at the value.
@Suite struct UnusedNestedJSONEndToEndTests {
    @Test func anUnusedNestedFieldIsTextAndAUsedOneAnError() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"[{"a": 1, "geo": {"lat": 1, "lon": 2}}, {"a": 2, "geo": null}, {"a": 3, "geo": [1, 2]}]"#.write(
            to: folder.appendingPathComponent("places.json"), atomically: true, encoding: .utf8)
        let spec = """
            {
              "title": "Places",
              "data": { "url": "places.json" },
              "mark": "point",
              "encoding": { "x": { "field": "a", "type": "quantitative" } }
            }
            """
        try spec.write(to: folder.appendingPathComponent("places.chart.json"), atomically: true, encoding: .utf8)
        let lint = try ChartcBinary.run(["lint", "places.chart.json"], in: folder)
        #expect(lint.status == 0, "\(lint.output)")
        #expect(!lint.output.contains("json-data-nested"))
        let build = try ChartcBinary.run(["build", "places.chart.json", "-o", "out"], in: folder)
        #expect(build.status == 0, "\(build.error)")
        let data = try ChartcBinary.run(["data", "places.chart.json"], in: folder)
        #expect(data.status == 0)
        #expect(data.output == "a,geo\n1,\"{\"\"lat\"\": 1, \"\"lon\"\": 2}\"\n2,\n3,\"[1, 2]\"\n")
        let used = spec.replacingOccurrences(of: #""field": "a""#, with: #""field": "geo""#)
        try used.write(to: folder.appendingPathComponent("places.chart.json"), atomically: true, encoding: .utf8)
        for command in [["lint", "places.chart.json"], ["build", "places.chart.json", "-o", "out"]] {
            let result = try ChartcBinary.run(command, in: folder)
            #expect(result.status == 1)
            #expect(
                (result.output + result.error).contains("places.json:1:18: error: row 1: 'geo' is an object; a cell must be a number"),
                "\(command[0]): \(result.output + result.error)")
        }
    }
}
