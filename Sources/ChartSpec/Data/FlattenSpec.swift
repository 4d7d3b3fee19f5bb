import ChartDiagnostics

/// `flatten` (SPEC §21, a reshaping step): one row per element of array fields, as Vega-Lite's `flatten` and
/// DuckDB's `unnest` give them. Arrays of one row are zipped (the i-th elements share a row; a shorter or missing
/// array gives null there), a row whose arrays are all empty or null gives no row, and each field keeps its place,
/// renamed by `as`. It runs where the spec writes it among the other reshaping steps.
public struct FlattenSpec: Sendable {
    /// The array fields, in the order written.
    public var fields: [Located<String>]
    /// New names for `fields`, one each (`as`); empty: their own names.
    public var names: [Located<String>]
    /// The whole `flatten` entry, where problems with it as a whole are reported.
    public var span: SourceSpan?

    public init(fields: [Located<String>], names: [Located<String>] = [], span: SourceSpan?) {
        self.fields = fields
        self.names = names
        self.span = span
    }

    /// The name each flattened field has afterwards.
    public var outputNames: [String] {
        names.count == fields.count ? names.map(\.value) : fields.map(\.value)
    }
}
