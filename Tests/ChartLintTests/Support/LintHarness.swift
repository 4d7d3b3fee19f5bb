import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartSpec
import ChartValues
import Testing

/// Runs the linter on spec text, with `⟪` marking where a diagnostic is expected to point (the marker is removed
/// before parsing, and its position becomes the expected `line:col`).
struct LintHarness {
    /// A spec that passes every publishing rule, for rules that need a quiet background: `extra` holds the
    /// members under test (`"mark": …, "encoding": …`).
    static func quiet(_ extra: String) -> String {
        #"{"title": "T", "alt": "A", "sources": "S", "data": {"url": "d.csv"}, "# + extra + "}"
    }

    static let marker = "⟪"

    /// The text without markers, and the `line:col` of each marker in order.
    static func unmark(_ text: String) -> (text: String, positions: [String]) {
        var clean = ""
        var positions: [String] = []
        var line = 1
        var column = 1
        for character in text {
            if String(character) == marker {
                positions.append("\(line):\(column)")
                continue
            }
            clean.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (clean, positions)
    }

    static func lint(_ text: String, schema: [(name: String, type: DataType)]? = nil, table: Table? = nil, allowingParseErrors: Bool = false) -> (
        diagnostics: [Diagnostic], positions: [String]
    ) {
        let (clean, positions) = unmark(text)
        let file = SourceFile(path: "test.chart.json", text: clean)
        let parsed = SpecParser.parse(file)
        guard let spec = parsed.spec else {
            Issue.record("the spec did not parse: \(parsed.diagnostics.map(\.message))")
            return ([], positions)
        }
        let parseErrors = parsed.diagnostics.filter { $0.severity == .error }
        if !parseErrors.isEmpty && !allowingParseErrors { Issue.record("parse errors: \(parseErrors.map(\.message))") }
        // Text measured as `chartc lint` measures it: in the theme's fonts (here the built-in look).
        return (Linter.lint(spec: spec, schema: schema, table: table, textWidths: ThemeTextWidths(ChartTheme.standard)), positions)
    }

    /// `line:col` of a diagnostic's start.
    static func position(_ diagnostic: Diagnostic) -> String {
        guard let span = diagnostic.span else { return "-" }
        let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
        return "\(line):\(column)"
    }

    /// Checks that the diagnostics with `id` are exactly one per marker, at the markers, and returns them.
    @discardableResult
    static func expect(
        _ id: String, in text: String, schema: [(name: String, type: DataType)]? = nil, table: Table? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Diagnostic] {
        let (diagnostics, positions) = lint(text, schema: schema, table: table)
        let matching = diagnostics.filter { $0.id == id }
        #expect(matching.map(position) == positions, "\(matching.map(\.message))", sourceLocation: sourceLocation)
        return matching
    }

    /// The ids of everything the linter says, in order (the spec may have parse errors: partial models are linted).
    static func ids(_ text: String, schema: [(name: String, type: DataType)]? = nil, table: Table? = nil) -> [String] {
        lint(text, schema: schema, table: table, allowingParseErrors: true).diagnostics.map(\.id)
    }

    /// A table with one string column holding these values.
    static func table(_ field: String, _ values: [String], measure: String = "value") -> Table {
        Table(columns: [
            Column(name: field, type: .string, values: values.map { .string($0) }),
            Column(name: measure, type: .number, values: values.indices.map { .number(Double($0)) })
        ])
    }
}
