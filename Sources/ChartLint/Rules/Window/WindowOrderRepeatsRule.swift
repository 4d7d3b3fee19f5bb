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
        // The partitions: windowBy, and the facet field in a faceted chart (SPEC §19.11).
        var partitionFields = spec.windowBy.map(\.value)
        if let facet = spec.facet?.field.value, !partitionFields.contains(facet), table.column(named: facet) != nil {
            partitionFields.append(facet)
        }
        guard let orderField = spec.sort.last?.field ?? spec.groupBy.last?.value,
            !partitionFields.contains(orderField),
            let order = table.column(named: orderField)
        else { return }
        var keys: [Column] = []
        for name in partitionFields {
            guard let column = table.column(named: name) else { return }
            keys.append(column)
        }
        guard let repeated = Self.firstRepeat(keys: keys, order: order, rowCount: table.rowCount) else { return }
        // Advice only a field that separates the series: with it, the order no longer repeats in a partition, and a
        // partition still holds more than one row (a field that leaves one row per partition makes every running
        // figure the row's own value: every share 100%).
        let candidates = spec.groupBy.map(\.value).filter { name in name != orderField && !partitionFields.contains(name) }
        func separates(_ extra: [String]) -> Bool {
            let columns = extra.compactMap { table.column(named: $0) }
            guard columns.count == extra.count else { return false }
            return Self.firstRepeat(keys: keys + columns, order: order, rowCount: table.rowCount) == nil
                && Self.hasPartitionOfSeveralRows(keys: keys + columns, rowCount: table.rowCount)
        }
        var message = "'\(orderField)' orders the rows of `window`, but the value \(Self.text(order[repeated])) appears more than once in "
        message += partitionFields.isEmpty ? "the table" : "one window partition"
        message += ", so running figures mix rows of different series"
        let single = candidates.filter { separates([$0]) }
        if !single.isEmpty {
            message += "; add \(single.map { "'\($0)'" }.joined(separator: " or ")) to windowBy"
        } else if candidates.count > 1, separates(candidates) {
            message += "; add \(candidates.map { "'\($0)'" }.joined(separator: " and ")) to windowBy"
        } else {
            message += "; partition with windowBy"
        }
        let span = context.member("windowBy")?.keySpan ?? context.member("window")?.keySpan
        diagnostics.append(diagnostic(message, at: span))
    }

    /// The first row whose partition key and order value an earlier row already had.
    static func firstRepeat(keys: [Column], order: Column, rowCount: Int) -> Int? {
        var seen = Set<[Value]>()
        for row in 0..<rowCount where !seen.insert(keys.map { $0[row] } + [order[row]]).inserted {
            return row
        }
        return nil
    }

    static func hasPartitionOfSeveralRows(keys: [Column], rowCount: Int) -> Bool {
        var seen = Set<[Value]>()
        for row in 0..<rowCount where !seen.insert(keys.map { $0[row] }).inserted {
            return true
        }
        return false
    }

    private static func text(_ value: Value) -> String {
        switch value {
        case .string(let string): "'\(string)'"
        case .null: "null"
        default: value.text ?? "null"
        }
    }
}
