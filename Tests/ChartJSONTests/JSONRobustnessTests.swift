import ChartDiagnostics
import Testing
@testable import ChartJSON
import ChartTestSupport

/// Hostile input: nothing may crash, hang or report a position outside the file.
@Suite struct JSONRobustnessTests {
    @Test func hundredThousandOpenBrackets() {
        let diagnostic = failure(String(repeating: "[", count: 100_000))
        #expect(diagnostic?.id == "json-too-deep")
        let objects = failure(String(repeating: "{\"a\":", count: 100_000))
        #expect(objects?.id == "json-too-deep")
        let closed = failure(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        #expect(closed?.id == "json-too-deep")
    }

    @Test func hundredThousandCloseBrackets() {
        #expect(failure(String(repeating: "]", count: 100_000))?.id == "json-unexpected-character")
    }

    static let seeds: [String] = [
        #"{"title": "Political ideology", "data": {"url": "https://example.com/a.csv"}, "mark": {"type": "line", "interpolate": "catmull-rom"}, "calculate": {"year": "congress * 2 + 1787"}}"#,
        #"{"data": {"values": [{"day": "Mon", "count": 3}, {"day": "Tue", "count": -1.5e3}]}, "mark": "bar", "filter": ["count > 0", "day != 'Sun'"]}"#,
        #"{"encoding": {"x": {"field": "median", "title": "← liberal · conservative →", "scale": {"domain": [-0.6, 0.6]}}, "y": {"field": "year", "title": null, "axis": false}}}"#,
        "{\n  \"notes\": [\"a\\nb\", \"\\u00e9\\ud83d\\ude00\"],\n  \"sources\": \"Voteview\",\n  \"width\": 640\n}\n",
        "\u{FEFF}[true, false, null, 0, -0.0, 1E+2, \"\\\"\\\\\\/\\b\\f\\n\\r\\t\", {}, []]"
    ]

    /// Bytes worth inserting: structure, quotes, escapes, digits, and bytes that are invalid or partial UTF-8.
    static let interesting: [UInt8] =
        Array("{}[]\":,\\/'*-+.0123456789eEtfnu \n\t".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    @Test func randomMutationsNeverCrashAndAlwaysPointInsideTheFile() {
        var random = SeededRandom(seed: 0x5EED_CAFE)
        var failures = 0
        for round in 0..<6000 {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            for _ in 0...random.below(3) {
                mutate(&bytes, using: &random)
            }
            let file = SourceFile(path: "m.json", bytes: bytes)
            do {
                let root = try JSONReader.read(file, requireObject: round % 2 == 0)
                checkSpans(root, count: bytes.count)
            } catch {
                failures += 1
                #expect(error.diagnostics.count == 1)
                for diagnostic in error.diagnostics {
                    #expect(diagnostic.id.hasPrefix("json-"))
                    #expect(!diagnostic.message.isEmpty)
                    expectInside(diagnostic.span, count: bytes.count, diagnostic)
                    expectInside(diagnostic.fixIt?.span, count: bytes.count, diagnostic)
                    for note in diagnostic.notes { expectInside(note.span, count: bytes.count, diagnostic) }
                    #expect(!DiagnosticFormatter().render([diagnostic]).isEmpty)
                }
            }
        }
        // The mutations must actually exercise the error paths.
        #expect(failures > 3000)
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        let position = random.below(bytes.count + 1)
        switch random.below(6) {
        case 0 where position < bytes.count:
            bytes[position] = Self.interesting[random.below(Self.interesting.count)]
        case 1 where position < bytes.count:
            bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 2 where position < bytes.count:
            bytes.remove(at: position)
        case 3:
            bytes.insert(Self.interesting[random.below(Self.interesting.count)], at: position)
        case 4:
            bytes.removeSubrange(position..<bytes.count)
        default:
            let end = min(bytes.count, position + random.below(12))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        }
    }

    private func expectInside(_ span: SourceSpan?, count: Int, _ diagnostic: Diagnostic) {
        guard let span else { return }
        #expect(span.range.lowerBound >= 0 && span.range.upperBound <= count, "\(diagnostic.id): \(span.range) outside 0..<\(count)")
    }

    private func checkSpans(_ value: JSONValue, count: Int) {
        #expect(value.span.range.lowerBound >= 0 && value.span.range.upperBound <= count)
        switch value.kind {
        case .object(let members):
            for member in members {
                #expect(member.keySpan.range.upperBound <= member.value.span.range.lowerBound)
                checkSpans(member.value, count: count)
            }
        case .array(let items):
            for item in items { checkSpans(item, count: count) }
        case .string(let string):
            if let offsets = string.fileOffsets {
                #expect(offsets.count == string.value.utf8.count + 1)
                #expect(offsets.allSatisfy { value.span.range.contains($0) })
            }
        default:
            break
        }
    }
}
