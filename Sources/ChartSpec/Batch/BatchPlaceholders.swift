import ChartDiagnostics
import ChartJSON
import ChartValues

/// `{NAME}` in a batch spec (SPEC §23): where it stands for the batch's value and what it becomes there. In text
/// (titles, notes, the byline, axis titles, annotations) it is the value as text; in an expression (`filter`,
/// `keep`, `calculate`, `aggregate`, `window`) it is the value as a literal (`'Seattle'`, `12`), or as text
/// inside a quoted string (`'Rain in {city}'`). `{{` and `}}` are left as written (a note's own escapes). The
/// data, theme and locale are never rewritten: every chart of a batch reads the same data.
public enum BatchPlaceholders {
    /// Top-level keys whose strings are never rewritten.
    static let untouched: Set<String> = ["$schema", "each", "data", "theme", "locale"]
    /// Keys whose strings (and the strings under them) are expressions.
    static let expressionKeys: Set<String> = ["filter", "keep", "calculate", "aggregate", "window"]
    /// Keys whose strings are a chart's own text, checked for placeholders naming no value.
    static let textKeys: Set<String> = ["title", "subtitle", "notes", "byline", "alt"]

    /// `root` with `each` removed and every `{name}` replaced by `value`.
    public static func substitute(_ root: JSONValue, name: String, value: Value) -> JSONValue {
        guard let members = root.objectValue else { return root }
        let pattern = Array(("{" + name + "}").utf8)
        var result: [JSONMember] = []
        for member in members where member.key != "each" {
            var copy = member
            if member.key == "byline" {
                // The byline is a template (`BylineTemplate`): a brace in the value is written doubled, so it is
                // drawn as itself and never read as a placeholder.
                let text = String((value.text ?? "").flatMap { $0 == "{" || $0 == "}" ? [$0, $0] : [$0] })
                copy.value = rewrite(member.value, key: member.key, expression: false, pattern: pattern, value: .string(text))
            } else if !untouched.contains(member.key) {
                copy.value = rewrite(member.value, key: member.key, expression: false, pattern: pattern, value: value)
            }
            result.append(copy)
        }
        return JSONValue(kind: .object(result), span: root.span)
    }

    private static func rewrite(_ node: JSONValue, key: String, expression: Bool, pattern: [UInt8], value: Value) -> JSONValue {
        let expression = expression || expressionKeys.contains(key)
        switch node.kind {
        case .object(let members):
            let rewritten = members.map { member -> JSONMember in
                var copy = member
                if member.key != "data" {
                    copy.value = rewrite(member.value, key: member.key, expression: expression, pattern: pattern, value: value)
                }
                return copy
            }
            return JSONValue(kind: .object(rewritten), span: node.span)
        case .array(let items):
            return JSONValue(
                kind: .array(items.map { rewrite($0, key: key, expression: expression, pattern: pattern, value: value) }), span: node.span)
        case .string(let string):
            guard let replaced = replace(string, literalStart: node.span.range.lowerBound, expression: expression, pattern: pattern, value: value)
            else { return node }
            return JSONValue(kind: .string(replaced), span: node.span)
        case .number, .bool, .null:
            return node
        }
    }

    /// The string with each `{name}` replaced, its bytes still mapped to the file (a replaced placeholder's bytes
    /// to its `{`); nil when it has none.
    static func replace(_ string: JSONString, literalStart: Int, expression: Bool, pattern: [UInt8], value: Value) -> JSONString? {
        let bytes = Array(string.value.utf8)
        guard contains(bytes, pattern) else { return nil }
        func offset(_ index: Int) -> Int {
            if let offsets = string.fileOffsets, index < offsets.count { return offsets[index] }
            return literalStart + 1 + index
        }
        var output: [UInt8] = []
        var offsets: [Int] = []
        var quote: UInt8?
        var index = 0
        let text = Array((value.text ?? "").utf8)
        while index < bytes.count {
            let byte = bytes[index]
            if expression, quote != nil, byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                output += bytes[index...(index + 1)]
                offsets += [offset(index), offset(index + 1)]
                index += 2
                continue
            }
            if expression, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                if quote == nil { quote = byte } else if quote == byte { quote = nil }
            }
            let doubled = index + 1 < bytes.count && bytes[index + 1] == byte
            if !expression, doubled, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                output += [byte, byte]
                offsets += [offset(index), offset(index + 1)]
                index += 2
                continue
            }
            if byte == UInt8(ascii: "{"), bytes.count - index >= pattern.count, Array(bytes[index..<(index + pattern.count)]) == pattern {
                let replacement: [UInt8]
                if !expression {
                    replacement = text
                } else if let open = quote {
                    replacement = escaped(text, quote: open)
                } else {
                    replacement = Array(literal(value).utf8)
                }
                output += replacement
                offsets += Array(repeating: offset(index), count: replacement.count)
                index += pattern.count
                continue
            }
            output.append(byte)
            offsets.append(offset(index))
            index += 1
        }
        offsets.append(offset(bytes.count))
        return JSONString(value: String(decoding: output, as: UTF8.self), fileOffsets: offsets)
    }

    /// The value as an expression literal: a number as written, `true`/`false`, anything else quoted text.
    public static func literal(_ value: Value) -> String {
        switch value {
        case .number, .boolean: return value.text ?? "null"
        case .null: return "null"
        case .string, .date:
            return "'" + String(decoding: escaped(Array((value.text ?? "").utf8), quote: UInt8(ascii: "'")), as: UTF8.self) + "'"
        }
    }

    private static func escaped(_ text: [UInt8], quote: UInt8) -> [UInt8] {
        var output: [UInt8] = []
        for byte in text {
            if byte == UInt8(ascii: "\\") || byte == quote { output.append(UInt8(ascii: "\\")) }
            output.append(byte)
        }
        return output
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if Array(bytes[start..<(start + pattern.count)]) == pattern { return true }
        }
        return false
    }

    /// Every `{word}` in the spec's own text (its title, subtitle, notes, byline, alt text, the titles of its
    /// axes and legend) and expressions that is not `{name}` (nor, in the byline, `{updated}`: `BylineTemplate`):
    /// what it names and where (braces included), and whether it is in the byline.
    public static func unknown(in root: JSONValue, name: String) -> [(placeholder: Located<String>, inByline: Bool)] {
        guard let members = root.objectValue else { return [] }
        var found: [(placeholder: Located<String>, inByline: Bool)] = []
        for member in members where !untouched.contains(member.key) && member.key != "annotations" && member.key != "mark" {
            if member.key == "byline" {
                found += BylineTemplate.unknown(in: member.value, also: [name]).map { ($0, true) }
                continue
            }
            var text: [Located<String>] = []
            collect(member.value, key: member.key, expression: false, text: false, name: name, into: &text)
            found += text.map { ($0, false) }
        }
        return found
    }

    private static func collect(_ node: JSONValue, key: String, expression: Bool, text: Bool, name: String, into found: inout [Located<String>]) {
        let expression = expression || expressionKeys.contains(key)
        let text = text || textKeys.contains(key)
        switch node.kind {
        case .object(let members):
            for member in members where member.key != "data" && member.key != "annotations" && member.key != "mark" {
                collect(member.value, key: member.key, expression: expression, text: text, name: name, into: &found)
            }
        case .array(let items):
            for item in items { collect(item, key: key, expression: expression, text: text, name: name, into: &found) }
        case .string(let string) where expression || text:
            found += placeholders(string, span: node.span, expression: expression).filter { $0.value != name }
        default:
            break
        }
    }

    /// The `{word}`s of one string (outside quotes in an expression), with their spans in the file.
    static func placeholders(_ string: JSONString, span: SourceSpan, expression: Bool) -> [Located<String>] {
        let bytes = Array(string.value.utf8)
        func offset(_ index: Int) -> Int {
            if let offsets = string.fileOffsets, index < offsets.count { return offsets[index] }
            return span.range.lowerBound + 1 + index
        }
        var found: [Located<String>] = []
        var quote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if expression {
                if quote != nil, byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    if quote == nil { quote = byte } else if quote == byte { quote = nil }
                }
            }
            let doubled = index + 1 < bytes.count && bytes[index + 1] == byte
            if doubled, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "{"), quote == nil,
                let close = bytes[(index + 1)...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") }),
                bytes[close] == UInt8(ascii: "}"), close > index + 1, close - index <= 65
            {
                let word = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                found.append(Located(word, at: SourceSpan(file: span.file, range: offset(index)..<(offset(close) + 1))))
                index = close + 1
                continue
            }
            index += 1
        }
        return found
    }
}
