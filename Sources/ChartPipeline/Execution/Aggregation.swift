import ChartData
import ChartFormat
import ChartDiagnostics
import ChartExpression
import ChartValues

/// Runs an `AggregateStep`: evaluates every aggregate call's argument once over the input rows, groups and
/// reduces (`GroupAggregator`), then evaluates each field's outer expression over one row per group. `total`
/// runs the same aggregation again with one `groupBy` field collapsed and appends those rows with the field
/// set to the label; `complete` fills missing key combinations in each of these aggregations.
enum Aggregation {
    static func run(_ step: AggregateStep, on table: Table) throws(DiagnosticError) -> Table {
        if let reduced = step.reduced { return try runReduced(step, reduced, on: table) }
        // The reductions of every field, flattened, with the argument columns evaluated once.
        var inputs: [ReductionInput] = []
        var callRanges: [Range<Int>] = []
        for field in step.fields {
            let start = inputs.count
            for (index, call) in field.aggregate.calls.enumerated() {
                let name = CompiledAggregate.callColumnName(index)
                let values = try call.argument.map { argument throws(DiagnosticError) in
                    PipelineRunner.fitted(try argument.evaluate(on: table, rows: nil, name: name), rows: table.rowCount, name: name)
                }
                inputs.append(ReductionInput(Self.reduction(call), values: values, name: name))
            }
            callRanges.append(start..<inputs.count)
        }
        var keyColumns: [Column] = []
        for field in step.groupBy {
            guard let column = table.column(named: field) else {
                throw DiagnosticError(Diagnostic(ExpressionDiagnostic.missingAtExecution(field, role: "field", from: "data"), at: nil))
            }
            keyColumns.append(column)
        }

        let domains = try completeDomains(step, keys: keyColumns)
        var parts: [[Column]] = [] // per part, groupBy columns then field columns
        parts.append(
            try aggregatePart(
                step, keys: keyColumns, collapsed: nil, inputs: inputs, callRanges: callRanges, rowCount: table.rowCount, domains: domains))
        for total in step.totals {
            guard let index = step.groupBy.firstIndex(of: total.field) else { continue }
            parts.append(
                try aggregatePart(
                    step, keys: keyColumns, collapsed: (index, total.label), inputs: inputs, callRanges: callRanges, rowCount: table.rowCount,
                    domains: domains))
        }

        return join(step, parts)
    }

    /// Joins the parts column by column; a field some total collapsed becomes a string column.
    private static func join(_ step: AggregateStep, _ parts: [[Column]]) -> Table {
        let names = step.groupBy + step.fields.map(\.name)
        var columns: [Column] = []
        for (index, name) in names.enumerated() {
            let pieces = parts.map { $0[index] }
            let isCollapsed = index < step.groupBy.count && step.totals.contains { $0.field == name }
            if isCollapsed {
                columns.append(ColumnOperations.concatenate(pieces.map(ColumnOperations.asStrings), name: name, type: .string))
            } else {
                let type = pieces.first { column in column.valid.contains(true) }?.type ?? pieces[0].type
                columns.append(ColumnOperations.concatenate(pieces, name: name, type: type))
            }
        }
        return Table(columns: columns, rowCount: columns.first?.count ?? 0)
    }

    /// The aggregation over rows a database already grouped and reduced (`ReducedAggregate`): each call's value
    /// is finished per input row, then every part runs through the same grouping as above, where each group is
    /// one row (a count or sum is summed, anything else taken as it is), so `complete`, the outer expressions and
    /// the total labels are exactly chartc's.
    static func runReduced(_ step: AggregateStep, _ reduced: ReducedAggregate, on table: Table) throws(DiagnosticError) -> Table {
        var finished: [ReductionInput] = []
        for (index, call) in reduced.calls.enumerated() {
            let name = "\u{0}finished\(index)"
            switch call {
            case .value(let column, let zeroWhenEmpty):
                guard let values = table.column(named: column) else { throw missing(column) }
                finished.append(ReductionInput(zeroWhenEmpty ? .sum : .first, values: values.renamed(name), name: name))
            case .mean(let sumName, let countName):
                guard let sums = table.column(named: sumName), let counts = table.column(named: countName) else { throw missing(sumName) }
                let values = (0..<table.rowCount).map { row -> Value in
                    guard case .number(let sum) = sums[row], case .number(let count) = counts[row], count > 0 else { return .null }
                    let mean = sum / count
                    return mean.isFinite ? .number(mean) : .null
                }
                finished.append(ReductionInput(.first, values: Column(name: name, type: .number, values: values), name: name))
            case .quantile(let lowName, let highName, let countName, let p):
                guard let lows = table.column(named: lowName), let highs = table.column(named: highName), let counts = table.column(named: countName)
                else {
                    throw missing(lowName)
                }
                let values = (0..<table.rowCount).map { row -> Value in
                    guard case .number(let lower) = lows[row], case .number(let upper) = highs[row], case .number(let count) = counts[row], count > 0
                    else { return .null }
                    // Reducer.interpolate's arithmetic, on the two closest ranks the database picked.
                    let position = (count - 1) * p
                    let lowerIndex = position.rounded(.down)
                    if lowerIndex == position.rounded(.up) || lower == upper { return .number(lower) }
                    let fraction = position - lowerIndex
                    let value = lower * (1 - fraction) + upper * fraction
                    return value.isFinite ? .number(value) : .null
                }
                finished.append(ReductionInput(.first, values: Column(name: name, type: .number, values: values), name: name))
            }
        }
        var callRanges: [Range<Int>] = []
        var start = 0
        for field in step.fields {
            callRanges.append(start..<(start + field.aggregate.calls.count))
            start += field.aggregate.calls.count
        }
        guard start == finished.count else { throw missing("aggregate calls") }

        // The rows of each part.
        var partRows = [[Int]](repeating: [], count: step.totals.count + 1)
        if let partColumn = reduced.partColumn {
            guard let masks = table.column(named: partColumn) else { throw missing(partColumn) }
            for row in 0..<table.rowCount {
                guard case .number(let mask) = masks[row], let part = reduced.partOfMask[Int(mask)], part < partRows.count else { continue }
                partRows[part].append(row)
            }
        } else {
            partRows[0] = Array(0..<table.rowCount)
        }
        var keyColumns: [Column] = []
        for field in step.groupBy {
            guard var column = table.column(named: field) else { throw missing(field) }
            if let order = reduced.keyOrders[field] { column.naturalOrder = order }
            if let step = reduced.keySteps[field] { column.binStep = step }
            keyColumns.append(column)
        }
        let fullKeys = keyColumns.map { $0.gathering(partRows[0]) }
        let domains = reduced.completedInDatabase ? nil : try completeDomains(step, keys: fullKeys)
        var parts: [[Column]] = []
        for part in partRows.indices {
            let rows = partRows[part]
            let keys = part == 0 ? fullKeys : keyColumns.map { $0.gathering(rows) }
            let inputs = finished.map { input in
                ReductionInput(input.reduction, values: input.values?.gathering(rows), name: input.name)
            }
            var collapsed: (index: Int, label: String)?
            if part > 0 {
                let total = step.totals[part - 1]
                guard let index = step.groupBy.firstIndex(of: total.field) else { continue }
                collapsed = (index, total.label)
            }
            parts.append(
                try aggregatePart(
                    step, keys: keys, collapsed: collapsed, inputs: inputs, callRanges: callRanges, rowCount: rows.count, domains: domains))
        }
        let table = join(step, parts)
        guard let keys = reduced.sortedBy else { return table }
        // The groups arrived in output order, one row each: put every part's rows back where they came.
        let sources = partRows.flatMap { $0 }
        guard parts.count == partRows.count, zip(parts, partRows).allSatisfy({ $0.0.first?.count == $0.1.count }), sources.count == table.rowCount
        else {
            return RowSorter.sorted(table.compacted(), by: keys)
        }
        let order = sources.indices.sorted { sources[$0] < sources[$1] }
        return order.elementsEqual(0..<table.rowCount) ? table : table.gathering(order)
    }

    private static func missing(_ name: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(ExpressionDiagnostic.missingAtExecution(name, role: "column", from: "database's result"), at: nil))
    }

    /// One aggregation: by every key, or (`collapsed`) by every key but one, whose column is then the label.
    private static func aggregatePart(
        _ step: AggregateStep, keys: [Column], collapsed: (index: Int, label: String)?, inputs: [ReductionInput],
        callRanges: [Range<Int>], rowCount: Int, domains: [[Value]]?
    ) throws(DiagnosticError) -> [Column] {
        var partKeys = keys
        var partDomains = domains
        if let collapsed {
            partKeys.remove(at: collapsed.index)
            partDomains?.remove(at: collapsed.index)
        }
        let grouped = GroupAggregator.aggregate(keys: partKeys, inputs: inputs, rowCount: rowCount, completeDomains: partDomains)
        let groupCount = grouped.keys.first?.count ?? grouped.reductions.first?.count ?? (partKeys.isEmpty ? 1 : 0)

        // The key columns of this part, in groupBy order; the collapsed one is null while the outer expressions
        // run (it has no single value) and the label afterwards.
        var groupColumns = grouped.keys
        var outputKeys = grouped.keys
        if let collapsed {
            let original = keys[collapsed.index]
            groupColumns.insert(ColumnOperations.constant(.null, count: groupCount, name: original.name, type: original.type), at: collapsed.index)
            outputKeys.insert(
                ColumnOperations.constant(.string(collapsed.label), count: groupCount, name: original.name, type: .string), at: collapsed.index)
        }

        var result = outputKeys
        for (fieldIndex, field) in step.fields.enumerated() {
            // A plain `median(x)` is its call's column; only combinations need the outer expression.
            if let single = field.aggregate.singleCall, single < callRanges[fieldIndex].count {
                let reduced = grouped.reductions[callRanges[fieldIndex].lowerBound + single]
                result.append(reduced.renamed(field.name))
                continue
            }
            var columns = groupColumns
            for (offset, inputIndex) in callRanges[fieldIndex].enumerated() {
                columns.append(grouped.reductions[inputIndex].renamed(CompiledAggregate.callColumnName(offset)))
            }
            let groupTable = Table(columns: columns, rowCount: groupCount)
            let value = try field.aggregate.outer.evaluate(on: groupTable, rows: nil, name: field.name)
            result.append(PipelineRunner.fitted(value, rows: groupCount, name: field.name))
        }
        return result
    }

    /// The values `complete` crosses, per groupBy field; nil when `complete` is off.
    private static func completeDomains(_ step: AggregateStep, keys: [Column]) throws(DiagnosticError) -> [[Value]]? {
        guard let complete = step.complete, complete.count == keys.count else { return nil }
        var domains: [[Value]] = []
        for (index, domain) in complete.enumerated() {
            let column = keys[index]
            switch domain {
            case .explicit(let values, _):
                domains.append(values.map { converted($0, to: column.type) })
            case .observed where column.binStep != nil:
                domains.append(Self.binDomain(column))
            case .observed:
                var values: [Value] = column.naturalOrder?.map(Value.string) ?? []
                var seen = Set(values)
                let (ids, _) = ColumnKeys.denseIDs(column)
                var seenIDs = Set<Int>()
                for row in 0..<column.count where column.valid[row] && seenIDs.insert(ids[row]).inserted {
                    let value = column[row]
                    if seen.insert(value).inserted { values.append(value) }
                }
                domains.append(values)
            }
        }
        if GroupAggregator.combinationCount(domains) > Planner.completeRowLimit {
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.completeTooLarge(limit: Planner.completeRowLimit, groupBy: step.groupBy), at: step.completeSpan))
        }
        return domains
    }

    /// Every interval start of a `bin` field from its first to its last (SPEC §13: `complete` fills the empty
    /// intervals between), each computed as the bin function computes starts so equal starts are equal doubles.
    private static func binDomain(_ column: Column) -> [Value] {
        guard let step = column.binStep, step > 0, case .number(let starts) = column.storage else { return [] }
        var lower = Double.infinity, upper = -Double.infinity
        for row in starts.indices where column.valid[row] && starts[row].isFinite {
            lower = min(lower, starts[row])
            upper = max(upper, starts[row])
        }
        guard lower <= upper else { return [] }
        let first = (lower / step).rounded(), last = (upper / step).rounded()
        guard last - first < Double(Planner.completeRowLimit) else { return [] }
        var values: [Value] = []
        let bins = DecimalBinStep(step)
        var index = first
        while index <= last {
            values.append(.number(Int64(exactly: index).map(bins.edge) ?? index * step))
            index += 1
        }
        // The data's own starts, exactly as computed, replace the generated ones they round to.
        var seen = Set<Double>()
        for row in starts.indices where column.valid[row] { seen.insert(starts[row]) }
        return values.map { value in
            guard case .number(let generated) = value, !seen.contains(generated) else { return value }
            if let match = seen.first(where: { abs($0 - generated) <= abs(step) * 1e-9 }) { return .number(match) }
            return value
        }
    }

    /// A scale-domain value as a value of the key column's type where that is unambiguous (a year written as a
    /// number for a string field, a date string for a date field).
    private static func converted(_ value: Value, to type: DataType) -> Value {
        switch (value, type) {
        case (.number, .string), (.date, .string), (.boolean, .string):
            return ColumnOperations.text(of: value).map(Value.string) ?? .null
        default:
            return value
        }
    }

    /// The engine's reduction for a compiled call.
    static func reduction(_ call: AggregateCall) -> Reduction {
        Reduction(call.function, hasArgument: call.argument != nil, parameter: call.parameter)
    }
}
