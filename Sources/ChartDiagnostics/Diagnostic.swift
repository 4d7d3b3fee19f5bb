/// How bad a diagnostic is. `error` stops a build; `warning` is a publishing mistake `lint --strict` can fail on.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A replacement the user probably meant, e.g. `"titel"` → `"title"`.
public struct FixIt: Sendable, Equatable {
    public let span: SourceSpan
    public let replacement: String
    /// What the fix does, when "replace with '…'" would not say it well (`insert a comma`).
    public let message: String?

    public init(span: SourceSpan, replacement: String, message: String? = nil) {
        self.span = span
        self.replacement = replacement
        self.message = message
    }
}

/// Extra context attached to a diagnostic, e.g. "first defined here" for a duplicate key.
public struct DiagnosticNote: Sendable, Equatable {
    public let message: String
    public let span: SourceSpan?

    public init(_ message: String, at span: SourceSpan? = nil) {
        self.message = message
        self.span = span
    }
}

/// The one type for everything a user can get wrong — spec, expression, data, network — so that the command
/// line, the JSON output and the tests all see the same thing. `id` is a stable rule name (`json-trailing-comma`,
/// `unknown-key`, …) documented in `specs/diagnostics.md`; it comes from a module's catalogue (a
/// `DiagnosticMessage`), never from a string spelled at the call site: create one with
/// `Diagnostic(Catalogue.case(…), at: span)` (or, for a `ComposedWording` kind only,
/// `Diagnostic(Catalogue.Kind.name, "sentence", at: span)`).
public struct Diagnostic: Sendable, Equatable, Error {
    /// Set once, from the catalogue message's kind: a later stage may add notes or move a diagnostic, never rename
    /// it (there is no way to make a diagnostic from a string id).
    public let id: String
    /// The module whose catalogue defines `id`.
    public let domain: String
    public var severity: Severity
    public var message: String
    /// Where it happened. Nil only when there is no file at all (e.g. a command-line mistake).
    public var span: SourceSpan?
    /// When there is no span but there is a file (e.g. an unreadable file), its path.
    public var path: String?
    public var notes: [DiagnosticNote]
    public var fixIt: FixIt?
    /// The catalogue message it was made from, so a later stage can read a case's data back (the planner asks an
    /// unknown-field error which field it is about) instead of re-reading the message or the source bytes.
    /// Not part of equality: two diagnostics with the same id, text and place are the same to a reader.
    public var diagnosticMessage: (any DiagnosticMessage)?

    /// The one designated initializer; public ones go through a catalogue message.
    init(
        severity: Severity, id: String, domain: String, message: String, span: SourceSpan?, path: String?,
        notes: [DiagnosticNote], fixIt: FixIt?, diagnosticMessage: (any DiagnosticMessage)?
    ) {
        self.id = id
        self.domain = domain
        self.severity = severity
        self.message = message
        self.span = span
        self.path = path
        self.notes = notes
        self.fixIt = fixIt
        self.diagnosticMessage = diagnosticMessage
    }

    /// A diagnostic for a catalogue message at a place in a file.
    public init(_ message: some DiagnosticMessage, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) {
        self.init(
            severity: message.severity, id: message.diagnosticID.name, domain: message.diagnosticID.domain,
            message: message.message, span: span, path: span?.file.path, notes: notes, fixIt: fixIt, diagnosticMessage: message
        )
    }

    /// A diagnostic for a catalogue message about a whole file with no usable position.
    public init(_ message: some DiagnosticMessage, path: String, notes: [DiagnosticNote] = []) {
        self.init(
            severity: message.severity, id: message.diagnosticID.name, domain: message.diagnosticID.domain,
            message: message.message, span: nil, path: path, notes: notes, fixIt: nil, diagnosticMessage: message
        )
    }

    /// A diagnostic of a catalogue's kind whose sentence is composed where the situation is known (a parser's
    /// wording that looks at the bytes around the problem). Id and severity come from the kind.
    public init<Kind: ComposedWording>(_ kind: Kind, _ message: String, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) {
        self.init(ComposedMessage(kind, message), at: span, notes: notes, fixIt: fixIt)
    }

    /// A diagnostic of a catalogue's kind about a whole file with no usable position.
    public init<Kind: ComposedWording>(_ kind: Kind, _ message: String, path: String, notes: [DiagnosticNote] = []) {
        self.init(ComposedMessage(kind, message), path: path, notes: notes)
    }

    /// The id with its domain, as the catalogue declares it.
    public var diagnosticID: DiagnosticID { DiagnosticID(domain: domain, name: id) }

    /// Whether it is a diagnostic of `kind` (same domain and name).
    public func `is`<Kind: DiagnosticKind>(_ kind: Kind) -> Bool { id == kind.rawValue && domain == Kind.domain }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.id == rhs.id && lhs.domain == rhs.domain && lhs.severity == rhs.severity && lhs.message == rhs.message
            && lhs.span == rhs.span && lhs.path == rhs.path && lhs.notes == rhs.notes && lhs.fixIt == rhs.fixIt
    }

    /// `path:line:col` (or just `path`) of where it happened.
    public var locationDescription: String? {
        if let span { return span.description }
        return path
    }
}

/// A thrown bundle of diagnostics, for stages that stop at their first fatal problem but may have collected more.
public struct DiagnosticError: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// In file order: by position, diagnostics without one first; equal positions keep their order.
    public func sortedByPosition() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? -1
            let right = b.element.span?.range.lowerBound ?? -1
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
