import Foundation

/// Whether `python3` can import DuckDB (CI installs it: `.ci/run`): the suites that compare `chartc data` with an
/// independent SQL engine run only when it can.
let duckDBAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import duckdb"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()
