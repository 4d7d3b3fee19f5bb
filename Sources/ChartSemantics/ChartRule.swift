import ChartDiagnostics

/// One check of a spec, with the stable id its diagnostics carry (`[zero-baseline]`), its severity and a one-line
/// description (the same line as in `specs/lint-rules.md`). The checking stage's own checks (`ChartChecker`,
/// under `Checks/`) stop a build; lint adds its publishing rules (ChartLint, under `Rules/`) on top. Rules are
/// values so the list of them can be printed, documented and tested as data; each lives in its own file.
public protocol ChartRule: Sendable {
    /// Stable kebab-case id; never renamed once published (CI filters and tests match on it).
    var id: String { get }
    var severity: Severity { get }
    /// One line: what the rule catches.
    var summary: String { get }
    /// Appends what the rule finds. Rules never throw: anything they cannot decide (no data, no type) they skip.
    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic])
}

/// A rule whose id and severity come from a catalogue (`SemanticDiagnostic.Kind`, `LintDiagnostic.Kind`): every
/// rule chartc ships is one, so no rule spells its id.
public protocol CataloguedRule: ChartRule {
    associatedtype Kind: ComposedWording
    var kind: Kind { get }
}

extension CataloguedRule {
    public var id: String { kind.rawValue }
    public var severity: Severity { kind.severity }

    /// A diagnostic of this rule (its kind's id and severity).
    public func diagnostic(_ message: String, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) -> Diagnostic {
        Diagnostic(kind, message, at: span, notes: notes, fixIt: fixIt)
    }
}

/// A rule that also holds for a table (SPEC §24): a table spec is checked only by these (the others are about
/// marks, channels and scales a table does not have).
public protocol AppliesToTables: ChartRule {}
