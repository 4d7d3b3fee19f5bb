import Foundation
import Testing

/// The folder holding golden files: `Tests/ChartCommandLineTests/Golden`, found from this source file so that
/// recording writes into the source tree, not into a copy in the build folder.
let goldenDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // ChartCommandLineTests
    .appendingPathComponent("Golden")

/// Compares `actual` with the golden file `Golden/<name>`. With `CHARTC_RECORD=1` in the environment it writes
/// `actual` to the file instead (then review the diff with git).
func assertGolden(name: String, actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1" {
        do {
            try Data(actual.utf8).write(to: url, options: .atomic)
        } catch {
            Issue.record("cannot record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("missing golden file \(url.path); run with CHARTC_RECORD=1 to create it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if actual != expected {
        Issue.record("""
            output differs from golden file Golden/\(name) (run with CHARTC_RECORD=1 to re-record)
            \(firstDifference(expected: expected, actual: actual))
            """, sourceLocation: sourceLocation)
    }
}

/// The first line that differs, both versions, for a readable failure.
func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let left = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
        let right = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
        if left != right {
            return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)"
        }
    }
    return "(differences in line endings only)"
}
