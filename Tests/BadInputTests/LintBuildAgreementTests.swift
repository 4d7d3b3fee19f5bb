import ChartCommandLine
import Foundation
import Testing

/// SPEC §19.2: with the data at hand, every error `build` reports, `lint` reports too (same id, same line:col):
/// over every example, every spec file under Tests/ and every case of the bad-input corpus. Both run with
/// build `--offline`, as lint never downloads: a spec whose data is remote and not cached fails both the same way.
@Suite("Lint and build agree")
struct LintBuildAgreementTests {
    /// The errors a command prints: `path:line:col: error: message [id]` as (`path:line:col`, id).
    static func errors(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let mark = line.range(of: ": error: "), let open = line.range(of: " [", options: .backwards), line.hasSuffix("]") else {
                return nil
            }
            let location = line[..<mark.lowerBound]
            let id = line[open.upperBound..<line.index(before: line.endIndex)]
            return "\(location) [\(id)]"
        }
    }

    /// The errors of `chartc build` and of `chartc lint` for one spec file.
    static func both(_ path: String) throws -> (build: [String], lint: [String]) {
        let output = NSTemporaryDirectory() + "chartc-agreement-\(getpid())/" + String(path.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let build = BufferConsole()
        _ = Chartc.run(["build", path, "-o", output, "--offline"], console: build)
        let lint = BufferConsole()
        _ = Chartc.run(["lint", path], console: lint)
        // Remote data that is not in the cache is not at hand: build (offline) cannot read it and lint checks
        // remote data only against its cached copy, so there is nothing to agree on.
        let atHand = errors(build.output + build.error).filter { !$0.hasSuffix("[fetch-not-cached]") }
        return (atHand, errors(lint.output + lint.error))
    }

    /// The package's root folder, from this file's path (Tests/BadInputTests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func specFiles(under folder: String) -> [String] {
        let root = packageRoot + "/" + folder
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".chart.json") }.sorted().map { root + "/" + $0 }
    }

    @Test func everyExampleAndTestSpec() throws {
        let paths = Self.specFiles(under: "examples") + Self.specFiles(under: "Tests")
        #expect(paths.count > 40)
        for path in paths {
            let (build, lint) = try Self.both(path)
            let missing = build.filter { !lint.contains($0) }
            #expect(missing.isEmpty, "\(path): build reports \(missing), lint does not (lint: \(lint))")
        }
    }

    @Test(arguments: BadInputCorpus.cases)
    func everyBadInput(_ input: BadInput) throws {
        let folder = try BadInputTests.folder(for: input.name + " agreement")
        try BadInputTests.write(input, in: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (build, lint) = try Self.both(folder + "/" + BadInput.specName)
        let missing = build.filter { !lint.contains($0) }
        #expect(missing.isEmpty, "build reports \(missing), lint does not (lint: \(lint))")
    }
}
