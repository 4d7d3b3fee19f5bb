import ChartSystem
/// One blocking HTTP GET, performed by the helper program `chartc-fetch` (Sources/chartc-fetch: URLSession from
/// FoundationNetworking) in a child process, so chartc itself links no networking library and starts in a few
/// milliseconds. The request goes out as the helper's arguments (`FetchRequest`), the answer comes back on its
/// standard output (`FetchReply`); the helper applies the timeouts and the size limit and words every failure
/// exactly as an in-process transfer would.
///
/// chartc keeps a backstop of its own: a helper still running `grace` seconds after the total timeout is killed
/// and the fetch reported as timed out. A helper that crashes, is missing, or answers in a format this build
/// does not read becomes a `FetchError` that says so.
enum HelperTransfer {
    /// Seconds past the total timeout before chartc kills the helper (it starts in tens of milliseconds and
    /// stops itself at the total timeout, so this is only reached when something is badly wrong).
    static let backstopGrace: Double = 5

    static func get(_ address: RemoteAddress, headers: [(name: String, value: String)], options: FetchOptions) throws(FetchError) -> HTTPResponse {
        let helper = try FetchHelperLocator.locate(for: address.text)
        return try get(address, headers: headers, options: options, helper: helper, grace: backstopGrace)
    }

    /// `get` with an explicit helper and backstop (tests use stand-in helpers and a short grace).
    static func get(_ address: RemoteAddress, headers: [(name: String, value: String)], options: FetchOptions, helper: String, grace: Double)
        throws(FetchError) -> HTTPResponse
    {
        let url = address.text
        let request = FetchRequest(url: url, headers: headers.map { FetchRequest.Header($0.name, $0.value) }, options: options)
        let timeLimit = max(0.001, options.totalTimeout) + grace
        // Room for the head (status line and headers) on top of the largest body the helper may accept.
        let outputLimit = min(max(0, options.maxBytes), Int.max - (1 << 20)) + (1 << 20)

        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(helper, arguments: request.arguments, timeLimit: timeLimit, outputLimit: outputLimit)
        } catch {
            throw FetchError(
                .failed, url: url, "cannot fetch \(url): could not start the download helper \(helper) (\(FileSystem.describe(error.code)))",
                notes: [
                    "reinstall \(FetchHelperLocator.programName) from the same build as chartc (`swift build` builds both)"
                ])
        }

        switch outcome.ending {
        case .killedAtTimeLimit:
            throw FetchError(
                .timedOut, url: url,
                "timed out after \(QuantityText.seconds(timeLimit)) waiting for \(url): the download helper \(helper) did not finish, and chartc stopped it",
                notes: [
                    "--timeout sets how long a whole download may take"
                ])
        case .killedForOutput:
            throw unreadable(
                url, helper: helper, because: "it wrote more than \(QuantityText.bytes(Int64(outputLimit))), past the download limit",
                outcome: outcome)
        case .exited, .signalled:
            break
        }

        let reply: FetchReply
        do {
            reply = try FetchReply.decode(outcome.output, url: url)
        } catch {
            if outcome.output.isEmpty || outcome.ending != .exited(0) {
                throw ended(url, helper: helper, outcome: outcome, reason: error.reason)
            }
            throw unreadable(url, helper: helper, because: error.reason, outcome: outcome)
        }
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }

    /// The helper stopped without a complete reply: say how it ended.
    private static func ended(_ url: String, helper: String, outcome: ChildProcess.Outcome, reason: String) -> FetchError {
        let how =
            switch outcome.ending {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was stopped by signal \(signal)\(signal == 9 ? " (killed)" : signal == 11 ? " (crashed)" : "")"
            case .killedAtTimeLimit, .killedForOutput: "was stopped"
            }
        return FetchError(.failed, url: url, "the download helper \(helper) \(how) before answering for \(url) (\(reason))", notes: notes(outcome))
    }

    /// The helper answered, but not in a format this build reads.
    private static func unreadable(_ url: String, helper: String, because reason: String, outcome: ChildProcess.Outcome) -> FetchError {
        FetchError(
            .failed, url: url, "the download helper \(helper) sent a reply chartc cannot read for \(url): \(reason)",
            notes: notes(outcome) + [
                "\(FetchHelperLocator.programName) must come from the same build as chartc; rebuild both with `swift build`, or set \(FetchHelperLocator.environmentVariable) to the right one"
            ])
    }

    /// The last lines the helper wrote to standard error, if any: what it said before going wrong.
    private static func notes(_ outcome: ChildProcess.Outcome) -> [String] {
        let text = String(decoding: outcome.errorOutput, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [] }
        let shown = lines.suffix(3).map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }
        return ["it printed: " + shown.joined(separator: " / ")]
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
