import ChartCommandLine
import ChartDiagnostics
import Foundation
import Testing

/// `specs/diagnostics.md` says exactly what chartc can say: every documented id is one some catalogue has (in
/// its domain's section, with its severity), every catalogue id is documented, the page keeps its order, and
/// no source file outside an id's catalogue spells the id.
@Suite struct DiagnosticsPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row: Equatable {
        var domain: String
        var id: String
        var severity: String
    }

    /// The page's rows, each with the `## Domain` section it is in.
    static func rows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("specs/diagnostics.md"), encoding: .utf8)
        var domain = ""
        var rows: [Row] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                domain = String(line.dropFirst(3))
            } else if line.hasPrefix("| "), !line.hasPrefix("| id |") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count >= 4 else { continue }
                rows.append(Row(domain: domain, id: cells[1], severity: cells[2]))
            }
        }
        return rows
    }

    @Test func everyDocumentedIDCanBeProducedAndEveryProducedIDIsDocumented() throws {
        let rows = try Self.rows()
        #expect(rows.count > 150)
        let produced = DiagnosticCatalogues.all
        var catalogue: [String: (domain: String, severity: Severity)] = [:]
        for entry in produced {
            let earlier = catalogue.updateValue((entry.id.domain, entry.severity), forKey: entry.id.name)
            #expect(earlier == nil, "\(entry.id.name) is in two catalogues: \(earlier?.domain ?? "") and \(entry.id.domain)")
        }
        var documented = Set<String>()
        for row in rows {
            #expect(documented.insert(row.id).inserted, "\(row.id) is documented twice")
            guard let known = catalogue[row.id] else {
                Issue.record("\(row.id) is documented but no catalogue has it")
                continue
            }
            #expect(row.domain == known.domain, "\(row.id) is documented under \(row.domain), but its catalogue is \(known.domain)'s")
            #expect(row.severity == known.severity.rawValue, "\(row.id) is documented as \(row.severity), but it is \(known.severity.rawValue)")
        }
        for entry in produced where !documented.contains(entry.id.name) {
            Issue.record("\(entry.id.name) (\(entry.id.domain)) is missing from specs/diagnostics.md")
        }
    }

    @Test func thePageIsOrderedByDomainThenID() throws {
        let rows = try Self.rows()
        var domains: [String] = []
        for row in rows where domains.last != row.domain { domains.append(row.domain) }
        #expect(domains == domains.sorted(), "sections must be in alphabetical order of domain")
        #expect(Set(domains).count == domains.count, "each domain has one section")
        for domain in domains {
            let ids = rows.filter { $0.domain == domain }.map(\.id)
            #expect(ids == ids.sorted(), "the ids under \(domain) must be in alphabetical order")
        }
    }

    /// Every `.swift` file under `Sources/`, with its text.
    static func sources() -> [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            found.append(("Sources/" + file, text))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// An id is spelled once, as a case of its catalogue's `Kind`: no call site, rule or helper writes it.
    @Test func noIDLiteralOutsideItsCatalogue() {
        let sources = Self.sources()
        #expect(sources.count > 100)
        for entry in DiagnosticCatalogues.all {
            let literal = "\"\(entry.id.name)\""
            let spelled = sources.filter { $0.text.contains(literal) }
            #expect(spelled.count == 1, "\(literal) is spelled in \(spelled.map(\.path)); only its catalogue may spell it")
            for file in spelled {
                #expect(file.text.contains("DiagnosticKind"), "\(literal) is spelled in \(file.path), which is not a catalogue")
            }
        }
    }

    /// No source builds a diagnostic from a bare string id (the deprecated constructors), and no rule spells its
    /// id: a new id then cannot dodge the checks above.
    @Test func noDiagnosticIsMadeFromABareStringID() {
        let patterns = ["Diagnostic(.error, \"", "Diagnostic(.warning, \"", "Diagnostic(.note, \"", ".error(\"", ".warning(\""]
        for file in Self.sources() where !file.path.hasPrefix("Sources/ChartDiagnostics/") {
            for pattern in patterns where file.text.contains(pattern) {
                Issue.record("\(file.path) makes a diagnostic from a string id (\(pattern)…); use its module's catalogue")
            }
            let isRule =
                (file.path.hasPrefix("Sources/ChartSemantics/") || file.path.hasPrefix("Sources/ChartLint/"))
                && !file.path.hasSuffix("/ChartRule.swift")
            if isRule, file.text.contains("let id = \"") || file.text.contains(": ChartRule {") {
                Issue.record("\(file.path) has a rule that spells its own id; make it a CataloguedRule with a kind")
            }
        }
    }

    /// Only the catalogues DEVELOPERS.md names may compose a sentence at the call site (`ComposedWording`); every
    /// other catalogue words each case once, in its `message` switch, and the compiler keeps its call sites from
    /// composing. A new composing catalogue is a change to this list and to DEVELOPERS.md first.
    @Test func onlyTheDocumentedCataloguesComposeTheirSentences() {
        let allowed: Set = [
            // Parsers that word a problem from the bytes around it.
            "Sources/ChartJSON/JSONDiagnostic.swift", "Sources/ChartExpression/Syntax/ExpressionSyntaxDiagnostic.swift",
            // Rule catalogues: a rule file is the catalogue entry of its one kind.
            "Sources/ChartSemantics/SemanticDiagnostic.swift", "Sources/ChartLint/LintDiagnostic.swift"
        ]
        let composing = Set(Self.sources().filter { $0.text.contains("ComposedWording {") }.map(\.path))
        #expect(composing == allowed)
        // A rule's file is its catalogue entry: it names one rule kind, once, as its `kind`, and words that kind's
        // sentences; no other file names a rule kind (it picks a `SemanticDiagnostic` case instead).
        for file in Self.sources() where !file.path.hasSuffix("Diagnostic.swift") {
            let text = file.text.replacingOccurrences(of: ".Kind.self", with: "")
            let named = ["SemanticDiagnostic.Kind.", "LintDiagnostic.Kind."].map { text.components(separatedBy: $0).count - 1 }.reduce(0, +)
            guard named > 0 else { continue }
            let declared = ["let kind = SemanticDiagnostic.Kind.", "let kind = LintDiagnostic.Kind."].map {
                text.components(separatedBy: $0).count - 1
            }.reduce(0, +)
            #expect(
                named == 1 && declared == 1,
                "\(file.path) names a rule kind \(named) times: only a rule file names one, as its `let kind`; elsewhere pick a catalogue case")
        }
    }
}
