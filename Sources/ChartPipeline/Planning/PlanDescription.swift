import ChartData
import ChartValues

/// `chartc plan`: one line per step, a keyword column and the step in the spec's own words, e.g.
///
///     load    examples/polarization/HSall_members.csv  (csv; 4 of 22 columns: congress, chamber, party_code, nominate_dim1)
///     filter  congress >= 80 && chamber != 'President'  (pushed before calculate: uses no calculated field)
///     calc    year = congress * 2 + 1787
///     group   year, party
///     agg     median = median(nominate_dim1)
///     total   party = 'Congress'
///     sort    year, party  (default: groupBy order)
///     window  by party  (each partition in output order: year, party)
///     win     change = change(median)
///     keep    change > 0
///     output  year, party, median
///     order   x: party by -median(median)  (over the output rows, once they are known)
///
/// Deterministic: the same spec and data schema always print the same text.
extension Plan: CustomStringConvertible {
    public var description: String {
        var lines: [String] = []
        func line(_ keyword: String, _ text: String, _ note: String? = nil) {
            let padded = keyword + String(repeating: " ", count: max(1, 8 - keyword.count))
            lines.append(padded + text + (note.map { "  (\($0))" } ?? ""))
        }
        for step in steps {
            describe(step, line)
            if case .load = step {
                for done in databaseSteps { describe(done, line, place: "in PostgreSQL") }
            }
        }
        line("output", outputFields.map(\.name).joined(separator: ", "))
        for order in orders {
            line("order", "\(order.target): \(order.field) by \(order.by)", "over the output rows, once they are known")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One step's lines; `place` says where a step the statement performs runs.
    private func describe(_ step: PlanStep, _ emit: (String, String, String?) -> Void, place: String? = nil) {
        func line(_ keyword: String, _ text: String, _ note: String? = nil) {
            let notes = [place, note].compactMap { $0 }
            emit(keyword, text, notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        switch step {
        case .load(let load):
            var details: [String] = []
            if let format = load.format { details.append(format) }
            if load.columns.count == load.totalColumns {
                details.append(load.totalColumns == 1 ? "1 column" : "all \(load.totalColumns) columns")
            } else {
                details.append(
                    "\(load.columns.count) of \(load.totalColumns) columns: " + (load.columns.isEmpty ? "none" : load.columns.joined(separator: ", "))
                )
            }
            line("load", load.source, details.joined(separator: "; "))
            for step in load.reshaping { line(step.keyword, step.text, step.note) }
            if let sql = load.sql {
                var note =
                    "runs in PostgreSQL; "
                    + (load.sqlNote
                        ?? (load.resultColumns != nil
                            ? "the steps marked 'in PostgreSQL' run there, chartc finishes the groups and runs the rest"
                            : "the steps below run in chartc"))
                if !load.sqlParameters.isEmpty {
                    note =
                        "parameters " + load.sqlParameters.enumerated().map { "$\($0.offset + 1) = \($0.element ?? "NULL")" }.joined(separator: ", ")
                        + "; " + note
                }
                line("sql", sql.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n        "), note)
            }
        case .filter(let filter):
            line("filter", Self.conjunction(filter.sources), filter.note)
        case .calculate(let calculate):
            if let bin = calculate.bin {
                let note =
                    bin.step.map { "intervals of \(Self.text(.number($0))), kept with the field" }
                    ?? "a round step for about 10 intervals over the extent of the rows here"
                line("bin", "\(calculate.name) = \(calculate.source)", note)
            } else {
                line("calc", "\(calculate.name) = \(calculate.source)")
            }
        case .aggregate(let aggregate) where aggregate.reduced != nil && place == nil:
            line(
                "finish", aggregate.groupBy.isEmpty ? "(one row)" : aggregate.groupBy.joined(separator: ", "),
                "in chartc: each group PostgreSQL reduced, with chartc's arithmetic for means and quantiles; agg expressions, total labels")
            if let domains = aggregate.complete {
                line(
                    "complete", domains.count == 1 ? aggregate.groupBy.joined() : aggregate.groupBy.joined(separator: " × "),
                    aggregate.reduced?.completedInDatabase == true
                        ? "in PostgreSQL: missing combinations get count and sum 0, other aggregates null"
                        : "in chartc: missing combinations get count and sum 0, other aggregates null")
            }
        case .aggregate(let aggregate):
            line("group", aggregate.groupBy.isEmpty ? "(all rows: one output row)" : aggregate.groupBy.joined(separator: ", "))
            for field in aggregate.fields {
                line("agg", "\(field.name) = \(field.source)")
            }
            for total in aggregate.totals {
                line("total", "\(total.field) = '\(total.label)'", "the same aggregation without \(total.field), rows added")
            }
            if let domains = aggregate.complete, place == nil {
                let parts = zip(aggregate.groupBy, domains).map { field, domain -> String in
                    switch domain {
                    case .observed where aggregate.binnedFields.contains(field):
                        return "\(field) (every interval from the first to the last)"
                    case .observed:
                        return "\(field) (values seen, or the full weekday/month cycle)"
                    case .explicit(let values, let channel):
                        let shown = values.map(Self.text).joined(separator: ", ")
                        return "\(field) (\(channel) scale domain: \(shown))"
                    }
                }
                line("complete", parts.joined(separator: " × "), "missing combinations get count and sum 0, other aggregates null")
            }
        case .sort(let sort):
            let keys = sort.keys.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: ", ")
            let note: String?
            if sort.isDefault {
                note = "default: groupBy order, weekdays and months in natural order"
            } else if !sort.tieBreakers.isEmpty {
                note = "ties by " + sort.tieBreakers.map(\.field).joined(separator: ", ")
            } else {
                note = nil
            }
            line("sort", keys, note)
        case .window(let window):
            let partitions = window.partitionBy.isEmpty ? "(the whole table)" : window.partitionBy.joined(separator: ", ")
            let order = window.order.isEmpty ? "data order" : window.order.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: ", ")
            line("window", "by \(partitions)", "each partition in output order: \(order)")
            for field in window.fields {
                line("win", "\(field.name) = \(field.source)")
            }
        case .keep(let keep):
            line("keep", Self.conjunction(keep.sources))
        case .statistics(let statistics):
            let (keyword, text, note) = Self.describe(statistics)
            line(keyword, text, note)
        }
    }

    /// Several filter expressions as the one they amount to: `a && b`.
    private static func conjunction(_ sources: [String]) -> String {
        sources.count == 1 ? sources[0] : sources.map(parenthesizedIfNeeded).joined(separator: " && ")
    }

    /// An expression joined with `&&` keeps its meaning only if it binds at least as tightly.
    private static func parenthesizedIfNeeded(_ source: String) -> String {
        let loose = source.contains("||") || source.contains("?")
        return loose ? "(" + source + ")" : source
    }

    private static func text(_ value: Value) -> String {
        switch value {
        case .string(let string): "'\(string)'"
        default: ColumnOperations.text(of: value) ?? "null"
        }
    }
}
