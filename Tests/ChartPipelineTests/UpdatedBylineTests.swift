import ChartData
import ChartDiagnostics
import ChartFormat
import ChartNetwork
import ChartSpec
import ChartSystem
import Foundation
import Testing
@testable import ChartPipeline

/// `{updated}` (SPEC §23) in the pipeline: each kind of data records when it was read (a file's modification
/// time, inline values none, a lookup the latest), and `UpdatedByline` writes the byline in the locale's date
/// format, `SOURCE_DATE_EPOCH` first.
@Suite struct UpdatedBylineStageTests {
    /// 2024-03-05 12:00 UTC, in milliseconds.
    static let march5: Int64 = 1_709_640_000_000

    /// A folder with `rain.csv` modified at `march5`, and `spec` parsed from `chart.chart.json` there.
    static func spec(_ text: String) throws -> (ChartSpec, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-updated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let csv = folder.appendingPathComponent("rain.csv")
        try "city,rain\nSeattle,140\n".write(to: csv, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_709_640_000)], ofItemAtPath: csv.path)
        let path = folder.appendingPathComponent("chart.chart.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let parsed = SpecParser.parse(SourceFile(path: path, text: text))
        return (try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))"), folder)
    }

    static let context = LoadContext(fetch: FetchOptions(), environment: [:])

    @Test func aFileIsDatedByItsModificationTime() throws {
        let (spec, folder) = try Self.spec(#"{ "data": { "url": "rain.csv" }, "mark": "bar", "byline": "Updated {updated}" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: Self.context)
        #expect(loaded.updated == Self.march5)
        let output = try Pipeline.run(spec: spec, context: Self.context)
        #expect(output.updated == Self.march5)
        let resolved = try UpdatedByline.resolve(spec, updated: output.updated, environment: [:])
        #expect(resolved.byline?.value == "Updated March 5, 2024")
        #expect(resolved.byline?.span == spec.byline?.span)
    }

    @Test func inlineValuesAreDatedByTheSpecFile() throws {
        let (spec, folder) = try Self.spec(#"{ "data": { "values": [{ "a": 1 }] }, "mark": "bar", "byline": "As of {updated}" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: Self.context)
        #expect(loaded.updated == nil)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: spec.file.path)
        #expect(try UpdatedByline.resolve(spec, updated: nil, environment: [:]).byline?.value == "As of September 13, 2020")
    }

    @Test func sourceDateEpochPinsTheTimeAndMustBeANumber() throws {
        let (spec, folder) = try Self.spec(
            #"{ "data": { "url": "rain.csv" }, "mark": "bar", "locale": "fr-FR", "byline": "Mis à jour le {updated}" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pinned = try UpdatedByline.resolve(spec, updated: Self.march5, environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(pinned.byline?.value == "Mis à jour le 1 janvier 2026")
        // Empty counts as unset.
        #expect(
            try UpdatedByline.resolve(spec, updated: Self.march5, environment: ["SOURCE_DATE_EPOCH": ""]).byline?.value == "Mis à jour le 5 mars 2024"
        )
        for wrong in ["soon", "-1", "1.5", "99999999999999999999"] {
            do {
                _ = try UpdatedByline.resolve(spec, updated: Self.march5, environment: ["SOURCE_DATE_EPOCH": wrong])
                Issue.record("SOURCE_DATE_EPOCH=\(wrong) was accepted")
            } catch {
                #expect(error.diagnostics.map(\.id) == ["source-date-epoch"])
                #expect(error.diagnostics.first?.span == spec.byline?.span)
            }
        }
    }

    @Test func aBylineWithoutUpdatedNeedsNoTime() throws {
        let (spec, folder) = try Self.spec(#"{ "data": { "url": "rain.csv" }, "mark": "bar", "byline": "Chart: {{desk}}" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        // No time is read, so a wrong SOURCE_DATE_EPOCH does not matter; the braces are written once.
        #expect(try UpdatedByline.resolve(spec, updated: nil, environment: ["SOURCE_DATE_EPOCH": "x"]).byline?.value == "Chart: {desk}")
    }

    @Test func aLookupsDataCountsWhenItIsLater() throws {
        let (spec, folder) = try Self.spec(
            #"{ "data": { "url": "rain.csv" }, "lookup": { "data": { "url": "states.csv" }, "on": "city", "key": "city", "fields": ["state"] }, "mark": "bar" }"#
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = folder.appendingPathComponent("states.csv")
        try "city,state\nSeattle,WA\n".write(to: states, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_752_913_800)], ofItemAtPath: states.path)
        #expect(try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: Self.context).updated == 1_752_913_800_000)
        // An earlier lookup leaves the data's own time.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: states.path)
        #expect(try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: Self.context).updated == Self.march5)
    }

    @Test func eachLocaleWritesADate() throws {
        let expected = [
            "en-US": "March 5, 2024", "en-GB": "5 March 2024", "de-DE": "5. März 2024", "fr-FR": "5 mars 2024", "es-ES": "5 de marzo de 2024",
            "it-IT": "5 marzo 2024", "nl-NL": "5 maart 2024"
        ]
        for locale in ChartLocale.all {
            #expect((try? DateFormat(parsing: locale.datePattern)) != nil, "\(locale.identifier)")
            #expect(locale.dateFormat.format(Self.march5, locale: locale) == expected[locale.identifier], "\(locale.identifier)")
        }
    }
}
