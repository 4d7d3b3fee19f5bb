import Foundation
import ChartDiagnostics
import ChartJSON

/// Files of the repository the tests read: the schema, the examples, the fuzz corpus.
enum TestFiles {
    /// The package root, found from this file's path (`Tests/ChartLintTests/Support/TestFiles.swift`).
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(relative)).map { [UInt8]($0) }
    }

    static func sourceFile(_ relative: String) -> SourceFile? {
        bytes(relative).map { SourceFile(path: relative, bytes: $0) }
    }

    /// Every file under a folder whose name ends with `suffix`, as paths relative to the root, sorted.
    static func files(under folder: String, suffix: String = "") -> [String] {
        guard let subpaths = try? FileManager.default.subpathsOfDirectory(atPath: path(folder)) else { return [] }
        return subpaths.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") && !$0.contains("/.") }
            .map { folder + "/" + $0 }
            .filter { !isDirectory($0) }
            .sorted()
    }

    static func isDirectory(_ relative: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(relative), isDirectory: &directory) && directory.boolValue
    }

    /// `examples/**/*.chart.json`.
    static var exampleSpecs: [String] { files(under: "examples", suffix: ".chart.json") }

    /// The schema as a JSON tree.
    static func schema() throws -> JSONValue {
        guard let file = sourceFile("specs/chart.schema.json") else { throw MissingFile(path: "specs/chart.schema.json") }
        return try JSONReader.read(file, requireObject: true)
    }

    struct MissingFile: Error {
        let path: String
    }
}
