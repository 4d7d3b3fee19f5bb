import ChartData
import ChartDiagnostics
import ChartExpression

/// Runs a `WindowStep` over a table already in output order: splits it into `windowBy` partitions, then, field
/// by field in key order (so a field may read an earlier one), evaluates each window call's argument over every
/// row, computes the call per partition (`WindowKernels`) and evaluates the field's outer expression with the
/// call results as columns.
public enum Windowing {
    public static func run(_ step: WindowStep, on input: Table) throws(DiagnosticError) -> Table {
        var table = input
        var keys: [Column] = []
        for field in step.partitionBy {
            guard let column = table.column(named: field) else {
                throw DiagnosticError(Diagnostic(ExpressionDiagnostic.missingAtExecution(field, role: "windowBy field", from: "output"), at: nil))
            }
            keys.append(column)
        }
        let partitions = WindowPartitions.build(keys: keys, rowCount: table.rowCount)
        for field in step.fields {
            var callColumns: [Column] = []
            for (index, call) in field.window.calls.enumerated() {
                let name = CompiledWindow.callColumnName(index)
                let argument = try call.argument.map { argument throws(DiagnosticError) in
                    // A plain field is read as it is (`cumsum(x)`): no copy of a million values.
                    if let field = argument.fieldName, let column = table.column(named: field), column.count == table.rowCount {
                        return column
                    }
                    return PipelineRunner.fitted(try argument.evaluate(on: table, rows: nil, name: name), rows: table.rowCount, name: name)
                }
                callColumns.append(WindowKernels.compute(call, argument: argument, partitions: partitions, rowCount: table.rowCount, name: name))
            }
            let column: Column
            if let single = field.window.singleCall {
                column = callColumns[single].renamed(field.name)
            } else {
                var scratch = table
                for callColumn in callColumns { scratch.setColumn(callColumn) }
                column = try field.window.outer.evaluate(on: scratch, rows: nil, name: field.name)
            }
            table.setColumn(PipelineRunner.fitted(column, rows: table.rowCount, name: field.name))
        }
        return table
    }
}
