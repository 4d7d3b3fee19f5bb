import ChartDiagnostics
import ChartJSON
@testable import ChartSpec

/// Parses `text` as the spec file `s.chart.json`.
func parse(_ text: String) -> SpecParseResult {
    SpecParser.parse(SourceFile(path: "s.chart.json", text: text))
}

/// A spec with one key per line after `{`: `lines(a, b)` is `{\n  a,\n  b\n}`, so entry n (0-based) is on line
/// n + 2 and starts at column 3.
func lines(_ entries: String...) -> String {
    "{\n" + entries.map { "  " + $0 }.joined(separator: ",\n") + "\n}"
}

/// The two entries every valid spec needs, on lines 2 and 3.
let dataLine = #""data": { "url": "a.csv" }"#
let markLine = #""mark": "bar""#

/// `line:col` of a span (the path dropped).
func position(_ span: SourceSpan?) -> String? {
    guard let span else { return nil }
    return String(span.description.dropFirst("s.chart.json:".count))
}

func position(_ diagnostic: Diagnostic?) -> String? { position(diagnostic?.span) }

extension SpecParseResult {
    var ids: [String] { diagnostics.map(\.id) }

    func first(_ id: String) -> Diagnostic? { diagnostics.first { $0.id == id } }
}

/// An entry with `‸` marking where diagnostics must point: the entry without the marks, and the column of each
/// mark on a line written by `lines` (two spaces of indentation; columns count Unicode scalars).
func marked(_ entry: String) -> (text: String, columns: [Int]) {
    var text = ""
    var columns: [Int] = []
    var column = 3
    for scalar in entry.unicodeScalars {
        if scalar == "‸" {
            columns.append(column)
        } else {
            text.unicodeScalars.append(scalar)
            column += 1
        }
    }
    return (text, columns)
}
