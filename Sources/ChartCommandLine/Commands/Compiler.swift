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

    /// The columns of the spec's data when it is a local file (nil for remote or inline data).
    static func schema(of spec: ChartSpec) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory)
    }

    /// The planned pipeline's printable description, and what the planner found wrong.
    static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) -> (description: String?, diagnostics: [Diagnostic]) {
        (nil, [unavailable("the planner", spec.file.path)])
    }

    /// The table after the pipeline.
    static func run(_ spec: ChartSpec) throws(DiagnosticError) -> Table {
        throw DiagnosticError(unavailable("the pipeline", spec.file.path))
    }

    static func text(of table: Table, format: TableFormat) -> String {
        ""
    }

    private static func unavailable(_ stage: String, _ path: String) -> Diagnostic {
        Diagnostic(.error, "not-implemented", "\(stage) is not part of this build yet", path: path)
    }
}
