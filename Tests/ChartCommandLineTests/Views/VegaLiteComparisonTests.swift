import Foundation
import Testing

/// Whether `python3` can import vl-convert (`pip install vl-convert-python`; CI installs it: `.ci/run`), which
/// renders Vega-Lite offline.
let vlConvertAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import vl_convert"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// Runs a comparison script of `Tests/VegaLiteComparison` with python3 over the built `chartc`: its exit status and
/// everything it printed (its report, one line a case).
func runComparison(_ script: URL) throws -> (status: Int32, text: String) {
    let chartc = try #require(ChartcBinary.executable, "build chartc first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, chartc.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// SPEC §20 charts drawn by chartc and by Vega-Lite, compared by what a reader sees (`Tests/VegaLiteComparison`:
/// each case a chartc spec and the same chart in Vega-Lite; `compare.py` says how they are compared): the views, their
/// order and grid, each band axis's categories in order, the marks' positions normalised 0–1, the legends and their
/// entries. The differences chartc makes on purpose are in specs/reference.md ("Differences from Vega-Lite").
@Suite(.enabled(if: vlConvertAvailable, "needs python3 with vl-convert (pip install vl-convert-python; CI installs it)"))
struct VegaLiteComparisonTests {
    @Test func compositionChartsDrawAsVegaLiteDrawsThem() throws {
        let script = packageRoot.appendingPathComponent("Tests/VegaLiteComparison/compare.py")
        let (status, text) = try runComparison(script)
        #expect(status == 0, "\(text)")
        let cases = try FileManager.default.contentsOfDirectory(atPath: script.deletingLastPathComponent().appendingPathComponent("cases").path)
            .filter { $0.hasSuffix(".chart.json") }
        #expect(cases.count >= 10)
        #expect(text.contains("\(cases.count) passed, 0 failed"), "\(text)")
    }
}
