import Foundation

/// Runs an external tool the tests check output with (`qpdf`, poppler's `pdftotext`, Python with fontTools or
/// Pillow) and returns its exit status and standard output. Output goes through a temporary file, so a large one
/// can never fill a pipe and stall the test; standard error is dropped.
public enum ToolProcess {
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let handle = try FileHandle(forWritingTo: scratch)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: scratch), as: UTF8.self))
    }

    /// The first of `/usr/bin`, `/usr/local/bin`, `/opt/homebrew/bin` that holds an executable `name`.
    public static func find(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
