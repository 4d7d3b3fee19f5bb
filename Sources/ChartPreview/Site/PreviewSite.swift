#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSystem

/// The preview's state and routes: the charts under the roots with their latest builds, which files each
/// read, the watcher over those files' folders, and the answer to every URL:
///
/// | URL | answer |
/// |---|---|
/// | `/` | the index: every chart, its title and a small rendering |
/// | `/chart/ID` | the page around one chart: bar, diagnostics, the chart's page in a frame |
/// | `/frame/ID` | the chart's own HTML page (what `chartc build --format html` writes), last good build |
/// | `/svg/ID` | the chart's SVG, last good build; `?chart=K` a batch's Kth value's |
/// | `/files/REL` | a file under the roots (the spec's source, its data), see `ServedRoots` |
/// | `/events/ID`, `/events/` | Server-Sent Events: a chart's builds, or every chart's for the index |
/// | `POST /refresh/ID` | rebuild the chart downloading its remote data again |
final class PreviewSite: PreviewHandler {
    private let paths: [String]
    private let served: ServedRoots
    private let builder: any PreviewBuilder
    private let watcher: FileWatcher
    private let refreshAlways: Bool
    private let log: (String) -> Void

    private(set) var charts: [PreviewChart] = []
    private var problems = ""
    private var debouncer = ChangeDebouncer()
    private var dirty: Set<String> = []
    private var refreshing: Set<String> = []
    private var rescanPending = false
    private var watchedFolders: Set<String> = []
    /// Which run of the preview this is (process id and start time), so pages can tell a restart.
    private let session: String

    init(paths: [String], builder: any PreviewBuilder, watcher: FileWatcher, refreshAlways: Bool, log: @escaping (String) -> Void) {
        self.paths = paths
        self.served = ServedRoots(paths: paths)
        self.builder = builder
        self.watcher = watcher
        self.refreshAlways = refreshAlways
        self.log = log
        self.session = String(getpid()) + "-" + String(POSIX.milliseconds())
    }

    /// Finds and builds every chart once (before the server answers anything).
    func start() {
        _ = rescan()
        if !problems.isEmpty { log(String(problems.dropLast())) }
        rebuild(charts.map(\.id), refresh: false)
        let failed = charts.filter(\.failed).count
        log("built \(charts.count) chart\(charts.count == 1 ? "" : "s")" + (failed > 0 ? "; \(failed) failed" : ""))
        updateWatches()
    }

    // MARK: - Requests

    /// `chart=K` in a query: the index of a batch's chart.
    static func batchChartIndex(_ query: Substring) -> Int? {
        for item in query.split(separator: "&") where item.hasPrefix("chart=") {
            return Int(item.dropFirst("chart=".count))
        }
        return nil
    }

    func handle(_ request: HTTPRequest, now: Int64) -> PreviewServer.Answer {
        guard let segments = RequestPath.segments(request.path) else {
            return .response(.text(.notFound, "Not found."), includeBody: request.method != "HEAD")
        }
        let isRead = request.method == "GET" || request.method == "HEAD"
        let body = request.method != "HEAD"
        let route = segments.first ?? ""
        let rest = Array(segments.dropFirst())

        if route == "refresh" {
            guard request.method == "POST" else { return notAllowed("POST") }
            guard let chart = chart(rest) else { return .response(.text(.notFound, "No such chart."), includeBody: true) }
            dirty.insert(chart.id)
            refreshing.insert(chart.id)
            debouncer.note(now: now)
            return .response(HTTPResponse(status: .noContent, contentType: "text/plain; charset=utf-8", body: []), includeBody: false)
        }
        guard isRead else { return notAllowed("GET, HEAD") }

        switch route {
        case "" where rest.isEmpty:
            return page(PreviewPages.index(charts: charts, roots: served.roots.map(\.path), problems: problems, session: session), body: body)
        case "chart":
            guard let chart = chart(rest) else { return notFound(body) }
            return page(PreviewPages.chart(chart, session: session), body: body)
        case "frame":
            guard let chart = chart(rest), let html = chart.html else { return notFound(body) }
            var response = HTTPResponse(
                status: .ok, contentType: "text/html; charset=utf-8", body: Array(html.utf8), policy: chart.htmlPolicy + "; frame-ancestors 'self'")
            response.extraHeaders = [("X-Frame-Options", "SAMEORIGIN")]
            return .response(response, includeBody: body)
        case "svg":
            guard let chart = chart(rest) else { return notFound(body) }
            if let index = Self.batchChartIndex(request.query) {
                // One value's chart of a batch (SPEC §23), from the last build whose spec built.
                guard index < chart.batchCharts.count, let svg = chart.batchCharts[index].svg else { return notFound(body) }
                return .response(HTTPResponse(status: .ok, contentType: "image/svg+xml; charset=utf-8", body: Array(svg.utf8)), includeBody: body)
            }
            if chart.svgVersion != chart.goodVersion, let fresh = builder.svg(of: chart.path) {
                chart.svg = fresh
                chart.svgVersion = chart.goodVersion
            }
            guard let svg = chart.svg else { return notFound(body) }
            return .response(HTTPResponse(status: .ok, contentType: "image/svg+xml; charset=utf-8", body: Array(svg.utf8)), includeBody: body)
        case "files":
            guard let file = served.file(for: rest), let bytes = FileSystem.readIfPresent(file, limit: .output) else { return notFound(body) }
            return .response(HTTPResponse(status: .ok, contentType: Self.contentType(of: file), body: bytes), includeBody: body)
        case "events" where request.method == "GET":
            if rest.isEmpty { return .eventStream(topic: "", policy: HTTPResponse.lockedPolicy, first: PreviewPages.helloEvent(session: session)) }
            guard let chart = chart(rest) else { return notFound(body) }
            return .eventStream(topic: chart.id, policy: HTTPResponse.lockedPolicy, first: PreviewPages.buildEvent(chart, session: session))
        case "favicon.ico" where rest.isEmpty:
            return .response(HTTPResponse(status: .noContent, contentType: "image/x-icon", body: []), includeBody: false)
        default:
            return notFound(body)
        }
    }

    private func chart(_ segments: [String]) -> PreviewChart? {
        let id = segments.joined(separator: "/")
        return charts.first { $0.id == id }
    }

    private func page(_ html: String, body: Bool) -> PreviewServer.Answer {
        .response(
            HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", body: Array(html.utf8), policy: PreviewPages.policy), includeBody: body
        )
    }

    private func notFound(_ body: Bool) -> PreviewServer.Answer {
        .response(.text(.notFound, "Not found."), includeBody: body)
    }

    private func notAllowed(_ allowed: String) -> PreviewServer.Answer {
        var response = HTTPResponse.text(.methodNotAllowed, "Method not allowed.")
        response.extraHeaders = [("Allow", allowed)]
        return .response(response, includeBody: true)
    }

    static func contentType(of path: String) -> String {
        if path.hasSuffix(".json") { return "application/json; charset=utf-8" }
        if path.hasSuffix(".csv") { return "text/csv; charset=utf-8" }
        if path.hasSuffix(".tsv") { return "text/tab-separated-values; charset=utf-8" }
        return "text/plain; charset=utf-8"
    }

    // MARK: - Watching and rebuilding

    var watchDescriptor: Int32? { watcher.descriptor }

    func nextWake(now: Int64) -> Int64 {
        // While a file is being written the debouncer waits for its close event, which wakes the loop anyway.
        min(debouncer.due.map { max($0, now + (watcher.isWriting ? 5 : 0)) } ?? .max, watcher.nextPoll(now: now))
    }

    func work(now: Int64, watcherReadable: Bool) -> [(topic: String, event: [UInt8])] {
        if watcherReadable || now >= watcher.nextPoll(now: now) {
            let changed = watcher.changes(now: now)
            if !changed.isEmpty { note(changed, now: now) }
        }
        guard debouncer.isDue(now: now, holding: watcher.isWriting) else { return [] }
        var events: [(topic: String, event: [UInt8])] = []
        let rescanned = rescanPending
        if rescanPending {
            rescanPending = false
            let (added, removed) = rescan()
            dirty.formUnion(added)
            for id in removed { events.append((id, EventStream.event("removed", data: "{}"))) }
            if !added.isEmpty || !removed.isEmpty { events.append(("", EventStream.event("charts", data: "{}"))) }
        }
        let ids = charts.map(\.id).filter(dirty.contains)
        let refresh = refreshing
        dirty.removeAll()
        refreshing.removeAll()
        let before = rebuiltDependencies(ids)
        let rebuilt = rebuild(ids, refresh: refresh)
        for chart in rebuilt {
            let event = PreviewPages.buildEvent(chart, session: session)
            events.append((chart.id, event))
            events.append(("", event))
        }
        if rescanned || rebuiltDependencies(ids) != before { updateWatches() }
        return events
    }

    private func rebuiltDependencies(_ ids: [String]) -> [Set<String>] {
        charts.filter { ids.contains($0.id) }.map(\.dependencies)
    }

    private func note(_ changed: [String], now: Int64) {
        for path in changed {
            // A spec that appeared, went away or was renamed changes the list; a save of a known one does not.
            let knownSpec = path.hasSuffix(".chart.json") && CanonicalPath.exists(path) && charts.contains { $0.dependencies.contains(path) }
            if path.isEmpty || (path.hasSuffix(".chart.json") && !knownSpec) || path.hasSuffix("/.chartcignore") || watchedFolders.contains(path) {
                rescanPending = true
            }
            if path.isEmpty {
                dirty.formUnion(charts.map(\.id))
                continue
            }
            for chart in charts where chart.dependencies.contains(path) { dirty.insert(chart.id) }
        }
        if rescanPending || !dirty.isEmpty { debouncer.note(now: now) }
    }

    /// Finds the specs again; returns the ids that appeared and those that went away.
    @discardableResult
    private func rescan() -> (added: [String], removed: [String]) {
        var files: [String] = []
        var problems: [String] = []
        for path in paths {
            let found = builder.specFiles(in: [path])
            for file in found.files where !files.contains(file) { files.append(file) }
            if !found.problems.isEmpty { problems.append(found.problems) }
        }
        self.problems = problems.joined()
        let old = Dictionary(charts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var next: [PreviewChart] = []
        var added: [String] = []
        for file in files {
            let id = served.id(of: file)
            if next.contains(where: { $0.id == id }) { continue }
            if let existing = old[id] {
                next.append(existing)
            } else {
                next.append(PreviewChart(path: file, id: id))
                added.append(id)
            }
        }
        let kept = Set(next.map(\.id))
        let removed = charts.map(\.id).filter { !kept.contains($0) }
        charts = next
        return (added, removed)
    }

    /// Builds the charts with these ids and keeps the results; prints what happened on the terminal.
    @discardableResult
    private func rebuild(_ ids: [String], refresh: Set<String>) -> [PreviewChart] {
        rebuild(ids, refresh: !refresh.isEmpty, only: refresh)
    }

    @discardableResult
    private func rebuild(_ ids: [String], refresh: Bool, only refreshIDs: Set<String>? = nil) -> [PreviewChart] {
        let targets = ids.compactMap { id in charts.first { $0.id == id } }
        guard !targets.isEmpty else { return [] }
        // Charts asked to refresh build apart from the others, so only they download again.
        let refreshed = targets.filter { refreshAlways || (refreshIDs?.contains($0.id) ?? refresh) }
        let plain = targets.filter { chart in !refreshed.contains { $0 === chart } }
        for (group, download) in [(refreshed, true), (plain, false)] where !group.isEmpty {
            let firsts = group.filter { !$0.built }
            let later = group.filter { $0.built }
            for (batch, first) in [(firsts, true), (later, false)] where !batch.isEmpty {
                let builds = builder.build(batch.map(\.path), refresh: download, first: first)
                for (chart, build) in zip(batch, builds) {
                    chart.apply(build)
                    if !build.diagnostics.isEmpty {
                        log(build.diagnostics.hasSuffix("\n") ? String(build.diagnostics.dropLast()) : build.diagnostics)
                    }
                    if chart.built && !first {
                        log((chart.failed ? "failed " : "rebuilt ") + chart.path + " (" + PreviewPages.status(of: chart) + ")")
                    }
                }
            }
        }
        return targets
    }

    private func updateWatches() {
        var folders = served.folders()
        var files: Set<String> = []
        for chart in charts {
            for dependency in chart.dependencies {
                files.insert(dependency)
                folders.insert(CanonicalPath.folder(of: dependency))
            }
        }
        watchedFolders = folders
        watcher.watch(folders: folders, files: files)
    }
}
