import ChartNetwork
import ChartPipeline

/// The flags that say how commands which load data (`build`, `data`) may reach remote data — `--offline`,
/// `--refresh`, `--timeout`, `--connect-timeout` — and how they become the `LoadContext` passed down to the
/// loader. Lint and plan never use the network (they read cached copies), so they do not take these flags.
enum NetworkOptions {
    static let options: [OptionDescription] = [
        .flag("offline", help: "Never use the network: read remote data from the cache only."),
        .flag("refresh", help: "Download remote data again, even when the cached copy is current."),
        .value(
            "timeout", valueName: "SECONDS", help: "Longest time one download of remote data may take.",
            default: format(FetchOptions.defaultTotalTimeout)),
        .value(
            "connect-timeout", valueName: "SECONDS", help: "Longest wait for a server to start answering.",
            default: format(FetchOptions.defaultConnectTimeout))
    ]

    /// A sentence for command discussions.
    static let discussion =
        "Remote data (http:// and https:// URLs) is cached under $XDG_CACHE_HOME/chartc (default ~/.cache/chartc) and revalidated with the server on each run; --offline builds from the cache alone."

    /// The environment's fetch options with the command line's flags applied.
    static func context(from arguments: ParsedArguments, base: FetchOptions) throws(UsageError) -> LoadContext {
        var fetch = base
        let offline = arguments.flag("offline")
        let refresh = arguments.flag("refresh")
        if offline && refresh {
            throw UsageError(.offlineAndRefresh)
        }
        if offline { fetch.mode = .offline }
        if refresh { fetch.mode = .refresh }
        if let text = arguments.value("timeout") { fetch.totalTimeout = try seconds(text, option: "--timeout") }
        if let text = arguments.value("connect-timeout") { fetch.connectTimeout = try seconds(text, option: "--connect-timeout") }
        return LoadContext(fetch: fetch)
    }

    /// A positive number of seconds, at most a day.
    private static func seconds(_ text: String, option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw UsageError(.notSeconds(text, option: option))
        }
        return value
    }

    private static func format(_ seconds: Double) -> String {
        Int(exactly: seconds).map(String.init) ?? String(seconds)
    }
}
