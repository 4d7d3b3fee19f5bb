import ChartDiagnostics
import ChartJSON

/// What parsing a spec gives: the typed model when it could be built, and every problem found on the way. A
/// spec may come back together with errors (a partial model, for tools); callers that build charts treat any
/// error as failure.
public struct SpecParseResult: Sendable {
    public var spec: ChartSpec?
    /// In file order.
    public var diagnostics: [Diagnostic]

    public init(spec: ChartSpec?, diagnostics: [Diagnostic]) {
        self.spec = spec
        self.diagnostics = diagnostics
    }

    /// Whether the spec was built without errors (warnings allowed).
    public var succeeded: Bool { spec != nil && !diagnostics.hasErrors }
}

/// Turns a spec file into a `ChartSpec` (SPEC.md §2–§7). JSON syntax errors stop at the first one (from
/// `JSONReader`); after that, every problem in the spec's structure is collected in one pass — unknown keys with
/// a did-you-mean, wrong types, unknown values, missing and conflicting keys — so a user fixes them all at once.
/// Expressions are kept as `ExpressionSource` text here; the expression module parses and checks them.
public enum SpecParser {
    /// Reads the file as JSON (the top level must be an object), then decodes it.
    public static func parse(_ file: SourceFile) -> SpecParseResult {
        let root: JSONValue
        do {
            root = try JSONReader.read(file, requireObject: true)
        } catch {
            return SpecParseResult(spec: nil, diagnostics: error.diagnostics)
        }
        return decode(root, file: file)
    }

    /// Decodes an already-read JSON tree: one view, or several (`concat`, `repeat`, SPEC §20).
    public static func decode(_ root: JSONValue, file: SourceFile) -> SpecParseResult {
        if let composed = ViewComposition.decode(root, file: file) { return composed }
        return decodeOne(root, file: file)
    }

    /// Decodes the JSON of one view (a whole chart).
    static func decodeOne(_ root: JSONValue, file: SourceFile) -> SpecParseResult {
        var decoder = SpecDecoder(file: file)
        var spec = decoder.decodeSpec(root)
        spec?.syntax = root
        var diagnostics = decoder.sortedDiagnostics()
        // The composite-mark stage (SPEC §21): later stages see only simple marks.
        if let parsed = spec, !diagnostics.hasErrors {
            let expanded = parsed.expandingCompositeMarks()
            spec = expanded.spec
            diagnostics = (diagnostics + expanded.diagnostics).sortedByPosition()
        }
        return SpecParseResult(spec: spec, diagnostics: diagnostics)
    }
}
