import ChartData
import ChartDiagnostics
import ChartGeo
import ChartLayout
import ChartNetwork
import ChartPipeline
import ChartSpec
import ChartStyle
import ChartSystem
import ChartValues

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

    /// The columns of the spec's data: read from a local file or inline values, from the cached copy of remote
    /// data (nil when it is not cached; never the network).
    static func schema(of spec: ChartSpec, fetch: FetchOptions) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        try schema(of: spec, context: LoadContext(fetch: fetch))
    }

    /// `schema(of:fetch:)` under a whole load context (a sample of large data, for lint).
    static func schema(of spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        try Pipeline.schema(spec: spec, context: context)
    }

    /// The planned pipeline and what the planner found wrong.
    static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) -> (plan: Plan?, diagnostics: [Diagnostic]) {
        let (plan, diagnostics) = Planner.plan(spec, schema: schema)
        return (plan, diagnostics)
    }

    /// The plan for a spec against its data (read to learn its columns; remote data under `context`).
    static func plan(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (plan: Plan, warnings: [Diagnostic]) {
        let (plan, warnings) = try Pipeline.plan(spec: spec, context: context)
        return (plan, warnings)
    }

    /// The table after the pipeline, with its warnings and the data's provenance; remote data under `context`.
    static func run(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> PipelineOutput {
        try Pipeline.run(spec: spec, context: context)
    }

    /// Why a command that reads only cached copies (plan) cannot see a spec's remote data.
    static func notCached(_ spec: ChartSpec) -> Diagnostic {
        guard case .url(let url) = spec.data.origin else {
            return Diagnostic(FetchDiagnostic.columnsNotCached(url: nil, specPath: spec.file.path), path: spec.file.path)
        }
        return Diagnostic(FetchDiagnostic.columnsNotCached(url: url.value, specPath: spec.file.path), at: url.span)
    }

    /// One spec compiled in memory: the bytes of each format asked for (in that order; empty when the spec
    /// failed), every diagnostic, and the parsed spec when it parsed (preview reads its title and data path).
    struct CompiledChart: Sendable {
        var files: [[UInt8]] = []
        /// The house style's files the chart depends on (the theme and what it `extends`, its font files and
        /// logo), so the preview rebuilds the chart when one changes; the chosen theme file alone when it failed.
        var themeFiles: [String] = []
        /// The outputs as text (the text formats: SVG, HTML).
        var texts: [String] { files.map { String(decoding: $0, as: UTF8.self) } }
        var diagnostics: [Diagnostic] = []
        var spec: ChartSpec?
        /// The spec is a batch (`each`, SPEC §23): with `batches`, nothing was built (`BatchBuild` builds it);
        /// otherwise the files are its first chart's.
        var isBatch = false
        /// A batch's values as text, in order (the preview lists them); empty for one chart or with `batches`.
        var batchValues: [String] = []
    }

    /// A batch's first chart (its first value), for the commands that show one chart of a batch.
    static func firstBatchInstance(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> SpecParseResult {
        try batchValuesAndFirst(spec, context: context).first
    }

    /// A batch's values and the chart of its first.
    static func batchValuesAndFirst(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (values: [Value], first: SpecParseResult) {
        let loaded = try BatchData.load(spec, context: context)
        let values = try BatchData.values(of: spec, loaded: loaded)
        guard let first = values.first else { return (values, SpecParseResult(spec: spec, diagnostics: [])) }
        return (values, spec.batchInstance(for: first))
    }

    /// The build driver: parse, run the pipeline, then the renderer checks the chart once, lays out every scene
    /// the formats need and writes each one. What `build` writes to files and `preview` serves. With `preset`
    /// (SPEC §23), in its theme variant and at its picture size.
    static func compile(
        _ path: String, formats: [OutputFormat], renderer: any ChartRenderer, context: LoadContext, arguments: ParsedArguments? = nil,
        batches: Bool = false, preset: OutputPreset? = nil
    ) -> CompiledChart {
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let diagnostic): return CompiledChart(diagnostics: [diagnostic])
        }
        let (parsed, parseDiagnostics) = parse(file)
        let timings = context.timings
        timings?.lap("spec")
        var compiled = CompiledChart(diagnostics: parseDiagnostics, spec: parsed)
        guard var spec = parsed, !parseDiagnostics.hasErrors else { return compiled }
        if spec.each != nil {
            // SPEC §23: `build` writes a batch chart by chart (`BatchBuild`); anything else compiled here shows its
            // first chart.
            compiled.isBatch = true
            if batches { return compiled }
            do throws(DiagnosticError) {
                let (values, first) = try batchValuesAndFirst(spec, context: context)
                compiled.batchValues = values.map { $0.text ?? "" }
                compiled.diagnostics += first.diagnostics
                guard let instance = first.spec, !first.diagnostics.hasErrors else { return compiled }
                spec = instance
            } catch {
                compiled.diagnostics += error.diagnostics
                return compiled
            }
        }
        do throws(DiagnosticError) {
            // The house style (SPEC §15): --theme, the spec's `theme`, the nearest chartc.theme.json, or built in.
            compiled.themeFiles = ThemeOptions.chosenFile(for: spec, arguments: arguments).map { [$0] } ?? []
            let theme = try ThemeOptions.theme(for: spec, arguments: arguments, variant: preset?.variant?.value)
            compiled.diagnostics += theme.warnings
            compiled.themeFiles = ThemeOptions.files(of: theme, chosen: compiled.themeFiles)
            timings?.lap("theme")
            var input: PipelineResult
            if spec.hasViews {
                // SPEC §20: each view's rows, as for a chart of its own; the page is the first view's with its text.
                var views: [PipelineResult] = []
                var sources: [DataProvenance] = []
                var updated: Int64?
                for view in spec.views {
                    let result = try runView(view, theme: theme, context: context)
                    compiled.diagnostics += result.warnings
                    views.append(result.input)
                    updated = LoadedData.latest(updated, result.updated)
                    for source in result.input.sources where !sources.contains(where: { $0.url == source.url }) { sources.append(source) }
                }
                input = PipelineResult(
                    spec: try UpdatedByline.resolve(spec, updated: updated, environment: context.environment), table: views[0].table,
                    sources: sources, theme: theme)
                input.views = views
            } else {
                let result = try runView(spec, theme: theme, context: context)
                compiled.diagnostics += result.warnings
                input = result.input
            }
            timings?.lap("pipeline")
            input.pictureWidth = preset?.width?.value
            input.pictureHeight = preset?.height?.value
            input.preset = preset.map { ($0.name, $0.span) }
            let (files, layoutWarnings) = try renderer.renderReportingLayout(input, formats: formats)
            compiled.diagnostics += layoutWarnings
            timings?.lap("layout and " + formats.map(\.rawValue).joined(separator: ", "))
            compiled.files = files
        } catch {
            compiled.diagnostics += error.diagnostics
        }
        return compiled
    }

    /// One chart's rows (SPEC §11: a layered chart's top-level rows and each layer's own; a one-mark chart's
    /// rows), and what the pipeline computes from them for layout: `{ "aggregate": … }` annotation values (SPEC
    /// §12), the order of small multiples (`facet.sort`, SPEC §13) and of sorted categories (an encoding's `sort`, SPEC §20).
    /// With `batch` (a batch's data, read once, and this chart's value), a one-mark chart's pipeline runs over it
    /// instead of reading the data.
    /// `updated` is when its data was read (SPEC §23), and its byline's `{updated}` is written out with it.
    static func runView(_ spec: ChartSpec, theme: ChartTheme, context: LoadContext, batch: (BatchData.Shared, Value)? = nil) throws(DiagnosticError)
        -> (
            input: PipelineResult, warnings: [Diagnostic], updated: Int64?
        )
    {
        var input: PipelineResult
        let warnings: [Diagnostic]
        let shapes: [GeoGeometry]
        let updated: Int64?
        if let (shared, value) = batch, !spec.isLayered {
            let result = try BatchData.run(spec, shared: shared, value: value)
            warnings = result.warnings
            input = PipelineResult(spec: spec, table: result.table, sources: result.provenance, theme: theme)
            shapes = result.geometries
            updated = result.updated
        } else if spec.isLayered {
            let result = try Pipeline.runLayers(spec: spec, context: context)
            warnings = result.top.warnings
            let (geometries, layers) = MapShapes.combine(top: result.top.geometries, layers: result.layers.map { ($0.table, $0.geometries) })
            input = PipelineResult(spec: spec, table: result.top.table, layers: layers, sources: result.top.provenance, theme: theme)
            shapes = geometries
            updated = result.top.updated
        } else {
            let result = try run(spec, context: context)
            warnings = result.warnings
            input = PipelineResult(spec: spec, table: result.table, sources: result.provenance, theme: theme)
            shapes = result.geometries
            updated = result.updated
        }
        if spec.table != nil { input.sparklines = try SparklineRows.load(spec: spec, context: context) }
        input.spec = try PanelOrder.resolve(
            try AnnotationValues.resolve(spec, table: input.table, context: context), table: input.table, layers: input.layers)
        // SPEC §22: the shapes the rows' `geometry` field points at, for the `geoshape` mark.
        input.spec.geometries = shapes
        input.spec = try UpdatedByline.resolve(input.spec, updated: updated, environment: context.environment)
        return (input, warnings, updated)
    }

    static func text(of table: Table, format: TableFormat) -> String {
        switch format {
        case .csv: TableWriter.csv(table)
        case .json: TableWriter.json(table)
        }
    }
}
