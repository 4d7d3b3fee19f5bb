import ChartData
import ChartDiagnostics
import ChartLayout
import ChartRender
import ChartSpec

/// The renderer `chartc build` uses unless told otherwise: the layout engine, then the SVG writer or the HTML
/// page writer.
public struct DefaultRenderer: ChartRenderer {
    public init() {}

    public func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String {
        switch format {
        case .svg:
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            return SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true))
        case .html:
            return try HTMLWriter.render(spec: spec, table: table, name: Paths.chartName(of: spec.file.path))
        }
    }
}
