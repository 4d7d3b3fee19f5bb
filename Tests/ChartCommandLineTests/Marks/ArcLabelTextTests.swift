import ChartTestSupport
import Foundation
import Testing

/// An arc's label text (SPEC §21): an unknown `{placeholder}` is an error inside the string with a did-you-mean
/// (it was printed as written on every slice), in lint and build alike; the known ones and the rows' fields fill in.
@Suite struct ArcLabelTextTests {
    static let csv = "party,seats,leader\nLabour,411,Starmer\nConservative,121,Sunak\nLiberal Democrat,72,\nOther,46,Various\n"

    func run(_ arguments: [String], text: String) throws -> (result: ProcessResult, svg: String) {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.csv.write(to: scratch.appendingPathComponent("seats.csv"), atomically: true, encoding: .utf8)
        let spec = """
            { "title": "Seats", "data": { "url": "seats.csv" },
              "mark": { "type": "arc", "labels": { "text": \(text) } },
              "encoding": { "theta": { "field": "seats" }, "color": { "field": "party" } } }
            """
        let file = scratch.appendingPathComponent("pie.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(
            arguments + [file.path] + (arguments == ["build"] ? ["-o", scratch.path, "--format", "svg"] : []), in: scratch)
        let svg = (try? String(contentsOf: scratch.appendingPathComponent("pie.svg"), encoding: .utf8)) ?? ""
        return (result, svg)
    }

    @Test(arguments: [
        (#""{color}: {percnt}""#, "2:59: error: unknown placeholder '{percnt}' in the arc's label text; did you mean '{percent}'?"),
        (#""{party} ({seat})""#, "2:59: error: unknown placeholder '{seat}' in the arc's label text; did you mean '{seats}'?"),
        (#""{colour}""#, "2:50: error: unknown placeholder '{colour}' in the arc's label text; did you mean '{color}'?"),
        (#""{percent""#, "2:49: error: '{' opens a placeholder in the arc's label text that no '}' closes")
    ])
    func anUnknownPlaceholderIsAnErrorAtItsPlace(_ text: String, _ message: String) throws {
        for command in ["lint", "build"] {
            let (result, _) = try run([command], text: text)
            #expect(result.status == 1, "\(command): \(result.error)")
            #expect((result.output + result.error).contains("pie.chart.json:" + message), "\(command): \(result.output + result.error)")
            #expect((result.output + result.error).contains("[arc-label-placeholder]"), "\(command)")
        }
    }

    @Test func knownPlaceholdersAndFieldsFillIn() throws {
        let (result, svg) = try run(["build"], text: #""{party}: {seats} ({percent}), {leader}{{!}}""#)
        #expect(result.status == 0, "\(result.error)")
        #expect(svg.contains("Labour: 411 (63%), Starmer{!}") || svg.contains("Labour: 411 (63.2%), Starmer{!}"), "\(svg)")
        // A null field prints as nothing, not as its placeholder.
        #expect(!svg.contains("{leader}") && svg.contains("Liberal Democrat: 72"), "\(svg)")
    }
}
