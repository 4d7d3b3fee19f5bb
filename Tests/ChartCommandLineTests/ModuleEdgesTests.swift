import Foundation
import Testing

/// The module graph is the one DEVELOPERS.md draws: its module table's "depends on" column is the set of edges
/// the design allows, and Package.swift may declare no other; every declared dependency of a library or executable
/// target is imported by one of its files, and a target imports no module of the package it does not declare.
/// The edges the design keeps out (the writers on the spec, the data and the checks; layout on the expression
/// language and the pipeline; the preview on the writers; …) are named below too, so widening the table cannot
/// bring them back quietly.
@Suite struct ModuleEdgesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each source target of Package.swift with its declared dependencies.
    static func targets() throws -> [(name: String, dependencies: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { return nil }
            let list = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            return (name, names(in: list))
        }
    }

    /// `"A", "B"` or `` `A`, `B` `` → `[A, B]`; `—` → `[]`.
    static func names(in list: String) -> [String] {
        list.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"`"))
        }.filter { !$0.isEmpty && $0 != "—" }
    }

    /// The module table of DEVELOPERS.md: each module with the modules its "depends on" column allows.
    static func allowedEdges() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("DEVELOPERS.md"), encoding: .utf8)
        var rows: [String] = []
        var inTable = false
        var dependsColumn: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if !inTable {
                // The header: `| module | stage | depends on | what lives there |`.
                if cells.count > 3, cells[1] == "module", let column = cells.firstIndex(of: "depends on") {
                    inTable = true
                    dependsColumn = column
                }
                continue
            }
            guard line.hasPrefix("|") else { break }
            rows.append(String(line))
        }
        var edges: [String: Set<String>] = [:]
        guard let column = dependsColumn else { return edges }
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > column, cells[1].hasPrefix("`") else { continue }
            edges[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Set(names(in: cells[column]))
        }
        return edges
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

    /// The targets with sources under `Sources/` (not the test support target).
    static func sourceTargets() throws -> [(name: String, dependencies: [String])] {
        try targets().filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\($0.name)").path) }
    }

    @Test func everyDeclaredDependencyIsImported() throws {
        let targets = try Self.sourceTargets()
        #expect(targets.count > 15)
        for target in targets {
            let imported = Self.imports(of: target.name)
            // `chartc` depends on the helper executable only so that building it builds the helper.
            for dependency in target.dependencies where dependency != "chartc-fetch" {
                #expect(
                    imported.contains(dependency.replacingOccurrences(of: "-", with: "_")),
                    "\(target.name) declares \(dependency) but imports it nowhere")
            }
        }
    }

    @Test func everyTargetIsInTheModuleTableAndDeclaresOnlyTheEdgesItAllows() throws {
        let allowed = try Self.allowedEdges()
        #expect(allowed.count > 15, "DEVELOPERS.md's module table has no \"depends on\" column")
        let targets = try Self.sourceTargets()
        for target in targets {
            guard let edges = allowed[target.name] else {
                Issue.record("\(target.name) is not in DEVELOPERS.md's module table")
                continue
            }
            for dependency in target.dependencies where !edges.contains(dependency) {
                Issue.record("\(target.name) depends on \(dependency), which DEVELOPERS.md's module table does not allow")
            }
        }
        // The table names no module the package lacks, and no edge to one.
        let names = Set(targets.map(\.name))
        for (module, edges) in allowed {
            #expect(names.contains(module), "DEVELOPERS.md's module table lists \(module), which Package.swift lacks")
            for edge in edges { #expect(names.contains(edge), "\(module) may depend on \(edge), which Package.swift lacks") }
        }
    }

    @Test func aTargetImportsOnlyThePackageModulesItDeclares() throws {
        let targets = try Self.sourceTargets()
        let modules = Dictionary(uniqueKeysWithValues: targets.map { ($0.name.replacingOccurrences(of: "-", with: "_"), $0.name) })
        for target in targets {
            let declared = Set(target.dependencies)
            for imported in Self.imports(of: target.name) {
                guard let module = modules[imported], module != target.name else { continue }
                #expect(declared.contains(module), "\(target.name) imports \(imported) without declaring it")
            }
        }
    }

    @Test(arguments: [
        ("ChartSpec", "ChartData"), ("ChartRender", "ChartNetwork"), ("ChartRender", "ChartPipeline"), ("ChartRender", "ChartSpec"),
        ("ChartRender", "ChartData"), ("ChartRender", "ChartSemantics"), ("ChartLint", "ChartLayout"), ("ChartLayout", "ChartPipeline"),
        ("ChartLayout", "ChartExpression"), ("ChartPreview", "ChartRender")
    ])
    func edgesTheDesignKeepsOut(from: String, to: String) throws {
        let target = try #require(try Self.targets().first { $0.name == from })
        #expect(!target.dependencies.contains(to))
        #expect(!Self.imports(of: from).contains(to))
        #expect(try Self.allowedEdges()[from]?.contains(to) == false, "DEVELOPERS.md's module table allows \(from) → \(to)")
    }
}
