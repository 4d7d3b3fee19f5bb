import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec

/// `chartc build PATH... [-o DIR] [--format svg|html|pdf]`: compiles every spec to its output files. Specs build in
/// parallel; results print in input order; a failing spec is reported and the others are still written; each
/// output replaces the old file in one step.
enum BuildCommand {
    static let description = CommandDescription(
        name: "build",
        abstract: "Build charts (SVG, HTML or PDF) from specs.",
        discussion: "Each PATH is a spec file or a folder (every *.chart.json file under it). A spec NAME.chart.json is written as NAME.svg (or NAME.html, NAME.pdf) next to it, or into DIR with -o. Charts build in parallel; one that fails is reported and the others are still built.\n\n" + NetworkOptions.discussion + "\n\nExit status: 0 all built, 1 any failed, 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to build.", repeated: true)],
        options: [
            .value("output", short: "o", valueName: "DIR", help: "Write the outputs into DIR (created if missing) instead of next to each spec."),
            .value("format", valueName: "FORMAT", help: "Output formats; several separated by commas.", allowed: OutputFormat.allCases.map(\.rawValue), list: true, default: "svg"),
        ] + NetworkOptions.options,
        examples: [
            Example("chartc build examples", "Build every chart under examples/ next to its spec."),
            Example("chartc build charts/sales.chart.json -o public --format svg,html", "Write public/sales.svg and public/sales.html."),
        ]
    )

    /// What happened to one spec.
    struct Outcome: Sendable {
        var written: [String] = []
        var diagnostics: [Diagnostic] = []
        var failed: Bool { diagnostics.hasErrors }
    }

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        let context = try NetworkOptions.context(from: arguments, base: environment.fetch)
        let clock = ContinuousClock()
        let start = clock.now
        let formats = arguments.values("format").compactMap(OutputFormat.init(rawValue:))
        let outputDirectory = arguments.value("output")
        let (files, pathDiagnostics) = SpecFiles.expand(arguments.positional("PATH"))
        console.report(pathDiagnostics)

        if let outputDirectory {
            do {
                try FileSystem.createDirectory(outputDirectory)
            } catch {
                console.report([Diagnostic(.error, "output-failed", "cannot create the output folder: \(error.reason)", path: error.path)])
                return .failure
            }
        }

        let jobs = plan(files, formats: formats, outputDirectory: outputDirectory)
        let renderer = environment.renderer
        let outcomes = parallelMap(jobs.count) { index in
            let job = jobs[index]
            if let collision = job.collision { return Outcome(diagnostics: [collision]) }
            return build(job.spec, to: job.outputs, renderer: renderer, context: context)
        }

        var failed = pathDiagnostics.errorCount
        var built = 0
        for outcome in outcomes {
            console.report(outcome.diagnostics)
            for path in outcome.written { console.print("wrote \(path)") }
            if outcome.failed { failed += 1 } else { built += 1 }
        }
        var summary = "built \(counted(built, "chart")) in \(seconds(clock.now - start)) s"
        if failed > 0 { summary += "; \(failed) failed" }
        console.printError(summary)
        return failed > 0 ? .failure : .success
    }

    /// One output file of a spec.
    struct Target: Sendable {
        var format: OutputFormat
        var path: String
    }

    /// One spec to build: where its outputs go, or why it is not built (its output would overwrite another's).
    struct Job: Sendable {
        var spec: String
        var outputs: [Target]
        var collision: Diagnostic?
    }

    /// Output paths for every spec; a spec whose output another spec already claimed is not built.
    static func plan(_ files: [String], formats: [OutputFormat], outputDirectory: String?) -> [Job] {
        var jobs: [Job] = []
        var claimed: [(output: String, spec: String)] = []
        for file in files {
            let directory = outputDirectory ?? Paths.directory(of: file)
            let name = Paths.chartName(of: file)
            let outputs = formats.map { Target(format: $0, path: Paths.join(directory, "\(name).\($0.fileExtension)")) }
            var job = Job(spec: file, outputs: outputs)
            for output in outputs {
                guard let owner = claimed.first(where: { $0.output == output.path }) else { continue }
                job.collision = Diagnostic(
                    .error, "output-collision",
                    "not built: its output '\(output.path)' would overwrite the chart built from '\(owner.spec)'; rename one of the specs or build them separately",
                    path: file
                )
            }
            if job.collision == nil { claimed += outputs.map { ($0.path, file) } }
            jobs.append(job)
        }
        return jobs
    }

    /// Parse, run the pipeline, render each format, write each file.
    static func build(_ path: String, to outputs: [Target], renderer: any ChartRenderer, context: LoadContext) -> Outcome {
        var outcome = Outcome()
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let diagnostic): return Outcome(diagnostics: [diagnostic])
        }
        let (parsed, parseDiagnostics) = Compiler.parse(file)
        outcome.diagnostics = parseDiagnostics
        guard let spec = parsed, !parseDiagnostics.hasErrors else { return outcome }
        do {
            let result = try Compiler.run(spec, context: context)
            outcome.diagnostics += result.warnings
            var rendered: [(path: String, bytes: [UInt8])] = []
            for output in outputs {
                rendered.append((output.path, try renderer.renderBytes(spec: spec, table: result.table, sources: result.provenance, format: output.format)))
            }
            for output in rendered {
                try FileSystem.writeAtomically(output.bytes, to: output.path)
                outcome.written.append(output.path)
            }
        } catch let error as DiagnosticError {
            outcome.diagnostics += error.diagnostics
        } catch let error as FileSystem.Failure {
            outcome.diagnostics.append(Diagnostic(.error, "output-failed", "cannot write the chart: \(error.reason)", path: error.path))
        } catch {
            outcome.diagnostics.append(Diagnostic(.error, "output-failed", "cannot build the chart: \(error)", path: path))
        }
        return outcome
    }

    /// `0.12`: a duration in seconds with two decimals.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let hundredths = whole * 100 + (attoseconds + 5_000_000_000_000_000) / 10_000_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
