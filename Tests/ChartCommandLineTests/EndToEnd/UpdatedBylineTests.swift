import ChartTestSupport
import Foundation
import Testing

/// `{updated}` in the byline (SPEC §23) through the built binary: the data file's modification time in the
/// locale's date format, the latest of several sources, `SOURCE_DATE_EPOCH` pinning it, batches, and a
/// misspelled placeholder refused at its line:col with a did-you-mean.
@Suite struct UpdatedBylineTests {
    /// 2024-03-05 12:00 UTC.
    static let march5 = Date(timeIntervalSince1970: 1_709_640_000)
    /// 2025-07-19 08:30 UTC.
    static let july19 = Date(timeIntervalSince1970: 1_752_913_800)
    /// Unset for the tests that read the data's time (an empty value counts as unset), so a CI that pins it does not change them.
    static let unpinned = ["SOURCE_DATE_EPOCH": ""]

    static func spec(byline: String, extra: String = "", locale: String = "en-US") -> String {
        """
        {
          "title": "Rain",
          "byline": "\(byline)",
          "locale": "\(locale)",
          "data": { "url": "rain.csv" },\(extra)
          "mark": "bar",
          "encoding": { "x": { "field": "city" }, "y": { "field": "rain" } }
        }

        """
    }

    /// A folder with `rain.csv` (modified `modified`), `other.csv` and the specs.
    func folder(specs: [String: String], modified: Date = Self.march5, otherModified: Date? = nil) throws -> URL {
        let scratch = try makeScratchDirectory()
        let rain = scratch.appendingPathComponent("rain.csv")
        try "city,rain\nSeattle,140\nBoston,90\n".write(to: rain, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: rain.path)
        let other = scratch.appendingPathComponent("other.csv")
        try "city,state\nSeattle,WA\nBoston,MA\n".write(to: other, atomically: true, encoding: .utf8)
        if let otherModified { try FileManager.default.setAttributes([.modificationDate: otherModified], ofItemAtPath: other.path) }
        for (name, text) in specs { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return scratch
    }

    func svg(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theDataFilesModificationTimeInTheLocalesDateFormat() throws {
        let scratch = try folder(specs: [
            "us.chart.json": Self.spec(byline: "Source: NOAA · Updated {updated}"),
            "de.chart.json": Self.spec(byline: "Quelle: DWD · Stand: {updated}", locale: "de-DE"),
            "es.chart.json": Self.spec(byline: "Actualizado el {updated} {{en}}", locale: "es-ES")
        ])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChartcBinary.run(["build", ".", "--format", "svg,html"], in: scratch, environment: Self.unpinned)
        #expect(run.status == 0, "\(run.error)")
        #expect(try svg(scratch, "us.svg").contains("Source: NOAA · Updated March 5, 2024"))
        #expect(try svg(scratch, "us.html").contains("Updated March 5, 2024"))
        #expect(try svg(scratch, "de.svg").contains("Quelle: DWD · Stand: 5. März 2024"))
        // `{{` and `}}` write braces.
        #expect(try svg(scratch, "es.svg").contains("Actualizado el 5 de marzo de 2024 {en}"))
    }

    @Test func theLatestOfSeveralSourcesAndThePinnedTime() throws {
        let lookup = #"  "lookup": { "data": { "url": "other.csv" }, "on": "city", "key": "city", "fields": ["state"] },"#
        let scratch = try folder(
            specs: ["joined.chart.json": Self.spec(byline: "Updated {updated}", extra: "\n" + lookup)], otherModified: Self.july19)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChartcBinary.run(["build", "joined.chart.json"], in: scratch, environment: Self.unpinned)
        #expect(run.status == 0, "\(run.error)")
        #expect(try svg(scratch, "joined.svg").contains("Updated July 19, 2025"))

        // SOURCE_DATE_EPOCH (reproducible builds) stands in for the data's time: the same bytes whenever built.
        let pinned = try ChartcBinary.run(
            ["build", "joined.chart.json", "-o", "pinned"], in: scratch, environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(pinned.status == 0, "\(pinned.error)")
        #expect(try svg(scratch, "pinned/joined.svg").contains("Updated January 1, 2026"))

        let wrong = try ChartcBinary.run(["build", "joined.chart.json", "-o", "wrong"], in: scratch, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(wrong.status != 0)
        #expect(wrong.error.contains("joined.chart.json:3:13: error: SOURCE_DATE_EPOCH is 'yesterday'"), "\(wrong.error)")
        #expect(wrong.error.contains("[source-date-epoch]"), "\(wrong.error)")
    }

    @Test func layersWithTheirOwnDataGiveTheLatest() throws {
        let spec = """
            {
              "title": "Rain",
              "byline": "Updated {updated}",
              "data": { "url": "rain.csv" },
              "layers": [
                { "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "rain" } } },
                { "data": { "url": "other.csv" }, "mark": "text",
                  "encoding": { "x": { "field": "city" }, "y": { "value": 10 }, "text": { "field": "state" } } }
              ]
            }

            """
        let scratch = try folder(specs: ["layers.chart.json": spec], otherModified: Self.july19)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChartcBinary.run(["build", "layers.chart.json"], in: scratch, environment: Self.unpinned)
        #expect(run.status == 0, "\(run.error)")
        #expect(try svg(scratch, "layers.svg").contains("Updated July 19, 2025"))
    }

    @Test func aBatchsChartsSayWhenTheirDataWasRead() throws {
        let batch = Self.spec(byline: "{city} gauge · updated {updated}", extra: #"\#n  "each": { "field": "city" }, "filter": "city == {city}","#)
        let scratch = try folder(specs: ["rain.chart.json": batch])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChartcBinary.run(["build", "rain.chart.json"], in: scratch, environment: Self.unpinned)
        #expect(run.status == 0, "\(run.error)")
        #expect(try svg(scratch, "rain-seattle.svg").contains("Seattle gauge · updated March 5, 2024"))
        #expect(try svg(scratch, "rain-boston.svg").contains("Boston gauge · updated March 5, 2024"))
    }

    @Test func aMisspelledPlaceholderIsAnErrorAtItsColumn() throws {
        let batch = Self.spec(byline: "{city} · updated {updatd}", extra: #"\#n  "each": { "field": "city" },"#)
        let scratch = try folder(specs: ["typo.chart.json": Self.spec(byline: "Updated {Updatd}, by {desk}"), "batch.chart.json": batch])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lint = try ChartcBinary.run(["lint", "typo.chart.json"], in: scratch)
        #expect(lint.status != 0)
        #expect(
            lint.output.contains(
                "typo.chart.json:3:22: error: '{Updatd}' is no placeholder of the byline, which may hold '{updated}' (when the data was read); did you mean '{updated}'? [byline-placeholder]"
            ), "\(lint.output)")
        #expect(
            lint.output.contains(
                "typo.chart.json:3:35: error: '{desk}' is no placeholder of the byline, which may hold '{updated}' (when the data was read); write '{{' and '}}' for braces [byline-placeholder]"
            ), "\(lint.output)")
        let build = try ChartcBinary.run(["build", "typo.chart.json"], in: scratch)
        #expect(build.status != 0 && build.error.contains("[byline-placeholder]"), "\(build.error)")

        // In a batch, the byline may hold the batch's value and `{updated}`.
        let batchLint = try ChartcBinary.run(["lint", "batch.chart.json"], in: scratch)
        #expect(
            batchLint.output.contains(
                "batch.chart.json:3:31: error: '{updatd}' names no value of this batch: 'each' gives '{city}'; did you mean '{updated}'?"),
            "\(batchLint.output)")
    }
}

/// `{updated}` of database data against a real server: the query's time, and from the cache (`--offline`) the
/// time the cache stored the result.
@Suite(.enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseUpdatedBylineTests {
    /// `date` as en-US writes it in a byline, in UTC.
    static func usDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        return formatter.string(from: date)
    }

    @Test func aQueryIsDatedWhenItRanAndACachedResultWhenItWasStored() throws {
        let server = try #require(PostgresTestServer.server)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            "DROP TABLE IF EXISTS stamped; CREATE TABLE stamped (name text, value double precision); INSERT INTO stamped VALUES ('a', 1), ('b', 3);")
        let spec = scratch.appendingPathComponent("stamped.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "stamped" }, "byline": "Updated {updated}",
          "mark": "bar", "encoding": { "x": { "field": "name" }, "y": { "field": "value" } } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        let cache = scratch.appendingPathComponent("cache")
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password, "XDG_CACHE_HOME": cache.path, "HOME": scratch.path,
            "SOURCE_DATE_EPOCH": ""
        ]
        let before = Date()
        let online = try ChartcBinary.run(["build", spec.path, "-o", scratch.appendingPathComponent("online").path], environment: environment)
        let after = Date()
        #expect(online.status == 0, "\(online.error)")
        let svg = try String(contentsOf: scratch.appendingPathComponent("online/stamped.svg"), encoding: .utf8)
        #expect(svg.contains("Updated \(Self.usDate(before))") || svg.contains("Updated \(Self.usDate(after))"), "\(svg.prefix(0))")

        // The cached result, as if stored on 2023-11-14: --offline says so.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("chartc").path).filter {
            $0.hasSuffix(".meta")
        }
        #expect(!entries.isEmpty)
        for entry in entries {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: cache.appendingPathComponent("chartc/" + entry).path)
        }
        let offline = try ChartcBinary.run(
            ["build", spec.path, "--offline", "-o", scratch.appendingPathComponent("offline").path], environment: environment)
        #expect(offline.status == 0, "\(offline.error)")
        #expect(try String(contentsOf: scratch.appendingPathComponent("offline/stamped.svg"), encoding: .utf8).contains("Updated November 14, 2023"))
    }
}
