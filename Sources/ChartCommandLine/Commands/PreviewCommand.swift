import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartPipeline
import ChartPreview
import ChartSpec
import ChartSystem

/// `chartc preview PATH... [--port N]`: serves every chart under PATH on a loopback port and rebuilds a chart
/// as soon as its spec or data changes, updating the open page in place (the server, watcher and pages are
/// `ChartPreview`; building is `build`'s own code, `Compiler.compile`).
enum PreviewCommand {
    static let description = CommandDescription(
        name: "preview",
        abstract: "Serve charts in the browser and update them as their specs change.",
        discussion:
            "Builds every spec under each PATH (the files build would take; .chartcignore respected) and serves them on http://127.0.0.1:PORT/ (and [::1]) only: an index of the charts, and for each chart its HTML page with a bar showing its path and build time. When a spec, a local data file it reads, or a new spec changes, the charts that depend on it are rebuilt and open pages update in place, keeping the scroll position and the series shown. A spec with errors shows its diagnostics, as printed here, over the last chart that built. Remote data is downloaded on the first build and then read from the cache; press r in a chart's page (or pass --refresh) to download it again.\n\nThe server answers only requests addressed to localhost, serves only files under PATH and stops on Ctrl-C.\n\n"
            + NetworkOptions.discussion + "\n\nExit status: 0 after Ctrl-C, 1 the server cannot start, 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to preview.", repeated: true)],
        options: [
            .value("port", valueName: "N", help: "Listen on port N (0: a free port, printed).", default: "0"),
            .flag("poll", help: "Watch files by polling their modification times (for file systems without change events).")
        ] + NetworkOptions.options,
        examples: [
            Example("chartc preview examples", "Serve the gallery on a free port; open the address it prints."),
            Example("chartc preview charts/sales.chart.json --port 8080", "Serve one chart on http://127.0.0.1:8080/.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        let context = try NetworkOptions.context(from: arguments, base: environment.fetch)
        let portText = arguments.value("port") ?? "0"
        guard let port = UInt16(portText) else {
            throw UsageError(.notAPort(portText))
        }
        let paths = arguments.positional("PATH")
        // A path that does not exist is a typo, not a folder to wait for: say so and stop.
        let missing = paths.filter { FileSystem.kind(of: $0) == .missing }.map(SpecFiles.missingFile)
        if !missing.isEmpty {
            console.report(missing)
            return .failure
        }
        let session = PreviewSession(
            paths: paths, port: port,
            refreshAlways: arguments.flag("refresh"), polling: arguments.flag("poll")
        )
        let builder = Builder(renderer: environment.renderer, context: context, roots: paths)
        let failure = session.run(
            builder: builder,
            started: { address in console.print("chartc preview: serving on \(address) (Ctrl-C stops)") },
            log: { console.printError($0) }
        )
        if let failure {
            console.report([failure])
            return .failure
        }
        console.printError("chartc preview: stopped")
        return .success
    }

    /// Builds charts for the preview with `build`'s code, in memory: the HTML page and the SVG of each.
    struct Builder: PreviewBuilder {
        var renderer: any ChartRenderer
        var context: LoadContext
        /// The PATHs served: a spec's files must lie inside them (`PreviewRoots`).
        var roots: [String]

        func specFiles(in paths: [String]) -> (files: [String], problems: String) {
            let (files, diagnostics) = SpecFiles.expand(paths)
            return (files, diagnostics.isEmpty ? "" : DiagnosticFormatter(format: .text).render(diagnostics))
        }

        /// Builds each spec in a child process (`chartc` itself, `PreviewChildBuild`), so that whatever one
        /// spec does to its build — even a trap — costs that chart's page a diagnostic, never the server.
        func build(_ specs: [String], refresh: Bool, first: Bool) -> [ChartBuild] {
            let program = PreviewChildBuild.program()
            return parallelMap(specs.count) { index in
                guard let program else { return buildHere(specs[index], refresh: refresh, first: first) }
                return PreviewChildBuild.build(
                    specs[index], program: program,
                    request: PreviewChildBuild.Request(refresh: refresh, first: first, fetch: context.fetch, roots: roots))
            }
        }

        /// One spec built in this process: the child's side of `build`, and the fallback when no `chartc` to
        /// run is found.
        func buildHere(_ spec: String, refresh: Bool, first: Bool) -> ChartBuild {
            let base = context
            let clock = ContinuousClock()
            let start = clock.now
            // Remote data: revalidated on a chart's first build, then read from the cache (downloaded only
            // when not cached yet), unless asked to download again.
            var mode = base.fetch.mode
            if refresh && mode != .offline { mode = .refresh } else if !first && mode == .normal { mode = .offline }
            let formats: [OutputFormat] = first ? [.html, .svg] : [.html]
            let served = PreviewRoots(paths: roots)
            // Data outside PATH is refused before it is read; the theme's files once the theme is resolved.
            var refusals = dataRefusals(spec, served: served)
            var compiled = refusals.isEmpty ? compile(spec, formats: formats, mode: mode, base: base, batches: true) : Compiler.CompiledChart()
            // SPEC §23: a batch is one entry whose page shows each value's chart (`BatchBuild.inMemory`).
            var batchCharts: [ChartBuild.BatchChart] = []
            if compiled.isBatch, let parsed = compiled.spec, !compiled.diagnostics.hasErrors {
                var batchContext = base
                batchContext.fetch.mode = mode
                let batch = BatchBuild.inMemory(
                    parsed, formats: [.html, .svg], renderer: renderer, context: batchContext, limit: ChartBuild.batchLimit)
                compiled.diagnostics += batch.diagnostics
                compiled.themeFiles = batch.themeFiles
                compiled.batchValues = batch.values.map { $0.text ?? "" }
                compiled.files = formats == [.html] ? Array(batch.first.prefix(1)) : batch.first
                let formatter = DiagnosticFormatter(format: .text)
                batchCharts = batch.charts.map { entry in
                    ChartBuild.BatchChart(
                        value: entry.chart.value.text ?? "", svg: entry.chart.diagnostics.hasErrors ? nil : entry.svg,
                        diagnostics: entry.chart.diagnostics.isEmpty ? "" : formatter.render(entry.chart.diagnostics))
                }
                // No value's chart built: the first one's errors are the batch's.
                if batch.first.isEmpty, let failed = batch.charts.first { compiled.diagnostics += failed.chart.diagnostics }
            }
            for file in compiled.themeFiles where !served.contains(file) {
                let kind = file.hasSuffix(".json") ? "theme" : file.lowercased().hasSuffix(".svg") ? "logo" : "font"
                refusals.append(served.refusal(file, kind: kind, spec: spec, span: nil))
            }
            if !refusals.isEmpty {
                compiled.files = []
                compiled.diagnostics = refusals
            }
            let (whole, attoseconds) = (clock.now - start).components
            var dependencies = [spec]
            if let parsed = compiled.spec {
                // The spec's data, and each layer's own (SPEC §11).
                for data in [parsed.data] + parsed.layers.compactMap(\.data) {
                    guard case .url(let url) = data.origin, !data.isRemote else { continue }
                    let path = DataFiles.resolve(url.value, baseDirectory: parsed.baseDirectory)
                    if !dependencies.contains(path) { dependencies.append(path) }
                }
            }
            // Its house style: a saved theme (or a file it extends, a font, the logo) rebuilds it too.
            dependencies += compiled.themeFiles
            let succeeded = compiled.texts.count == formats.count
            var build = ChartBuild(
                title: compiled.spec?.title?.value,
                html: succeeded ? compiled.texts.first : nil, svg: succeeded && first ? compiled.texts.last : nil,
                diagnostics: compiled.diagnostics.isEmpty ? "" : DiagnosticFormatter(format: .text).render(compiled.diagnostics),
                errorCount: compiled.diagnostics.errorCount, warningCount: compiled.diagnostics.warningCount,
                dependencies: dependencies, milliseconds: whole * 1000 + attoseconds / 1_000_000_000_000_000
            )
            build.batch = compiled.batchValues
            build.batchCharts = batchCharts
            return build
        }

        func svg(of spec: String) -> String? {
            if let program = PreviewChildBuild.program() {
                let built = PreviewChildBuild.build(
                    spec, program: program, request: PreviewChildBuild.Request(svgOnly: true, fetch: context.fetch, roots: roots))
                return built.errorCount > 0 ? nil : built.svg
            }
            return svgHere(spec)
        }

        /// The SVG of a spec built in this process (the child's side of `svg(of:)`).
        func svgHere(_ spec: String) -> String? {
            let served = PreviewRoots(paths: roots)
            guard dataRefusals(spec, served: served).isEmpty else { return nil }
            let compiled = compile(spec, formats: [.svg], mode: .offline, base: context)
            guard !compiled.diagnostics.hasErrors, compiled.themeFiles.allSatisfy(served.contains) else { return nil }
            return compiled.texts.first
        }

        /// The spec's local data files outside the served folders, each an error at its `url` (read before the
        /// data is: the spec alone says where it lies).
        private func dataRefusals(_ spec: String, served: PreviewRoots) -> [Diagnostic] {
            guard case .success(let file) = SpecFiles.read(spec), let parsed = Compiler.parse(file).spec else { return [] }
            return served.dataOutside(parsed).map { served.refusal($0.path, kind: "data", spec: spec, span: $0.span) }
        }

        /// `Compiler.compile` under fetch `mode`; remote data that is not cached yet is downloaded after all
        /// (unless --offline).
        private func compile(_ path: String, formats: [OutputFormat], mode: FetchOptions.Mode, base: LoadContext, batches: Bool = false)
            -> Compiler.CompiledChart
        {
            var context = base
            context.fetch.mode = mode
            let compiled = Compiler.compile(path, formats: formats, renderer: renderer, context: context, batches: batches)
            if compiled.isBatch && batches { return compiled }
            guard mode == .offline, base.fetch.mode != .offline, compiled.diagnostics.hasErrors, compiled.spec?.data.isRemote == true else {
                return compiled
            }
            context.fetch.mode = .normal
            return Compiler.compile(path, formats: formats, renderer: renderer, context: context, batches: batches)
        }
    }
}
