@testable import ChartNetwork
import ChartPipeline
import ChartSystem
import Foundation
import Testing

/// RemoteFetcher against a loopback server: downloads, the cache, revalidation, and every failure it names.
@Suite struct FetchTests {
    static let csv = "name,count\nalpha,1\nbeta,2\n"

    @Test func downloadsCSVAndCachesIt() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")]) }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/data/members.csv")

        let fetched = try RemoteFetcher(options: testOptions(cache: cache)).fetch(url, expecting: .csv)
        #expect(fetched.bytes == Array(Self.csv.utf8))
        #expect(fetched.origin == .downloaded)
        #expect(fetched.contentType == "text/csv")
        #expect(fetched.sha256 == SHA256.hex(of: Self.csv))
        #expect(fetched.provenance == DataProvenance(url: url, sha256: SHA256.hex(of: Self.csv)))

        let entry = try #require(DataCache(directory: cache.path).entry(for: url))
        #expect(entry.body == Array(Self.csv.utf8))
        #expect(entry.metadata.etag == "\"v1\"")
        #expect(entry.metadata.contentType == "text/csv")
        #expect(server.requests.map(\.path) == ["/data/members.csv"])
        #expect(server.requests.first?.headers["user-agent"] == "chartc")
    }

    @Test func revalidatesWithETagAndReusesTheCachedBody() throws {
        let server = try LoopbackServer { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .respond(status: 304, headers: [("ETag", "\"v1\"")], body: []) }
            return .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")])
        }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/members.csv")
        let fetcher = RemoteFetcher(options: testOptions(cache: cache))

        let first = try fetcher.fetch(url, expecting: .csv)
        let second = try fetcher.fetch(url, expecting: .csv)
        #expect(first.origin == .downloaded)
        #expect(second.origin == .notModified)
        #expect(second.bytes == first.bytes)
        #expect(second.sha256 == first.sha256)
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
    }

    @Test func revalidatesWithLastModified() throws {
        let stamp = "Wed, 01 Jan 2025 00:00:00 GMT"
        let server = try LoopbackServer { request in
            if request.headers["if-modified-since"] == stamp { return .respond(status: 304, headers: [], body: []) }
            return .ok(Self.csv, contentType: "text/csv", headers: [("Last-Modified", stamp)])
        }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let fetcher = RemoteFetcher(options: testOptions(cache: cache))
        _ = try fetcher.fetch(server.url("/a.csv"), expecting: .csv)
        let second = try fetcher.fetch(server.url("/a.csv"), expecting: .csv)
        #expect(second.origin == .notModified)
        #expect(server.requests.last?.headers["if-modified-since"] == stamp)
    }

    @Test func aChangedFileReplacesTheCachedOne() throws {
        let server = try LoopbackServer { request in
            request.headers["if-none-match"] == "\"v1\""
                ? .ok("name,count\ngamma,3\n", contentType: "text/csv", headers: [("ETag", "\"v2\"")])
                : .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")])
        }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/a.csv")
        let fetcher = RemoteFetcher(options: testOptions(cache: cache))
        _ = try fetcher.fetch(url, expecting: .csv)
        let second = try fetcher.fetch(url, expecting: .csv)
        #expect(second.origin == .downloaded)
        #expect(String(decoding: second.bytes, as: UTF8.self) == "name,count\ngamma,3\n")
        #expect(DataCache(directory: cache.path).entry(for: url)?.metadata.etag == "\"v2\"")
    }

    @Test func refreshFetchesAgainWithoutValidators() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")]) }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/a.csv")
        _ = try RemoteFetcher(options: testOptions(cache: cache)).fetch(url, expecting: .csv)
        let again = try RemoteFetcher(options: testOptions(cache: cache, mode: .refresh)).fetch(url, expecting: .csv)
        #expect(again.origin == .downloaded)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-none-match"] == nil)
    }

    @Test func offlineBuildsFromTheCacheAfterTheServerIsGone() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv") }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/a.csv")
        _ = try RemoteFetcher(options: testOptions(cache: cache)).fetch(url, expecting: .csv)
        server.stop()

        let offline = try RemoteFetcher(options: testOptions(cache: cache, mode: .offline)).fetch(url, expecting: .csv)
        #expect(offline.origin == .cache)
        #expect(offline.bytes == Array(Self.csv.utf8))
        #expect(offline.contentType == "text/csv")

        // Without --offline the build needs the server, and the error points at the cached copy.
        let error = try #require(
            fetchError { () throws(FetchError) in try RemoteFetcher(options: testOptions(cache: cache)).fetch(url, expecting: .csv) })
        #expect(error.kind == .connectionRefused)
        #expect(error.notes.contains("an earlier download of it is cached: --offline builds from that copy"))
    }

    @Test func offlineNamesTheURLThatIsNotCached() throws {
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = "http://127.0.0.1:9/never-fetched.csv"
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: cache, mode: .offline)).fetch(url, expecting: .csv)
            })
        #expect(error.kind == .notCached)
        #expect(error.diagnosticID == "fetch-not-cached")
        #expect(error.message == "\(url) is not in the cache (\(cache.path)); --offline builds only from cached data")
        #expect(error.notes == ["build once without --offline, with network, to download it"])

        let noCache = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: nil, mode: .offline)).fetch(url, expecting: .csv)
            })
        #expect(noCache.kind == .notCached)
    }

    @Test func notFoundAndServerErrorsNameTheStatusAndURL() throws {
        let server = try LoopbackServer { request in
            request.path == "/broken.csv" ? .status(500, "boom") : .status(404, "no such file")
        }
        defer { server.stop() }
        let fetcher = RemoteFetcher(options: testOptions(cache: nil))

        let missing = try #require(fetchError { () throws(FetchError) in try fetcher.fetch(server.url("/missing.csv"), expecting: .csv) })
        #expect(missing.kind == .httpStatus)
        #expect(missing.status == 404)
        #expect(missing.diagnosticID == "fetch-http-status")
        #expect(missing.message == "HTTP 404 Not Found for \(server.url("/missing.csv"))")

        let broken = try #require(fetchError { () throws(FetchError) in try fetcher.fetch(server.url("/broken.csv"), expecting: .csv) })
        #expect(broken.status == 500)
        #expect(broken.message == "HTTP 500 Internal Server Error for \(server.url("/broken.csv"))")
    }

    @Test func anErrorStatusDoesNotReplaceTheCachedCopy() throws {
        let server = try LoopbackServer { request in
            request.headers["if-none-match"] != nil ? .status(503) : .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")])
        }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/a.csv")
        let fetcher = RemoteFetcher(options: testOptions(cache: cache))
        _ = try fetcher.fetch(url, expecting: .csv)
        let error = try #require(fetchError { () throws(FetchError) in try fetcher.fetch(url, expecting: .csv) })
        #expect(error.message == "HTTP 503 Service Unavailable for \(url)")
        #expect(DataCache(directory: cache.path).entry(for: url)?.body == Array(Self.csv.utf8))
    }

    @Test func connectionRefusedNamesHostAndPort() throws {
        let port = try LoopbackServer.closedPort()
        let url = "http://127.0.0.1:\(port)/a.csv"
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: nil)).fetch(url, expecting: .csv)
            })
        #expect(error.kind == .connectionRefused)
        #expect(error.message == "could not connect to 127.0.0.1:\(port) (connection refused) for \(url)")
    }

    @Test func aServerThatNeverAnswersTimesOutOnTime() throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let url = server.url("/slow.csv")
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: nil, connectTimeout: 1, totalTimeout: 2)).fetch(url, expecting: .csv)
            })
        let elapsed = clock.now - start
        #expect(error.kind == .timedOut)
        #expect(error.message == "timed out after 1 s waiting for \(url) (no response from 127.0.0.1:\(server.port))")
        #expect(elapsed >= .milliseconds(900))
        #expect(elapsed < .milliseconds(2500))
    }

    @Test func aBodyThatStallsHitsTheTotalTimeout() throws {
        let server = try LoopbackServer { _ in
            .stall(status: 200, headers: [("Content-Type", "text/csv"), ("Content-Length", "1000")], body: Array("a,b\n1,2\n".utf8))
        }
        defer { server.stop() }
        let url = server.url("/stalled.csv")
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: nil, connectTimeout: 1, totalTimeout: 1.5)).fetch(url, expecting: .csv)
            })
        #expect(error.kind == .timedOut)
        #expect(error.message == "timed out after 1.5 s waiting for \(url) to finish downloading (8 bytes received)")
        #expect(clock.now - start < .milliseconds(3000))
    }

    @Test func aBodyOverTheLimitIsRefused() throws {
        let big = String(repeating: "x,y\n", count: 500)
        let server = try LoopbackServer { _ in .ok(big, contentType: "text/csv") }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/big.csv")
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: cache, maxBytes: 1024)).fetch(url, expecting: .csv)
            })
        #expect(error.kind == .tooLarge)
        #expect(error.message == "\(url) is larger than the 1 KiB download limit (the server announces 2 KiB)")
        #expect(DataCache(directory: cache.path).entry(for: url) == nil)
    }

    @Test func aWebPageInsteadOfCSVIsReportedAndNotCached() throws {
        let page = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>\n"
        let server = try LoopbackServer { _ in .ok(page, contentType: "text/html; charset=utf-8") }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/members.csv")
        let error = try #require(
            fetchError { () throws(FetchError) in
                try RemoteFetcher(options: testOptions(cache: cache)).fetch(url, expecting: .csv)
            })
        #expect(error.kind == .wrongContent)
        #expect(error.diagnosticID == "fetch-wrong-content")
        #expect(error.message == "the response from \(url) is HTML, not CSV (Content-Type: text/html; charset=utf-8)")
        #expect(DataCache(directory: cache.path).entry(for: url) == nil)
    }

    @Test func followsRedirects() throws {
        let server = try LoopbackServer { request in
            request.path == "/old.csv"
                ? .respond(status: 301, headers: [("Location", "/new.csv")], body: [])
                : .ok(Self.csv, contentType: "text/csv")
        }
        defer { server.stop() }
        let fetched = try RemoteFetcher(options: testOptions(cache: nil)).fetch(server.url("/old.csv"), expecting: .csv)
        #expect(fetched.bytes == Array(Self.csv.utf8))
        #expect(fetched.url == server.url("/old.csv"))
        #expect(server.requests.map(\.path) == ["/old.csv", "/new.csv"])
    }

    @Test func aRedirectLoopIsReported() throws {
        let server = try LoopbackServer { request in
            .respond(status: 302, headers: [("Location", request.path == "/a.csv" ? "/b.csv" : "/a.csv")], body: [])
        }
        defer { server.stop() }
        let url = server.url("/a.csv")
        let error = try #require(
            fetchError { () throws(FetchError) in try RemoteFetcher(options: testOptions(cache: nil)).fetch(url, expecting: .csv) })
        #expect(error.kind == .tooManyRedirects)
        #expect(error.message == "\(url) redirects too many times (or to nowhere); open it in a browser to see where it leads")
    }

    @Test func aServerThatHangsUpWithoutAnsweringIsReported() throws {
        let server = try LoopbackServer { _ in .close }
        defer { server.stop() }
        let url = server.url("/a.csv")
        let error = try #require(
            fetchError { () throws(FetchError) in try RemoteFetcher(options: testOptions(cache: nil)).fetch(url, expecting: .csv) })
        #expect(error.url == url)
        #expect(error.kind == .failed)
        #expect(error.message == "127.0.0.1:\(server.port) closed the connection without answering \(url)")
    }

    @Test func invalidAddressesFailBeforeAnyRequest() {
        let fetcher = RemoteFetcher(options: testOptions(cache: nil))
        let spaced = fetchError { () throws(FetchError) in try fetcher.fetch("https://example.com/my data.csv", expecting: .csv) }
        #expect(spaced?.kind == .invalidURL)
        #expect(spaced?.message == "'https://example.com/my data.csv' is not a valid URL: it contains a space; write spaces as %20")
        let hostless = fetchError { () throws(FetchError) in try fetcher.fetch("http:///data.csv", expecting: .csv) }
        #expect(hostless?.kind == .invalidURL)
        let notHTTP = fetchError { () throws(FetchError) in try fetcher.fetch("ftp://example.com/data.csv", expecting: .csv) }
        #expect(notHTTP?.message == "'ftp://example.com/data.csv' is not an http:// or https:// URL")
    }

    @Test func formatFromThePathIgnoresQueryAndFragment() {
        #expect(RemoteFetcher.contentKind(fromPathOf: "https://voteview.com/static/data/out/members/HSall_members.csv") == .csv)
        #expect(RemoteFetcher.contentKind(fromPathOf: "https://example.com/rows.JSON?page=2#top") == .json)
        #expect(RemoteFetcher.contentKind(fromPathOf: "https://example.com/table.tab") == .tsv)
        #expect(RemoteFetcher.contentKind(fromPathOf: "https://example.com/export?format=csv") == nil)
        #expect(RemoteFetcher.contentKind(fromPathOf: "https://example.com/data.txt") == nil)
    }
}
