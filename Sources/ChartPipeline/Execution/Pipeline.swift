import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartSpec

/// What running a spec's data pipeline produces: the table marks are drawn from (and `chartc data` prints), the
/// plan that made it (`chartc plan`), and any warnings found on the way.
public struct PipelineOutput: Sendable {
    public var table: Table
    public var plan: Plan
    public var warnings: [Diagnostic]
    /// Which bytes the data was read from (url and SHA-256 per source), for the SVG's `<metadata>`.
    public var provenance: [DataProvenance]

    public init(table: Table, plan: Plan, warnings: [Diagnostic], provenance: [DataProvenance] = []) {
        self.table = table
        self.plan = plan
        self.warnings = warnings
        self.provenance = provenance
    }
}

/// The whole data stage for one parsed spec: load, plan against the data's schema, run.
public enum Pipeline {
    /// Plans a spec against its data's schema (for `chartc plan` and `lint`). Remote data's schema comes from its
    /// cached copy; when there is none the data is fetched (or, `--offline`, the loader reports it is not cached).
    public static func plan(spec: ChartSpec) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        try plan(spec: spec, context: .standard())
    }

    /// `plan(spec:)` with remote data reached under `context` (cache folder, `--offline`, timeouts).
    public static func plan(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        let schema: [(name: String, type: DataType)]
        if let known = try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory, context: context) {
            schema = known
        } else {
            schema = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context).table.columns.map { ($0.name, $0.type) }
        }
        return try plan(spec, schema: schema)
    }

    /// Runs the whole pipeline. The loader infers types from every row, so its schema costs a full read: the
    /// data is read once, planned against its columns, and narrowed to the projection before running.
    public static func run(spec: ChartSpec) throws(DiagnosticError) -> PipelineOutput {
        try run(spec: spec, context: .standard())
    }

    /// `run(spec:)` with remote data reached under `context` (cache folder, `--offline`, timeouts).
    public static func run(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> PipelineOutput {
        let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context)
        let table = loaded.table
        let (plan, warnings) = try plan(spec, schema: table.columns.map { ($0.name, $0.type) })
        let projected = Table(columns: plan.columns.compactMap { table.column(named: $0) }, rowCount: table.rowCount)
        let result = try PipelineRunner.run(plan, input: projected)
        return PipelineOutput(table: result, plan: plan, warnings: loaded.warnings + warnings, provenance: loaded.provenance)
    }

    private static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        let (plan, diagnostics) = Planner.plan(spec, schema: schema)
        guard let plan, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics) }
        return (plan, diagnostics)
    }
}
