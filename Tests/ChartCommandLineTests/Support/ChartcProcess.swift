import Foundation
import Testing

/// The package's root folder, found from this source file.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // Support
    .deletingLastPathComponent() // ChartCommandLineTests
    .deletingLastPathComponent() // Tests
    .deletingLastPathComponent()

/// What one run of the `chartc` binary printed and returned.
struct ProcessResult {
    var status: Int32
    var output: String
    var error: String
    /// The process ended by a signal (a trap, SIGILL), not by exiting; `status` is then the signal's number.
    var signalled = false
    /// The run was still going at the `timeout` given to `ChartcBinary.run` and was killed.
    var timedOut = false
}

/// Runs the built `chartc` executable the way a user does, so the end-to-end tests cover `main.swift`, exit codes
/// and the split between stdout and stderr.
enum ChartcBinary {
    /// The binary: `$CHARTC_BINARY` if set, else `chartc` next to the running test bundle (SwiftPM puts every
    /// product of a build in one folder), else `.build/debug/chartc` under the package.
    static let executable: URL? = locate("chartc", override: "CHARTC_BINARY")

    /// The developer tools binary, built next to `chartc`.
    static let devtools: URL? = locate("chartc-devtools", override: "CHARTC_DEVTOOLS_BINARY")

    private static func locate(_ name: String, override: String) -> URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment[override], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent(name))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && fileManager.isExecutableFile(atPath: url.path)
        }
    }

    /// Runs `chartc arguments…` in `directory` (default: the package root). Output goes through temporary files so
    /// a large output can never fill a pipe and stall the test.
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, binary: URL? = executable, environment: [String: String]? = nil,
        timeout: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        guard let executable = binary else {
            Issue.record("cannot find the binary to run; run `swift build` first or set CHARTC_BINARY", sourceLocation: sourceLocation)
            return ProcessResult(status: -1, output: "", error: "")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
        }
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var timedOut = false
        if let timeout {
            // Poll rather than block, so a run that hangs is killed and reported instead of holding the suite.
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        try outputHandle.close()
        try errorHandle.close()
        return ProcessResult(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut
        )
    }
}

/// A fresh folder for a test's files, removed by the caller.
func makeScratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
