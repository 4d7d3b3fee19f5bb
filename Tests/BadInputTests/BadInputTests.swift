import ChartCommandLine
import Foundation
import Testing

/// Every bad input gives exit status 1 and its exact diagnostic, with the file and `line:col`, from
/// `chartc lint` run in-process (the same code as the binary), never a crash or a hang; and one `chartc lint`
/// over all of them reports every file, an error in one never stopping the others.
@Suite("Bad inputs")
struct BadInputTests {
    /// A fresh folder per case under the system's temporary folder.
    static func folder(for name: String) throws -> String {
        let slug = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let path = NSTemporaryDirectory() + "chartc-bad-input-\(getpid())/\(slug)"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ input: BadInput, in folder: String) throws {
        try Data(BadInput.bytes(input.spec).bytes).write(to: URL(fileURLWithPath: folder + "/" + BadInput.specName))
        for (name, text) in input.files {
            try Data(BadInput.bytes(text).bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    /// The lines that start a diagnostic (`path:line:col: error: …`), with the folder written as `$DIR`. A stage
    /// that is not part of this build yet (`[not-implemented]`) is not what a case is about, so it is left out.
    static func diagnosticLines(_ output: String, folder: String) -> [String] {
        output.split(separator: "\n").map { $0.replacingOccurrences(of: folder, with: "$DIR") }
            .filter { $0.hasPrefix("$DIR/") && ($0.contains(": error: ") || $0.contains(": warning: ")) }
            .filter { !$0.hasSuffix("[not-implemented]") }
    }

    @Test func theCorpusIsLargeAndCoversEveryKindOfMistake() {
        #expect(BadInputCorpus.cases.count >= 60)
        #expect(Set(BadInputCorpus.cases.map(\.name)).count == BadInputCorpus.cases.count, "names must be unique")
    }

    @Test(arguments: BadInputCorpus.cases)
    func lintRejectsWithTheExactDiagnostic(_ input: BadInput) throws {
        let folder = try Self.folder(for: input.name)
        try Self.write(input, in: folder)
        let console = BufferConsole()
        let clock = ContinuousClock()
        let start = clock.now
        let status = Chartc.run(["lint", folder + "/" + BadInput.specName], console: console)
        #expect(clock.now - start < .seconds(10), "lint took \(clock.now - start)")
        #expect(status == 1, "exit status \(status)")
        let lines = Self.diagnosticLines(console.output, folder: folder)
        if let record = ProcessInfo.processInfo.environment["CHARTC_BAD_INPUT_DUMP"] {
            // For updating the corpus: what each case printed, to review before copying into BadInputCorpus.
            let entry = input.name + "\t" + (lines.first { $0.contains(": error: ") } ?? "-") + "\n"
            if let handle = FileHandle(forWritingAtPath: record) {
                handle.seekToEndOfFile()
                handle.write(Data(entry.utf8))
                handle.closeFile()
            }
        }
        #expect(lines.contains(input.expectedLine), "expected:\n\(input.expectedLine)\ngot:\n\(lines.joined(separator: "\n"))")
        // The first error is the one the case is about: nothing cascades before it.
        #expect(lines.first { $0.contains(": error: ") } == input.expectedLine, "\(lines)")
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(arguments: BadInputCorpus.cases)
    func everyFormatPrintsIt(_ input: BadInput) throws {
        let folder = try Self.folder(for: input.name + " formats")
        try Self.write(input, in: folder)
        for format in ["json", "github"] {
            let console = BufferConsole()
            #expect(Chartc.run(["lint", folder + "/" + BadInput.specName, "--format", format], console: console) == 1)
            let id = input.expected.split(separator: "[").last.map { "[" + $0 } ?? ""
            let rule = String(id.dropFirst().dropLast())
            #expect(console.output.contains(format == "json" ? "\"rule\": \"\(rule)\"" : "title=\(rule)::"), "\(format): \(console.output)")
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func oneBadSpecNeverStopsTheOthers() throws {
        let root = try Self.folder(for: "all together")
        for (index, input) in BadInputCorpus.cases.enumerated() {
            let folder = root + "/case\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.write(input, in: folder)
        }
        let console = BufferConsole()
        #expect(Chartc.run(["lint", root], console: console) == 1)
        let lines = console.output.split(separator: "\n")
        for (index, _) in BadInputCorpus.cases.enumerated() {
            let prefix = root + "/case\(index)/"
            #expect(lines.contains { $0.hasPrefix(prefix) && $0.contains(": error: ") }, "case\(index) was not reported")
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}
