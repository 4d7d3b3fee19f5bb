import Foundation
import Testing

/// `chartc data` and `chartc plan` on the `window` examples (SPEC §14), checked against running figures computed
/// here from the CSV with no chartc code: running totals per year, shares per year, the top five per year.
@Suite struct WindowEndToEndTests {
    /// (date "YYYY/MM/DD", precipitation, weather) per line of the Seattle file.
    static func seattleDays() throws -> [(year: String, month: Int, rain: Double, weather: String)] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("examples/seattle-weather/seattle-weather.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let date = fields[0].split(separator: "/")
            return (String(date[0]), Int(date[1]) ?? 0, Double(fields[1]) ?? 0, fields[5])
        }
    }

    static func rows(_ output: String) -> (header: [String], rows: [[String]]) {
        let lines = output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (lines.first ?? [], Array(lines.dropFirst()))
    }

    /// SPEC §19.11 (issue 24): in a faceted chart, `window` is partitioned by the facet field as well as by
    /// `windowBy`, so a running figure in one panel never reads another panel's rows.
    @Test func aFacetedRunningTotalStartsAgainInEveryPanel() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "sector,month,jobs\nAgriculture,1,10\nBusiness,1,100\nAgriculture,2,20\nBusiness,2,200\nAgriculture,3,30\n"
            .write(to: folder.appendingPathComponent("jobs.csv"), atomically: true, encoding: .utf8)
        try """
        {
          "data": { "url": "jobs.csv" },
          "sort": ["month"],
          "window": { "total": "cumsum(jobs)" },
          "facet": { "field": "sector" },
          "mark": "line",
          "encoding": { "x": { "field": "month", "type": "quantitative" }, "y": { "field": "total", "type": "quantitative" } }
        }
        """.write(to: folder.appendingPathComponent("jobs.chart.json"), atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["data", folder.appendingPathComponent("jobs.chart.json").path])
        #expect(result.status == 0, "\(result.error)")
        let (header, rows) = Self.rows(result.output)
        #expect(header == ["sector", "month", "jobs", "total"])
        #expect(
            rows.map { $0.joined(separator: ",") } == [
                "Agriculture,1,10,10", "Business,1,100,100", "Agriculture,2,20,30", "Business,2,200,300", "Agriculture,3,30,60"
            ])
    }

    @Test func rainSoFarIsARunningTotalPerYear() throws {
        let result = try ChartcBinary.run(["data", "examples/seattle-weather/rain-so-far.chart.json"])
        #expect(result.status == 0, "\(result.error)")
        let (header, rows) = Self.rows(result.output)
        #expect(header.suffix(3) == ["year", "day", "rain_so_far"])
        let days = try Self.seattleDays()
        #expect(rows.count == days.count)
        var totals: [String: Double] = [:]
        for (index, day) in days.enumerated() {
            totals[day.year, default: 0] += day.rain
            let value = Double(rows[index][header.firstIndex(of: "rain_so_far") ?? 0]) ?? -1
            #expect(abs(value - (totals[day.year] ?? 0)) < 1e-6, "row \(index)")
        }
    }

    @Test func weatherSharesAddUpToOnePerYear() throws {
        let result = try ChartcBinary.run(["data", "examples/seattle-weather/weather-shares.chart.json"])
        #expect(result.status == 0, "\(result.error)")
        let (header, rows) = Self.rows(result.output)
        #expect(header == ["year", "weather", "days", "share"])
        let days = try Self.seattleDays()
        for row in rows {
            let inYear = days.filter { $0.year == row[0] }
            let expected = Double(inYear.filter { $0.weather == row[1] }.count) / Double(inYear.count)
            #expect(abs((Double(row[3]) ?? -1) - expected) < 1e-12, "\(row)")
        }
    }

    @Test func theFiveWettestMonthsOfEachYear() throws {
        let result = try ChartcBinary.run(["data", "examples/seattle-weather/wettest-months-each-year.chart.json"])
        #expect(result.status == 0, "\(result.error)")
        let (header, rows) = Self.rows(result.output)
        #expect(header == ["year", "month", "rain", "rank"])
        let days = try Self.seattleDays()
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var expected: [[String]] = []
        for year in ["2012", "2013", "2014", "2015"] {
            let totals = (1...12).map { month in days.filter { $0.year == year && $0.month == month }.reduce(0) { $0 + $1.rain } }
            // rank(-rain): months with more rain first; ties share the lowest rank.
            for month in 1...12 {
                let rank = totals.filter { $0 > totals[month - 1] }.count + 1
                if rank <= 5 { expected.append([year, names[month - 1], String(rank)]) }
            }
        }
        #expect(rows.map { [$0[0], $0[1], $0[3]] } == expected)
    }

    @Test func planShowsTheWindowStep() throws {
        let result = try ChartcBinary.run(["plan", "examples/seattle-weather/wettest-months-each-year.chart.json"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("window  by year  (each partition in output order: year, month)"))
        #expect(lines.contains("win     rank = rank(-rain)"))
        #expect(lines.contains("keep    rank <= 5"))
        #expect(lines.last == "output  year, month, rain, rank")
    }
}
