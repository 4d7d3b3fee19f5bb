import ChartDiagnostics
import ChartFormat

/// The ids of the checking stage's checks (one check per file under `Checks/`, each with its `kind` here; each
/// id listed in `specs/diagnostics.md`). A rule's sentences, which name the channel and the value, are worded in
/// its rule file (a `CataloguedRule` of one kind: the file is the catalogue entry); the id and the severity come
/// only from here. What is not one rule of one kind (the anchored notes' check, the HTML page's limit that layout
/// reports) is a case here with its one wording. All stop a build.
public enum SemanticDiagnostic: KindedDiagnosticMessage, Equatable {
    /// A note placed `at` a row of a layer (`layer` names it) that has no field on `axis` to place it on.
    case anchorWithoutPosition(layer: String, axis: String)
    /// A note's `at` field that is not a field of the layer's drawn rows.
    case anchorUnknownField(String, layer: String, suggestion: String?)
    /// A note `at` a row of a layer that draws no rows (`anchor` as written: `argmax(t)`).
    case anchorWithoutRows(anchor: String, layer: String)
    /// A `{` in a note's text that is not closed.
    case unclosedPlaceholder
    /// A `{FIELD}` placeholder in a note placed by `x` and `y`, which has no row to read.
    case placeholderWithoutRow(String)
    /// A `{name}` placeholder that is neither x, y nor a field of the layer's drawn rows.
    case unknownPlaceholder(String, layer: String, suggestion: String?)
    /// An HTML page asked for a chart that draws more rows than a page can (layout reports it).
    case htmlMarkLimit(rows: Int)

    public var kind: Kind {
        switch self {
        case .anchorWithoutPosition: .annotationValueType
        case .anchorUnknownField: .annotationUnknownField
        case .anchorWithoutRows: .annotationNoRows
        case .unclosedPlaceholder, .placeholderWithoutRow, .unknownPlaceholder: .annotationUnknownPlaceholder
        case .htmlMarkLimit: .htmlMarkLimit
        }
    }

    public var message: String {
        switch self {
        case .anchorWithoutPosition(let layer, let axis):
            "this note is placed 'at' a row of \(layer), but \(layer) has no \(axis) channel with a field to place it on"
        case .anchorUnknownField(let field, let layer, let suggestion):
            "'\(field)' is not a field of the rows \(layer) draws" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .anchorWithoutRows(let anchor, let layer):
            "this note points 'at' \(anchor) of the rows \(layer) draws, but it draws no rows (check 'filter'); place it with 'x' and 'y', or remove it"
        case .unclosedPlaceholder:
            "this '{' is not closed: a placeholder is {x}, {y} or {FIELD}; write '{{' for a literal brace"
        case .placeholderWithoutRow(let name):
            "'{\(name)}' needs a row: only {x} and {y} fill a note placed by 'x' and 'y'; give the note \"at\" (argmax(FIELD), argmin(FIELD), first, last) to print the fields of that row, or write '{{' for a literal brace"
        case .unknownPlaceholder(let name, let layer, let suggestion):
            "'{\(name)}' is not a placeholder: a note's text takes {x}, {y} and the fields of the rows \(layer) draws"
                + (suggestion.map { "; did you mean '{\($0)}'?" } ?? " (write '{{' for a literal brace)")
        case .htmlMarkLimit(let rows):
            "the chart draws \(CountText.grouped(rows)) rows; an HTML page draws at most \(CountText.grouped(PageLimits.rows)) (specs/limits.md): its marks would cover each other and the page would weigh hundreds of megabytes. Aggregate or bin the rows, or build SVG or PDF"
        }
    }

    /// `ComposedWording`: a check is one file with one kind, and that file is its catalogue entry (its sentences
    /// are worded there, and nowhere else).
    public enum Kind: String, DiagnosticKind, ComposedWording {
        case annotationNoRows = "annotation-no-rows"
        case annotationUnknownField = "annotation-unknown-field"
        case annotationUnknownPlaceholder = "annotation-unknown-placeholder"
        case annotationValueType = "annotation-value-type"
        case arcInvalidTheta = "arc-invalid-theta"
        case arcLabelPlaceholder = "arc-label-placeholder"
        case axisValuesDate = "axis-values-date"
        case binIntervalLimit = "bin-interval-limit"
        case channelNotSupported = "channel-not-supported"
        case colorInvalid = "color-invalid"
        case colorUnknownScheme = "color-unknown-scheme"
        case domainShape = "domain-shape"
        case encodingTypeMismatch = "encoding-type-mismatch"
        case encodingUnknownField = "encoding-unknown-field"
        case facetPanelLimit = "facet-panel-limit"
        /// Not a check: the HTML writer refuses a page of more than `PageLimits.rows` rows.
        case htmlMarkLimit = "html-mark-limit"
        case invalidFormat = "invalid-format"
        case logScaleNoPositiveValues = "log-scale-no-positive-values"
        case mapPlace = "map-place"
        case missingPosition = "missing-position"
        case offsetWithoutBand = "offset-without-band"
        case optionNotSupported = "option-not-supported"
        case projectionWithoutMap = "projection-without-map"
        case rangeOnBandAxis = "range-on-band-axis"
        case rangeWithoutBase = "range-without-base"
        case scaleDomainType = "scale-domain-type"
        case scaleInvalidDomain = "scale-invalid-domain"
        case scaleSteps = "scale-steps"
        case scaleTypeMismatch = "scale-type-mismatch"
        case sortOnContinuous = "sort-on-continuous"
        case tableColumnType = "table-column-type"
        case tableUnknownField = "table-unknown-field"
        case textWithoutText = "text-without-text"

        public static let domain = "ChartSemantics"
        public var severity: Severity { .error }
    }
}
