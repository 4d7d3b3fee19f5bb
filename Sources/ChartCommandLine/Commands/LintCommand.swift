import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartNetwork
import ChartPipeline
import ChartSpec
import ChartValues

/// `chartc lint PATH... [--format text|json|github] [--strict]`: every problem in every spec, in a form people
/// (text), tools (json) and GitHub pull requests (github) read. Warnings fail only with `--strict`.
enum LintCommand {
    static let description = CommandDescription(
        name: "lint",
        abstract: "Check specs for errors and publishing mistakes.",
        discussion:
            "Each PATH is a spec file or a folder (every *.chart.json file under it). Every spec is parsed and, when its data is a local file, its fields and expressions are checked against the data's columns. Of a CSV or TSV file larger than 1 MiB only the first MiB is read, so that lint stays fast (build reads every row); --all-rows reads it whole. Each problem prints as 'file:line:col: error|warning: message [rule]'. Warnings, such as a missing title, fail the run only with --strict.\n\nExit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to check.", repeated: true)],
        options: [
            .value(
                "format", valueName: "FORMAT", help: "How to print problems: text for people, json for tools, github for workflow annotations.",
                allowed: DiagnosticFormat.allCases.map(\.rawValue), default: "text"),
            .flag("strict", help: "Fail on warnings too."),
            .flag("all-rows", help: "Check against every row of a large data file (slower), not only its first MiB.")
        ] + ThemeOptions.options,
        examples: [
            Example("chartc lint examples", "Check every spec under examples/."),
            Example("chartc lint charts --format github --strict", "Annotate a pull request; any warning fails the check.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        let format = arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text
        let strict = arguments.flag("strict")
        let sampleBytes = arguments.flag("all-rows") ? nil : Linter.defaultSampleBytes
        let (files, pathDiagnostics) = SpecFiles.expand(arguments.positional("PATH"))

        var diagnostics = pathDiagnostics
        for file in files { diagnostics += lint(file, fetch: environment.fetch, sampleBytes: sampleBytes, arguments: arguments) }

        let formatter = DiagnosticFormatter(format: format)
        if format != .text || !diagnostics.isEmpty {
            console.write(formatter.render(diagnostics), to: .output)
        }
        let errors = diagnostics.errorCount
        let warnings = diagnostics.warningCount
        if format == .text {
            let checked = counted(files.count, "file")
            if errors == 0 && warnings == 0 {
                console.printError("no problems in \(checked)")
            } else {
                console.printError("\(counted(errors, "error")), \(counted(warnings, "warning")) in \(checked)")
            }
        }
        if errors > 0 || (strict && warnings > 0) { return .failure }
        return .success
    }

    /// Every diagnostic for one spec file, in file order (the policy is `Linter.lint`'s; the theme each spec
    /// resolves to under `arguments` is checked too).
    static func lint(_ path: String, fetch: FetchOptions, sampleBytes: Int? = Linter.defaultSampleBytes, arguments: ParsedArguments? = nil)
        -> [Diagnostic]
    {
        switch SpecFiles.read(path) {
        case .success(let file):
            // Text is measured in the theme's fonts, as a build sets it.
            let options = Linter.Options(fetch: fetch, sampleBytes: sampleBytes, textWidths: { ThemeTextWidths($0) }) { spec in
                ThemeOptions.lintTheme(for: spec, arguments: arguments)
            }
            return Linter.lint(file, options: options)
        case .failure(let diagnostic):
            return [diagnostic]
        }
    }
}
