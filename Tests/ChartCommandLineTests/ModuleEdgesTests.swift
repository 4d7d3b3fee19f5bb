import Foundation
import Testing

/// The module graph says what DEVELOPERS.md says: every declared dependency of a library or executable target is
/// imported by one of its files, and the edges the design keeps out (the spec model on the data stage, writers
/// on the pipeline or the network, lint on the layout engine, layout on the pipeline) stay out.
@Suite struct ModuleEdgesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each source target of Package.swift with its declared dependencies.
    static func targets() throws -> [(name: String, dependencies: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { return nil }
            let list = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            let dependencies = list.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty }
            return (name, dependencies)
        }
    }

    /// The modules a target's sources import.
    static func imports(of target: String) -> Set<String> {
        let folder = root.appendingPathComponent("Sources").appendingPathComponent(target)
        var found = Set<String>()
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return found }
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count == 2, words[0] == "import" { found.insert(String(words[1])) }
            }
        }
        return found
    }

    @Test func everyDeclaredDependencyIsImported() throws {
        let targets = try Self.targets()
        #expect(targets.count > 15)
        for target in targets where FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(target.name)").path) {
            let imported = Self.imports(of: target.name)
            // `chartc` depends on the helper executable only so that building it builds the helper.
            for dependency in target.dependencies where dependency != "chartc-fetch" {
                #expect(
                    imported.contains(dependency.replacingOccurrences(of: "-", with: "_")),
                    "\(target.name) declares \(dependency) but imports it nowhere")
            }
        }
    }

    @Test(arguments: [
        ("ChartSpec", "ChartData"), ("ChartRender", "ChartNetwork"), ("ChartRender", "ChartPipeline"),
        ("ChartLint", "ChartLayout"), ("ChartLayout", "ChartPipeline")
    ])
    func edgesTheDesignKeepsOut(from: String, to: String) throws {
        let target = try #require(try Self.targets().first { $0.name == from })
        #expect(!target.dependencies.contains(to))
        #expect(!Self.imports(of: from).contains(to))
    }
}
