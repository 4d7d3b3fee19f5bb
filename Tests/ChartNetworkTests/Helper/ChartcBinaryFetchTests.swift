import ChartNetwork
import Foundation
import Testing

/// The built `chartc` binary with remote data, as a user runs it: it finds `chartc-fetch` next to itself, the
/// download goes through the helper, and a missing helper is a clear error on stderr with exit status 1.
@Suite struct ChartcBinaryFetchTests {
    static let csv = "a,b\n1,2\n3,5\n"

    /// `chartc` next to the test bundle (SwiftPM builds every product into one folder).
    static var chartc: String? {
        guard let folder = FetchHelperLocator.executableDirectory() else { return nil }
        let path = folder + "/chartc"
        return FetchHelperLocator.isExecutableFile(path) ? path : nil
    }

    static func run(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, output: String, error: String) {
        let chartc = try #require(Self.chartc, "build chartc first (`swift build`)")
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        _ = FileManager.default.createFile(atPath: scratch.file("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.file("err"), contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("out")))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("err")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chartc)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return (
            process.terminationStatus,
            try String(contentsOfFile: scratch.file("out"), encoding: .utf8),
            try String(contentsOfFile: scratch.file("err"), encoding: .utf8)
        )
    }

    @Test func chartcDownloadsThroughTheHelperNextToIt() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv") }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spec = folder.file("remote.chart.json")
        try CommandLineTests.spec(url: server.url("/points.csv")).write(toFile: spec, atomically: true, encoding: .utf8)

        let result = try Self.run(["data", spec, "--refresh"], environment: ["XDG_CACHE_HOME": folder.path, "CHARTC_FETCH": ""])
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.output == Self.csv)
        #expect(server.requests.first?.headers["user-agent"]?.hasPrefix("chartc/") == true)
    }

    @Test func aMissingHelperIsAClearError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = "http://127.0.0.1:9/points.csv"
        let spec = folder.file("remote.chart.json")
        try CommandLineTests.spec(url: url).write(toFile: spec, atomically: true, encoding: .utf8)
        let missing = folder.file("no-such-helper")

        let result = try Self.run(["data", spec], environment: ["XDG_CACHE_HOME": folder.path, "CHARTC_FETCH": missing])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error.contains("error: cannot fetch \(url): CHARTC_FETCH is set to '\(missing)', which is not an executable file [fetch-failed]"))
    }
}
