import ChartDiagnostics
import ChartPipeline

/// `chartc plan SPEC`: prints the pipeline the planner made for a spec (which columns are read, where filters
/// run), to explain what `data` and `build` will do and how fast.
enum PlanCommand {
    static let description = CommandDescription(
        name: "plan",
        abstract: "Print the data pipeline planned for a spec.",
        discussion: "Shows the steps chartc will run for the spec's data: the columns it reads, the calculations and filters in the order they run, grouping, aggregation and sorting.",
        arguments: [PositionalArgument("SPEC", help: "The chart spec (a .chart.json file).")],
        examples: [
            Example("chartc plan examples/polarization/polarization.chart.json", "Show which columns of the members file the polarization chart reads."),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        guard let path = arguments.positional("SPEC").first else { return .usage }
        guard let spec = SpecLoading.load(path, console: console) else { return .failure }
        do {
            let context = LoadContext(fetch: environment.fetch)
            if spec.data.isRemote, try Compiler.schema(of: spec, fetch: environment.fetch) == nil {
                console.report([Compiler.notCached(spec)])
                return .failure
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
}
