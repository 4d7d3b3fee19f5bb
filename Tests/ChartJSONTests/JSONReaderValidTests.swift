import ChartDiagnostics
import Testing
@testable import ChartJSON
import ChartTestSupport

@Suite struct JSONReaderValidTests {
    @Test func scalarsAtTheTopLevel() {
        #expect(value("true")?.boolValue == true)
        #expect(value("false")?.boolValue == false)
        #expect(value("null")?.isNull == true)
        #expect(value("\"hi\"")?.stringValue == "hi")
        #expect(value(" 42 ")?.numberValue == 42)
    }

    @Test func objectsKeepKeyOrderAndSpans() throws {
        let text = #"{"b": 1, "a": [true, null, "x"], "c": {}}"#
        let root = try #require(value(text, requireObject: true))
        let members = try #require(root.objectValue)
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(root.span.range == 0..<text.utf8.count)
        #expect(members[0].keySpan.range == 1..<4)
        #expect(members[0].value.span.range == 6..<7)
        let array = try #require(members[1].value.arrayValue)
        #expect(members[1].value.span.range == 14..<31)
        #expect(array.map(\.typeName) == ["boolean", "null", "string"])
        #expect(array[2].span.range == 27..<30)
        #expect(members[2].value.objectValue?.isEmpty == true)
        #expect(root["a"]?.arrayValue?.count == 3)
        #expect(root["missing"] == nil)
    }

    @Test func whitespaceOfEveryKind() {
        let root = value(" \t\r\n{ \"a\" :\t[ 1 ,\r\n 2 ] }\n\n")
        #expect(root?["a"]?.arrayValue?.compactMap(\.numberValue) == [1, 2])
    }

    @Test func emptyContainers() {
        #expect(value("[]")?.arrayValue?.isEmpty == true)
        #expect(value("{ }")?.objectValue?.isEmpty == true)
        #expect(value("[[[]], {}]")?.arrayValue?.count == 2)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("12", 12), ("-3.5", -3.5), ("1e3", 1000), ("1E-3", 0.001), ("2.5e+2", 250),
        ("123456789012345", 123456789012345), ("12345678901234567890", 12345678901234567890.0),
        ("0.1", 0.1), ("1e-400", 0), ("1.7976931348623157e308", 1.7976931348623157e308), ("-2012", -2012)
    ])
    func numbers(text: String, expected: Double) throws {
        let parsed = try #require(value(text))
        guard case .number(let number, let lexeme) = parsed.kind else {
            Issue.record("not a number")
            return
        }
        #expect(number == expected)
        #expect(number.sign == expected.sign)
        #expect(lexeme == text)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try #require(value("\u{FEFF}{\"a\": 1}", requireObject: true))
        #expect(root["a"]?.numberValue == 1)
        #expect(root.span.range == 3..<11)
    }

    @Test func deepButAllowedNesting() {
        let depth = JSONReader.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(value(text) != nil)
    }

    @Test func wideObjectsStillCatchDuplicates() {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        #expect(value("{" + keys.joined(separator: ", ") + "}")?.objectValue?.count == 40)
        let duplicate = failure("{" + keys.joined(separator: ", ") + ", \"k7\": 0}")
        #expect(duplicate?.id == "json-duplicate-key")
        #expect(duplicate?.notes.first?.span?.range.lowerBound == 1 + keys[0..<7].map { $0.utf8.count + 2 }.reduce(0, +))
    }

    @Test func typeNames() {
        #expect(value("{}")?.typeName == "object")
        #expect(value("[]")?.typeName == "array")
        #expect(value("1")?.typeName == "number")
        #expect(value("\"\"")?.typeName == "string")
        #expect(value("true")?.typeName == "boolean")
        #expect(value("null")?.typeName == "null")
    }
}

/// The number fast path and the key cache are optimizations: they must give exactly what the slow paths give.
@Suite struct JSONReaderFastPathTests {
    @Test func numbersMatchTheStandardLibraryBitForBit() throws {
        var random = SeededRandom(seed: 42)
        var lexemes = [
            "0.1", "0.2", "0.3", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "123456789012345.6",
            "9007199254740993", "0.000001", "1e22", "1e23", "-0.0", "4.35", "0.0000000000000000000000000001", "1E+2"
        ]
        for _ in 0..<3000 {
            var text = random.below(2) == 0 ? "-" : ""
            let integerDigits = random.below(12)
            text += integerDigits == 0 ? "0" : String(1 + random.below(9))
            for _ in 0..<max(0, integerDigits - 1) { text += String(random.below(10)) }
            if random.below(2) == 0 {
                text += "."
                for _ in 0...random.below(12) { text += String(random.below(10)) }
            }
            if random.below(3) == 0 {
                text += ["e", "E", "e-", "e+"][random.below(4)] + String(random.below(40))
            }
            lexemes.append(text)
        }
        for lexeme in lexemes {
            let parsed = try #require(value(lexeme)?.numberValue, "\(lexeme)")
            let expected = try #require(Double(lexeme))
            #expect(parsed.bitPattern == expected.bitPattern, "\(lexeme): \(parsed) != \(expected)")
        }
    }

    @Test func repeatedKeysInRowsStayCorrect() throws {
        let text = #"[{"ab": 1, "cd": 2}, {"cd": 3, "ab": 4}, {"ab": 5, "ce": 6, "x": {"ab": 7}}, {"a\u0062": 8, "cd": 9}, {"é": 1, "ab": 2}]"#
        let rows = try #require(value(text)?.arrayValue)
        #expect(rows.map { $0.objectValue?.map(\.key) ?? [] } == [["ab", "cd"], ["cd", "ab"], ["ab", "ce", "x"], ["ab", "cd"], ["é", "ab"]])
        #expect(rows[2]["x"]?["ab"]?.numberValue == 7)
        #expect(rows[3].objectValue?[0].keySpan.range == 78..<87)
        #expect(failure(#"[{"ab": 1}, {"ab": 2, "ab": 3}]"#)?.id == "json-duplicate-key")
    }
}
