import ChartDiagnostics

/// The ids of lint's publishing rules (one rule per file under `Rules/`, each with its `kind` here; each id
/// listed in `specs/diagnostics.md` and `specs/lint-rules.md`). All are warnings: `lint --strict` can fail on
/// them, a build never does.
public enum LintDiagnostic {
    /// `ComposedWording`: a rule is one file with one kind, and that file is its catalogue entry (its sentences
    /// are worded there, and nowhere else).
    public enum Kind: String, DiagnosticKind, ComposedWording {
        case annotationNoteTooLong = "annotation-note-too-long"
        case annotationOutsideDomain = "annotation-outside-domain"
        case annotationStretchesScale = "annotation-stretches-scale"
        case arcTooManySlices = "arc-too-many-slices"
        case axisValuesOutsideDomain = "axis-values-outside-domain"
        case binTooManyIntervals = "bin-too-many-intervals"
        case datesAsText = "dates-as-text"
        case facetTooManyPanels = "facet-too-many-panels"
        case htmlTooManyMarks = "html-too-many-marks"
        case lineJoinsSeries = "line-joins-series"
        case logScaleDropsValues = "log-scale-drops-values"
        case longTitle = "long-title"
        case lowContrast = "low-contrast"
        case missingAlt = "missing-alt"
        case missingCategory = "missing-category"
        case missingSource = "missing-source"
        case missingTitle = "missing-title"
        case optionIgnored = "option-ignored"
        case paletteTooSmall = "palette-too-small"
        case resolveSameField = "resolve-same-field"
        case tableHeatFewValues = "table-heat-few-values"
        case tooManySeries = "too-many-series"
        case unknownHiddenSeries = "unknown-hidden-series"
        case windowOrderRepeats = "window-order-repeats"
        case zeroBaseline = "zero-baseline"

        public static let domain = "ChartLint"
        public var severity: Severity { .warning }
    }
}
