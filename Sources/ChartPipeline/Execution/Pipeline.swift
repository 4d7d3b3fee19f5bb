import ChartData
import ChartDiagnostics
import ChartSpec

/// What running a spec's data pipeline produces: the table marks are drawn from (and `chartc data` prints), the
/// plan that made it (`chartc plan`), and any warnings found on the way.
public struct PipelineOutput: Sendable {
    public var table: Table
    public var plan: Plan
    public var warnings: [Diagnostic]

    public init(table: Table, plan: Plan, warnings: [Diagnostic]) {
        self.table = table
        self.plan = plan
        self.warnings = warnings
    }
}

/// The whole data stage for one parsed spec: load, plan against the data's schema, run.
public enum Pipeline {
    /// Plans a spec against its data's schema (for `chartc plan` and `lint`). Remote data has no schema offline,
    /// so its plan cannot be made: that is reported by the loader.
    public static func plan(spec: ChartSpec) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        let schema: [(name: String, type: DataType)]
        if let known = try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory) {
            schema = known
        } else {
            schema = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil).columns.map { ($0.name, $0.type) }
        }
        return try plan(spec, schema: schema)
    }

    /// Runs the whole pipeline. The loader infers types from every row, so its schema costs a full read: the
    /// data is read once, planned against its columns, and narrowed to the projection before running.
    public static func run(spec: ChartSpec) throws(DiagnosticError) -> PipelineOutput {
        let table = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil)
        let (plan, warnings) = try plan(spec, schema: table.columns.map { ($0.name, $0.type) })
        let projected = Table(columns: plan.columns.compactMap { table.column(named: $0) }, rowCount: table.rowCount)
        let result = try PipelineRunner.run(plan, input: projected)
        return PipelineOutput(table: result, plan: plan, warnings: warnings)
    }

    private static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        let (plan, diagnostics) = Planner.plan(spec, schema: schema)
        guard let plan, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics) }
        return (plan, diagnostics)
    }
}
