import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec
import ChartTestSupport

/// Well-formed JSON with the wrong things in it: every value of the polarization example replaced in turn by
/// values of other types, and keys renamed. The parser must never crash, must point inside the file, and must
/// either build a spec or say why not.
@Suite struct SpecRobustnessTests {
    static let replacements = [
        "1", "-1", "0", "2.5", "1e308", "\"x\"", "\"\"", "\"line\"", "\"-\"", "true", "false", "null", "[]", "{}",
        "[\"a\", 1]", "[[1]]", "{\"field\": \"a\"}", "{\"zzz\": 1}", "{\"type\": \"bar\"}", "\"javascript:x\""
    ]
    static let keyNames = ["zzz", "titel", "type", "field", "$comment", "x", "url", "values", "", "-"]

    @Test func everyValueReplacedByEveryKind() throws {
        let root = try JSONReader.read(SourceFile(path: "p.json", text: try PolarizationExampleTests.text()), requireObject: true)
        let nodeCount = Self.count(root)
        var random = SeededRandom(seed: 7)
        var checked = 0
        for target in 0..<nodeCount {
            for _ in 0..<3 {
                let replacement = Self.replacements[random.below(Self.replacements.count)]
                var counter = 0
                let text = Self.write(root, replacing: target, with: replacement, counter: &counter)
                check(text)
                checked += 1
            }
        }
        for _ in 0..<600 {
            var counter = 0
            let text = Self.write(root, renamingKey: random.below(nodeCount), to: Self.keyNames[random.below(Self.keyNames.count)], counter: &counter)
            check(text)
            checked += 1
        }
        #expect(checked > 600)
    }

    private func check(_ text: String) {
        let file = SourceFile(path: "m.json", text: text)
        let result = SpecParser.parse(file)
        if !result.diagnostics.hasErrors {
            #expect(result.spec != nil, "no errors but no spec: \(text)")
        }
        for diagnostic in result.diagnostics {
            for span in [diagnostic.span, diagnostic.fixIt?.span] + diagnostic.notes.map(\.span) {
                guard let span else { continue }
                #expect(span.file === file)
                #expect(span.range.lowerBound >= 0 && span.range.upperBound <= file.bytes.count)
            }
            #expect(!diagnostic.message.isEmpty)
        }
    }

    /// Nodes in pre-order.
    static func count(_ value: JSONValue) -> Int {
        switch value.kind {
        case .object(let members): 1 + members.map { count($0.value) }.reduce(0, +)
        case .array(let items): 1 + items.map(count).reduce(0, +)
        default: 1
        }
    }

    /// JSON text for `value`, with pre-order node number `target` written as `replacement`.
    static func write(
        _ value: JSONValue, replacing target: Int = -1, with replacement: String = "", renamingKey keyTarget: Int = -1, to newKey: String = "",
        counter: inout Int
    ) -> String {
        let number = counter
        counter += 1
        if number == target { return replacement }
        switch value.kind {
        case .object(let members):
            let parts = members.map { member -> String in
                let isRenamed = counter == keyTarget
                let key = isRenamed ? newKey : member.key
                let written = write(member.value, replacing: target, with: replacement, renamingKey: keyTarget, to: newKey, counter: &counter)
                return JSONText.quote(key) + ": " + written
            }
            // A rename may collide with a sibling; keep the JSON valid by dropping later duplicates.
            var seen: Set<String> = []
            let unique = parts.filter { part in
                let key = String(part.prefix { $0 != ":" })
                return seen.insert(key).inserted
            }
            return "{" + unique.joined(separator: ", ") + "}"
        case .array(let items):
            return "["
                + items.map { write($0, replacing: target, with: replacement, renamingKey: keyTarget, to: newKey, counter: &counter) }.joined(
                    separator: ", ") + "]"
        case .string(let string):
            return JSONText.quote(string.value)
        case .number(_, let lexeme):
            return lexeme
        case .bool(let bool):
            return bool ? "true" : "false"
        case .null:
            return "null"
        }
    }
}
