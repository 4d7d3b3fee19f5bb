import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// A batch's data (SPEC §23): read once (`load`), its values found once (`values`), then each chart's pipeline
/// run over the shared table (`run`), so a thousand charts read and parse the file once.
public enum BatchData {
    /// The spec's data read whole (reshaped, as every chart of the batch reads it).
    public static func load(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> LoadedData {
        try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context)
    }

    /// The values of the batch: a list's as written; a field's in the order the rows first give them (after
    /// `calculate`, before `filter`; missing values give no chart). An unknown field, a field with no values or
    /// more than `BatchSpec.limit` are errors at `each`.
    public static func values(of spec: ChartSpec, loaded: LoadedData) throws(DiagnosticError) -> [Value] {
        guard let each = spec.each else { return [] }
        switch each.source {
        case .values(let list):
            return list.map(\.value)
        case .field(let field):
            let column = try self.column(field, of: spec, loaded: loaded)
            var seen: Set<Value> = []
            var values: [Value] = []
            for row in 0..<column.count where !column.isNull(row) {
                let value = column[row]
                if seen.insert(value).inserted { values.append(value) }
            }
            if values.isEmpty { throw DiagnosticError(Diagnostic(BatchDiagnostic.noValues(field: field.value), at: field.span)) }
            if values.count > BatchSpec.limit {
                throw DiagnosticError(
                    Diagnostic(BatchDiagnostic.tooManyValues(field: field.value, count: values.count, limit: BatchSpec.limit), at: field.span))
            }
            return values
        }
    }

    /// The field's column: the data's, or computed by the spec's `calculate` steps up to it.
    static func column(_ field: Located<String>, of spec: ChartSpec, loaded: LoadedData) throws(DiagnosticError) -> Column {
        if let column = loaded.table.column(named: field.value) { return column }
        let calculated = spec.calculate.map(\.name.value)
        guard calculated.contains(field.value) else {
            let names = loaded.table.columns.map(\.name) + calculated
            throw DiagnosticError(
                Diagnostic(
                    BatchDiagnostic.unknownField(field: field.value, suggestion: Suggestions.closest(to: field.value, in: names)), at: field.span))
        }
        // The calculations as the first chart plans them (placeholders filled in with a missing value).
        guard let probe = spec.batchInstance(for: .null).spec else {
            throw DiagnosticError(Diagnostic(BatchDiagnostic.unknownField(field: field.value, suggestion: nil), at: field.span))
        }
        let (plan, diagnostics) = Planner.plan(probe, schema: loaded.table.columns.map { ($0.name, $0.type) })
        guard let plan, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics.filter { $0.severity == .error }) }
        var steps: [PlanStep] = []
        for step in plan.steps {
            switch step {
            case .load, .calculate: steps.append(step)
            default: continue
            }
        }
        var calculating = plan
        calculating.steps = steps
        let table = try PipelineRunner.run(calculating, input: loaded.table)
        guard let column = table.column(named: field.value) else {
            throw DiagnosticError(Diagnostic(BatchDiagnostic.unknownField(field: field.value, suggestion: nil), at: field.span))
        }
        return column
    }

    /// One chart's pipeline over the batch's shared data: planned against its columns, run over a copy of them
    /// (the columns' storage is shared, not copied, until a step writes).
    public static func run(_ spec: ChartSpec, loaded: LoadedData) throws(DiagnosticError) -> PipelineOutput {
        let (plan, warnings) = Planner.plan(spec, schema: loaded.table.columns.map { ($0.name, $0.type) })
        guard let plan, !warnings.hasErrors else { throw DiagnosticError(warnings) }
        return try Pipeline.execute(plan, warnings: warnings, loaded: loaded)
    }
}
