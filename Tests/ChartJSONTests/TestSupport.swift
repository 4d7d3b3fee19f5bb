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
        return .failure(error.diagnostics.first ?? Diagnostic.error("none", "no diagnostic", at: nil))
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

/// Deterministic pseudo-random numbers (SplitMix64), so the mutation tests are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
