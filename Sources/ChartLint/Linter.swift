import ChartData
import ChartDiagnostics
import ChartLayout
import ChartSpec

/// The entry point of `chartc lint`'s own checks, run after the spec has parsed (and, when its data is local,
/// been planned): the mistakes the parser cannot see alone — combinations of channels that cannot be drawn,
/// invalid colors and formats, domains of the wrong shape — and the publishing mistakes newsrooms check for
/// before a chart goes out (no title, no source, bars that do not start at zero, too many series, colors that
/// vanish on the background). Every rule is listed in `specs/lint-rules.md`. It also compiles every expression
/// against the data's columns (as the planner does), so lint reports expression mistakes on its own.
public enum Linter {
    /// Every rule, errors first, in the order of `specs/lint-rules.md`.
    public static let rules: [any LintRule] = [
        MissingPositionRule(),
        RangeWithoutBaseRule(),
        OffsetWithoutBandRule(),
        TextWithoutTextRule(),
        UnknownFieldRule(),
        EncodingUnknownFieldRule(),
        EncodingTypeMismatchRule(),
        ScaleTypeMismatchRule(),
        DomainTypeRule(),
        DomainShapeRule(),
        LogScaleDomainRule(),
        InvalidColorRule(),
        UnknownSchemeRule(),
        InvalidFormatRule(),
        MissingTitleRule(),
        LongTitleRule(),
        MissingSourceRule(),
        MissingAltRule(),
        ZeroBaselineRule(),
        TooManySeriesRule(),
        PaletteTooSmallRule(),
        LowContrastRule(),
        UnknownHiddenSeriesRule(),
        IgnoredOptionRule(),
    ]

    /// Every diagnostic of every rule, in file order (stable for equal positions).
    ///
    /// - Parameters:
    ///   - spec: the parsed spec (it may come from a parse that also reported errors; rules skip what is missing).
    ///   - schema: the data's columns, when the data could be read (local files, inline values).
    ///   - table: the rows after the pipeline, when a build has them; lets the series rules count real series.
    ///   - theme: the house style the spec resolves to; its background and text colors are checked too.
    public static func lint(spec: ChartSpec, schema: [(name: String, type: DataType)]?, table: Table? = nil, theme: Theme? = nil) -> [Diagnostic] {
        let context = LintContext(spec: spec, schema: schema, table: table, theme: theme)
        var diagnostics = context.expressions.diagnostics
        for rule in rules { rule.check(context, into: &diagnostics) }
        return diagnostics.enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? -1
            let right = b.element.span?.range.lowerBound ?? -1
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    /// The parser's and planner's diagnostics followed by the linter's, without a lint diagnostic that repeats one
    /// already there: the same id in the same file, at the same place or overlapping it (the planner may underline
    /// a whole string where lint underlines the name inside it). The planner and lint both compile expressions and
    /// both check field names.
    public static func merge(_ earlier: [Diagnostic], _ lint: [Diagnostic]) -> [Diagnostic] {
        var merged = earlier
        for diagnostic in lint {
            let repeated = earlier.contains { other in
                guard other.id == diagnostic.id, other.path == diagnostic.path else { return false }
                guard let a = other.span?.range, let b = diagnostic.span?.range else { return other.span == nil && diagnostic.span == nil }
                return a.lowerBound == b.lowerBound || a.overlaps(b)
            }
            if !repeated { merged.append(diagnostic) }
        }
        return merged
    }

    /// The rule with this id.
    public static func rule(_ id: String) -> (any LintRule)? {
        rules.first { $0.id == id }
    }
}
