import ChartDiagnostics
@testable import ChartJSON

/// Reads `text` as the file `t.json`; returns the value or the single diagnostic.
func read(_ text: String, requireObject: Bool = false) -> Result<JSONValue, Diagnostic> {
    read(bytes: Array(text.utf8), requireObject: requireObject)
}

func read(bytes: [UInt8], requireObject: Bool = false) -> Result<JSONValue, Diagnostic> {
    let file = SourceFile(path: "t.json", bytes: bytes)
    do {
        return .success(try JSONReader.read(file, requireObject: requireObject))
    } catch {
        return .failure(error.diagnostics.first ?? Diagnostic(TestMessage(.error, "none", "no diagnostic"), at: nil))
    }
}

/// The diagnostic for text that must fail, or nil when it unexpectedly parsed.
func failure(_ text: String, requireObject: Bool = false) -> Diagnostic? {
    if case .failure(let diagnostic) = read(text, requireObject: requireObject) { return diagnostic }
    return nil
}

func failure(bytes: [UInt8], requireObject: Bool = false) -> Diagnostic? {
    if case .failure(let diagnostic) = read(bytes: bytes, requireObject: requireObject) { return diagnostic }
    return nil
}

/// The value for text that must parse, or nil.
func value(_ text: String, requireObject: Bool = false) -> JSONValue? {
    if case .success(let value) = read(text, requireObject: requireObject) { return value }
    return nil
}

/// `line:col` of a diagnostic's start (the `t.json:` prefix dropped).
func position(_ diagnostic: Diagnostic?) -> String? {
    guard let span = diagnostic?.span else { return nil }
    return String(span.description.dropFirst("t.json:".count))
}

/// `line:col` of a span.
func position(_ span: SourceSpan?) -> String? {
    guard let span else { return nil }
    return String(span.description.dropFirst("t.json:".count))
}

/// A message with any id and severity, to test the reader apart from every catalogue.
private struct TestMessage: DiagnosticMessage {
    let severity: Severity
    let diagnosticID: DiagnosticID
    let message: String

    init(_ severity: Severity, _ name: String, _ message: String) {
        self.severity = severity
        self.diagnosticID = DiagnosticID(domain: "Tests", name: name)
        self.message = message
    }
}
