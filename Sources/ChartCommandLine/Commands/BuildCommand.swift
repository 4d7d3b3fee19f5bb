import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec
import ChartSystem

/// `chartc build PATH... [-o DIR|FILE] [--format svg|html|pdf|png] [--scale N]`: compiles every spec to its output files. Specs build in
/// parallel; results print in input order; a failing spec is reported and the others are still written; each
/// output replaces the old file in one step.
enum BuildCommand {
    static let description = CommandDescription(
        name: "build",
        abstract: "Build charts (SVG, HTML, PDF or PNG) from specs.",
        discussion:
            "Each PATH is a spec file or a folder (every *.chart.json file under it). A spec NAME.chart.json is written as NAME.svg (or NAME.html, NAME.pdf, NAME.png) next to it, or into DIR with -o. With one spec and one format, -o may name the file instead: -o chart.svg (or .html, .pdf, .png) writes that file, in the format its extension names. A PNG is drawn by chartc itself from the same picture as the SVG, --scale pixels per CSS px. Charts build in parallel; one that fails is reported and the others are still built, and the summary at the end names each spec that failed.\n\n"
            + NetworkOptions.discussion + "\n\n" + ThemeOptions.discussion + "\n\nExit status: 0 all built, 1 any failed, 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to build.", repeated: true)],
        options: [
            .value(
                "output", short: "o", valueName: "DIR",
                help:
                    "Write the outputs into DIR (created if missing) instead of next to each spec. A path ending in .svg, .html, .pdf or .png that is not a folder names the one output file instead (one spec, and --format, if given, that one format)."
            ),
            .value(
                "format", valueName: "FORMAT", help: "Output formats; several separated by commas.", allowed: OutputFormat.allCases.map(\.rawValue),
                list: true, default: "svg"),
            .value(
                "preset", valueName: "NAME",
                help:
                    "Build the chart's output presets instead of --format: web (SVG and HTML at the chart's size), social (a 1200 x 675 PNG), print (a PDF in the theme's print variant), or those its theme's or spec's 'outputs' define; several separated by commas, or all. Each writes NAME.PRESET.EXT, laid out again at the preset's size.",
                list: true, repeatable: true),
            .value(
                "scale", valueName: "N",
                help: "Pixels per CSS px of a PNG, a whole number from 1 to \(maximumScale): 2 draws a 640 px wide chart 1280 pixels wide.",
                default: "2"),
            .flag(
                "timings",
                help:
                    "After each chart, print to stderr where its time went: reading the spec, the theme, connecting to a database (TCP, TLS, authentication, the server's backend start), describing, the statement's wait (the server's time as chartc sees it), decoding, the pipeline, layout with the SVG, writing; and what chartc added (total less the statement's wait). Output files are unchanged."
            )
        ] + NetworkOptions.options + ThemeOptions.options,
        examples: [
            Example("chartc build examples", "Build every chart under examples/ next to its spec."),
            Example("chartc build charts/sales.chart.json -o public --format svg,html", "Write public/sales.svg and public/sales.html."),
            Example("chartc build charts/sales.chart.json -o sales-2024.pdf", "Write the one file sales-2024.pdf."),
            Example("chartc build charts/sales.chart.json --format png --scale 3", "Write sales.png, three pixels per CSS px."),
            Example("chartc build charts/sales.chart.json --preset social,print", "Write sales.social.png (1200 x 675) and sales.print.pdf.")
        ]
    )

    /// What happened to one spec.
    struct Outcome: Sendable {
        var written: [String] = []
        var diagnostics: [Diagnostic] = []
        /// The `--timings` report, when asked for.
        var timings: String?
        var failed: Bool { diagnostics.hasErrors }
    }

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        let context = try NetworkOptions.context(from: arguments, base: environment.fetch)
        let clock = ContinuousClock()
        let start = clock.now
        var formats = arguments.values("format").compactMap(OutputFormat.init(rawValue:))
        let scale = try pngScale(arguments)
        var outputDirectory = arguments.value("output")
        let (files, pathDiagnostics) = SpecFiles.expand(arguments.positional("PATH"))
        var outputFile: String?
        let presets = arguments.values("preset").filter { !$0.isEmpty }
        if !presets.isEmpty {
            // SPEC §23: a preset names its formats and its file names; -o is the folder they go into.
            if arguments.flag("format") { throw UsageError(.presetWithFormat, command: description.name) }
            if let output = outputDirectory, outputFileFormat(output) != nil {
                throw UsageError(.presetWithOutputFile(path: output), command: description.name)
            }
        }
        if let output = outputDirectory, let format = outputFileFormat(output) {
            try checkOutputFile(output, format: format, specs: files.count, formats: arguments.flag("format") ? formats : nil)
            outputFile = output
            formats = [format]
            outputDirectory = Paths.directory(of: output)
        }
        console.report(pathDiagnostics)

        if let outputDirectory {
            do {
                try FileSystem.createDirectory(outputDirectory)
            } catch {
                console.report([
                    Diagnostic(CommandLineDiagnostic.outputFolderFailed(reason: error.reason), path: error.path)
                ])
                return .failure
            }
        }

        var planned = plan(files, formats: formats, outputDirectory: outputDirectory)
        if let outputFile, let format = formats.first {
            for index in planned.indices { planned[index].outputs = [Target(format: format, path: outputFile)] }
        }
        let jobs = planned
        let oneFile = outputFile
        let presetDirectory = outputDirectory
        let renderer = formats.contains(.png) ? environment.renderer.drawingPNG(atScale: scale) : environment.renderer
        let outcomes = parallelMap(jobs.count) { index in
            let job = jobs[index]
            if let collision = job.collision { return Outcome(diagnostics: [collision]) }
            if !presets.isEmpty {
                return buildPresets(
                    job.spec, names: presets, directory: presetDirectory ?? Paths.directory(of: job.spec), scale: scale,
                    renderer: environment.renderer,
                    context: context, arguments: arguments)
            }
            return build(job.spec, to: job.outputs, renderer: renderer, context: context, arguments: arguments, outputFile: oneFile)
        }

        // A path that names no spec fails like a spec does, under the path as given.
        var failed = pathDiagnostics.filter { $0.severity == .error }.map { $0.locationDescription ?? "?" }
        var built = 0
        for (job, outcome) in zip(jobs, outcomes) {
            console.report(outcome.diagnostics)
            for path in outcome.written { console.print("wrote \(path)") }
            if let timings = outcome.timings { console.printError(timings) }
            if outcome.failed { failed.append(job.spec) } else { built += 1 }
        }
        console.printError(summary(built: built, failed: failed, seconds: seconds(clock.now - start)))
        return failed.isEmpty ? .success : .failure
    }

    /// The largest `--scale`.
    static let maximumScale = 8

    /// `--scale N`: a whole number of pixels per CSS px, 1 to `maximumScale` (default 2).
    static func pngScale(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        let text = arguments.value("scale") ?? "2"
        guard let value = Int(text), value >= 1, value <= maximumScale else {
            throw UsageError(.notAWholeNumber(text, option: "scale", lower: 1, upper: maximumScale), command: description.name)
        }
        return Double(value)
    }

    /// The format `-o PATH` names when PATH is one output file (`-o chart.svg`): it ends
    /// in a known format's extension and is not an existing folder (a folder named `x.svg` stays a DIR).
    static func outputFileFormat(_ path: String) -> OutputFormat? {
        let name = Paths.fileName(of: path)
        guard !path.hasSuffix("/"), let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        guard let format = OutputFormat(rawValue: String(name[name.index(after: dot)...]).lowercased()) else { return nil }
        return FileSystem.kind(of: path) == .directory ? nil : format
    }

    /// `-o FILE` writes one file: one spec, and `--format` (when given, `formats`) that file's one format.
    static func checkOutputFile(_ path: String, format: OutputFormat, specs: Int, formats: [OutputFormat]?) throws(UsageError) {
        if specs > 1 {
            throw UsageError(.outputFileForSeveralSpecs(path: path, specs: specs), command: description.name)
        }
        if let formats, formats != [format] {
            throw UsageError(
                .outputFileFormats(path: path, format: format.rawValue, formats: formats.map(\.rawValue)), command: description.name)
        }
    }

    /// `built 3 charts in 0.12 s`, and when some failed, `; 2 failed:` with each failed spec on a line of its
    /// own (its path as the build was given it), so a build of a folder names what to fix.
    static func summary(built: Int, failed: [String], seconds: String) -> String {
        var summary = "built \(counted(built, "chart")) in \(seconds) s"
        guard !failed.isEmpty else { return summary }
        summary += "; \(failed.count) failed:"
        for path in failed { summary += "\n  " + path }
        return summary
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
                job.collision = Diagnostic(CommandLineDiagnostic.outputCollision(output: output.path, owner: owner.spec), path: file)
            }
            if job.collision == nil { claimed += outputs.map { ($0.path, file) } }
            jobs.append(job)
        }
        return jobs
    }

    /// `--preset NAMES` (SPEC §23): the spec's presets (built in, its theme's, its own), then each one asked for
    /// built as `DIR/NAME.PRESET.EXT` in its formats, variant, size and scale (`--scale` where it gives none).
    static func buildPresets(
        _ path: String, names: [String], directory: String, scale: Double, renderer: any ChartRenderer, context: LoadContext,
        arguments: ParsedArguments
    ) -> Outcome {
        var outcome = Outcome()
        let spec: ChartSpec
        switch SpecFiles.read(path) {
        case .success(let file):
            let (parsed, diagnostics) = Compiler.parse(file)
            guard let parsed, !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics) }
            spec = parsed
        case .failure(let diagnostic):
            return Outcome(diagnostics: [diagnostic])
        }
        let selected: [Presets.Selected]
        do throws(DiagnosticError) {
            let theme = try ThemeOptions.theme(for: spec, arguments: arguments)
            let (presets, problems) = Presets.available(for: spec, theme: theme.theme)
            let chosen = Presets.select(names, from: presets, specPath: path)
            outcome.diagnostics = problems + chosen.diagnostics
            selected = chosen.selected
        } catch {
            return Outcome(diagnostics: error.diagnostics)
        }
        if outcome.diagnostics.hasErrors { return outcome }
        let name = Paths.chartName(of: path)
        var seen: Set<String> = []
        for preset in selected {
            let targets = preset.formats.map { Target(format: $0, path: Paths.join(directory, "\(name).\(preset.name).\($0.fileExtension)")) }
            let drawing = preset.formats.contains(.png) ? renderer.drawingPNG(atScale: preset.scale ?? scale) : renderer
            let built = build(path, to: targets, renderer: drawing, context: context, arguments: arguments, preset: preset.preset)
            outcome.written += built.written
            // What every preset's build says (a warning of the spec) is said once.
            for diagnostic in built.diagnostics where seen.insert(BatchBuild.key(diagnostic)).inserted { outcome.diagnostics.append(diagnostic) }
            if let timings = built.timings { outcome.timings = (outcome.timings.map { $0 + "\n" } ?? "") + timings }
        }
        return outcome
    }

    /// Parse, run the pipeline, render each format, write each file.
    /// A batch (SPEC §23) is built chart by chart by `BatchBuild`.
    static func build(
        _ path: String, to outputs: [Target], renderer: any ChartRenderer, context: LoadContext, arguments: ParsedArguments,
        outputFile: String? = nil,
        preset: OutputPreset? = nil
    ) -> Outcome {
        var context = context
        // Each chart its own clock: charts build in parallel.
        if arguments.flag("timings") { context.timings = PhaseTimings() }
        let compiled = Compiler.compile(
            path, formats: outputs.map(\.format), renderer: renderer, context: context, arguments: arguments, batches: true, preset: preset)
        if compiled.isBatch, let spec = compiled.spec {
            var outcome = BatchBuild.build(
                spec, to: outputs, renderer: renderer, context: context, arguments: arguments, outputFile: outputFile, preset: preset)
            outcome.diagnostics = compiled.diagnostics + outcome.diagnostics
            outcome.timings = context.timings?.report(title: path)
            return outcome
        }
        var outcome = Outcome(diagnostics: compiled.diagnostics)
        guard compiled.files.count == outputs.count else {
            outcome.timings = context.timings?.report(title: path)
            return outcome
        }
        do throws(FileSystem.Failure) {
            for (output, bytes) in zip(outputs, compiled.files) {
                try FileSystem.writeAtomically(bytes, to: output.path)
                outcome.written.append(output.path)
            }
        } catch {
            outcome.diagnostics.append(
                Diagnostic(CommandLineDiagnostic.chartWriteFailed(reason: error.reason), path: error.path))
        }
        context.timings?.lap("write")
        outcome.timings = context.timings?.report(title: path)
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
