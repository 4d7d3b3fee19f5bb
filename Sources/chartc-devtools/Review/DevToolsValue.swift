import ChartDiagnostics
import ChartFormat

/// A JSON value to send to the browser, written with literals at the call site (`["width": 1000, "mobile":
/// false]`). Objects keep their keys in the order written, so every message is the same bytes each run.
/// (chartc-devtools links no Foundation, so no `JSONSerialization`: see `ReviewCommand`.)
indirect enum DevToolsValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([DevToolsValue])
    case object([(key: String, value: DevToolsValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: DevToolsValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, DevToolsValue)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }

    /// The value as JSON text.
    var json: String {
        switch self {
        case .string(let text): return JSONText.quote(text)
        case .number(let number): return NumberText.shortest(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONText.quote($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// `self` with `key` set (added at the end, or replaced in place).
    func setting(_ key: String, _ value: DevToolsValue) -> DevToolsValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }
}
