import ChartDiagnostics

/// The ids of the checking stage's checks (one check per file under `Checks/`, each with its `kind` here; each
/// id listed in `specs/diagnostics.md`). A check composes its sentences, which name the channel and the value;
/// the id and the severity come only from here. All stop a build.
public enum SemanticDiagnostic {
    public enum Kind: String, DiagnosticKind {
        case annotationNoRows = "annotation-no-rows"
        case annotationUnknownField = "annotation-unknown-field"
        case annotationUnknownPlaceholder = "annotation-unknown-placeholder"
        case annotationValueType = "annotation-value-type"
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
        case missingPosition = "missing-position"
        case offsetWithoutBand = "offset-without-band"
        case optionNotSupported = "option-not-supported"
        case rangeOnBandAxis = "range-on-band-axis"
        case rangeWithoutBase = "range-without-base"
        case scaleDomainType = "scale-domain-type"
        case scaleInvalidDomain = "scale-invalid-domain"
        case scaleTypeMismatch = "scale-type-mismatch"
        case textWithoutText = "text-without-text"

        public static let domain = "ChartSemantics"
        public var severity: Severity { .error }
    }
}
