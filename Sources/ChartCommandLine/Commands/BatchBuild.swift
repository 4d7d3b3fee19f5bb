import ChartData
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartSpec
import ChartStyle
import ChartSystem
import ChartValues

/// `chartc build` of a batch (`each`, SPEC §23): the theme and the data read once, the values found once, then
/// one chart per value built in parallel, each written as soon as it is drawn (so memory does not grow with the
/// number of charts) as `NAME-VALUE.EXT`, and the manifest `NAME.charts.json` listing value, file and title. With an
/// output preset (SPEC §23) the files are `NAME-VALUE.PRESET.EXT` and the manifest `NAME.PRESET.charts.json`.
enum BatchBuild {
    /// One chart of the batch: its value, the files written, its title, what went wrong.
    struct Chart: Sendable {
        var value: Value
        var files: [String] = []
        var title: String?
        var diagnostics: [Diagnostic] = []
    }

    /// Builds every chart of `spec` next to where its one chart would go (`outputs`: `DIR/NAME.EXT`, or
    /// `DIR/NAME.PRESET.EXT` under `preset`).
    static func build(
        _ spec: ChartSpec, to outputs: [BuildCommand.Target], renderer: any ChartRenderer, context: LoadContext, arguments: ParsedArguments,
        outputFile: String?, preset: OutputPreset? = nil
    ) -> BuildCommand.Outcome {
        var outcome = BuildCommand.Outcome()
        if let outputFile, let each = spec.each {
            outcome.diagnostics.append(Diagnostic(BatchDiagnostic.outputFile(path: outputFile), at: each.span))
            return outcome
        }
        let timings = context.timings
        let theme: ChartTheme
        let shared: BatchData.Shared
        do throws(DiagnosticError) {
            theme = try ThemeOptions.theme(for: spec, arguments: arguments, variant: preset?.variant?.value)
            outcome.diagnostics += theme.warnings
            timings?.lap("theme")
            shared = try BatchData.prepare(spec, context: context)
            timings?.lap("data")
        } catch {
            outcome.diagnostics += error.diagnostics
            return outcome
        }
        let values = shared.values
        let suffix = preset.map { "." + $0.name } ?? ""
        let bases = outputs.map { base(of: $0.path, format: $0.format, suffix: suffix) }
        let slugs = BatchFileNames.unique(values.map { $0.text ?? "" })
        let formats = outputs.map(\.format)
        let chartContext = {
            var copy = context
            copy.timings = nil
            return copy
        }()
        let charts = parallelMap(values.count) { index in
            chart(
                spec, value: values[index], paths: zip(bases, formats).map { "\($0.0)-\(slugs[index])\(suffix).\($0.1.fileExtension)" },
                formats: formats, theme: theme, shared: shared, renderer: renderer, context: chartContext, preset: preset)
        }
        timings?.lap("charts")
        outcome.batchCharts = charts.filter { !$0.files.isEmpty && !$0.diagnostics.hasErrors }.count
        var seen: Set<String> = []
        for chart in charts {
            outcome.written += chart.files
            // A warning every chart shares is said once.
            for diagnostic in chart.diagnostics where seen.insert(key(diagnostic)).inserted { outcome.diagnostics.append(diagnostic) }
        }
        guard let base = bases.first else { return outcome }
        let manifest = base + suffix + ".charts.json"
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(Array(self.manifest(charts.filter { $0.diagnostics.hasErrors == false }).utf8), to: manifest)
            outcome.written.append(manifest)
        } catch {
            outcome.diagnostics.append(Diagnostic(CommandLineDiagnostic.chartWriteFailed(reason: error.reason), path: error.path))
        }
        timings?.lap("write")
        return outcome
    }

    /// One chart: the spec for the value, its pipeline over the shared data, each format drawn and written.
    static func chart(
        _ spec: ChartSpec, value: Value, paths: [String], formats: [OutputFormat], theme: ChartTheme, shared: BatchData.Shared,
        renderer: any ChartRenderer, context: LoadContext, preset: OutputPreset? = nil
    ) -> Chart {
        var chart = Chart(value: value)
        let parsed = spec.batchInstance(for: value)
        chart.diagnostics = parsed.diagnostics
        guard let instance = parsed.spec, !parsed.diagnostics.hasErrors else { return chart }
        chart.title = instance.title?.value
        do throws(DiagnosticError) {
            var result = try Compiler.runView(instance, theme: theme, context: context, batch: (shared, value))
            chart.diagnostics += result.warnings
            result.input.pictureWidth = preset?.width?.value
            result.input.pictureHeight = preset?.height?.value
            result.input.preset = preset.map { ($0.name, $0.span) }
            let (files, layoutWarnings) = try renderer.renderReportingLayout(result.input, formats: formats)
            chart.diagnostics += layoutWarnings
            for (path, bytes) in zip(paths, files) {
                do throws(FileSystem.Failure) {
                    try FileSystem.writeAtomically(bytes, to: path)
                    chart.files.append(path)
                } catch {
                    chart.diagnostics.append(Diagnostic(CommandLineDiagnostic.chartWriteFailed(reason: error.reason), path: error.path))
                }
            }
        } catch {
            chart.diagnostics += error.diagnostics
        }
        return chart
    }

    /// A batch's charts in memory, for `chartc preview` (SPEC §23): the data read once, the first `limit` values'
    /// charts drawn as SVG in parallel, each with its own diagnostics (a value whose chart fails leaves the
    /// others drawn), and the first that built drawn again in `formats` (its HTML page). `diagnostics`: what
    /// stops every chart (the theme, the data, the values).
    struct InMemory: Sendable {
        var values: [Value] = []
        /// The charts shown, in the values' order, and each one's SVG (nil when it failed).
        var charts: [(chart: Chart, svg: String?)] = []
        /// The first chart that built, in `formats` (empty when none built).
        var first: [[UInt8]] = []
        var diagnostics: [Diagnostic] = []
        /// The house style's files (`Compiler.CompiledChart.themeFiles`).
        var themeFiles: [String] = []
    }

    static func inMemory(_ spec: ChartSpec, formats: [OutputFormat], renderer: any ChartRenderer, context: LoadContext, limit: Int) -> InMemory {
        var result = InMemory()
        let theme: ChartTheme
        let shared: BatchData.Shared
        let chosen = ThemeOptions.chosenFile(for: spec, arguments: nil).map { [$0] } ?? []
        result.themeFiles = chosen
        do throws(DiagnosticError) {
            theme = try ThemeOptions.theme(for: spec, arguments: nil)
            result.diagnostics += theme.warnings
            result.themeFiles = ThemeOptions.files(of: theme, chosen: chosen)
            shared = try BatchData.prepare(spec, context: context)
        } catch {
            result.diagnostics += error.diagnostics
            return result
        }
        result.values = shared.values
        let shown = Array(shared.values.prefix(limit))
        /// One value's chart in `formats`.
        @Sendable func draw(_ value: Value, formats: [OutputFormat]) -> (Chart, [[UInt8]]) {
            var chart = Chart(value: value)
            let parsed = spec.batchInstance(for: value)
            chart.diagnostics = parsed.diagnostics
            guard let instance = parsed.spec, !parsed.diagnostics.hasErrors else { return (chart, []) }
            chart.title = instance.title?.value
            do throws(DiagnosticError) {
                let built = try Compiler.runView(instance, theme: theme, context: context, batch: (shared, value))
                chart.diagnostics += built.warnings
                let (files, warnings) = try renderer.renderReportingLayout(built.input, formats: formats)
                chart.diagnostics += warnings
                return (chart, files)
            } catch {
                chart.diagnostics += error.diagnostics
                return (chart, [])
            }
        }
        let drawn = parallelMap(shown.count) { draw(shown[$0], formats: [.svg]) }
        result.charts = drawn.map { ($0.0, $0.1.first.map { String(decoding: $0, as: UTF8.self) }) }
        if let good = drawn.firstIndex(where: { !$0.1.isEmpty && !$0.0.diagnostics.hasErrors }) {
            result.first = draw(shown[good], formats: formats).1
        }
        return result
    }

    /// What tells two diagnostics apart when the same one comes from several charts.
    static func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.id) \(diagnostic.locationDescription ?? "") \(diagnostic.message)"
    }

    /// `DIR/NAME` of `DIR/NAME.EXT` (of `DIR/NAME.PRESET.EXT` with `suffix` `.PRESET`).
    static func base(of path: String, format: OutputFormat, suffix: String = "") -> String {
        let ending = suffix + "." + format.fileExtension
        return path.hasSuffix(ending) ? String(path.dropLast(ending.count)) : path
    }

    /// The manifest: a list of `{ "value", "file", "title" }` (and `"files"` when several formats were built),
    /// each file named relative to the manifest, in the order of the values.
    static func manifest(_ charts: [Chart]) -> String {
        var lines: [String] = []
        for chart in charts {
            let names = chart.files.map { Paths.fileName(of: $0) }
            var fields = ["\"value\": " + json(chart.value), "\"file\": " + (names.first.map { JSONText.quote($0) } ?? "null")]
            if names.count > 1 { fields.append("\"files\": [" + names.map { JSONText.quote($0) }.joined(separator: ", ") + "]") }
            fields.append("\"title\": " + (chart.title.map { JSONText.quote($0) } ?? "null"))
            lines.append("  { " + fields.joined(separator: ", ") + " }")
        }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// A value as JSON: numbers and booleans bare, text (and dates, as ISO text) quoted.
    static func json(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .number, .boolean: value.text ?? "null"
        case .string, .date: JSONText.quote(value.text ?? "")
        }
    }
}
