import Foundation
import Testing

/// The folder holding golden files: `Tests/ChartCommandLineTests/Golden`, found from this source file so that
/// recording writes into the source tree (the folder is not bundled as a resource).
let goldenDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // Support
    .deletingLastPathComponent() // ChartCommandLineTests
    .appendingPathComponent("Golden")

/// Whether this run re-records golden files instead of comparing: `CHARTC_RECORD=1 swift test --filter Golden`
/// (every suite that compares with a golden file has `Golden` in its name, so that filter selects them all).
var recordingGoldenFiles: Bool { ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1" }

/// Compares `actual` with the golden file `Golden/<name>`, or records it (see `recordingGoldenFiles`).
func assertGolden(name: String, actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    assertGolden(file: goldenDirectory.appendingPathComponent(name), shownAs: "Golden/\(name)", actual: actual, sourceLocation: sourceLocation)
}

/// Compares `actual` with the committed file at `url` (a golden file, or an example's SVG), shown in messages as
/// `shownAs`. With `CHARTC_RECORD=1` it writes `actual` there instead; then review the diff with git (and look
/// at changed pictures).
func assertGolden(file url: URL, shownAs name: String, actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if recordingGoldenFiles {
        do {
            try Data(actual.utf8).write(to: url, options: .atomic)
        } catch {
            Issue.record("cannot record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("missing golden file \(url.path); run `CHARTC_RECORD=1 swift test --filter Golden` to create it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if actual != expected {
        Issue.record(
            """
            output differs from golden file \(name) (`CHARTC_RECORD=1 swift test --filter Golden` re-records; review the diff)
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
