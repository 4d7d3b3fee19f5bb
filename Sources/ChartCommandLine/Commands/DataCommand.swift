import ChartDiagnostics
import ChartPipeline

/// `chartc data SPEC [--format csv|json]`: runs the spec's data pipeline and prints the table its marks are drawn
/// from (SPEC §9), so a chart's numbers can be checked without looking at the chart.
enum DataCommand {
    static let description = CommandDescription(
        name: "data",
        abstract: "Print the table a chart is drawn from.",
        discussion:
            "Loads the spec's data, runs calculate, filter, groupBy/aggregate and sort, and prints the resulting rows: group fields, then aggregate fields. Numbers print in their shortest exact form, dates as ISO 8601, nulls as empty CSV cells. For a spec with layers this is the top-level pipeline's output; --layer N prints the rows one layer draws (after its own aggregation or data, and its filter). For a one-mark composite (SPEC §21: boxplot, errorbar) it is the statistics per group (a boxplot's lower, q1, median, q3, upper), and --layer N counts the layers the mark becomes (a boxplot's outliers are its last). For a spec of several views (concat, repeat) it is the first view's output; --view N prints view N's (from 0), and --layer then counts that view's layers.",
        arguments: [PositionalArgument("SPEC", help: "The chart spec (a .chart.json file).")],
        options: [
            .value("format", valueName: "FORMAT", help: "Table format.", allowed: Compiler.TableFormat.allCases.map(\.rawValue), default: "csv"),
            .value("layer", valueName: "N", help: "For a spec with layers: print the rows layer N draws (from 0) instead of the top-level output."),
            .value("view", valueName: "N", help: "For a spec of several views (concat, repeat): print the rows view N draws (from 0).")
        ] + NetworkOptions.options + ThemeOptions.options,
        examples: [
            Example(
                "chartc data examples/polarization/polarization.chart.json", "Print the yearly party medians behind the polarization chart as CSV.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        let context = try NetworkOptions.context(from: arguments, base: environment.fetch)
        let format = arguments.value("format").flatMap(Compiler.TableFormat.init(rawValue:)) ?? .csv
        guard let path = arguments.positional("SPEC").first else { return .usage }
        var layer: Int?
        if let text = arguments.value("layer") {
            guard let number = Int(text), number >= 0 else {
                throw UsageError(.notALayerNumber(text))
            }
            layer = number
        }
        guard let loaded = SpecLoading.load(path, console: console, context: context) else { return .failure }
        var spec = loaded
        if let text = arguments.value("view") {
            guard let number = Int(text), number >= 0 else { throw UsageError(.notAViewNumber(text)) }
            guard number < loaded.views.count else { throw UsageError(.noSuchView(number, path: path, count: loaded.views.count)) }
            spec = loaded.views[number]
        } else if let first = loaded.views.first {
            spec = first
        }
        // N counts the layers as written: a composite mark's layer (SPEC §21) prints the rows of the first layer
        // it expands into (its statistics), and a composite `mark` is no layer.
        // A one-mark composite (a `"mark": "boxplot"`) prints its statistics, the rows of the first layer it expands
        // into, and N counts the layers it expands into (a boxplot's outliers are its last).
        let composite = spec.mark.composite != nil && !spec.layers.isEmpty && spec.layers.allSatisfy { $0.writtenIndex == nil }
        let written = composite ? spec.layers.map { Optional($0.index) } : spec.layers.map(\.writtenIndex)
        let drawn: Int?
        if composite {
            let number = layer ?? 0
            drawn = number < written.count ? number : nil
        } else {
            drawn = layer.flatMap { number in written.firstIndex { $0 == number } }
        }
        if let layer, drawn == nil {
            let count = written.compactMap { $0 }.max().map { $0 + 1 } ?? 0
            throw UsageError(.noSuchLayer(layer, path: path, count: count))
        }
        do throws(DiagnosticError) {
            // The table does not depend on the theme, but the same flags as build must name a theme that works.
            _ = try ThemeOptions.theme(for: spec, arguments: arguments)
            if let layer = drawn {
                let result = try Pipeline.runLayers(spec: spec, context: context)
                console.report(result.top.warnings)
                console.write(Compiler.text(of: result.layers[layer].table, format: format), to: .output)
                return .success
            }
            let result = try Compiler.run(spec, context: context)
            console.report(result.warnings)
            console.write(Compiler.text(of: result.table, format: format), to: .output)
            return .success
        } catch {
            console.report(error.diagnostics)
            return .failure
        }
    }
}
