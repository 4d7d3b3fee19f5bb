#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec

/// A `bin` field (SPEC §13) whose step makes more intervals over its data than any axis or histogram can draw
/// (`bin(x, 1e-300)` over values from 0 to 2 makes 2e300): an error at the bin expression naming the limit, so a
/// build stops with a line:col instead of laying out an axis of impossible size. Lint's `bin-too-many-intervals`
/// warns far below this, where bars become slivers. Counted over the bin starts of the built table, so only when
/// the pipeline has run.
struct BinIntervalLimitCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.binIntervalLimit
    let summary = "A bin step that makes more than 10,000 intervals over the data (bin(x, 1e-300)): too many to draw."

    /// The most intervals a `bin` field may span (specs/limits.md).
    static let limit = BinStarts.intervalLimit

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.table else { return }
        for field in context.spec.calculate {
            guard let column = table.column(named: field.name.value), let step = column.binStep, step > 0,
                let count = BinStarts.intervalCount(column, step: step), count > Self.limit
            else { continue }
            let countText = Self.about(count)
            diagnostics.append(
                diagnostic(
                    "'\(field.name.value)' = \(field.expression.text) makes \(countText) intervals of \(NumberText.shortest(step)) over the data, more than the 10,000 a chart can draw; use a larger step, or bin(x) to choose one",
                    at: field.expression.literalSpan))
        }
    }

    /// `about 2e300`: the order of the count (a count this large is never exact); `12,345` below a million.
    static func about(_ count: Double) -> String {
        guard count.isFinite else { return "more than 1e308" }
        if count < 1e6 { return NumberFormat(kind: .fixed, precision: 0, grouping: true).format(count, locale: .enUS) }
        let exponent = NumberConversion.clamped(log10(count), rounding: .down)
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        let mantissa = NumberConversion.clamped(count / power, rounding: .toNearestOrAwayFromZero)
        return "about \(mantissa)e\(exponent)"
    }
}
