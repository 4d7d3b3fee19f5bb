import ChartCommandLine
import Foundation
import Testing

/// `chartc fmt` end to end: it rewrites a spec in canonical layout, leaves formatted and broken files alone,
/// `--check` fails without writing, and one broken spec does not stop the others.
@Suite("chartc fmt")
struct FormatCommandTests {
    static let messy = #"{"mark":"bar","title":"Votes","data":{"url":"data.csv"},"encoding":{"y":{"field":"votes"},"x":{"field":"party"}}}"#
    static let formatted = """
        {
          "title": "Votes",
          "data": { "url": "data.csv" },
          "mark": "bar",
          "encoding": {
            "x": { "field": "party" },
            "y": { "field": "votes" }
          }
        }

        """

    func folder(_ name: String) throws -> String {
        try BadInputTests.folder(for: "fmt " + name)
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func formatsInPlaceAndThenHasNothingToDo() throws {
        let path = try folder("in place") + "/votes.chart.json"
        try write(Self.messy, to: path)
        let console = BufferConsole()
        #expect(Chartc.run(["fmt", path], console: console) == 0)
        #expect(read(path) == Self.formatted)
        #expect(console.output == path + "\n")
        #expect(console.error == "1 file reformatted, 0 already formatted\n")

        let again = BufferConsole()
        #expect(Chartc.run(["fmt", path], console: again) == 0)
        #expect(again.output == "")
        #expect(again.error == "0 files reformatted, 1 already formatted\n")
        #expect(Chartc.run(["fmt", path, "--check"], console: BufferConsole()) == 0)
    }

    @Test func checkFailsAtTheFirstDifferenceAndWritesNothing() throws {
        let path = try folder("check") + "/votes.chart.json"
        let original = "{\n  \"title\": \"Votes\",\n    \"data\": {\"url\": \"data.csv\"},\n  \"mark\": \"bar\"\n}\n"
        try write(original, to: path)
        let console = BufferConsole()
        #expect(Chartc.run(["fmt", path, "--check"], console: console) == 1)
        #expect(read(path) == original)
        #expect(
            console.error.hasPrefix(
                "\(path):3:1: error: the file is not formatted (line 3 of the formatted text differs from here); run 'chartc fmt \(path)' [fmt-unformatted]\n"
            ))
        #expect(console.error.hasSuffix("1 file of 1 not formatted; run 'chartc fmt' on it\n"))
    }

    @Test func brokenFilesAreReportedAndLeftAloneWhileTheOthersAreFormatted() throws {
        let root = try folder("several")
        try write(Self.messy, to: root + "/a.chart.json")
        let broken = "{\"title\": \"T\",}"
        try write(broken, to: root + "/b.chart.json")
        try FileManager.default.createDirectory(atPath: root + "/more", withIntermediateDirectories: true)
        try write(Self.messy, to: root + "/more/c.chart.json")
        let console = BufferConsole()
        #expect(Chartc.run(["fmt", root], console: console) == 1)
        #expect(read(root + "/a.chart.json") == Self.formatted)
        #expect(read(root + "/b.chart.json") == broken)
        #expect(read(root + "/more/c.chart.json") == Self.formatted)
        #expect(console.error.contains("\(root)/b.chart.json:1:14: error: trailing comma"))
        #expect(console.error.hasSuffix("2 files reformatted, 0 already formatted\n"))
    }

    @Test func aMissingPathIsAnErrorAndNoArgumentsIsUsage() throws {
        let root = try folder("missing")
        #expect(Chartc.run(["fmt", root + "/nope.chart.json"], console: BufferConsole()) == 1)
        #expect(Chartc.run(["fmt"], console: BufferConsole()) == 2)
        #expect(Chartc.run(["fmt", root, "--chek"], console: BufferConsole()) == 2)
    }

    @Test func lintStrictFailsOnWarningsOnly() throws {
        let root = try folder("strict")
        try write(Self.formatted, to: root + "/votes.chart.json")
        try write("party,votes\nDemocrats,10\n", to: root + "/data.csv")
        let plain = BufferConsole()
        let strict = BufferConsole()
        let status = Chartc.run(["lint", root], console: plain)
        let lines = BadInputTests.diagnosticLines(plain.output, folder: root)
        // No source and no alt text: warnings, which fail only with --strict.
        #expect(lines.allSatisfy { $0.contains(": warning: ") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("[missing-source]") })
        if !plain.output.contains("[not-implemented]") {
            #expect(status == 0)
        }
        #expect(Chartc.run(["lint", root, "--strict"], console: strict) == 1)
    }
}
