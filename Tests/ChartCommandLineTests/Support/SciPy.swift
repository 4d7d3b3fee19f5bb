import Foundation

/// Whether `python3` can import SciPy and NumPy (CI installs them: `.ci/run`): the errorbar statistics are
/// checked against them when it can.
let sciPyAvailable: Bool = (try? runPython("import scipy.stats, numpy")) != nil

/// Runs a Python program and returns what it printed; throws when it fails.
func runPython(_ program: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw PythonFailed() }
    return String(decoding: data, as: UTF8.self)
}

struct PythonFailed: Error {}
