import ChartTestSupport
@testable import chartc_devtools
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `chartc preview` end to end: the real binary serving a copy of the examples on loopback, probed with raw
/// requests a browser would never send, and driven in headless Chromium as a user edits specs on disk.
@Suite(.serialized) struct PreviewTests {
    /// A browser here, or CI (which installs one, so there a missing browser fails instead of skipping).
    static var chromium: Bool { HeadlessChromium.executable != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// A scratch copy of `examples` (or of the given example folders), removed by the caller.
    func copyOfExamples(_ only: [String]? = nil) throws -> URL {
        let scratch = try makeScratchDirectory()
        let examples = packageRoot.appendingPathComponent("examples")
        let names = try only ?? FileManager.default.contentsOfDirectory(atPath: examples.path)
        for name in names {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: scratch.appendingPathComponent(name))
        }
        return scratch.resolvingSymlinksInPath()
    }

    @Test(.timeLimit(.minutes(2))) func hostileRequestsAreAnsweredAndTheServerKeepsServing() throws {
        let root = try copyOfExamples(["step-counts"])
        defer { try? FileManager.default.removeItem(at: root) }
        // A secret next to the served folder, and links from inside the folder to it.
        let outside = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("secret\n".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("step-counts/link.txt").path, withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("step-counts/linked-folder").path, withDestinationPath: outside.path)
        let relativeSecret = "../" + outside.lastPathComponent + "/secret.txt"

        let preview = try PreviewProcess([root.path])
        let port = preview.port
        func stillServing(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(RawHTTP.status(port: port, "/") == 200, "after \(step)", sourceLocation: sourceLocation)
            #expect(RawHTTP.status(port: port, "/files/step-counts/step-counts.chart.json") == 200, "after \(step)", sourceLocation: sourceLocation)
        }
        stillServing("start")

        // Traversal: dot segments (plain and encoded), encoded slashes and backslashes, links out of the root.
        for path in [
            "/files/" + relativeSecret, "/files/step-counts/../" + relativeSecret, "/files/%2e%2e/" + outside.lastPathComponent + "/secret.txt",
            "/files/step-counts%2F..%2F" + relativeSecret, "/files/step-counts%2fstep-counts.chart.json",
            "/files/step-counts%5cstep-counts.chart.json",
            "/files/step-counts/link.txt", "/files/step-counts/linked-folder/secret.txt", "/files/step-counts", "/files/", "/files//etc/passwd",
            "/files/%00", "/../../../../etc/passwd", "/chart/../files/x", "/files/.chartcignore"
        ] {
            let answer = RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(RawHTTP.statusCode(of: answer) == 404, "\(path)")
            #expect(!answer.contains("secret"), "\(path)")
        }
        stillServing("traversal")

        // DNS rebinding: a foreign Host is refused, loopback names are served.
        #expect(RawHTTP.status(port: port, "/", host: "evil.example") == 403)
        #expect(RawHTTP.status(port: port, "/", host: "127.0.0.1.evil.example:\(port)") == 403)
        #expect(RawHTTP.status(port: port, "/", host: "localhost:\(port)") == 200)
        #expect(RawHTTP.status(port: port, "/", host: "[::1]:\(port)") == 200)
        stillServing("foreign hosts")

        // Methods and every answer's policy.
        #expect(RawHTTP.status(port: port, "/", method: "DELETE") == 405)
        let head = RawHTTP.exchange(port: port, "GET /no-such-page HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(head.contains("\r\nContent-Security-Policy: default-src 'none'"))

        // A 1 MB header: refused with 431, the answer not lost to a reset.
        var huge = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "
        huge += String(repeating: "a", count: 1_048_576) + "\r\n\r\n"
        #expect(RawHTTP.statusCode(of: RawHTTP.exchange(port: port, huge)) == 431)
        let longLine = "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        #expect(RawHTTP.statusCode(of: RawHTTP.exchange(port: port, longLine)) == 414)
        stillServing("a 1 MB header")

        // 200 idle connections: the server keeps answering (the longest idle ones make room).
        var idle: [Int32] = []
        for _ in 0..<200 { if let descriptor = RawHTTP.connect(port: port) { idle.append(descriptor) } }
        #expect(idle.count == 200)
        let start = Date()
        stillServing("200 idle connections")
        #expect(Date().timeIntervalSince(start) < 2)
        for descriptor in idle { close(descriptor) }

        // A client that asks for a lot and never reads: it holds a buffer, not the server.
        let stuck = try #require(RawHTTP.connect(port: port))
        let pipelined = String(repeating: "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n", count: 200)
        RawHTTP.send(stuck, Array(pipelined.utf8))
        stillServing("a client that does not read")
        close(stuck)

        // A half-sent request: others are served meanwhile; it gets 408 when its time is up.
        let half = try #require(RawHTTP.connect(port: port, timeout: 15))
        RawHTTP.send(half, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8))
        stillServing("a half-sent request")
        let halfStart = Date()
        let answer = RawHTTP.receiveAll(half)
        close(half)
        #expect(RawHTTP.statusCode(of: answer) == 408)
        #expect(Date().timeIntervalSince(halfStart) < 10)
        stillServing("a timed-out request")

        let stopped = preview.stop()
        #expect(stopped.status == 0)
        #expect(stopped.error.contains("chartc preview: stopped"))
    }

    /// The event streams without a browser, with each watcher: a save rebuilds the chart (one build for a save
    /// made of several writes), a data file's change rebuilds the chart that reads it, a new spec and a removed
    /// one reach the index.
    @Test(.timeLimit(.minutes(2)), arguments: [false, true])
    func watcherSendsBuildEvents(polling: Bool) throws {
        let root = try copyOfExamples(["step-counts", "seattle-weather"])
        defer { try? FileManager.default.removeItem(at: root) }
        let preview = try PreviewProcess([root.path] + (polling ? ["--poll"] : []))
        defer { _ = preview.stop() }
        let port = preview.port

        func stream(_ path: String) throws -> Int32 {
            let descriptor = try #require(RawHTTP.connect(port: port, timeout: 0.2))
            RawHTTP.send(descriptor, Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
            return descriptor
        }
        /// What arrives on `descriptor` until `text` does (or `seconds` pass).
        func read(_ descriptor: Int32, until text: String, seconds: Double = 5) -> String {
            var received = ""
            let deadline = Date().addingTimeInterval(seconds)
            while !received.contains(text) && Date() < deadline {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 { received += String(decoding: chunk[..<count], as: UTF8.self) }
            }
            return received
        }

        let chart = try stream("/events/step-counts/step-counts.chart.json")
        defer { close(chart) }
        let index = try stream("/events/")
        defer { close(index) }
        let opening = read(chart, until: "\"}\n\n")
        #expect(opening.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
        #expect(opening.contains("event: build\ndata: {\"session\":"))
        #expect(opening.contains(",\"chart\":\"step-counts/step-counts.chart.json\",\"version\":1,"))

        // A save in three writes, 40 ms apart: one rebuild.
        let spec = root.appendingPathComponent("step-counts/step-counts.chart.json")
        let original = try String(contentsOf: spec, encoding: .utf8)
        let edited = Array(original.replacingOccurrences(of: "More steps than last week", with: "Fewer steps").utf8)
        let handle = try FileHandle(forWritingTo: spec)
        try handle.truncate(atOffset: 0)
        for part in stride(from: 0, to: edited.count, by: edited.count / 3 + 1) {
            try handle.write(contentsOf: edited[part..<min(part + edited.count / 3 + 1, edited.count)])
            // Slower than the debounce's quiet period: inotify sees the file still open and waits for its close.
            // (Polling cannot tell, so there the writes come at once.)
            if !polling { Thread.sleep(forTimeInterval: 0.04) }
        }
        try handle.close()
        let rebuilt = read(chart, until: "Fewer steps")
        #expect(rebuilt.contains("\"version\":2,") && rebuilt.contains("\"title\":\"Fewer steps"), "\(rebuilt)")
        #expect(!read(chart, until: "\"version\":3,", seconds: 0.8).contains("\"version\":3,"), "a save in three writes built more than once")

        // Data: the Seattle charts read one CSV; appending a line to it rebuilds them (seen on the index stream).
        let csv = root.appendingPathComponent("seattle-weather/seattle-weather.csv")
        let bytes = try Data(contentsOf: csv)
        try (bytes + Data("\n".utf8)).write(to: csv)
        #expect(read(index, until: "seattle-weather/seattle-weather.chart.json\",\"version\":2").contains("\"version\":2"))
        #expect(
            !read(index, until: "step-counts/step-counts.chart.json\",\"version\":3", seconds: 0.8).contains("version\":3"),
            "a data file rebuilt a chart that does not read it")

        // `r` in the page: POST /refresh/ID rebuilds the chart (GET is refused).
        #expect(RawHTTP.status(port: port, "/refresh/step-counts/step-counts.chart.json") == 405)
        #expect(RawHTTP.status(port: port, "/refresh/step-counts/step-counts.chart.json", method: "POST") == 204)
        #expect(read(chart, until: "\"version\":3,").contains("\"version\":3,"))

        // A new spec, then its removal: the index is told to reload.
        let copy = root.appendingPathComponent("step-counts/copy.chart.json")
        try Data(original.utf8).write(to: copy)
        #expect(read(index, until: "event: charts").contains("event: charts"))
        #expect(RawHTTP.status(port: port, "/chart/step-counts/copy.chart.json") == 200)
        try FileManager.default.removeItem(at: copy)
        #expect(read(index, until: "event: charts").contains("event: charts"))
        #expect(RawHTTP.status(port: port, "/chart/step-counts/copy.chart.json") == 404)
    }

    /// A chart is rebuilt when the house style it resolves to is saved (the folder's chartc.theme.json, and a theme
    /// that `extends` it), and a chart in another folder is not.
    @Test func savingAThemeRebuildsTheChartsThatUseIt() throws {
        let root = try copyOfExamples(["house-styles", "step-counts"])
        defer { try? FileManager.default.removeItem(at: root) }
        let preview = try PreviewProcess([root.path])
        defer { _ = preview.stop() }
        let port = preview.port
        func stream(_ path: String) throws -> Int32 {
            let descriptor = try #require(RawHTTP.connect(port: port, timeout: 0.2))
            RawHTTP.send(descriptor, Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
            return descriptor
        }
        func read(_ descriptor: Int32, until text: String, seconds: Double = 5) -> String {
            var received = ""
            let deadline = Date().addingTimeInterval(seconds)
            while !received.contains(text) && Date() < deadline {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 { received += String(decoding: chunk[..<count], as: UTF8.self) }
            }
            return received
        }
        let index = try stream("/events/")
        defer { close(index) }
        _ = read(index, until: "\"}\n\n")
        let theme = root.appendingPathComponent("house-styles/chartc.theme.json")
        let text = try String(contentsOf: theme, encoding: .utf8)
        try (text + "\n").write(to: theme, atomically: true, encoding: .utf8)
        let seen = read(index, until: "us-population-web.chart.json\",\"version\":2")
        #expect(seen.contains("us-population-print.chart.json\",\"version\":2"), "\(seen)")
        #expect(seen.contains("us-population-web.chart.json\",\"version\":2"), "\(seen)")
        #expect(!read(index, until: "step-counts.chart.json\",\"version\":2", seconds: 0.8).contains("step-counts.chart.json\",\"version\":2"))
        // The print style's dark variant names its own logo: the print chart's page uses it in dark mode.
        let darkLogo = root.appendingPathComponent("house-styles/logo-dark.svg")
        let logo = try String(contentsOf: darkLogo, encoding: .utf8)
        try (logo + "\n").write(to: darkLogo, atomically: true, encoding: .utf8)
        let again = read(index, until: "us-population-print.chart.json\",\"version\":3")
        #expect(again.contains("us-population-print.chart.json\",\"version\":3"), "\(again)")
    }

    @Test(
        .enabled(if: chromium, "chromium is not installed (apt-get install chromium fonts-liberation); skipping the preview's browser test"),
        .timeLimit(.minutes(5)))
    func editsOnDiskShowInTheOpenPage() throws {
        let root = try copyOfExamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = root.appendingPathComponent("step-counts/step-counts.chart.json")
        let original = try String(contentsOf: spec, encoding: .utf8)
        let originalTitle = "More steps than last week on six days out of seven"
        #expect(original.contains(originalTitle))

        let preview = try PreviewProcess([root.path])
        defer { _ = preview.stop() }
        let browser = try HeadlessChromium(loopback: true)
        let page = try browser.openPage(width: 900, height: 500)
        try page.navigate(to: preview.base + "/chart/step-counts/step-counts.chart.json")

        /// Waits in the page until `condition` (a JavaScript expression) holds; false after `timeout` ms.
        func waitFor(_ condition: String, timeout: Int = 5000) throws -> Bool {
            try page.bool(
                """
                new Promise(function (done) {
                  var start = performance.now();
                  (function check() {
                    var ok = false;
                    try { ok = Boolean(\(condition)); } catch (e) {}
                    if (ok) done(true); else if (performance.now() - start > \(timeout)) done(false); else setTimeout(check, 2);
                  })();
                })
                """) ?? false
        }
        let shownFrame = "document.querySelector('.preview-frame:not(.preview-loading)')"
        let shownTitle = "\(shownFrame).contentDocument.title"
        #expect(try waitFor("\(shownTitle) === \(quoted(originalTitle))"))

        // Ten edits of the title: each must be in the page within 300 ms of the write (median).
        var latencies: [Double] = []
        for edit in 1...10 {
            let title = "Edited title number \(edit)"
            let text = original.replacingOccurrences(of: originalTitle, with: title)
            let start = Date()
            try text.write(to: spec, atomically: edit % 2 == 0, encoding: .utf8) // in place, and by rename
            #expect(try waitFor("\(shownTitle) === \(quoted(title))"), "edit \(edit)")
            latencies.append(Date().timeIntervalSince(start) * 1000)
        }
        let sorted = latencies.sorted()
        let median = (sorted[4] + sorted[5]) / 2
        print(
            "chartc preview: title edit to page, ms: \(latencies.map { String(format: "%.0f", $0) }.joined(separator: " ")); median \(String(format: "%.0f", median))"
        )
        #expect(median < 300)

        // Broken JSON: the diagnostics as the terminal prints them, over the last chart, dimmed.
        let broken = original.replacingOccurrences(of: "\"title\": \"\(originalTitle)\",", with: "\"title\": \"Broken\" \"oops\",")
        try broken.write(to: spec, atomically: false, encoding: .utf8)
        #expect(try waitFor("document.querySelector('.preview-stage').classList.contains('preview-failed')"))
        let shownDiagnostics = try page.string("document.querySelector('.preview-diagnostics').textContent") ?? ""
        let outputs = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: outputs) }
        let terminal = try ChartcBinary.run(["build", spec.path, "-o", outputs.path])
        #expect(!shownDiagnostics.isEmpty)
        #expect(terminal.error.hasPrefix(shownDiagnostics), "page:\n\(shownDiagnostics)\nterminal:\n\(terminal.error)")
        #expect(shownDiagnostics.contains(spec.path + ":2:"))
        #expect(shownDiagnostics.contains("^"))
        #expect(try page.bool("getComputedStyle(\(shownFrame)).opacity < 0.5") == true)
        #expect(try page.string(shownTitle) == "Edited title number 10")

        // Fixed: the chart is back, not dimmed.
        try original.write(to: spec, atomically: true, encoding: .utf8)
        #expect(
            try waitFor(
                "!document.querySelector('.preview-stage').classList.contains('preview-failed') && \(shownTitle) === \(quoted(originalTitle))"))
        #expect(try page.bool("document.querySelector('.preview-diagnostics').hidden") == true)

        // Hide a series and scroll; an edit keeps both.
        let firstToggle = "\(shownFrame).contentDocument.querySelector('button.chartc-toggle')"
        let series = try page.string("\(firstToggle).getAttribute('data-series')") ?? ""
        #expect(!series.isEmpty)
        _ = try page.evaluate("\(firstToggle).click()")
        #expect(try page.string("\(firstToggle).getAttribute('aria-pressed')") == "false")
        _ = try page.evaluate("window.scrollTo(0, 200)")
        let scrolled = try page.number("window.scrollY") ?? 0
        #expect(scrolled > 0)
        try original.replacingOccurrences(of: originalTitle, with: "Edited once more").write(to: spec, atomically: true, encoding: .utf8)
        #expect(try waitFor("\(shownTitle) === 'Edited once more'"))
        let toggleOfSeries = "\(shownFrame).contentDocument.querySelector('button.chartc-toggle[data-series=\(quoted(series))]')"
        #expect(try page.string("\(toggleOfSeries).getAttribute('aria-pressed')") == "false")
        #expect(try page.number("window.scrollY") == scrolled)

        // The index lists the charts with their renderings.
        try page.navigate(to: preview.base + "/")
        #expect(
            try waitFor(
                "document.querySelectorAll('.preview-card img').length >= 10 && Array.prototype.every.call(document.querySelectorAll('.preview-card img'), function (i) { return i.complete && i.naturalWidth > 0; })"
            ))
        #expect(page.problems == [], "\(page.problems)")
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
