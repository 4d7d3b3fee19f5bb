import ChartDiagnostics
import ChartJSON
import ChartPipeline
import ChartSpec

/// `chartc plan SPEC`: prints the pipeline the planner made for a spec (which columns are read, where filters
/// run), to explain what `data` and `build` will do and how fast.
enum PlanCommand {
    static let description = CommandDescription(
        name: "plan",
        abstract: "Print the data pipeline planned for a spec.",
        discussion:
            "Shows the steps chartc will run for the spec's data: the columns it reads, the calculations and filters in the order they run, grouping, aggregation and sorting.",
        arguments: [PositionalArgument("SPEC", help: "The chart spec (a .chart.json file).")],
        examples: [
            Example(
                "chartc plan examples/polarization/polarization.chart.json", "Show which columns of the members file the polarization chart reads.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        guard let path = arguments.positional("SPEC").first else { return .usage }
        guard let spec = SpecLoading.load(path, console: console, context: LoadContext(fetch: environment.fetch)) else { return .failure }
        guard spec.hasViews else { return plan(spec, console: console, environment: environment) }
        // SPEC §20: each view's pipeline, under its heading.
        for (index, view) in spec.views.enumerated() {
            let heading = view.title.map { " " + JSONText.quote($0.value) } ?? ""
            console.write("view \(index)\(heading)\n", to: .output)
            let inner = IndentingConsole(console)
            guard plan(view, console: inner, environment: environment) == .success else { return .failure }
        }
        return .success
    }

    /// The plan of one chart (a view of several, or the whole spec).
    static func plan(_ spec: ChartSpec, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        do {
            let context = LoadContext(fetch: environment.fetch)
            if spec.data.isRemote, try Compiler.schema(of: spec, fetch: environment.fetch) == nil {
                console.report([Compiler.notCached(spec)])
                return .failure
            }
            if spec.isLayered {
                let planned = try Pipeline.planLayers(spec: spec, context: context)
                console.report(planned.warnings)
                console.write(Self.layeredDescription(top: planned.top, layers: planned.layers, spec: spec), to: .output)
                return .success
            }
            let (plan, warnings) = try Compiler.plan(spec, context: context)
            console.report(warnings)
            let description = plan.description
            console.write(description.hasSuffix("\n") ? description : description + "\n", to: .output)
        } catch {
            console.report(error.diagnostics)
            return .failure
        }
        return .success
    }

    /// A layered spec's plans (SPEC §11): the top-level plan as for a one-mark spec, then each layer's: the pipeline it runs on its
    /// own (own `data` or aggregation) or that it draws the top-level output, then the steps it runs last.
    static func layeredDescription(top: Plan, layers: [(plan: Plan?, finalPlan: Plan?)], spec: ChartSpec) -> String {
        func indented(_ plan: Plan, skippingLoad: Bool) -> String {
            plan.description.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.isEmpty && !(skippingLoad && ($0.hasPrefix("load ") || $0.hasPrefix("output "))) }
                .map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        // The top-level plan reads as a one-mark spec's; each layer's follows, indented under its heading.
        var out = top.description.hasSuffix("\n") ? top.description : top.description + "\n"
        for (index, layer) in layers.enumerated() {
            let mark = spec.layers.indices.contains(index) ? spec.layers[index].mark.type.value.rawValue : "?"
            out += "layer \(index) (\(mark))\n"
            if let plan = layer.plan {
                out += indented(plan, skippingLoad: false)
            } else {
                out += "  rows    the top-level output\n"
            }
            if let final = layer.finalPlan {
                out += indented(final, skippingLoad: true)
                if let output = final.description.split(separator: "\n").last(where: { $0.hasPrefix("output") }) {
                    out += "  " + output + "\n"
                }
            }
        }
        return out
    }
}
