import ChartDiagnostics

/// `fold` (SPEC §21, a reshaping step): wide to long. Each row becomes one row per listed field, holding the
/// field's name in `key` and its value in `value`; the listed fields leave the table and the other fields are
/// repeated. It runs right after the data is read, so everything after it — `calculate`, `lint`, `chartc data` —
/// sees the long table as the data.
public struct FoldSpec: Sendable {
    /// The columns to fold, in the order their rows come (and the order of the key's categories).
    public var fields: [Located<String>]
    /// The names of the two new fields (`as`), `key` and `value` unless written.
    public var key: Located<String>
    public var value: Located<String>
    /// The whole `fold` entry, where problems with it as a whole are reported.
    public var span: SourceSpan?

    public init(
        fields: [Located<String>], key: Located<String> = Located("key", at: nil), value: Located<String> = Located("value", at: nil),
        span: SourceSpan?
    ) {
        self.fields = fields
        self.key = key
        self.value = value
        self.span = span
    }
}
