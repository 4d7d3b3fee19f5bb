import ChartData
import ChartLayout
import ChartDiagnostics
import ChartNetwork
import ChartSpec

/// The output formats `chartc build` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case svg
    case html
    /// PDF 1.7 with the faces embedded (SPEC §18).
    case pdf

    /// File extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// The back end of `chartc build`: lays a chart out and writes it in one format. Kept behind a protocol so the
/// command's file handling, parallelism and reporting do not depend on how a chart is drawn, and tests can
/// build with a stand-in.
public protocol ChartRenderer: Sendable {
    /// The whole output file for `spec` drawn from `table` (the pipeline's result).
    func render(spec: ChartSpec, table: Table, format: OutputFormat) throws(DiagnosticError) -> String
    /// The same, recording which bytes the data came from (`sources`: url and SHA-256 of each) in the output.
    /// Renderers that do not record provenance can leave this to the default, which ignores `sources`.
    func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat) throws(DiagnosticError) -> String
    /// The same in a house style (SPEC §15). Renderers without themes can leave this to the default, which
    /// ignores `theme`.
    func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError) -> String
    /// The output file's bytes: what `build` writes. Text formats are their text's UTF-8 (the default); binary
    /// formats (PDF) implement this.
    func renderBytes(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError)
        -> [UInt8]
    /// The same for a spec with `layers` (SPEC §11): `layers` holds each layer's rows (`Pipeline.runLayers`),
    /// `table` the top-level output. Renderers without layers can leave this to the default, which ignores them.
    func renderBytes(spec: ChartSpec, table: Table, layers: [Table], sources: [DataProvenance], format: OutputFormat, theme: ChartTheme)
        throws(DiagnosticError) -> [UInt8]
}

extension ChartRenderer {
    public func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat) throws(DiagnosticError) -> String {
        try render(spec: spec, table: table, format: format)
    }

    public func render(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError)
        -> String
    {
        try render(spec: spec, table: table, sources: sources, format: format)
    }

    public func renderBytes(spec: ChartSpec, table: Table, sources: [DataProvenance], format: OutputFormat, theme: ChartTheme) throws(DiagnosticError)
        -> [UInt8]
    {
        Array(try render(spec: spec, table: table, sources: sources, format: format, theme: theme).utf8)
    }

    public func renderBytes(spec: ChartSpec, table: Table, layers: [Table], sources: [DataProvenance], format: OutputFormat, theme: ChartTheme)
        throws(DiagnosticError) -> [UInt8]
    {
        try renderBytes(spec: spec, table: table, sources: sources, format: format, theme: theme)
    }
}

/// What the commands take from outside the command line: the renderer `build` uses, and how remote data may be
/// fetched (the cache folder from `$XDG_CACHE_HOME`/`$HOME`, default timeouts) before flags adjust it.
public struct CommandEnvironment: Sendable {
    public var renderer: any ChartRenderer
    public var fetch: FetchOptions

    public init(
        renderer: any ChartRenderer = DefaultRenderer(),
        fetch: FetchOptions = FetchOptions(cacheDirectory: FetchOptions.defaultCacheDirectory(), userAgent: "chartc/\(Chartc.version)")
    ) {
        self.renderer = renderer
        self.fetch = fetch
    }
}
