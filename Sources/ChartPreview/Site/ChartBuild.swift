/// What `chartc preview` needs from the compiler, kept behind a protocol so this module does not depend on the
/// command line (which implements it with the very code `chartc build` runs).
public protocol PreviewBuilder: Sendable {
    /// The spec files under `paths`, as `chartc build` would take them (`.chartcignore` respected), and the
    /// problems with the paths as the terminal prints them ("" when none).
    func specFiles(in paths: [String]) -> (files: [String], problems: String)
    /// Builds each spec (in parallel where it helps); `refresh` downloads remote data again, `first` says it is
    /// the chart's first build in this session (remote data is then revalidated, later served from the cache).
    /// First builds make the HTML page and the SVG; later ones only the page (the one an open page waits for).
    func build(_ specs: [String], refresh: Bool, first: Bool) -> [ChartBuild]
    /// The SVG of a spec (its index thumbnail), made when asked for; nil when the spec does not build.
    func svg(of spec: String) -> String?
}

/// One spec built for the preview: its HTML page and SVG when it built, its diagnostics exactly as the
/// terminal prints them, and the files it read (to know when to build it again).
public struct ChartBuild: Sendable {
    public var title: String?
    public var html: String?
    /// Nil when not made (later builds) or the spec failed.
    public var svg: String?
    /// `DiagnosticFormatter` text output; "" when there is nothing to say.
    public var diagnostics: String
    public var errorCount: Int
    public var warningCount: Int
    /// The spec file and the local files it reads (data, theme), as paths the process can open.
    public var dependencies: [String]
    /// How long the build took, for the page's bar.
    public var milliseconds: Int64
    /// A batch (SPEC §23): its values, one chart each, in order; empty for one chart.
    public var batch: [String] = []
    /// A batch's charts as its page shows them (the first `batchLimit` values): each value with its
    /// SVG, or with its own diagnostics when its chart failed (the others still show).
    public var batchCharts: [BatchChart] = []

    /// The most values of a batch whose charts the preview builds and shows (the page says how many more).
    public static let batchLimit = 48

    /// One value's chart of a batch.
    public struct BatchChart: Sendable, Equatable {
        /// The value as text.
        public var value: String
        /// Nil when its chart failed.
        public var svg: String?
        /// `DiagnosticFormatter` text of what its chart said; "" when nothing.
        public var diagnostics: String

        public init(value: String, svg: String?, diagnostics: String) {
            self.value = value
            self.svg = svg
            self.diagnostics = diagnostics
        }
    }

    public init(
        title: String?, html: String?, svg: String?, diagnostics: String, errorCount: Int, warningCount: Int, dependencies: [String],
        milliseconds: Int64
    ) {
        self.milliseconds = milliseconds
        self.title = title
        self.html = html
        self.svg = svg
        self.diagnostics = diagnostics
        self.errorCount = errorCount
        self.warningCount = warningCount
        self.dependencies = dependencies
    }
}
