import ChartData
import ChartFormat
import ChartDiagnostics
import ChartExpression

/// Executes a `Plan` over a loaded table (SPEC §2 pipeline, §5 aggregates, §9 output order).
///
/// Filters produce selection vectors that compose without copying; the table is materialized (the selected
/// rows gathered) only when a calculation or the aggregation needs whole columns. Calculations append columns
/// (or replace the data column they shadow). The output columns are `groupBy` then `aggregate` fields, or — with
/// no aggregate — the data fields in file order then the calculated fields; string dictionaries are compacted
/// and non-finite numbers become null.
///
/// Memory: the input is taken over (`consuming`), and when an aggregate decides the output, materializing
/// gathers only the columns a later step still reads (a column only a filter needed is dropped there), so the
/// loaded columns are freed as the pipeline goes rather than kept beside their filtered copies.
public enum PipelineRunner {
    public static func run(_ plan: Plan, input: consuming Table) throws(DiagnosticError) -> Table {
        var state = RunState(table: input)
        let live = liveColumns(plan.steps)
        for (index, step) in plan.steps.enumerated() {
            switch step {
            case .load:
                break
            case .filter(let filter):
                for expression in filter.expressions {
                    state.selection = try expression.selectRows(of: state.table, rows: state.selection)
                }
            case .calculate(let calculate):
                state.materialize(keeping: live[index])
                if let bin = calculate.bin {
                    state.table.setColumn(try Self.binned(bin, table: state.table, name: calculate.name))
                    continue
                }
                let column = try calculate.expression.evaluate(on: state.table, rows: nil, name: calculate.name)
                state.table.setColumn(Self.fitted(column, rows: state.table.rowCount, name: calculate.name))
            case .aggregate(let aggregate):
                state.materialize(keeping: live[index])
                state.table = try Aggregation.run(aggregate, on: state.table)
            case .sort(let sort):
                state.materialize()
                state.table = RowSorter.sorted(state.table.compacted(), by: sort.allKeys)
            case .window(let window):
                state.materialize(keeping: live[index])
                state.table = try Windowing.run(window, on: state.table)
            case .keep(let keep):
                for expression in keep.expressions {
                    state.selection = try expression.selectRows(of: state.table, rows: state.selection)
                }
            case .statistics(let statistics):
                state.materialize(keeping: live[index])
                state.table = Statistics.run(statistics, on: state.table)
            }
        }
        state.materialize()
        return state.table.compacted()
    }

    /// For each step, the columns it and the steps after it read, when an aggregate at or after it decides the
    /// output; nil where every column may reach the output (no aggregate ahead).
    static func liveColumns(_ steps: [PlanStep]) -> [Set<String>?] {
        var live = [Set<String>?](repeating: nil, count: steps.count)
        var reads: Set<String>?
        for index in steps.indices.reversed() {
            switch steps[index] {
            case .load:
                break
            case .filter(let filter):
                reads?.formUnion(filter.expressions.flatMap(\.fieldsUsed))
            case .calculate(let calculate):
                reads?.remove(calculate.name)
                reads?.formUnion(calculate.expression.fieldsUsed)
            case .aggregate(let aggregate) where aggregate.reduced != nil:
                reads = nil // the database's result columns, each read by name
            case .aggregate(let aggregate):
                var used = Set(aggregate.groupBy)
                for field in aggregate.fields {
                    // The outer expression reads group fields and the calls' own result columns (`$agg0`…).
                    used.formUnion(field.aggregate.outer.fieldsUsed.filter { !$0.hasPrefix("$") })
                    for call in field.aggregate.calls { used.formUnion(call.argument?.fieldsUsed ?? []) }
                }
                reads = used
            case .sort(let sort):
                reads?.formUnion(sort.allKeys.map(\.field))
            case .window(let window):
                for field in window.fields.reversed() {
                    reads?.remove(field.name)
                    reads?.formUnion(field.window.fieldsUsed)
                }
                reads?.formUnion(window.partitionBy)
            case .keep(let keep):
                reads?.formUnion(keep.expressions.flatMap(\.fieldsUsed))
            case .statistics(let statistics):
                reads = Set(statistics.fieldsRead)
            }
            live[index] = reads
        }
        return live
    }

    /// A `bin` field (SPEC §13): each value the start of its interval, the column remembering the step. `bin(x)`
    /// chooses a round step from the extent of x over the rows that reach this step (those left by `filter`).
    static func binned(_ bin: BinCall, table: Table, name: String) throws(DiagnosticError) -> Column {
        let input = fitted(try bin.argument.evaluate(on: table, rows: nil, name: name), rows: table.rowCount, name: name)
        guard case .number(let values) = input.storage else { return input }
        let step: Double
        if let given = bin.step {
            step = given
        } else {
            var lower = Double.infinity, upper = -Double.infinity
            for row in 0..<values.count where input.valid[row] && values[row].isFinite {
                lower = min(lower, values[row])
                upper = max(upper, values[row])
            }
            step = lower <= upper ? Binning.automaticStep(lower: lower, upper: upper) : 1
        }
        var valid = input.valid
        var starts = values
        let bins = DecimalBinStep(step)
        for row in 0..<values.count {
            let start = bins.start(values[row])
            if valid[row] && start.isFinite { starts[row] = start } else { valid[row] = false; starts[row] = 0 }
        }
        return Column(name: name, storage: .number(starts), valid: valid, binStep: step)
    }

    /// A calculated column that is exactly `rows` long and named `name` (a defensive check on the evaluator).
    static func fitted(_ column: Column, rows: Int, name: String) -> Column {
        var column = column.name == name ? column : column.renamed(name)
        if column.count != rows {
            let padded = (0..<rows).map { $0 < column.count ? column[$0] : .null }
            let (order, step) = (column.naturalOrder, column.binStep)
            column = Column(name: name, type: column.type, values: padded)
            column.naturalOrder = order
            column.binStep = step
        }
        return column
    }
}

/// The table being transformed and the rows of it still selected (nil: all).
private struct RunState {
    var table: Table
    var selection: [Int]?

    mutating func materialize(keeping live: Set<String>? = nil) {
        if let live, table.columns.contains(where: { !live.contains($0.name) }) {
            table = Table(columns: table.columns.filter { live.contains($0.name) }, rowCount: table.rowCount)
        }
        guard let rows = selection else { return }
        // Column by column, each original freed as its copy is made (when nothing else holds it).
        var columns = table.columns
        table = Table(columns: [], rowCount: 0)
        for index in columns.indices {
            columns[index] = columns[index].gathering(rows)
        }
        table = Table(columns: columns, rowCount: rows.count)
        selection = nil
    }
}

extension Table {
    /// Every column compacted (see `ColumnOperations.compacted`).
    func compacted() -> Table {
        Table(columns: columns.map(ColumnOperations.compacted), rowCount: rowCount)
    }
}
