import ChartData
import ChartDiagnostics
import ChartFormat
import ChartValues
@testable import ChartExpression

/// Fully parenthesized rendering of a tree, to pin precedence and associativity.
func render(_ expr: Expr) -> String {
    switch expr.kind {
    case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let text): return "'\(text)'"
    case .boolean(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .field(let name): return name
    case .unary(let op, let operand): return "(\(op.rawValue)\(render(operand)))"
    case .binary(let op, let left, let right): return "(\(render(left)) \(op.rawValue) \(render(right)))"
    case .membership(let value, let items): return "(\(render(value)) in [\(items.map(render).joined(separator: ", "))])"
    case .conditional(let c, let a, let b): return "(\(render(c)) ? \(render(a)) : \(render(b)))"
    case .call(let name, let arguments): return "\(name)(\(arguments.map(render).joined(separator: ", ")))"
    }
}

func parse(_ text: String) -> (Expr?, [Diagnostic]) {
    ExpressionParser.parse(ExpressionSource(standalone: text))
}

func parsed(_ text: String) -> String {
    let (expr, diagnostics) = parse(text)
    guard let expr, diagnostics.isEmpty else { return "error: " + diagnostics.map(\.message).joined(separator: " | ") }
    return render(expr)
}

/// The text a range covers.
func slice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}

/// A JSON file holding one string literal, and the `ExpressionSource` a spec parser would make of it: the
/// decoded text plus each decoded byte's file offset. Handles `\"`, `\\`, `\n`, `\t`, `\/` and `\uXXXX` (BMP).
func jsonSource(prefix: String = "{\"filter\": ", literal: String, path: String = "spec.chart.json") -> ExpressionSource {
    let fileText = prefix + literal + "}\n"
    let file = SourceFile(path: path, text: fileText)
    let bytes = Array(fileText.utf8)
    let start = prefix.utf8.count
    var decoded: [UInt8] = []
    var offsets: [Int] = []
    var index = start + 1
    while bytes[index] != UInt8(ascii: "\"") {
        if bytes[index] == UInt8(ascii: "\\") {
            let escape = bytes[index + 1]
            var scalarBytes: [UInt8]
            var length = 2
            switch escape {
            case UInt8(ascii: "n"): scalarBytes = [0x0A]
            case UInt8(ascii: "t"): scalarBytes = [0x09]
            case UInt8(ascii: "u"):
                let hex = String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self)
                scalarBytes = Array(String(Character(Unicode.Scalar(UInt32(hex, radix: 16)!)!)).utf8)
                length = 6
            default: scalarBytes = [escape]
            }
            for byte in scalarBytes {
                decoded.append(byte)
                offsets.append(index)
            }
            index += length
        } else {
            decoded.append(bytes[index])
            offsets.append(index)
            index += 1
        }
    }
    offsets.append(index)
    let literalSpan = SourceSpan(file: file, range: start..<(index + 1))
    return ExpressionSource(text: String(decoding: decoded, as: UTF8.self), literalSpan: literalSpan, fileOffsets: offsets)
}

/// `line:col` of a diagnostic.
func position(_ diagnostic: Diagnostic) -> String {
    guard let span = diagnostic.span else { return "-" }
    let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
    return "\(line):\(column)"
}

/// The text a diagnostic's span covers in its file.
func spanned(_ diagnostic: Diagnostic) -> String {
    guard let span = diagnostic.span else { return "" }
    return String(decoding: span.file.bytes[span.range], as: UTF8.self)
}

// MARK: tables

func numberColumn(_ name: String, _ values: [Double?]) -> Column {
    Column(name: name, type: .number, values: values.map { $0.map(Value.number) ?? .null })
}

func stringColumn(_ name: String, _ values: [String?]) -> Column {
    Column(name: name, type: .string, values: values.map { $0.map(Value.string) ?? .null })
}

func dateColumn(_ name: String, _ values: [String?]) -> Column {
    Column(name: name, type: .date, values: values.map { text in text.flatMap(ISODate.parse).map(Value.date) ?? .null })
}

func booleanColumn(_ name: String, _ values: [Bool?]) -> Column {
    Column(name: name, type: .boolean, values: values.map { $0.map(Value.boolean) ?? .null })
}

/// Five rows of every type, with nulls, for evaluator tests.
let sampleTable = Table(columns: [
    numberColumn("n", [1, -2.5, nil, 0, 10]),
    numberColumn("m", [2, 2, 3, 0, nil]),
    stringColumn("s", ["apple", "Banana", nil, "", "apple"]),
    stringColumn("t", ["x", "y", "z", nil, "x"]),
    dateColumn("d", ["2024-02-29", "2023-12-31T23:59:59Z", nil, "1970-01-01", "2000-03-01T13:45:00Z"]),
    booleanColumn("b", [true, false, nil, true, false]),
    numberColumn("Miles per Gallon", [18, 15, nil, 16, 17])
])

struct CompileFailure: Error, CustomStringConvertible {
    let diagnostics: [Diagnostic]
    var description: String { diagnostics.map { "\($0.id): \($0.message)" }.joined(separator: "\n") }
}

/// Compiles `text` against `table`'s schema and evaluates it on every row.
func evaluate(_ text: String, on table: Table = sampleTable, rows: [Int]? = nil, locale: ChartLocale = .enUS) throws -> Column {
    let (compiled, diagnostics) = ExpressionCompiler.compileRow(
        ExpressionSource(standalone: text), schema: ExpressionSchema(table: table), environment: ExpressionEnvironment(locale: locale))
    guard let compiled else { throw CompileFailure(diagnostics: diagnostics) }
    do {
        return try compiled.evaluate(on: table, rows: rows, name: "result")
    } catch {
        throw CompileFailure(diagnostics: error.diagnostics)
    }
}

/// The values of `text` on every row of `table`.
func values(_ text: String, on table: Table = sampleTable, rows: [Int]? = nil, locale: ChartLocale = .enUS) throws -> [Value] {
    let column = try evaluate(text, on: table, rows: rows, locale: locale)
    return (0..<column.count).map { column[$0] }
}

/// Diagnostics of compiling `text` as a row expression against `table`'s schema.
func rowDiagnostics(_ text: String, table: Table = sampleTable) -> [Diagnostic] {
    ExpressionCompiler.compileRow(ExpressionSource(standalone: text), schema: ExpressionSchema(table: table)).1
}

func date(_ text: String) -> Value {
    ISODate.parse(text).map(Value.date) ?? .null
}
