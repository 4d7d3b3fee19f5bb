import ChartData
import ChartDiagnostics
import ChartGeo
import ChartNetwork
import ChartSpec

/// The rows one layer draws (SPEC §11), with the plans that made them: the pipeline it runs (nil when it draws
/// the top-level output) and the steps it applies last (its own `calculate`/`sort` over shared rows, its
/// `filter`; nil when it has none).
public struct LayerOutput: Sendable {
    public var table: Table
    /// The layer's own pipeline (own `data` or own aggregation); nil: it starts from the top-level output.
    public var plan: Plan?
    /// The steps run last over the layer's rows.
    public var finalPlan: Plan?
    /// Map data (SPEC §22): the shapes the table's `geometry` field indexes.
    public var geometries: [GeoGeometry] = []

    public init(table: Table, plan: Plan?, finalPlan: Plan?) {
        self.table = table
        self.plan = plan
        self.finalPlan = finalPlan
    }
}

/// What running a layered spec gives: the top-level output (what `chartc data` prints, and what the HTML page's
/// data table and CSV hold) and each layer's rows.
public struct LayeredPipelineOutput: Sendable {
    public var top: PipelineOutput
    public var layers: [LayerOutput]

    public init(top: PipelineOutput, layers: [LayerOutput]) {
        self.top = top
        self.layers = layers
    }

    /// Every layer's table, in layer order.
    public var layerTables: [Table] { layers.map(\.table) }
}

extension Pipeline {
    /// Runs a spec with `layers`: the top-level pipeline once, each layer that aggregates on its own over the
    /// same loaded data (read once), each layer with its own `data` over that data, and then every layer's
    /// final steps (`LayerSpec.finalSteps`) over its rows. Every planner error of every layer is reported
    /// together, each once. A one-mark spec gives its top-level output as its only layer.
    public static func runLayers(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> LayeredPipelineOutput {
        guard spec.isLayered else {
            let top = try run(spec: spec, context: context)
            var only = LayerOutput(table: top.table, plan: nil, finalPlan: nil)
            only.geometries = top.geometries
            return LayeredPipelineOutput(top: top, layers: [only])
        }
        var problems = DiagnosticCollector()
        let top: PipelineOutput
        // Layers that aggregate the top-level data on their own share its one read.
        var shared: LoadedData?
        if spec.data.isDatabase || !spec.layers.contains(where: { $0.data == nil && $0.computesOwnRows }) {
            top = try run(spec: spec, context: context)
        } else {
            let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context)
            let schema = loaded.table.columns.map { ($0.name, $0.type) }
            let (plan, diagnostics) = Planner.plan(spec, schema: schema)
            problems.add(diagnostics)
            guard let plan, !diagnostics.hasErrors else { throw problems.error }
            let input = Table(columns: plan.columns.compactMap { loaded.table.column(named: $0) }, rowCount: loaded.table.rowCount)
            let table = try PipelineRunner.run(plan, input: input)
            var output = PipelineOutput(
                table: table, plan: plan, warnings: loaded.warnings + diagnostics, provenance: loaded.provenance, schema: schema,
                isSample: loaded.isSample)
            output.geometries = loaded.geometries
            output.updated = loaded.updated
            top = output
            shared = loaded
        }
        var warnings = top.warnings
        var provenance = top.provenance
        var updated = top.updated
        var layers: [LayerOutput] = []
        for layer in spec.layers {
            let chart = spec.layerChart(layer.index)
            var table = top.table
            var plan: Plan?
            var geometries = top.geometries
            if layer.data != nil || (layer.computesOwnRows && shared == nil) {
                do {
                    let output = try run(spec: chart, context: context)
                    table = output.table
                    geometries = output.geometries
                    plan = output.plan
                    warnings += output.warnings
                    if layer.data != nil { provenance += output.provenance }
                    updated = LoadedData.latest(updated, output.updated)
                } catch {
                    problems.add(explainingInheritedWindow(error.diagnostics, layer: layer, of: spec))
                    continue
                }
            } else if layer.computesOwnRows, let shared {
                let (layerPlan, diagnostics) = Planner.plan(chart, schema: shared.table.columns.map { ($0.name, $0.type) })
                problems.add(explainingInheritedWindow(diagnostics, layer: layer, of: spec))
                guard let layerPlan, !diagnostics.hasErrors else { continue }
                let input = Table(columns: layerPlan.columns.compactMap { shared.table.column(named: $0) }, rowCount: shared.table.rowCount)
                do {
                    table = try PipelineRunner.run(layerPlan, input: input)
                } catch {
                    problems.add(error.diagnostics)
                    continue
                }
                plan = layerPlan
                warnings += diagnostics
            }
            var finalPlan: Plan?
            if layer.hasFinalSteps {
                let steps = finalSpec(layer, of: spec)
                let (stepsPlan, diagnostics) = Planner.plan(steps, schema: table.columns.map { ($0.name, $0.type) })
                problems.add(diagnostics)
                guard let stepsPlan, !diagnostics.hasErrors else { continue }
                do {
                    table = try PipelineRunner.run(stepsPlan, input: table)
                } catch {
                    problems.add(error.diagnostics)
                    continue
                }
                finalPlan = stepsPlan
                warnings += diagnostics.filter { $0.severity != .error }
            }
            var output = LayerOutput(table: table, plan: plan, finalPlan: finalPlan)
            output.geometries = geometries
            layers.append(output)
        }
        if problems.hasErrors { throw problems.error }
        var output = top
        output.warnings = DiagnosticCollector.unique(warnings)
        output.provenance = provenance
        output.updated = updated
        return LayeredPipelineOutput(top: output, layers: layers)
    }

    /// A layer's final steps as a spec the planner plans over the layer's rows: its `calculate`, `sort`, `window`
    /// (`LayerSpec.finalSteps`) and its `filter` last — as the plan's `keep` when there is a window, since a
    /// layer's filter applies to the rows it draws, after its running figures (SPEC §11). In a faceted chart the
    /// window starts again in every panel (SPEC §19.11), as the top-level one does.
    public static func finalSpec(_ layer: LayerSpec, of spec: ChartSpec) -> ChartSpec {
        var steps = ChartSpec(file: spec.file, data: spec.data, mark: layer.mark)
        steps.locale = spec.locale
        let final = layer.finalSteps
        steps.calculate = final.calculate
        steps.sort = final.sort
        if final.window.isEmpty {
            steps.filter = final.filter
        } else {
            steps.window = final.window
            steps.windowBy = final.windowBy
            steps.keep = final.filter
            if var facet = spec.facet {
                facet.sort = nil
                steps.facet = facet
            }
        }
        return steps
    }

    /// `diagnostics` from planning a layer that aggregates on its own, with a note on each error inside the
    /// top-level `window`, `windowBy` or `keep` the layer inherits (SPEC §11, §19.11): the running figures are
    /// computed over the layer's own rows, which may not have the fields they read.
    static func explainingInheritedWindow(_ diagnostics: [Diagnostic], layer: LayerSpec, of spec: ChartSpec) -> [Diagnostic] {
        guard layer.data == nil, layer.computesOwnRows, !layer.hasWindow, !spec.window.isEmpty else { return diagnostics }
        let spans =
            spec.window.flatMap { [$0.name.span, $0.expression.literalSpan] } + spec.windowBy.map(\.span) + spec.keep.map(\.literalSpan)
        let ranges = spans.compactMap { $0?.range }
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .error, let range = diagnostic.span?.range,
                ranges.contains(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound })
            else { return diagnostic }
            var explained = diagnostic
            explained.notes.append(
                DiagnosticNote(
                    "layer \(layer.writtenIndex ?? layer.index) aggregates on its own, so the top-level 'window' runs over its rows; give the layer its own \"window\" (or \"window\": {} for none)",
                    at: layer.span))
            return explained
        }
    }

    /// A layer's final steps run over rows it is given (the top-level output or its own pipeline's), not over
    /// the data: their plan reads no database, so its load step has no statement to show.
    static func readingRows(_ plan: Plan) -> Plan {
        guard case .load(var load)? = plan.steps.first else { return plan }
        var plan = plan
        load.sql = nil
        load.sqlParameters = []
        load.sqlNote = nil
        plan.steps[0] = .load(load)
        return plan
    }

    /// The plans of a layered spec against its data, for `chartc plan`: the top-level plan, and per layer the
    /// plan of its own pipeline (nil: the top-level output) and of its final steps. Nothing is run, but a
    /// layer's final steps are planned against the fields its rows will have.
    public static func planLayers(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (
        top: Plan, layers: [(plan: Plan?, finalPlan: Plan?)], warnings: [Diagnostic]
    ) {
        var problems = DiagnosticCollector()
        let (top, topWarnings) = try plan(spec: spec, context: context)
        var warnings = topWarnings
        var layers: [(plan: Plan?, finalPlan: Plan?)] = []
        for layer in spec.layers {
            var own: Plan?
            var fields = top.outputFields
            if layer.hasOwnPipeline {
                do {
                    let (layerPlan, layerWarnings) = try plan(spec: spec.layerChart(layer.index), context: context)
                    own = layerPlan
                    fields = layerPlan.outputFields
                    warnings += layerWarnings
                } catch {
                    problems.add(explainingInheritedWindow(error.diagnostics, layer: layer, of: spec))
                    layers.append((nil, nil))
                    continue
                }
            }
            var finalPlan: Plan?
            if layer.hasFinalSteps {
                let (stepsPlan, diagnostics) = Planner.plan(finalSpec(layer, of: spec), schema: fields)
                problems.add(diagnostics)
                finalPlan = stepsPlan.map(readingRows)
            }
            layers.append((own, finalPlan))
        }
        if problems.hasErrors { throw problems.error }
        return (top, layers, DiagnosticCollector.unique(warnings))
    }
}

/// Diagnostics gathered from several plans of one spec (a layered spec plans the top-level calculations once per
/// layer that aggregates on its own): each reported once.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func add(_ found: [Diagnostic]) {
        diagnostics = Self.unique(diagnostics + found)
    }

    var hasErrors: Bool { diagnostics.hasErrors }
    var error: DiagnosticError { DiagnosticError(diagnostics.filter { $0.severity == .error }) }

    /// Without repeats (the same id, message and place), in first-seen order.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for diagnostic in diagnostics
        where !result.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range }) {
            result.append(diagnostic)
        }
        return result
    }
}
