import ChartSpec
import Foundation
import Testing

/// `specs/reference.md`'s table of marks × channels and options is generated from the table of marks
/// (`MarkTraits.referenceTable()`, SPEC §19.1): the committed page must hold exactly what the compiler reads.
/// `CHARTC_RECORD=1 swift test --filter ReferenceMarkTable` rewrites the page's table.
@Suite struct ReferenceMarkTableTests {
    static let begin =
        "<!-- The table of marks: generated from MarkTraits (ChartSpec/MarkTraits.swift); CHARTC_RECORD=1 swift test --filter ReferenceMarkTable rewrites it. -->"
    static let end = "<!-- End of the table of marks. -->"

    static var page: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/reference.md")
    }

    @Test func theReferenceTableIsTheGeneratedOne() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let begin = try #require(text.range(of: Self.begin), "reference.md has no generated table of marks")
        let end = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex))
        let committed = String(text[begin.upperBound..<end.lowerBound])
        let generated = "\n\n" + MarkTraits.referenceTable() + "\n"
        if ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1", committed != generated {
            try (String(text[..<begin.upperBound]) + generated + String(text[end.lowerBound...])).write(
                to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(committed == generated, "specs/reference.md's table of marks differs from MarkTraits: re-record it")
    }

    @Test func everyChannelAndOptionIsDrawnBySomeMark() {
        for channel in ChannelName.allCases {
            #expect(!MarkTraits.marks(drawing: channel).isEmpty || !MarkTraits.marks(drawingConstant: channel).isEmpty, "\(channel)")
        }
        for option in MarkOption.allCases { #expect(!MarkTraits.marks(taking: option).isEmpty, "\(option)") }
        #expect(MarkTraits.all.map(\.type) == MarkType.allCases)
        #expect(SpecKeys.mark == ["type"] + MarkOption.allCases.map(\.rawValue))
    }
}
