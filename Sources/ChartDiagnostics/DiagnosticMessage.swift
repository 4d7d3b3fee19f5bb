/// A diagnostic's stable identity: the module whose catalogue defines it and its kebab-case name
/// (`json-trailing-comma`). The name is what users see in brackets, filter on and look up in
/// `specs/diagnostics.md`; the domain keeps two modules from claiming one name without noticing.
public struct DiagnosticID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The module that owns the id (`ChartJSON`, `ChartSpec`, …).
    public let domain: String
    /// The printed id.
    public let name: String

    public init(domain: String, name: String) {
        self.domain = domain
        self.name = name
    }

    public var description: String { name }

    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
        (lhs.name, lhs.domain) < (rhs.name, rhs.domain)
    }
}

/// One message a module can report: a case of that module's catalogue enum, carrying the data its wording
/// needs. Modelled on swift-syntax's `DiagnosticMessage`: the catalogue decides the id, the severity and the
/// one wording of each message, so no call site spells an id or a sentence of its own.
public protocol DiagnosticMessage: Sendable {
    var diagnosticID: DiagnosticID { get }
    var severity: Severity { get }
    var message: String { get }
}

/// A module's catalogue of ids, so that a test can check every id is documented in `specs/diagnostics.md` and
/// every documented id belongs to a catalogue.
public protocol DiagnosticCatalogue {
    /// Every id the module can produce.
    static var allIDs: [DiagnosticID] { get }
}

/// The usual shape of a catalogue's ids: a `String` enum whose raw values are the printed names. A catalogue
/// declares `enum Kind: String, CaseIterable, DiagnosticKind { … static let domain = "ChartX" }` and maps each
/// message case to a kind.
public protocol DiagnosticKind: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    static var domain: String { get }
    var severity: Severity { get }
}

extension DiagnosticKind {
    public var diagnosticID: DiagnosticID { DiagnosticID(domain: Self.domain, name: rawValue) }
    public static var allIDs: [DiagnosticID] { allCases.map(\.diagnosticID) }
    /// Each id with its severity, for the check of `specs/diagnostics.md`.
    public static var severities: [(id: DiagnosticID, severity: Severity)] { allCases.map { ($0.diagnosticID, $0.severity) } }
}

/// A message whose catalogue maps it to a `DiagnosticKind`: id and severity come from the kind.
public protocol KindedDiagnosticMessage: DiagnosticMessage {
    associatedtype Kind: DiagnosticKind
    var kind: Kind { get }
}

extension KindedDiagnosticMessage {
    public var diagnosticID: DiagnosticID { kind.diagnosticID }
    public var severity: Severity { kind.severity }
}

/// The kinds of a catalogue whose sentences are composed where the situation is known instead of in the
/// catalogue's `message` switch. Only these kinds can make a `Diagnostic` from a string
/// (`Diagnostic(Kind.name, "…", at:)`): every other catalogue's call sites can only pick a case, so the compiler
/// keeps them from composing. A catalogue adopts it only with a doc comment saying why; DEVELOPERS.md ("Typed
/// diagnostics") names the ones allowed and `DiagnosticsPageTests` keeps the list.
public protocol ComposedWording: DiagnosticKind {}

/// A message of a catalogue's kind whose sentence was composed where the situation is known (a parser's wording
/// functions look at the bytes around the problem to say what was probably meant). The catalogue still decides
/// the id and the severity; `Diagnostic(Kind.name, "…", at:)` makes one, for a `ComposedWording` kind only.
public struct ComposedMessage<Kind: ComposedWording>: KindedDiagnosticMessage {
    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
