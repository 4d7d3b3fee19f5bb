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
