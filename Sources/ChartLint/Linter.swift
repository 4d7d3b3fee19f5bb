import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartPipeline
import ChartSemantics
import ChartStyle
import ChartSpec
import ChartValues

/// `chartc lint`'s engine: the checking stage (`ChartChecker`: what would stop a build) plus the publishing
/// mistakes newsrooms check for before a chart goes out (no title, no source, bars that do not start at zero, too
/// many series, colors that vanish on the background). Every rule is listed in `specs/lint-rules.md`.
///
/// `lint(_:options:)` holds the whole policy for one spec file — when to run the pipeline, when to fall back to
/// the data's columns alone, how remote data is treated — so the command only reads files and prints, the way
/// swift-format's `lint` subcommand only drives its linter.
public enum Linter {
    /// The publishing rules lint adds to the checking stage's checks.
    public static let publishingRules: [any ChartRule] = [
        MissingTitleRule(),
        LongTitleRule(),
        MissingSourceRule(),
        MissingAltRule(),
        ZeroBaselineRule(),
        TooManySeriesRule(),
        PaletteTooSmallRule(),
        LowContrastRule(),
        UnknownHiddenSeriesRule(),
        IgnoredOptionRule(),
        LineJoinsSeriesRule(),
        WindowOrderRepeatsRule(),
        AnnotationOutsideDomainRule(),
        AxisValuesOutsideDomainRule(),
        AnnotationStretchesScaleRule(),
        AnnotationNoteTooLongRule(),
        TooManyPanelsRule(),
        TooManyBinsRule(),
        TooManyMarksForPageRule(),
        MissingCategoryRule(),
        LogScaleDropsValuesRule(),
        DatesAsTextRule(),
        ResolveSameFieldRule(),
        ArcTooManySlicesRule(),
        TableHeatFewValuesRule()
    ]

    /// Every rule, errors first, in the order of `specs/lint-rules.md`.
    public static var rules: [any ChartRule] { ChartChecker.checks + publishingRules }

    /// The rule with this id.
    public static func rule(_ id: String) -> (any ChartRule)? {
        rules.first { $0.id == id }
    }

    /// How lint reaches a spec's data.
    public struct Options: Sendable {
        /// The download cache (lint never downloads: remote data is checked against its cached copy).
        public var fetch: FetchOptions
        /// Of a CSV/TSV file larger than this, only the first records are read (nil: every row).
        public var sampleBytes: Int?
        /// The house style a parsed spec resolves to (`--theme`, its `theme` key, the nearest chartc.theme.json),
        /// with what resolving it found (errors at the theme's line:col, fonts not found). Given by the caller,
        /// which knows the command line and how fonts are loaded; nil: the built-in look, nothing to check.
        public var theme: (@Sendable (ChartSpec) -> (theme: Theme?, diagnostics: [Diagnostic]))?
        /// How text is measured in the theme a spec resolves to (nil: the built-in look), given by the caller
        /// that links the fonts (the command line: ChartLayout's `ThemeTextWidths`); nil: rules about text length
        /// stay quiet.
        public var textWidths: (@Sendable (Theme?) -> any TextWidths)?

        public init(
            fetch: FetchOptions, sampleBytes: Int? = Linter.defaultSampleBytes, textWidths: (@Sendable (Theme?) -> any TextWidths)? = nil,
            theme: (@Sendable (ChartSpec) -> (theme: Theme?, diagnostics: [Diagnostic]))? = nil
        ) {
            self.fetch = fetch
            self.sampleBytes = sampleBytes
            self.textWidths = textWidths
            self.theme = theme
        }
    }

    /// How much of a large CSV/TSV file lint reads by default: its first MiB (about ten thousand rows).
    public static let defaultSampleBytes = 1 << 20

    /// Every diagnostic for one spec file, in file order: the parser's, the data's and the planner's, the
    /// checking stage's and the publishing rules'.
    ///
    /// Local data is read and run through the pipeline (so the series rules see the real series); a sample's
    /// rows are not used for series, which may be incomplete. When the pipeline fails, the data's columns alone
    /// still feed the checks. Remote data is checked against its cached copy's columns, never fetched; a
    /// database's columns are as the server describes them (nothing is run), or from the cache with --offline.
    public static func lint(_ file: SourceFile, options: Options) -> [Diagnostic] {
        let parsed = SpecParser.parse(file)
        let diagnostics = parsed.diagnostics
        guard let spec = parsed.spec else { return diagnostics.sortedByPosition() }
        guard !parsed.diagnostics.hasErrors else {
            return (diagnostics + check(spec, schema: nil, fieldTypes: [:], table: nil)).sortedByPosition()
        }
        if spec.each != nil { return lintBatch(spec, diagnostics: diagnostics, options: options) }
        guard spec.hasViews else { return lint(spec, diagnostics: diagnostics, options: options) }
        // SPEC §20: each view as a chart of its own, with the page's text (the rules about titles and sources
        // read the page's), each problem once (inherited keys are in every view).
        var all = diagnostics
        for view in spec.views {
            var framed = view
            framed.title = view.title ?? spec.title
            framed.subtitle = spec.subtitle
            framed.notes = spec.notes
            framed.sources = spec.sources
            framed.byline = spec.byline
            framed.alt = spec.alt
            framed.theme = spec.theme
            // The page's source line credits every view's basemap (SPEC §22): a view without one has a source too.
            let credited = spec.sources.isEmpty && !spec.basemapAttributions.isEmpty
            for diagnostic in lint(framed, diagnostics: [], options: options)
            where !(credited && diagnostic.id == MissingSourceRule().kind.rawValue)
                && !all.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range })
            {
                all.append(diagnostic)
            }
        }
        return all.sortedByPosition()
    }

    /// Lint of a batch (SPEC §23): its values (a field's from the data, as the build finds them: an unknown field,
    /// one with no values or more than a batch may build are errors), then the chart of its first value. Over
    /// remote data a field's values are not read: the chart is checked with the value missing.
    static func lintBatch(_ spec: ChartSpec, diagnostics parsed: [Diagnostic], options: Options) -> [Diagnostic] {
        var all = parsed
        var value = Value.null
        switch spec.each?.source {
        case .values(let list)?:
            value = list.first?.value ?? .null
        case .field?:
            if !spec.data.isRemote && !spec.data.isDatabase {
                let context = LoadContext(fetch: options.fetch, sampleBytes: options.sampleBytes)
                do {
                    let loaded = try BatchData.load(spec, context: context)
                    value = try BatchData.values(of: spec, loaded: loaded).first ?? .null
                } catch {
                    return (all + error.diagnostics).sortedByPosition()
                }
            }
        case nil:
            break
        }
        let instance = spec.batchInstance(for: value)
        for diagnostic in instance.diagnostics
        where !all.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range }) {
            all.append(diagnostic)
        }
        guard let chart = instance.spec, !instance.diagnostics.hasErrors else { return all.sortedByPosition() }
        for diagnostic in lint(chart, diagnostics: [], options: options)
        where !all.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range }) {
            all.append(diagnostic)
        }
        return all.sortedByPosition()
    }

    /// Lint of one parsed chart (a spec, or one view of several).
    static func lint(_ spec: ChartSpec, diagnostics parsed: [Diagnostic], options: Options) -> [Diagnostic] {
        var diagnostics = parsed
        var schema: [(name: String, type: DataType)]?
        var table: Table?
        var layerTables: [Table]?
        var resolvedSpec = spec
        let context = LoadContext(fetch: options.fetch, sampleBytes: spec.data.isRemote ? nil : options.sampleBytes)
        if !spec.data.isRemote && !spec.data.isDatabase {
            do {
                // One run gives the schema, the planner's findings and the table, reading the data once.
                let layered = try Pipeline.runLayers(spec: spec, context: context)
                let output = layered.top
                schema = output.schema
                table = output.isSample ? nil : output.table
                if spec.isLayered && !output.isSample { layerTables = layered.layerTables }
                diagnostics += output.warnings
                // A table's sparklines (SPEC §24) read data of their own: their key, x and y are checked there.
                if spec.table != nil {
                    do { _ = try SparklineRows.load(spec: spec, context: context) } catch { diagnostics += error.diagnostics }
                }
                // Annotation aggregates over the output rows, so the checks and rules see their values.
                if let table { resolvedSpec = (try? AnnotationValues.resolve(spec, table: table, context: context)) ?? spec }
            } catch {
                diagnostics += error.diagnostics
                // The planner's errors leave the data readable: its columns still feed the checks.
                schema = try? Pipeline.schema(spec: spec, context: context)
            }
        } else {
            do {
                let read = try Pipeline.schemaReportingWarnings(spec: spec, context: context)
                schema = read.schema
                diagnostics += read.warnings
                if let schema { diagnostics += Planner.analyze(spec, schema: schema).diagnostics }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if schema == nil { diagnostics += Planner.checkSyntax(spec) }
        let fieldTypes = schema.map { Planner.analyze(spec, schema: $0).fieldTypes } ?? [:]
        let resolved = options.theme?(spec)
        diagnostics += resolved?.diagnostics ?? []
        var chart = SemanticContext(spec: resolvedSpec, schema: schema, fieldTypes: fieldTypes, table: table, theme: resolved?.theme)
        // Measuring loads the theme's fonts (about 3 million instructions for the built-in one): only when there is
        // text to measure, a note (`TextRole.annotation`).
        if resolvedSpec.annotations.contains(where: { $0.kind.value == .text }) {
            chart.textWidths = options.textWidths?(resolved?.theme)
        }
        if spec.isLayered { chart = layered(chart, tables: layerTables, context: context) }
        return (diagnostics + check(chart)).sortedByPosition()
    }

    /// A layered chart's context with one per layer (SPEC §11): each layer's rows when the pipeline ran, the
    /// columns of the data it reads (its own `data`'s, else the chart's) and its planner's field types.
    static func layered(_ chart: SemanticContext, tables: [Table]?, context: LoadContext?) -> SemanticContext {
        let spec = chart.spec
        return chart.withLayers(
            spec.layers.map { layer in
                let layerSpec = spec.layerChart(layer.index)
                let schema = layer.data == nil ? chart.schema : context.flatMap { (try? Pipeline.schema(spec: layerSpec, context: $0)) ?? nil }
                let fieldTypes = schema.map { Planner.analyze(layerSpec, schema: $0).fieldTypes } ?? [:]
                let table = tables.flatMap { $0.indices.contains(layer.index) ? $0[layer.index] : nil }
                return (schema, fieldTypes, table)
            })
    }

    /// Lint of a parsed spec against known columns (`schema`) and rows (`table`): the planner's findings about its
    /// expressions (the syntax alone without a schema), the checking stage and the publishing rules.
    /// `textWidths` measures text as a build sets it (nil: rules about text length stay quiet).
    public static func lint(
        spec: ChartSpec, schema: [(name: String, type: DataType)]?, table: Table? = nil, theme: Theme? = nil, textWidths: (any TextWidths)? = nil
    ) -> [Diagnostic] {
        if spec.each != nil {
            // A batch (SPEC §23) as `chartc lint` checks it: the chart of its first listed value (a field's values are
            // in the data, which this has no rows of: the value missing).
            var value = Value.null
            if case .values(let list)? = spec.each?.source { value = list.first?.value ?? .null }
            let instance = spec.batchInstance(for: value)
            guard var chart = instance.spec, !instance.diagnostics.hasErrors else { return instance.diagnostics.sortedByPosition() }
            chart.each = nil
            return (instance.diagnostics + lint(spec: chart, schema: schema, table: table, theme: theme, textWidths: textWidths)).sortedByPosition()
        }
        var diagnostics: [Diagnostic]
        var fieldTypes: [String: DataType?] = [:]
        if let schema {
            let analysis = Planner.analyze(spec, schema: schema)
            diagnostics = analysis.diagnostics
            fieldTypes = analysis.fieldTypes
        } else {
            diagnostics = Planner.checkSyntax(spec)
        }
        // Annotation aggregates over the rows, when there are rows (their expression errors are the planner's).
        let resolved = table.flatMap { try? AnnotationValues.resolve(spec, table: $0) } ?? spec
        return (diagnostics + check(resolved, schema: schema, fieldTypes: fieldTypes, table: table, theme: theme, textWidths: textWidths))
            .sortedByPosition()
    }

    /// The checking stage's and the publishing rules' diagnostics.
    static func check(
        _ spec: ChartSpec, schema: [(name: String, type: DataType)]?, fieldTypes: [String: DataType?], table: Table?, theme: Theme? = nil,
        textWidths: (any TextWidths)? = nil
    ) -> [Diagnostic] {
        var context = SemanticContext(spec: spec, schema: schema, fieldTypes: fieldTypes, table: table, theme: theme)
        context.textWidths = textWidths
        if spec.isLayered { context = layered(context, tables: nil, context: nil) }
        return check(context)
    }

    /// The checking stage's and the publishing rules' diagnostics for a built context.
    static func check(_ context: SemanticContext) -> [Diagnostic] {
        var diagnostics = ChartChecker.check(context).diagnostics
        var published: [Diagnostic] = []
        ChartChecker.run(publishingRules, over: context, into: &published)
        // A rule about the whole chart (a missing title) says it once, not once per layer.
        for diagnostic in published
        where !diagnostics.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range })
        {
            diagnostics.append(diagnostic)
        }
        return diagnostics
    }
}
