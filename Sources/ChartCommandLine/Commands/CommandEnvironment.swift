import ChartData
import ChartDiagnostics
import ChartLayout
import ChartNetwork
import ChartSpec

/// The output formats `chartc build` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case svg
    case html
    /// PDF 1.7 with the faces embedded (SPEC §18).
    case pdf
    /// 8-bit RGBA PNG drawn by chartc's own rasterizer (SPEC §23), `--scale` pixels per CSS px.
    case png

    /// File extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// A chart the pipeline has run, ready to be drawn: the spec (its annotation values and panel order resolved),
/// its output rows, each layer's rows (SPEC §11; empty for a one-mark chart), where the data came from and the
/// house style (SPEC §15).
public struct PipelineResult: Sendable {
    public var spec: ChartSpec
    public var table: Table
    public var layers: [Table]
    /// The url and SHA-256 of each data source, recorded in the SVG.
    public var sources: [DataProvenance]
    public var theme: ChartTheme
    /// A graphic of several views (SPEC §20): each view's rows, its spec as the pipeline resolved it; `spec` is
    /// then the page's and `table` the first view's.
    public var views: [PipelineResult] = []
    /// A table's sparkline rows (SPEC §24): per column index, the rows its `from` reads.
    public var sparklines: [Int: Table] = [:]
    /// An output preset's `width` (SPEC §23): the whole picture's, over the spec's and the theme's; nil: theirs.
    public var pictureWidth: Double?
    /// An output preset's `height`: the whole picture's (layout gives the plot what the text leaves); nil: the
    /// spec's plot height.
    public var pictureHeight: Double?
    /// The output preset the picture size comes from (its name, and its key in `outputs`; nil for a built-in
    /// preset), where `preset-size` points when the chart needs more room.
    public var preset: (name: String, span: SourceSpan?)?

    public init(spec: ChartSpec, table: Table, layers: [Table] = [], sources: [DataProvenance] = [], theme: ChartTheme = .standard) {
        self.spec = spec
        self.table = table
        self.layers = layers
        self.sources = sources
        self.theme = theme
    }
}

/// The back end of `chartc build`: checks a chart once, lays out every scene its outputs need and writes each
/// format. Kept behind a protocol so the command's file handling, parallelism and reporting do not depend on
/// how a chart is drawn, and tests can build with a stand-in.
public protocol ChartRenderer: Sendable {
    /// The bytes of each output file, one per format in `formats` (in that order): what `build` writes.
    func render(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> [[UInt8]]
    /// The renderer drawing PNGs at `scale` device pixels per CSS px (`--scale`); one without PNG output returns itself.
    func drawingPNG(atScale scale: Double) -> any ChartRenderer
    /// `render`, with what the layout had to leave out and says so (`labels-left-out`).
    func renderReportingLayout(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> (files: [[UInt8]], warnings: [Diagnostic])
}

extension ChartRenderer {
    public func drawingPNG(atScale scale: Double) -> any ChartRenderer { self }

    public func renderReportingLayout(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> (
        files: [[UInt8]], warnings: [Diagnostic]
    ) {
        (try render(chart, formats: formats), [])
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
