/// The `chartc` program: its commands, their help, and the entry point `main.swift` calls. Everything the
/// program does goes through `run(_:console:)`, so tests can run it in-process with a `BufferConsole`.
public enum Chartc {
    public static let version = "0.1.0"

    /// The program with every command wired to its handler.
    public static func program(environment: CommandEnvironment = CommandEnvironment()) -> CommandLineProgram {
        CommandLineProgram(
            name: "chartc",
            version: version,
            abstract: "compile declarative chart specs (JSON) into SVG and HTML charts.",
            discussion:
                "A chart is one JSON file, NAME.chart.json, next to its data. chartc checks it, runs its data pipeline and lays it out as a deterministic, self-contained SVG or HTML file.",
            examples: [
                Example("chartc build examples", "Build every chart under examples/ next to its spec."),
                Example("chartc lint charts --strict", "Check every spec under charts/; warnings fail too.")
            ],
            commands: [
                (
                    BuildCommand.description,
                    { (arguments, console) throws(UsageError) in try BuildCommand.run(arguments, console: console, environment: environment) }
                ),
                (LintCommand.description, { LintCommand.run($0, console: $1, environment: environment) }),
                (
                    DataCommand.description,
                    { (arguments, console) throws(UsageError) in try DataCommand.run(arguments, console: console, environment: environment) }
                ),
                (PlanCommand.description, { PlanCommand.run($0, console: $1, environment: environment) }),
                (
                    PreviewCommand.description,
                    { (arguments, console) throws(UsageError) in try PreviewCommand.run(arguments, console: console, environment: environment) }
                ),
                (ThemeCommand.description, { ThemeCommand.run($0, console: $1, environment: environment) }),
                (FormatCommand.description, { FormatCommand.run($0, console: $1, environment: environment) })
            ]
        )
    }

    /// Runs `chartc` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: any Console, environment: CommandEnvironment = CommandEnvironment()) -> Int32 {
        // `chartc preview` runs each build in a child chartc (PreviewChildBuild); not a command help lists.
        if arguments.first == PreviewChildBuild.commandName {
            return PreviewChildBuild.run(Array(arguments.dropFirst()), console: console, environment: environment)
        }
        return program(environment: environment).run(arguments, console: console)
    }
}
