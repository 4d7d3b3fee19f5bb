import ChartData
import ChartDiagnostics
import ChartSpec

/// The renderer `chartc build` uses unless told otherwise: the layout engine and the SVG/HTML writers.
public struct DefaultRenderer: ChartRenderer {
    public init() {}

    public func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String {
        // Connected to ChartLayoutEngine.layout(spec:table:) and SVGWriter/HTMLWriter when they land.
        throw DiagnosticError(Diagnostic(
            .error, "not-implemented", "chartc cannot draw charts yet: the layout engine is not part of this build",
            path: spec.file.path
        ))
    }
}
