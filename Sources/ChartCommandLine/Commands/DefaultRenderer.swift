#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import ChartLayout
import ChartNetwork
import ChartRender
import ChartSemantics
import ChartSpec
import ChartSystem

/// The renderer `chartc build` uses unless told otherwise: the layout engine, then the SVG writer, the HTML
/// page writer or the PDF writer.
public struct DefaultRenderer: ChartRenderer {
    public init() {}

    public func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String {
        try render(spec: spec, table: table, sources: [], format: format)
    }

    public func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat) throws(DiagnosticError) -> String {
        try render(spec: spec, table: table, sources: sources, format: format, theme: .standard)
    }

    public func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError)
        -> String
    {
        // The theme's default size applies where the spec gives none.
        let chart = try ChartLayoutEngine.check(theme.sized(spec), table: table)
        switch format {
        case .svg:
            var scene = try ChartLayoutEngine.layout(chart: chart, table: table, theme: theme)
            scene.dataSources = sources.map { SceneDataSource(url: $0.url, sha256: $0.sha256, query: $0.query) }
            return SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true))
        case .html:
            return try HTMLWriter.render(chart: chart, table: table, name: Paths.chartName(of: spec.file.path), theme: theme)
        case .pdf:
            // PDF is binary: `renderBytes` writes it. As text it would not survive a round trip through UTF-8.
            return String(decoding: try renderBytes(spec: spec, table: table, sources: sources, format: .pdf, theme: theme), as: UTF8.self)
        }
    }

    public func renderBytes(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError)
        -> [UInt8]
    {
        guard format == .pdf else { return Array(try render(spec: spec, table: table, sources: sources, format: format, theme: theme).utf8) }
        let chart = try ChartLayoutEngine.check(theme.sized(spec), table: table)
        return try Self.pdf(try ChartLayoutEngine.layout(chart: chart, table: table, theme: theme), spec: spec)
    }

    /// The PDF of a scene laid out for `spec`.
    static func pdf(_ scene: Scene, spec: ChartSpec) throws(DiagnosticError) -> [UInt8] {
        do {
            return try PDFWriter.write(scene, options: PDFWriter.Options(creationDate: Self.sourceDateEpoch()))
        } catch {
            // A face that is not installed has no file of its own to point at: name the spec whose PDF needs it.
            throw DiagnosticError(
                error.diagnostics.map { diagnostic in
                    var located = diagnostic
                    if located.path == nil && located.span == nil { located.path = spec.file.path }
                    return located
                })
        }
    }

    public func renderBytes(spec: ChartSpec, table: Table, layers: [Table], sources: [DataProvenance], format: OutputFormat, theme: ChartTheme)
        throws(DiagnosticError) -> [UInt8]
    {
        guard spec.isLayered else { return try renderBytes(spec: spec, table: table, sources: sources, format: format, theme: theme) }
        let chart = try ChartLayoutEngine.check(theme.sized(spec), table: table, layers: layers)
        switch format {
        case .svg:
            var scene = try ChartLayoutEngine.layout(chart: chart, table: table, theme: theme)
            scene.dataSources = sources.map { SceneDataSource(url: $0.url, sha256: $0.sha256, query: $0.query) }
            return Array(SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true)).utf8)
        case .html:
            return Array(try HTMLWriter.render(chart: chart, table: table, name: Paths.chartName(of: spec.file.path), theme: theme).utf8)
        case .pdf:
            return try Self.pdf(try ChartLayoutEngine.layout(chart: chart, table: table, theme: theme), spec: spec)
        }
    }

    /// `SOURCE_DATE_EPOCH` (reproducible builds): the only date a PDF carries, and only when it is set.
    static func sourceDateEpoch() -> Int64? {
        guard let value = getenv("SOURCE_DATE_EPOCH") else { return nil }
        return Int64(String(cString: value))
    }
}
