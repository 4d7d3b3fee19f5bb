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
/// `unknown-key`, …) documented in `specs/diagnostics.md`.
public struct Diagnostic: Sendable, Equatable, Error {
    public var id: String
    /// The module whose catalogue defines `id` (empty for diagnostics made from a bare string id).
    public var domain: String = ""
    public var severity: Severity
    public var message: String
    /// Where it happened. Nil only when there is no file at all (e.g. a command-line mistake).
    public var span: SourceSpan?
    /// When there is no span but there is a file (e.g. an unreadable file), its path.
    public var path: String?
    public var notes: [DiagnosticNote]
    public var fixIt: FixIt?

    public init(
        _ severity: Severity,
        _ id: String,
        _ message: String,
        at span: SourceSpan?,
        notes: [DiagnosticNote] = [],
        fixIt: FixIt? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.span = span
        self.path = span?.file.path
        self.notes = notes
        self.fixIt = fixIt
    }

    /// A diagnostic about a whole file that has no usable position (missing, unreadable, empty).
    public init(_ severity: Severity, _ id: String, _ message: String, path: String, notes: [DiagnosticNote] = []) {
        self.id = id
        self.severity = severity
        self.message = message
        self.span = nil
        self.path = path
        self.notes = notes
        self.fixIt = nil
    }

    public static func error(_ id: String, _ message: String, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) -> Diagnostic {
        Diagnostic(.error, id, message, at: span, notes: notes, fixIt: fixIt)
    }

    public static func warning(_ id: String, _ message: String, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) -> Diagnostic {
        Diagnostic(.warning, id, message, at: span, notes: notes, fixIt: fixIt)
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
