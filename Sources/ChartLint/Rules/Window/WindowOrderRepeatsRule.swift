import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues

/// Running figures go down each `windowBy` partition in output order. When the field that orders the rows (the
/// last `sort` key, or the last `groupBy` field by default) has the same value twice in one partition, the
/// partition holds several series side by side — a 7-day average of two cities' days interleaved — which almost
/// always means a missing `windowBy`. Decided on the built table, so only when the pipeline has run.
struct WindowOrderRepeatsRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.windowOrderRepeats
    let summary = "The field that orders the rows repeats within a window partition (usually a missing windowBy)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let spec = context.spec
        guard !spec.window.isEmpty, let table = context.table else { return }
        guard let orderField = spec.sort.last?.field ?? spec.groupBy.last?.value,
            !spec.windowBy.contains(where: { $0.value == orderField }),
            let order = table.column(named: orderField)
        else { return }
        var keys: [Column] = []
        for name in spec.windowBy {
            guard let column = table.column(named: name.value) else { return }
            keys.append(column)
        }
        var seen = Set<[Value]>()
        for row in 0..<table.rowCount {
            let key = keys.map { $0[row] } + [order[row]]
            guard seen.insert(key).inserted else {
                let candidates = spec.groupBy.map(\.value).filter { name in name != orderField && !spec.windowBy.contains { $0.value == name } }
                var message = "'\(orderField)' orders the rows of `window`, but the value \(Self.text(order[row])) appears more than once in "
                message += spec.windowBy.isEmpty ? "the table" : "one windowBy partition"
                message += ", so running figures mix rows of different series"
                if !candidates.isEmpty {
                    message += "; add \(candidates.map { "'\($0)'" }.joined(separator: " or ")) to windowBy"
                } else {
                    message += "; partition with windowBy"
                }
                let span = context.member("windowBy")?.keySpan ?? context.member("window")?.keySpan
                diagnostics.append(diagnostic(message, at: span))
                return
            }
        }
    }

    private static func text(_ value: Value) -> String {
        switch value {
        case .string(let string): "'\(string)'"
        case .null: "null"
        default: value.text ?? "null"
        }
    }
}
