import ChartData
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// `bin(x, step)` (SPEC §13) with a step so small for its data that it makes more than 200 intervals: the bars of
/// such a histogram are slivers and its counts noise. `bin(x)` chooses about 10. Counted over the interval starts
/// of the built table, so only when the pipeline has run.
struct TooManyBinsRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.binTooManyIntervals
    let summary = "bin(x, step) makes more than 200 intervals over the data."

    static let limit = 200.0

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.table else { return }
        for field in context.spec.calculate {
            guard let column = table.column(named: field.name.value), let step = column.binStep, Self.writesStep(field.expression.text),
                let (lower, upper) = BinStarts.startExtent(column),
                let count = BinStarts.intervalCount(column, step: step)
            else { continue }
            // Past the checking stage's limit its bin-interval-limit error already says so.
            guard count > Self.limit, count <= BinStarts.intervalLimit else { continue }
            let suggested = Binning.automaticStep(lower: lower, upper: upper + step)
            diagnostics.append(
                diagnostic(
                    "'\(field.name.value)' = \(field.expression.text) makes \(NumberText.shortest(count)) intervals, too many to read as bars; use a larger step (about \(NumberText.shortest(suggested)) gives 10), or bin(x) to choose one",
                    at: field.expression.literalSpan))
        }
    }

    /// `bin(…, step)`, as opposed to `bin(x)` (which chose its own step and never makes too many).
    static func writesStep(_ text: String) -> Bool {
        let trimmed = String(text.drop { $0 == " " })
        return trimmed.hasPrefix("bin(") && trimmed.contains(",")
    }
}
