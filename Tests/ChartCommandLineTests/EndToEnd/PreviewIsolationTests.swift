import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `chartc preview` against hostile specs and pages (issue 30): a build that crashes costs its chart a
/// diagnostic, not the server (each build runs in a child `chartc`); a state-changing request from another site is
/// refused; a spec whose files lie outside the served folder is refused, so nothing read from outside is served.
@Suite(.serialized) struct PreviewIsolationTests {
    static let bars =
        #"{ "title": "Fine", "data": { "url": "rows.csv" }, "mark": "bar", "encoding": { "x": { "field": "a" }, "y": { "field": "n" } } }"#

    func folder(_ files: [String: String]) throws -> URL {
        let root = try makeScratchDirectory().resolvingSymlinksInPath()
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func get(_ port: Int, _ path: String) -> (status: Int, body: String) {
        let answer = RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return (RawHTTP.statusCode(of: answer), answer)
    }

    /// Waits until `path`'s answer contains `text` (a rebuild is debounced and runs in a child).
    func wait(_ port: Int, _ path: String, for text: String, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if get(port, path).body.contains(text) { return true }
            usleep(200_000)
        }
        return false
    }

    @Test(.timeLimit(.minutes(3))) func aBuildThatCrashesCostsItsChartADiagnosticNotTheServer() throws {
        let root = try folder([
            "rows.csv": "a,n\nx,1\ny,2\n", "fine.chart.json": Self.bars,
            "crash.chart.json": Self.bars.replacingOccurrences(of: "Fine", with: "Crash")
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // The debug build's test hook: the child building a spec whose path ends so traps on purpose.
        let preview = try PreviewProcess([root.path], environment: ["CHARTC_PREVIEW_TEST_TRAP": "crash.chart.json"])
        let port = preview.port
        #expect(get(port, "/").status == 200)
        let page = get(port, "/chart/crash.chart.json")
        #expect(page.status == 200)
        #expect(page.body.contains("preview-build-crashed"), "\(page.body.suffix(2000))")
        #expect(page.body.contains("signal"))
        #expect(get(port, "/frame/crash.chart.json").status == 404)
        #expect(get(port, "/frame/fine.chart.json").status == 200)
        #expect(get(port, "/svg/fine.chart.json").body.contains("<svg"))
        #expect(get(port, "/svg/crash.chart.json").status == 404)

        // Saving the crashing spec again crashes its build again; the server still answers everything else.
        try Data(Self.bars.replacingOccurrences(of: "Fine", with: "Crash again").utf8).write(to: root.appendingPathComponent("crash.chart.json"))
        try Data("a,n\nx,3\ny,4\nzebra,5\n".utf8).write(to: root.appendingPathComponent("rows.csv"))
        #expect(wait(port, "/frame/fine.chart.json", for: "zebra"))
        #expect(get(port, "/").status == 200)
        #expect(get(port, "/chart/fine.chart.json").status == 200)
        #expect(get(port, "/chart/crash.chart.json").body.contains("preview-build-crashed"))

        let stopped = preview.stop()
        #expect(stopped.status == 0)
        #expect(stopped.error.contains("building this chart crashed chartc"))
    }

    @Test(.timeLimit(.minutes(3))) func aRefreshFromAnotherSiteIsRefused() throws {
        let root = try folder(["rows.csv": "a,n\nx,1\n", "fine.chart.json": Self.bars])
        defer { try? FileManager.default.removeItem(at: root) }
        let preview = try PreviewProcess([root.path])
        let port = preview.port
        func post(_ headers: String) -> Int {
            RawHTTP.statusCode(
                of: RawHTTP.exchange(
                    port: port,
                    "POST /refresh/fine.chart.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)Content-Length: 0\r\nConnection: close\r\n\r\n"))
        }
        #expect(post("Origin: http://evil.example\r\n") == 403)
        #expect(post("Origin: null\r\n") == 403)
        #expect(post("Origin: http://localhost:\(port)\r\n") == 403) // another origin than the one addressed
        #expect(post("Sec-Fetch-Site: cross-site\r\n") == 403)
        #expect(post("Sec-Fetch-Site: same-site\r\nOrigin: http://127.0.0.1:\(port)\r\n") == 403)
        // The preview's own page (what its script sends), and a client that is not a browser.
        #expect(post("Origin: http://127.0.0.1:\(port)\r\nSec-Fetch-Site: same-origin\r\n") == 204)
        #expect(post("") == 204)
        #expect(get(port, "/").status == 200)
        #expect(preview.stop().status == 0)
    }

    @Test(.timeLimit(.minutes(3))) func aSpecReadingFilesOutsideThePathIsRefused() throws {
        let root = try folder([
            "secret.csv": "a,n\nTOPSECRETROW,1\n",
            "outside.theme.json": ##"{ "colors": { "categorical": ["#123456"] } }"##,
            "served/rows.csv": "a,n\nx,1\n",
            "served/fine.chart.json": Self.bars,
            "served/leak.chart.json": Self.bars.replacingOccurrences(of: "rows.csv", with: "../secret.csv"),
            "served/themed.chart.json": Self.bars.replacingOccurrences(of: "\"title\"", with: "\"theme\": \"../outside.theme.json\", \"title\"")
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let preview = try PreviewProcess([root.appendingPathComponent("served").path])
        let port = preview.port
        let leak = get(port, "/chart/leak.chart.json")
        #expect(leak.body.contains("preview-file-outside-root"), "\(leak.body.suffix(2000))")
        #expect(leak.body.contains("secret.csv"))
        let themed = get(port, "/chart/themed.chart.json")
        #expect(themed.body.contains("preview-file-outside-root"), "\(themed.body.suffix(2000))")
        #expect(themed.body.contains("outside.theme.json"))
        for path in ["/frame/leak.chart.json", "/svg/leak.chart.json", "/frame/themed.chart.json", "/svg/themed.chart.json"] {
            let answer = get(port, path)
            #expect(answer.status == 404, "\(path)")
            #expect(!answer.body.contains("TOPSECRETROW"), "\(path)")
        }
        #expect(!get(port, "/").body.contains("TOPSECRETROW"))
        #expect(get(port, "/frame/fine.chart.json").status == 200)
        #expect(preview.stop().status == 0)
    }
}
