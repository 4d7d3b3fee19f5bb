import ChartDiagnostics

/// `lookup` (SPEC §21, a reshaping step): a left join. Each row gains the `fields` of the first row of the other
/// `data` whose `key` equals the row's `on` field; a row with no match keeps null in them (and lint counts it,
/// with near misses). It runs right after the data is read, so every later step sees the joined table.
public struct LookupSpec: Sendable {
    /// The other rows, read like the chart's own `data`.
    public var data: DataSource
    /// The field of the chart's rows to look up.
    public var on: Located<String>
    /// The field of the other rows that `on` is compared with.
    public var key: Located<String>
    /// The other rows' fields to add, in this order; nil: all of them but `key`.
    public var fields: [Located<String>]?
    /// New names for `fields`, one each (`as`); empty: their own names.
    public var names: [Located<String>]
    /// The whole `lookup` entry, where problems with it as a whole are reported.
    public var span: SourceSpan?

    public init(
        data: DataSource, on: Located<String>, key: Located<String>, fields: [Located<String>]? = nil, names: [Located<String>] = [],
        span: SourceSpan?
    ) {
        self.data = data
        self.on = on
        self.key = key
        self.fields = fields
        self.names = names
        self.span = span
    }
}
