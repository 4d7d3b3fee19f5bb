#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import ChartLayout
import ChartRender
import ChartSemantics
import ChartSpec
import ChartSystem

/// Every scene a chart's outputs need, laid out once from one checked chart: the still scene that SVG and PDF
/// serialize, and the HTML page's scenes and model. Writers take only these.
public struct LaidOutChart: Sendable {
    /// The scene of `--format svg`, `pdf` and `png` (nil when none was asked for); its `dataSources` are the
    /// data's provenance, which only the SVG records.
    public var still: Scene?
    /// The HTML page's scenes (wide, narrow, dark) and model (nil when HTML was not asked for).
    public var page: PageLayout?
    /// The spec file, named by errors that have no place of their own (a face a PDF needs is not installed).
    public var specPath: String

    /// An output preset's picture that came out larger than asked (`preset-size`).
    public var sizeWarnings: [Diagnostic] = []

    /// What the layout had to leave out and says so: the still scene's, else the page's wide scene's.
    public var warnings: [Diagnostic] { (still?.warnings ?? page?.wide.warnings ?? []) + sizeWarnings }
}

/// The renderer `chartc build` uses unless told otherwise, the one build driver after the pipeline: check the
/// chart once, lay out every scene the formats need (`layout`), then hand each writer its scenes (`write`).
public struct DefaultRenderer: ChartRenderer {
    /// Device pixels per CSS px of a PNG (SPEC §23: `--scale`, default 2).
    public var pngScale: Double

    public init(pngScale: Double = 2) {
        self.pngScale = pngScale
    }

    public func drawingPNG(atScale scale: Double) -> any ChartRenderer {
        DefaultRenderer(pngScale: scale)
    }

    public func render(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> [[UInt8]] {
        try renderReportingLayout(chart, formats: formats).files
    }

    public func renderReportingLayout(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> (
        files: [[UInt8]], warnings: [Diagnostic]
    ) {
        let laidOut = try layout(chart, formats: formats)
        var files: [[UInt8]] = []
        for format in formats { files.append(try write(laidOut, format: format)) }
        return (files, laidOut.warnings)
    }

    /// Checks the chart once (in its theme's default size where the spec gives none) and lays out the scenes
    /// `formats` need.
    public func layout(_ input: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> LaidOutChart {
        let theme = input.theme
        if !input.views.isEmpty { return try layoutViews(input, formats: formats) }
        var spec = theme.sized(input.spec)
        // SPEC §23: a preset's size is the whole picture's, laid out again at that size (not scaled).
        if let width = input.pictureWidth {
            spec.width = Located(width, at: spec.width.span)
            spec.widthStep = nil
        }
        // A preset's height is the picture's: categories share it rather than take `{ "step": N }` px each.
        if input.pictureHeight != nil { spec.heightStep = nil }
        var chart = try ChartLayoutEngine.check(spec, table: input.table, layers: input.layers)
        var fitted: Scene?
        if let height = input.pictureHeight {
            (chart, fitted) = try fit(spec, chart: chart, height: height, input: input)
        }
        var laidOut = LaidOutChart(specPath: input.spec.file.path)
        if formats.contains(.svg) || formats.contains(.pdf) || formats.contains(.png) {
            var scene: Scene
            if let fitted {
                scene = fitted
            } else {
                scene = try ChartLayoutEngine.layout(chart: chart, table: input.table, theme: theme, sparklines: input.sparklines)
            }
            scene.dataSources = input.sources.map { SceneDataSource(url: $0.url, sha256: $0.sha256, query: $0.query) }
            laidOut.still = scene
        }
        if formats.contains(.html) {
            laidOut.page = try ChartLayoutEngine.page(
                chart: chart, table: input.table, name: Paths.chartName(of: input.spec.file.path), theme: theme, sparklines: input.sparklines)
        }
        laidOut.sizeWarnings = Self.sizeWarnings(laidOut, input: input)
        return laidOut
    }

    /// `preset-size`: the picture is more than half a px wider or taller than the preset asks (its text needs
    /// the room), at the preset's key in `outputs` (the spec file for a built-in preset).
    static func sizeWarnings(_ laidOut: LaidOutChart, input: PipelineResult) -> [Diagnostic] {
        guard let preset = input.preset, input.pictureWidth != nil || input.pictureHeight != nil,
            let scene = laidOut.still ?? laidOut.page?.wide
        else { return [] }
        let width = input.pictureWidth ?? scene.width
        let height = input.pictureHeight ?? scene.height
        guard scene.width > width + 0.5 || scene.height > height + 0.5 else { return [] }
        let message = CommandLineDiagnostic.presetSize(
            name: preset.name, asked: px(width) + " \u{00D7} " + px(height), made: px(scene.width) + " \u{00D7} " + px(scene.height))
        if let span = preset.span { return [Diagnostic(message, at: span)] }
        return [Diagnostic(message, path: input.spec.file.path)]
    }

    /// A size in px as a message writes it: whole, or to a tenth.
    static func px(_ length: Double) -> String {
        let tenths = (length * 10).rounded() / 10
        if let whole = Int(exactly: tenths) { return String(whole) }
        return String(tenths)
    }

    /// The smallest plot height a preset's picture height leaves the plot (a shorter picture is taller than asked).
    static let minimumPlotHeight = 40.0
    /// The plot height a graphic of several views starts from when fitted to a preset's height and no view
    /// writes its own.
    static let firstViewHeight = 200.0

    /// The first byte of a span (a height a preset gives a view that writes none is reported there).
    static func start(of span: SourceSpan) -> SourceSpan {
        SourceSpan(file: span.file, range: span.range.lowerBound..<min(span.range.lowerBound + 1, span.range.upperBound))
    }

    /// The chart laid out so its whole picture is `height` px tall (an output preset's, SPEC §23): the plot's height
    /// (the spec's `height`) is what the title, legend, axes and notes leave.
    func fit(_ spec: ChartSpec, chart: CheckedChart, height target: Double, input: PipelineResult) throws(DiagnosticError) -> (CheckedChart, Scene) {
        let first = try ChartLayoutEngine.layout(chart: chart, table: input.table, theme: input.theme, sparklines: input.sparklines)
        return try Self.fit(height: target, plot: spec.height.value, first: (chart, first)) { (height) throws(DiagnosticError) in
            var spec = spec
            spec.height = Located(height, at: spec.height.span)
            let chart = try ChartLayoutEngine.check(spec, table: input.table, layers: input.layers)
            return (chart, try ChartLayoutEngine.layout(chart: chart, table: input.table, theme: input.theme, sparklines: input.sparklines))
        }
    }

    /// Lays out again with another plot height (`layout`) until the picture is `target` px tall: text and axes can
    /// change with the plot's height (tick counts, a facet's rows), so the height a picture gains per plot px is
    /// measured from the last two layouts, at most a few times. The plot keeps at least `minimumPlotHeight` px (a
    /// picture too short for its text is taller than asked).
    static func fit<Laid>(
        height target: Double, plot: Double, first: (Laid, Scene), layout: (Double) throws(DiagnosticError) -> (Laid, Scene)
    ) throws(DiagnosticError) -> (Laid, Scene) {
        var current = first
        var plot = plot
        var slope = 1.0
        for _ in 0..<4 {
            let miss = target - current.1.height
            guard abs(miss) >= 0.5 else { break }
            let next = max(minimumPlotHeight, min(ChartSpec.maximumSize, plot + miss / slope))
            guard next != plot else { break }
            let laid = try layout(next)
            let gained = (laid.1.height - current.1.height) / (next - plot)
            if gained.isFinite, gained > 0.1 { slope = gained }
            (current, plot) = (laid, next)
        }
        return current
    }

    /// The scenes of a graphic of several views (SPEC §20): each view checked as a chart of its own, then laid
    /// out together; the HTML page's narrow layout stacks them in one column, each laid out again.
    func layoutViews(_ input: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> LaidOutChart {
        let theme = input.theme
        var views: [ViewInput] = []
        var errors: [Diagnostic] = []
        for view in input.views {
            do {
                views.append(ViewInput(chart: try ChartLayoutEngine.check(view.spec, table: view.table, layers: view.layers), table: view.table))
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        var page = theme.sized(input.spec)
        if let width = input.pictureWidth { page.width = Located(width, at: page.width.span) }
        var fitted: Scene?
        if let target = input.pictureHeight {
            // SPEC §23: the views' plots grow or shrink together until the page is the preset's height: a view that
            // writes its `height` by as many px as the others, one that does not (square in a repeat grid, its
            // share otherwise) takes the height given, as if written where the spec starts.
            let base = input.views.first { $0.spec.height.span != nil }?.spec.height.value ?? Self.firstViewHeight
            func resized(_ height: Double) throws(DiagnosticError) -> ([ViewInput], Scene) {
                var resized: [ViewInput] = []
                for view in input.views {
                    var spec = view.spec
                    let wanted = spec.height.span == nil ? height : spec.height.value + height - base
                    spec.height = Located(
                        max(Self.minimumPlotHeight, wanted), at: spec.height.span ?? input.spec.syntax.map { Self.start(of: $0.span) })
                    resized.append(ViewInput(chart: try ChartLayoutEngine.check(spec, table: view.table, layers: view.layers), table: view.table))
                }
                return (resized, try ChartLayoutEngine.layoutViews(page: page, views: resized, theme: theme))
            }
            (views, fitted) = try Self.fit(height: target, plot: base, first: try resized(base), layout: resized)
        }
        var laidOut = LaidOutChart(specPath: input.spec.file.path)
        if formats.contains(.svg) || formats.contains(.pdf) || formats.contains(.png) {
            var scene: Scene
            if let fitted {
                scene = fitted
            } else {
                scene = try ChartLayoutEngine.layoutViews(page: page, views: views, theme: theme)
            }
            scene.dataSources = input.sources.map { SceneDataSource(url: $0.url, sha256: $0.sha256, query: $0.query) }
            laidOut.still = scene
        }
        if formats.contains(.html) {
            laidOut.page = try ChartLayoutEngine.pageOfViews(page: page, views: views, name: Paths.chartName(of: input.spec.file.path), theme: theme)
        }
        laidOut.sizeWarnings = Self.sizeWarnings(laidOut, input: input)
        return laidOut
    }

    /// One output file from scenes laid out for it.
    public func write(_ chart: LaidOutChart, format: OutputFormat) throws(DiagnosticError) -> [UInt8] {
        switch format {
        case .svg:
            guard let scene = chart.still else { throw Self.notLaidOut(format, chart) }
            return Array(SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true)).utf8)
        case .html:
            guard let page = chart.page else { throw Self.notLaidOut(format, chart) }
            return Array(HTMLWriter.write(page).utf8)
        case .pdf:
            guard let scene = chart.still else { throw Self.notLaidOut(format, chart) }
            return try Self.pdf(scene, specPath: chart.specPath)
        case .png:
            guard let scene = chart.still else { throw Self.notLaidOut(format, chart) }
            return try Self.png(scene, scale: pngScale, specPath: chart.specPath)
        }
    }

    /// The PNG of a scene laid out for the spec at `specPath`, drawn at `scale`.
    static func png(_ scene: Scene, scale: Double, specPath: String) throws(DiagnosticError) -> [UInt8] {
        do {
            return try PNGWriter.write(scene, options: PNGWriter.Options(scale: scale))
        } catch {
            throw DiagnosticError(
                error.diagnostics.map { diagnostic in
                    var located = diagnostic
                    if located.path == nil && located.span == nil { located.path = specPath }
                    return located
                })
        }
    }

    /// A caller asked `write` for a format `layout` was not asked for: a mistake in the caller, reported as one.
    static func notLaidOut(_ format: OutputFormat, _ chart: LaidOutChart) -> DiagnosticError {
        DiagnosticError([
            Diagnostic(CommandLineDiagnostic.scenesMissing(format: format.rawValue), path: chart.specPath)
        ])
    }

    /// The PDF of a scene laid out for the spec at `specPath`.
    static func pdf(_ scene: Scene, specPath: String) throws(DiagnosticError) -> [UInt8] {
        do {
            return try PDFWriter.write(scene, options: PDFWriter.Options(creationDate: Self.sourceDateEpoch()))
        } catch {
            // A face that is not installed has no file of its own to point at: name the spec whose PDF needs it.
            throw DiagnosticError(
                error.diagnostics.map { diagnostic in
                    var located = diagnostic
                    if located.path == nil && located.span == nil { located.path = specPath }
                    return located
                })
        }
    }

    /// `SOURCE_DATE_EPOCH` (reproducible builds): the only date a PDF carries, and only when it is set.
    static func sourceDateEpoch() -> Int64? {
        guard let value = getenv("SOURCE_DATE_EPOCH") else { return nil }
        return Int64(String(cString: value))
    }
}
