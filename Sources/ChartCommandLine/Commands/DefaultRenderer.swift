import ChartData
import ChartDiagnostics
import ChartLayout
import ChartRender
import ChartSpec

/// The renderer `chartc build` uses unless told otherwise: the layout engine, then the SVG writer (HTML output
/// arrives with the HTML writer).
public struct DefaultRenderer: ChartRenderer {
    public init() {}

    public func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String {
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        switch format {
        case .svg:
            return SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true))
        case .html:
            throw DiagnosticError(Diagnostic(
                .error, "not-implemented", "HTML output is not part of this build yet; build with --format svg",
                path: spec.file.path
            ))
        }
    }
}
