import ChartData
import ChartDiagnostics
import ChartExpression

/// Executes a `Plan` over a loaded table (SPEC §2 pipeline, §5 aggregates, §9 output order).
///
/// Filters produce selection vectors that compose without copying; the table is materialized (the selected
/// rows gathered) only when a calculation or the aggregation needs whole columns. Calculations append columns
/// (or replace the data column they shadow). The output columns are `groupBy` then `aggregate` fields, or — with
/// no aggregate — the data fields in file order then the calculated fields; string dictionaries are compacted
/// and non-finite numbers become null.
public enum PipelineRunner {
    public static func run(_ plan: Plan, input: Table) throws(DiagnosticError) -> Table {
        var state = RunState(table: input)
        for step in plan.steps {
            switch step {
            case .load:
                break
            case .filter(let filter):
                for expression in filter.expressions {
                    state.selection = try expression.selectRows(of: state.table, rows: state.selection)
                }
            case .calculate(let calculate):
                state.materialize()
                let column = try calculate.expression.evaluate(on: state.table, rows: nil, name: calculate.name)
                state.table.setColumn(Self.fitted(column, rows: state.table.rowCount, name: calculate.name))
            case .aggregate(let aggregate):
                state.materialize()
                state.table = try Aggregation.run(aggregate, on: state.table)
            case .sort(let sort):
                state.materialize()
                state.table = RowSorter.sorted(state.table.compacted(), by: sort.allKeys)
            }
        }
        state.materialize()
        return state.table.compacted()
    }

    /// A calculated column that is exactly `rows` long and named `name` (a defensive check on the evaluator).
    static func fitted(_ column: Column, rows: Int, name: String) -> Column {
        var column = column.name == name ? column : column.renamed(name)
        if column.count != rows {
            let padded = (0..<rows).map { $0 < column.count ? column[$0] : .null }
            let order = column.naturalOrder
            column = Column(name: name, type: column.type, values: padded)
            column.naturalOrder = order
        }
        return column
    }
}

/// The table being transformed and the rows of it still selected (nil: all).
private struct RunState {
    var table: Table
    var selection: [Int]?

    mutating func materialize() {
        guard let rows = selection else { return }
        table = table.gathering(rows)
        selection = nil
    }
}

extension Table {
    /// Every column compacted (see `ColumnOperations.compacted`).
    func compacted() -> Table {
        Table(columns: columns.map(ColumnOperations.compacted), rowCount: rowCount)
    }
}
