import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartNetwork
import ChartPipeline
import ChartSpec

/// `chartc lint PATH... [--format text|json|github] [--strict]`: every problem in every spec, in a form people
/// (text), tools (json) and GitHub pull requests (github) read. Warnings fail only with `--strict`.
enum LintCommand {
    static let description = CommandDescription(
        name: "lint",
        abstract: "Check specs for errors and publishing mistakes.",
        discussion: "Each PATH is a spec file or a folder (every *.chart.json file under it). Every spec is parsed and, when its data is a local file, its fields and expressions are checked against the data's columns. Of a CSV or TSV file larger than 1 MiB only the first MiB is read, so that lint stays fast (build reads every row); --all-rows reads it whole. Each problem prints as 'file:line:col: error|warning: message [rule]'. Warnings, such as a missing title, fail the run only with --strict.\n\nExit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to check.", repeated: true)],
        options: [
            .value("format", valueName: "FORMAT", help: "How to print problems: text for people, json for tools, github for workflow annotations.", allowed: DiagnosticFormat.allCases.map(\.rawValue), default: "text"),
            .flag("strict", help: "Fail on warnings too."),
            .flag("all-rows", help: "Check against every row of a large data file (slower), not only its first MiB."),
        ] + ThemeOptions.options,
        examples: [
            Example("chartc lint examples", "Check every spec under examples/."),
            Example("chartc lint charts --format github --strict", "Annotate a pull request; any warning fails the check."),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        let format = arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text
        let strict = arguments.flag("strict")
        let sampleBytes = arguments.flag("all-rows") ? nil : sampleSize
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

    /// How much of a large CSV/TSV file lint reads by default: its first MiB (about ten thousand rows).
    static let sampleSize = 1 << 20

    /// Every diagnostic for one spec file, in file order.
    /// Remote data is checked against its cached copy (`fetch` names the cache), never fetched; a local CSV/TSV
    /// file larger than `sampleBytes` is checked against its first records only (nil: every row).
    static func lint(_ path: String, fetch: FetchOptions, sampleBytes: Int? = sampleSize, arguments: ParsedArguments? = nil) -> [Diagnostic] {
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let diagnostic): return [diagnostic]
        }
        let (parsed, parseDiagnostics) = Compiler.parse(file)
        var diagnostics = parseDiagnostics
        guard let spec = parsed else { return diagnostics.sortedByPosition() }
        var schema: [(name: String, type: DataType)]?
        // The rows the marks are drawn from, so that the series rules see the real series (local data only).
        var table: Table?
        if !parseDiagnostics.hasErrors && !spec.data.isRemote {
            // One run gives the schema, the planner's findings and the table, reading the data once.
            let context = LoadContext(fetch: fetch, sampleBytes: sampleBytes)
            do {
                let output = try Compiler.run(spec, context: context)
                schema = output.schema
                // A sample's series may not be all of them: the rules then go by what the spec says.
                table = output.isSample ? nil : output.table
                diagnostics += output.warnings
            } catch {
                diagnostics += error.diagnostics
                // The planner's errors leave the data readable: its schema still feeds the rules.
                schema = try? Compiler.schema(of: spec, context: context)
            }
        } else if !parseDiagnostics.hasErrors {
            // Remote data: the cached copy's schema only (lint never downloads), and no rows.
            do {
                schema = try Compiler.schema(of: spec, fetch: fetch)
                if let schema {
                    diagnostics += Compiler.plan(spec, schema: schema).diagnostics
                }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        // The theme the spec resolves to: its errors at the theme's line:col, its colors checked.
        var theme: Theme?
        if let arguments {
            let request = ThemeOptions.request(for: spec, arguments: arguments)
            if ThemeResolver.chooseFile(request) != nil || request.variant != nil {
                do {
                    let loaded = try ChartTheme.load(try ThemeResolver.resolve(request))
                    theme = loaded.theme
                    diagnostics += loaded.warnings
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        diagnostics = Linter.merge(diagnostics, Linter.lint(spec: spec, schema: schema, table: table, theme: theme))
        return diagnostics.sortedByPosition()
    }
}
