import Foundation
import Testing

/// `chartc lint` and `build` with stdout and stderr in one non-blocking pipe that is read slowly (as a CI runner or
/// an editor reads them): every diagnostic and the summary arrive whole, each on a line of its own. The console
/// once gave up at the first `EAGAIN`, so the rest of the diagnostics was lost and the summary was glued to a
/// half-written line ("…, text, tooltip1 error, 3 warnings in 1 file").
@Suite struct SharedPipeOutputEndToEndTests {
    /// Runs the binary with both streams in one pipe marked `O_NONBLOCK`, reading it only after `delay` seconds,
    /// when the pipe is long full.
    private func runSharingOnePipe(_ arguments: [String], in directory: URL, delay: UInt32 = 1) throws -> (status: Int32, text: String) {
        let executable = try #require(ChartcBinary.executable, "run `swift build` first")
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        #expect(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let shared = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false)
        process.standardOutput = shared
        process.standardError = shared
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(writeEnd)
        sleep(delay)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(readEnd)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }

    /// 300 specs, each with two lint warnings (about 130 KB of diagnostics, twice what a pipe holds) or, with
    /// `broken`, an error.
    private func manySpecs(broken: Bool = false) throws -> URL {
        let folder = try makeScratchDirectory()
        let mark = broken ? "poimt" : "point"
        for index in 1...300 {
            let spec =
                #"{ "title": "Chart \#(index)", "data": { "values": [{"a": 1}] }, "mark": "\#(mark)", "encoding": { "x": { "field": "a", "type": "quantitative" } } }"#
            try spec.write(to: folder.appendingPathComponent("s\(index).chart.json"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func lintPrintsEveryDiagnosticAndItsSummaryOnALineOfItsOwn() throws {
        let folder = try manySpecs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, text) = try runSharingOnePipe(["lint", "."], in: folder)
        #expect(status == 0)
        #expect(text.components(separatedBy: "[missing-alt]").count == 301, "\(text.suffix(400))")
        #expect(text.hasSuffix("\n0 errors, 600 warnings in 300 files\n"), "\(text.suffix(400))")
    }

    @Test func buildPrintsEveryErrorAndItsSummaryOnALineOfItsOwn() throws {
        let folder = try manySpecs(broken: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, text) = try runSharingOnePipe(["build", ".", "-o", "out"], in: folder)
        #expect(status == 1)
        #expect(text.components(separatedBy: "error: ").count == 301, "\(text.suffix(400))")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("built 0 charts in ") && $0.hasSuffix(" s; 300 failed:") }, "\(text.suffix(400))")
        #expect(text.hasSuffix(".chart.json\n"), "\(text.suffix(400))")
    }
}
