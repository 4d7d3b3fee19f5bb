import ChartDiagnostics

/// `facet` (SPEC §13): small multiples, one panel per value of an output field. Kept apart from the rest of the
/// model so a panel stays "a plot like any other" over the rows of one value.
public struct FacetSpec: Sendable {
    /// The output field whose values make the panels.
    public var field: Located<String>
    /// Panels per row; nil: as many as fit at 200 px or more each, at most the number of values.
    public var columns: Located<Int>?
    /// Panels per row on a narrow screen (the HTML page's phone layout); nil: 1.
    public var columnsNarrow: Located<Int>?
    /// An aggregate expression over each panel's rows (SPEC §5); panels in ascending order of its value, so
    /// `"-median(yield)"` puts the highest first. Nil: the field's output order.
    public var sort: ExpressionSource?
    /// The panels' keys (each facet value as `Value.text` writes it) in `sort`'s order: not written in a spec
    /// but set by ChartPipeline's `PanelOrder.resolve` once the output rows are known, so layout only reads
    /// the order. Nil: the field's output order.
    public var order: [String]?
    /// Whether the panels share their x and y scales (the default) or each has its own.
    public var x: Located<FacetScaleSharing>?
    public var y: Located<FacetScaleSharing>?
    /// The whole `facet` object.
    public var span: SourceSpan?

    public init(field: Located<String>, span: SourceSpan? = nil) {
        self.field = field
        self.span = span
    }

    /// The default when `columns` is absent: the narrowest a panel gets before fewer panels go in a row.
    public static let minimumPanelWidth = 200.0
    /// The most panels a row may hold (more is not a row of small multiples but a strip of slivers).
    public static let maximumColumns = 50

    public var sharesX: Bool { x?.value != .independent }
    public var sharesY: Bool { y?.value != .independent }
}

/// `facet.x`, `facet.y`.
public enum FacetScaleSharing: String, Sendable, CaseIterable {
    case shared, independent
}
