import ChartDiagnostics
import ChartLayout

/// `chartc theme SPEC [--theme FILE] [--variant NAME]`: prints the theme a spec resolves to, each value with
/// the file and line it came from (like `git config --show-origin`), to answer "why is this title 18 px?".
enum ThemeCommand {
    static let description = CommandDescription(
        name: "theme",
        abstract: "Print the house style a spec resolves to, with where each value comes from.",
        discussion: ThemeOptions.discussion + " Each line shows file:line:col (or built-in), the key and its value.",
        arguments: [PositionalArgument("SPEC", help: "The chart spec (a .chart.json file).")],
        options: ThemeOptions.options,
        examples: [
            Example("chartc theme examples/house-style/print.chart.json", "Show the resolved house style of a chart."),
            Example("chartc theme chart.chart.json --theme house.theme.json --variant dark", "The dark variant of a given theme.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        guard let path = arguments.positional("SPEC").first else { return .usage }
        guard let spec = SpecLoading.load(path, console: console) else { return .failure }
        do {
            let theme = try ThemeResolver.resolve(ThemeOptions.request(for: spec, arguments: arguments))
            console.write(ThemePrinter.listing(theme), to: .output)
        } catch {
            console.report(error.diagnostics)
            return .failure
        }
        return .success
    }
}
