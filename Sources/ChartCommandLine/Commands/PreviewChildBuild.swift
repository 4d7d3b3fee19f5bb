#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics
import ChartNetwork
import ChartPipeline
import ChartPreview

/// `chartc preview` builds each chart in a child process: the `chartc` executable itself, run as
/// `chartc __preview-build …` (a command help does not list), writes the `ChartBuild` on its standard output
/// (`ChartBuild.encoded`, ChartPreview). Whatever a spec does to its build — a trap on an input nobody foresaw, a
/// stack overflow, running out of memory — ends that child, and the chart's page shows a diagnostic saying so,
/// while the server keeps answering every other request. (The same `posix_spawn` runner as `chartc-fetch`'s:
/// `ChildProcess`, no shell, output drained, always reaped.)
///
/// Test hook: in a debug build only, `CHARTC_PREVIEW_TEST_TRAP=SUFFIX` makes the child trap on purpose when the
/// spec's path ends with SUFFIX, so the tests can check that the preview survives a crashing build even once no
/// spec crashes chartc any more. Release builds ignore the variable.
enum PreviewChildBuild {
    static let commandName = "__preview-build"
    static let testTrapVariable = "CHARTC_PREVIEW_TEST_TRAP"

    /// The largest page a child may send back (the build's own size limits are far below).
    static let outputLimit = 1 << 30
    /// How long one child build may run before it is stopped (a database or a download has its own timeouts,
    /// well below this).
    static let timeLimitSeconds = 600
    static let timeLimit = Double(timeLimitSeconds)

    /// What the child is asked to build.
    struct Request: Sendable {
        var refresh = false
        var first = true
        var svgOnly = false
        var fetch: FetchOptions
        /// The PATHs the preview serves.
        var roots: [String] = []

        var arguments: [String] {
            var list = [
                "--mode", fetch.mode.rawValue, "--connect-timeout", String(fetch.connectTimeout), "--timeout", String(fetch.totalTimeout),
                "--max-bytes", String(fetch.maxBytes), "--user-agent", fetch.userAgent
            ]
            if let cache = fetch.cacheDirectory { list += ["--cache", cache] }
            if refresh { list.append("--refresh-data") }
            if !first { list.append("--later") }
            if svgOnly { list.append("--svg-only") }
            for root in roots { list += ["--root", root] }
            return list
        }

        /// The request the child reads from its arguments (after the command name), and the spec's path.
        static func parse(_ arguments: [String]) -> (request: Request, spec: String)? {
            var request = Request(fetch: FetchOptions())
            var spec: String?
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                let value = index + 1 < arguments.count ? arguments[index + 1] : nil
                switch argument {
                case "--refresh-data": request.refresh = true
                case "--later": request.first = false
                case "--svg-only": request.svgOnly = true
                case "--mode", "--connect-timeout", "--timeout", "--max-bytes", "--user-agent", "--cache", "--root":
                    guard let value else { return nil }
                    index += 1
                    switch argument {
                    case "--mode":
                        guard let mode = FetchOptions.Mode(rawValue: value) else { return nil }
                        request.fetch.mode = mode
                    case "--connect-timeout":
                        guard let seconds = Double(value) else { return nil }
                        request.fetch.connectTimeout = seconds
                    case "--timeout":
                        guard let seconds = Double(value) else { return nil }
                        request.fetch.totalTimeout = seconds
                    case "--max-bytes":
                        guard let bytes = Int(value) else { return nil }
                        request.fetch.maxBytes = bytes
                    case "--user-agent": request.fetch.userAgent = value
                    case "--root": request.roots.append(value)
                    default: request.fetch.cacheDirectory = value
                    }
                default:
                    guard spec == nil else { return nil }
                    spec = argument
                }
                index += 1
            }
            guard let spec else { return nil }
            return (request, spec)
        }
    }

    /// The `chartc` to run: this executable when it is `chartc`, else the `chartc` next to it (a test runner
    /// sits next to it in SwiftPM's build folder); nil when there is none (the preview then builds in-process).
    static func program() -> String? {
        guard let folder = FetchHelperLocator.executableDirectory() else { return nil }
        let candidate = folder.hasSuffix("/") ? folder + "chartc" : folder + "/chartc"
        return FetchHelperLocator.isExecutableFile(candidate) ? candidate : nil
    }

    /// Builds `spec` in a child `chartc`; a child that crashed, was stopped or answered nonsense becomes a failed
    /// build whose diagnostic says so.
    static func build(_ spec: String, program: String, request: Request) -> ChartBuild {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnFailure) {
            outcome = try ChildProcess.run(
                program, arguments: [commandName] + request.arguments + ["--", spec], timeLimit: timeLimit, outputLimit: outputLimit)
        } catch {
            return failed(spec, .buildNotStarted(reason: String(cString: strerror(error.code))), since: start, clock: clock)
        }
        if case .exited(0) = outcome.ending, let build = ChartBuild(decoding: outcome.output) { return build }
        let how: String
        switch outcome.ending {
        case .signalled(let signal): how = "it was ended by signal \(signal)" + (signalName(signal).map { " (\($0))" } ?? "")
        case .killedAtTimeLimit: how = "it ran longer than \(timeLimitSeconds) seconds and was stopped"
        case .killedForOutput: how = "its page grew past \(outputLimit >> 20) MB and it was stopped"
        case .exited(let status): how = "it exited with status \(status) without a result"
        }
        // The runtime's one-line reason ("Fatal error: …"), shortened: the page says what happened, not a dump.
        let reason = String(decoding: outcome.errorOutput, as: UTF8.self).split(separator: "\n").first { $0.contains("Fatal error") }
        let detail = reason.map { ": " + ($0.count > 200 ? String($0.prefix(200)) + "…" : String($0)) } ?? ""
        return failed(spec, .buildCrashed(how: how + detail), since: start, clock: clock)
    }

    private static func failed(_ spec: String, _ message: PreviewDiagnostic, since start: ContinuousClock.Instant, clock: ContinuousClock)
        -> ChartBuild
    {
        let (whole, attoseconds) = (clock.now - start).components
        return ChartBuild(
            title: nil, html: nil, svg: nil, diagnostics: DiagnosticFormatter(format: .text).render([Diagnostic(message, path: spec)]),
            errorCount: 1, warningCount: 0, dependencies: [spec], milliseconds: whole * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    private static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGILL: "SIGILL, a trap"
        case SIGTRAP: "SIGTRAP, a trap"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGABRT: "SIGABRT"
        case SIGKILL: "SIGKILL"
        case SIGFPE: "SIGFPE"
        default: nil
        }
    }

    /// The child's side: `chartc __preview-build [options] -- SPEC`. Writes the build on standard output; exit
    /// status 0 when it wrote one, 2 for arguments it cannot read.
    static func run(_ arguments: [String], console: any Console, environment: CommandEnvironment) -> Int32 {
        guard let (request, spec) = Request.parse(arguments.filter { $0 != "--" }) else {
            console.printError("chartc: \(commandName) is chartc preview's own command: usage \(commandName) [options] -- SPEC")
            return 2
        }
        #if DEBUG
            if let suffix = getenv(testTrapVariable).map({ String(cString: $0) }), !suffix.isEmpty, spec.hasSuffix(suffix) {
                fatalError("\(testTrapVariable): a trap on purpose while building \(spec)")
            }
        #endif
        let builder = PreviewCommand.Builder(renderer: environment.renderer, context: LoadContext(fetch: request.fetch), roots: request.roots)
        let build: ChartBuild
        if request.svgOnly {
            let svg = builder.svgHere(spec)
            build = ChartBuild(
                title: nil, html: nil, svg: svg, diagnostics: "", errorCount: svg == nil ? 1 : 0, warningCount: 0, dependencies: [spec],
                milliseconds: 0)
        } else {
            build = builder.buildHere(spec, refresh: request.refresh, first: request.first)
        }
        console.write(String(decoding: build.encoded(), as: UTF8.self), to: .output)
        return 0
    }
}
