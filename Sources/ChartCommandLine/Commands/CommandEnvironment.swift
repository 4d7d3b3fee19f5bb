import ChartData
import ChartDiagnostics
import ChartSpec

/// The output formats `chartc build` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case svg
    case html

    /// File extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// The back end of `chartc build`: lays a chart out and writes it in one format. Kept behind a protocol so the
/// command's file handling, parallelism and reporting do not depend on how a chart is drawn, and tests can
/// build with a stand-in.
public protocol ChartRenderer: Sendable {
    /// The whole output file for `spec` drawn from `table` (the pipeline's result).
    func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String
}

/// What the commands take from outside the command line: the renderer `build` uses.
public struct CommandEnvironment: Sendable {
    public var renderer: any ChartRenderer

    public init(renderer: any ChartRenderer = DefaultRenderer()) {
        self.renderer = renderer
    }
}
