import ChartDiagnostics
import Testing
@testable import ChartJSON

@Suite struct JSONStringTests {
    private func string(_ text: String) -> JSONString? {
        guard let parsed = value(text), case .string(let string) = parsed.kind else { return nil }
        return string
    }

    @Test func plainStringsHaveNoOffsetMap() throws {
        let parsed = try #require(string("\"héllo €😀\""))
        #expect(parsed.value == "héllo €😀")
        #expect(parsed.fileOffsets == nil)
    }

    @Test func everySimpleEscape() throws {
        let parsed = try #require(string(#""\"\\\/\b\f\n\r\t""#))
        #expect(parsed.value == "\"\\/\u{8}\u{C}\n\r\t")
    }

    @Test func unicodeEscapes() throws {
        #expect(string(#""\u00e9""#)?.value == "é")
        #expect(string(#""\u20AC""#)?.value == "€")
        #expect(string(#""\ud83d\ude00""#)?.value == "😀")
        #expect(string(#""\u0000""#)?.value == "\u{0}")
    }

    @Test func offsetsMapDecodedBytesToTheFile() throws {
        // "a\nb": bytes 0 " 1 a 2 \ 3 n 4 b 5 "
        #expect(string(#""a\nb""#)?.fileOffsets == [1, 2, 4, 5])
        // "\u00e9x": é is two UTF-8 bytes, both from the escape at 1; x at 7; closing quote at 8.
        #expect(string(#""\u00e9x""#)?.fileOffsets == [1, 1, 7, 8])
        // "é\t": é at 1-2, the escape at 3, the end at 5.
        #expect(string(#""é\t""#)?.fileOffsets == [1, 2, 3, 5])
        // A surrogate pair: four UTF-8 bytes, all from the first backslash.
        #expect(string(#""\ud83d\ude00!""#)?.fileOffsets == [1, 1, 1, 1, 13, 14])
    }

    @Test func offsetsWorkInsideAnObject() throws {
        let root = try #require(value(#"{"k": "x \"y\""}"#))
        guard let member = root.objectValue?.first, case .string(let string) = member.value.kind else {
            Issue.record("no string")
            return
        }
        #expect(string.value == "x \"y\"")
        // "x \"y\"" starts at 6: x 7, space 8, \" 9, y 11, \" 12, end 14.
        #expect(string.fileOffsets == [7, 8, 9, 11, 12, 14])
        #expect(member.value.span.range == 6..<15)
    }

    @Test func escapedKeysDecode() {
        #expect(value(#"{"a\u0062": 1}"#)?["ab"]?.numberValue == 1)
    }
}
