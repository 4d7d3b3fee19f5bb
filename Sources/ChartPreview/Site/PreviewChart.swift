import ChartSystem

/// One chart as the preview holds it: where its spec is, its id in URLs, and its latest build next to the
/// last one that succeeded (shown dimmed under the diagnostics while the spec has errors).
final class PreviewChart {
    /// The spec's path as found under the roots (what the terminal shows).
    let path: String
    /// The path relative to its root, which is the chart's name in URLs (`/chart/ID`).
    let id: String
    var version = 0
    var title: String?
    var diagnostics = ""
    var errorCount = 0
    var warningCount = 0
    var buildMilliseconds: Int64 = 0
    /// The last good page, its SVG and the page's own Content-Security-Policy.
    var html: String?
    var svg: String?
    var htmlPolicy = ""
    var goodVersion = 0
    /// The build the SVG is from (it is made when the index asks for it, not on every rebuild).
    var svgVersion = 0
    var dependencies: Set<String> = []
    /// A batch's values (SPEC §23); empty for one chart.
    var batch: [String] = []
    /// A batch's charts of the last build whose spec built (`ChartBuild.batchCharts`).
    var batchCharts: [ChartBuild.BatchChart] = []
    var built = false

    init(path: String, id: String) {
        self.path = path
        self.id = id
    }

    var displayTitle: String { title ?? Paths.chartName(of: path) }
    var failed: Bool { errorCount > 0 }

    func apply(_ build: ChartBuild) {
        version += 1
        built = true
        if let title = build.title { self.title = title }
        diagnostics = build.diagnostics
        errorCount = build.errorCount
        warningCount = build.warningCount
        buildMilliseconds = build.milliseconds
        batch = build.batch
        if build.errorCount == 0, let page = build.html {
            html = page
            if let image = build.svg {
                svg = image
                svgVersion = version
            }
            htmlPolicy = HTMLPageText.contentSecurityPolicy(ofPage: page) ?? HTTPResponse.lockedPolicy
            goodVersion = version
            batchCharts = build.batchCharts
        }
        dependencies = Set(build.dependencies.compactMap(CanonicalPath.of))
        if let spec = CanonicalPath.of(path) { dependencies.insert(spec) }
    }
}
