import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec

/// The calls the commands make into the compiler's stages (parse, schema, plan, run, table output), in one
/// place, so each command reads as a recipe and a change in a stage's API touches one file.
enum Compiler {
    /// Data output formats of `chartc data`.
    enum TableFormat: String, CaseIterable {
        case csv
        case json
    }

    static func parse(_ file: SourceFile) -> (spec: ChartSpec?, diagnostics: [Diagnostic]) {
        let result = SpecParser.parse(file)
        return (result.spec, result.diagnostics)
    }

    /// The columns of the spec's data (nil for remote data, which is not read offline).
    static func schema(of spec: ChartSpec) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory)
    }

    /// The planned pipeline and what the planner found wrong.
    static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) -> (plan: Plan?, diagnostics: [Diagnostic]) {
        let (plan, diagnostics) = Planner.plan(spec, schema: schema)
        return (plan, diagnostics)
    }

    /// The plan for a spec against its data (read to learn its columns), or every error that prevents one.
    static func plan(_ spec: ChartSpec) throws(DiagnosticError) -> (plan: Plan, warnings: [Diagnostic]) {
        let (plan, warnings) = try Pipeline.plan(spec: spec)
        return (plan, warnings)
    }

    /// The table after the pipeline, with the warnings found on the way.
    static func run(_ spec: ChartSpec) throws(DiagnosticError) -> (table: Table, warnings: [Diagnostic]) {
        let output = try Pipeline.run(spec: spec)
        return (output.table, output.warnings)
    }

    static func text(of table: Table, format: TableFormat) -> String {
        switch format {
        case .csv: TableWriter.csv(table)
        case .json: TableWriter.json(table)
        }
    }
}
