import Testing

@testable import ChartPreview

/// A chart built in a child process comes back whole (`ChartBuild.encoded` / `init(decoding:)`), and anything
/// that is not a whole build (a child that died mid-write) decodes to nil, so the parent reports a failed build.
@Suite struct ChartBuildWireTests {
    static let sample = ChartBuild(
        title: "Sales\nby region", html: "<html>\n<body>é 東京</body></html>", svg: nil, diagnostics: "w.chart.json:1:2: warning: x [y]\n",
        errorCount: 0, warningCount: 1, dependencies: ["w.chart.json", "data/a b.csv"], milliseconds: 42)

    @Test func aBuildRoundTrips() throws {
        let decoded = try #require(ChartBuild(decoding: Self.sample.encoded()))
        #expect(decoded.title == Self.sample.title)
        #expect(decoded.html == Self.sample.html)
        #expect(decoded.svg == nil)
        #expect(decoded.diagnostics == Self.sample.diagnostics)
        #expect(decoded.errorCount == 0 && decoded.warningCount == 1 && decoded.milliseconds == 42)
        #expect(decoded.dependencies == Self.sample.dependencies)
    }

    /// A batch's values and charts (SPEC §23) come back in order, and its page shows each value's chart under
    /// the value, or the errors of a value whose chart failed, one entry for the batch.
    @Test func aBatchsChartsRoundTripAndItsPageShowsEach() throws {
        var build = Self.sample
        build.batch = ["CA", "New York", "São <Paulo>"]
        build.batchCharts = [
            ChartBuild.BatchChart(value: "CA", svg: "<svg>CA</svg>", diagnostics: ""),
            ChartBuild.BatchChart(value: "New York", svg: nil, diagnostics: "b.chart.json:4:5: error: no <good> [x]\n"),
            ChartBuild.BatchChart(value: "São <Paulo>", svg: "<svg>SP</svg>", diagnostics: "b.chart.json:1:1: warning: w [y]\n")
        ]
        let decoded = try #require(ChartBuild(decoding: build.encoded()))
        #expect(decoded.batch == build.batch)
        #expect(decoded.batchCharts == build.batchCharts)
        let chart = PreviewChart(path: "by-state.chart.json", id: "by-state.chart.json")
        chart.apply(decoded)
        #expect(PreviewPages.status(of: chart).hasPrefix("a batch of 3 charts, 1 failed; built in 42 ms"))
        let page = PreviewPages.chart(chart, session: "s")
        #expect(page.contains("<p class=\"preview-batch\">Batch of 3 charts, one per value.</p>"))
        #expect(
            page.contains(
                "<figure class=\"preview-batch-chart\" data-value=\"0\"><figcaption>CA</figcaption>\n<img src=\"/svg/by-state.chart.json?chart=0&amp;v=1\" alt=\"The chart for CA\">"
            ))
        #expect(
            page.contains(
                "<figure class=\"preview-batch-chart preview-batch-failed\" data-value=\"1\"><figcaption>New York</figcaption>\n<pre class=\"preview-diagnostics preview-errors\">b.chart.json:4:5: error: no &lt;good&gt; [x]\n</pre>\n</figure>"
            ))
        #expect(page.contains("<figcaption>São &lt;Paulo&gt;</figcaption>"))
        #expect(!page.contains("<iframe"))
        // A chart whose batch-svg or batch-diagnostics comes before any batch-chart is no build.
        #expect(ChartBuild(decoding: Array("chartc-preview-build 1\nbatch-svg 1\nx\n".utf8)) == nil)
    }

    @Test func aTruncatedOrForeignReplyIsNoBuild() {
        let bytes = Self.sample.encoded()
        for cut in [0, 5, bytes.count / 2, bytes.count - 1] {
            #expect(ChartBuild(decoding: Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(ChartBuild(decoding: Array("Fatal error: boom\n".utf8)) == nil)
        #expect(ChartBuild(decoding: Array("chartc-preview-build 1\nhtml 999999\nabc\n".utf8)) == nil)
        #expect(ChartBuild(decoding: Array("chartc-preview-build 1\nhtml -1\n".utf8)) == nil)
    }
}

/// The cross-site check on state-changing requests (issue 30, item 6).
@Suite struct SameOriginTests {
    func request(_ method: String, _ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(
            method: method, target: "/refresh/a.chart.json", version: "HTTP/1.1",
            headers: [HTTPRequest.Header(name: "host", value: "127.0.0.1:8000")] + headers.map { HTTPRequest.Header(name: $0.0, value: $0.1) },
            contentLength: 0)
    }

    @Test func anotherSitesPostIsRefused() {
        #expect(!SameOrigin.isAllowed(request("POST", [("origin", "http://evil.example")])))
        #expect(!SameOrigin.isAllowed(request("POST", [("origin", "null")])))
        #expect(!SameOrigin.isAllowed(request("POST", [("sec-fetch-site", "cross-site")])))
        #expect(!SameOrigin.isAllowed(request("POST", [("sec-fetch-site", "same-site"), ("origin", "http://127.0.0.1:8000")])))
        #expect(!SameOrigin.isAllowed(request("POST", [("origin", "http://127.0.0.1:9999")])))
    }

    @Test func ownPagesAndNonBrowsersAreServed() {
        #expect(SameOrigin.isAllowed(request("POST", [("origin", "http://127.0.0.1:8000"), ("sec-fetch-site", "same-origin")])))
        #expect(SameOrigin.isAllowed(request("POST", [])))
        #expect(SameOrigin.isAllowed(request("GET", [("origin", "http://evil.example"), ("sec-fetch-site", "cross-site")])))
    }
}
