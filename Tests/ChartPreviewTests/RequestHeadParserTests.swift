@testable import ChartPreview
import Testing

@Suite struct RequestHeadParserTests {
    let limits = ServerLimits()

    func parse(_ text: String) -> RequestHeadParser.Outcome {
        RequestHeadParser.parse(Array(text.utf8), limits: limits)
    }

    @Test func readsAWholeHeadAndLeavesWhatFollows() throws {
        let text = "GET /chart/a.chart.json?v=2 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nConnection: close\r\n\r\nGET /"
        guard case .complete(let request, let consumed) = parse(text) else { Issue.record("not complete"); return }
        #expect(request.method == "GET")
        #expect(request.path == "/chart/a.chart.json")
        #expect(request.query == "v=2")
        #expect(request.header("host") == "127.0.0.1:8000")
        #expect(!request.keepsAlive)
        #expect(consumed == text.utf8.count - 5)
    }

    @Test func waitsForTheRestOfAHead() {
        #expect(parse("GET / HTTP/1.1\r\nHost: localhost\r\n") == .incomplete)
    }

    @Test func boundsTheRequestLineAndTheHead() {
        #expect(parse("GET /" + String(repeating: "a", count: 9000)) == .rejected(.uriTooLong))
        #expect(parse("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 40_000)) == .rejected(.headersTooLarge))
        let many = (0..<120).map { "X-\($0): 1\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\nHost: localhost\r\n" + many + "\r\n") == .rejected(.headersTooLarge))
    }

    @Test func rejectsMalformedRequests() {
        #expect(parse("GET / HTTP/1.1\r\n\r\n") == .rejected(.badRequest)) // no Host
        #expect(parse("GET  / HTTP/1.1\r\nHost: a\r\n\r\n") == .rejected(.badRequest))
        #expect(parse("GET http://x/ HTTP/1.1\r\nHost: a\r\n\r\n") == .rejected(.badRequest))
        #expect(parse("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == .rejected(.versionNotSupported))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .rejected(.badRequest))
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n") == .rejected(.notImplemented))
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n") == .rejected(.contentTooLarge))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == .rejected(.badRequest))
    }

    @Test func loopbackHostsOnly() {
        for host in ["localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:9000", "app.localhost:3", "LOCALHOST"] {
            #expect(LoopbackHost.isAllowed(host), "\(host)")
        }
        for host in ["evil.com", "127.0.0.1.evil.com", "localhost.evil.com", "[::2]", "10.0.0.1", "localhost:abc", "", "127.0.0.2"] {
            #expect(!LoopbackHost.isAllowed(host), "\(host)")
        }
    }

    @Test func pathsThatCouldEscapeAreRefused() {
        #expect(RequestPath.segments("/files/a%20b/c.csv") == ["files", "a b", "c.csv"])
        #expect(RequestPath.segments("/") == [])
        #expect(RequestPath.segments("/events/") == ["events"])
        for bad in [
            "/files/../x", "/files/%2e%2e/x", "/files/a%2Fb", "/files/a%5cb", "/files/a\\b", "/files/%00", "/files/%zz", "/files//x", "/files/./x",
            "/files/%ff"
        ] {
            #expect(RequestPath.segments(Substring(bad)) == nil, "\(bad)")
        }
        #expect(RequestPath.encodePath("a b/ü.json") == "a%20b/%C3%BC.json")
    }

    @Test func debouncerMakesOneRebuildOfABurst() {
        var debouncer = ChangeDebouncer()
        debouncer.note(now: 0)
        debouncer.note(now: 10)
        debouncer.note(now: 20)
        let early = debouncer.isDue(now: 30)
        let due = debouncer.isDue(now: 45)
        let again = debouncer.isDue(now: 50)
        #expect(!early)
        #expect(due)
        #expect(!again)
        // A steady stream of events still builds within `longest`.
        for time in stride(from: 100, to: 400, by: 10) { debouncer.note(now: Int64(time)) }
        #expect(debouncer.due == 350)
    }

    @Test func debouncerWaitsForAFileStillBeingWritten() {
        var debouncer = ChangeDebouncer()
        debouncer.note(now: 0)
        let held = debouncer.isDue(now: 100, holding: true)
        let released = debouncer.isDue(now: 110, holding: false)
        #expect(!held)
        #expect(released)
        debouncer.note(now: 1000)
        // Past `longest` a file still open holds the rebuild back (a slow writer on a busy machine), up to
        // `longestWhileWriting` after the first event.
        let stillHeld = debouncer.isDue(now: 3900, holding: true)
        let gaveUp = debouncer.isDue(now: 4000, holding: true)
        #expect(!stillHeld)
        #expect(gaveUp)
    }

    @Test func chartPagesDeclaredPolicyIsRead() {
        let page = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; script-src &#39;sha256-x&#39;\">"
        #expect(HTMLPageText.contentSecurityPolicy(ofPage: page) == "default-src 'none'; script-src 'sha256-x'")
    }
}
