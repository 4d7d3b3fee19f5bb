import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartSystem

/// SPEC §23's `{updated}`: the byline written out with when the chart's data was read — a file's modification
/// time, a URL's fetch time (or when chartc's cache stored the copy it read without asking), a query's time;
/// with several sources (layers, `lookup`) the latest — in the locale's date format (`ChartLocale.dateFormat`,
/// UTC). `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) stands in for that time,
/// so goldens and CI builds are byte-identical whenever they run.
public enum UpdatedByline {
    /// The environment variable that pins the time.
    public static let epochVariable = "SOURCE_DATE_EPOCH"

    /// `spec` with its byline as drawn (`BylineTemplate.filled`). `updated`: when the data was read, in
    /// milliseconds since 1970 (nil when no source has a time: inline values, generated shapes; the spec
    /// file's modification time is used, as the data is written there).
    public static func resolve(_ spec: ChartSpec, updated: Int64?, environment: [String: String]) throws(DiagnosticError) -> ChartSpec {
        guard let byline = spec.byline, byline.value.contains("{") || byline.value.contains("}") else { return spec }
        var stamp = ""
        if BylineTemplate.usesUpdated(byline.value) {
            let time = try self.time(updated: updated, specPath: spec.file.path, environment: environment, span: byline.span)
            let locale = ChartLocale.named(spec.locale.value) ?? .enUS
            stamp = locale.dateFormat.format(time, locale: locale)
        }
        var resolved = spec
        resolved.byline = Located(BylineTemplate.filled(byline.value, updated: stamp), at: byline.span)
        return resolved
    }

    /// The time `{updated}` writes, in milliseconds since 1970: `SOURCE_DATE_EPOCH` when set, else the data's,
    /// else the spec file's modification time, else now.
    static func time(updated: Int64?, specPath: String, environment: [String: String], span: SourceSpan?) throws(DiagnosticError) -> Int64 {
        if let text = environment[epochVariable], !text.isEmpty {
            guard let seconds = Int64(text), seconds >= 0, case let (milliseconds, false) = seconds.multipliedReportingOverflow(by: 1000) else {
                throw DiagnosticError(Diagnostic(PipelineDiagnostic.sourceDateEpoch(value: text), at: span))
            }
            return milliseconds
        }
        return updated ?? WallClock.modificationTime(of: specPath) ?? WallClock.now()
    }
}
