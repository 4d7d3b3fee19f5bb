import ChartDiagnostics
import ChartJSON
import ChartValues

/// `each` (SPEC §23): one chart per value of a data field (after `calculate`, before `filter`) or of a list,
/// the value standing for `{NAME}` in the spec's text, filters and annotations (`BatchPlaceholders`).
public struct BatchSpec: Sendable {
    /// Where the values come from.
    public enum Source: Sendable {
        /// `{ "field": "city" }`: every value of the field, in the order the rows first give them.
        case field(Located<String>)
        /// `{ "values": […], "as": "city" }`: the values as written.
        case values([Located<Value>])
    }

    public var source: Source
    /// The placeholder's name: the field, or `as`.
    public var name: Located<String>
    /// The `each` key, where errors about the whole batch point.
    public var span: SourceSpan

    public init(source: Source, name: Located<String>, span: SourceSpan) {
        self.source = source
        self.name = name
        self.span = span
    }

    /// The most charts one batch may build (specs/limits.md, `batch-limit`).
    public static let limit = 5_000

    /// The field the values are read from, nil for a list.
    public var field: Located<String>? {
        if case .field(let field) = source { return field }
        return nil
    }
}

extension ChartSpec {
    /// The one-chart spec of a batch for `value`: the spec's JSON with `{NAME}` replaced by the value and `each`
    /// left out, decoded again (every span still points into the spec file). The spec itself when it has no `each`.
    public func batchInstance(for value: Value) -> SpecParseResult {
        guard let each, let syntax else { return SpecParseResult(spec: self, diagnostics: []) }
        let root = BatchPlaceholders.substitute(syntax, name: each.name.value, value: value)
        return SpecParser.decode(root, file: file)
    }
}
