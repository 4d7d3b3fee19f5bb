import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartPipeline
import ChartSpec
import ChartSystem
import Foundation
import Testing

/// When remote data was read (SPEC §23's `{updated}`): a download's and a 304's time is the moment chartc asked
/// the server; a copy read from the cache without asking (`--offline`, lint) has the time the cache stored it.
@Suite struct UpdatedTimeTests {
    static let csv = "city,rain\nSeattle,140\n"

    @Test func aDownloadOrARevalidationIsDatedWhenChartcAsked() throws {
        // The first request downloads (with an ETag); the second sends it back and is told 304 Not Modified.
        let server = try LoopbackServer { request in
            request.headers["if-none-match"] == "\"v1\"" ? .status(304) : .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"v1\"")])
        }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/rain.csv")
        let source = try RemoteLoadingTests.source(url)
        let before = WallClock.now()
        let loaded = try DataLoader.load(source, baseDirectory: ".", columns: nil, context: RemoteLoadingTests.context(cache))
        let after = WallClock.now()
        let updated = try #require(loaded.updated)
        #expect(updated >= before && updated <= after)

        // Revalidated: the server vouched for the cached copy now, so it is dated now, not when it was stored.
        let stored = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: stored], ofItemAtPath: DataCache(directory: cache.path).metadataPath(for: url))
        let second = try DataLoader.load(source, baseDirectory: ".", columns: nil, context: RemoteLoadingTests.context(cache))
        #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
        #expect((second.updated ?? 0) >= after)
    }

    @Test func aCopyReadFromTheCacheIsDatedWhenItWasStored() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv") }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/rain.csv")
        _ = try DataLoader.load(RemoteLoadingTests.source(url), baseDirectory: ".", columns: nil, context: RemoteLoadingTests.context(cache))
        server.stop()
        // As if stored on 2023-11-14 22:13:20 UTC.
        let stored = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: stored], ofItemAtPath: DataCache(directory: cache.path).metadataPath(for: url))
        let offline = try DataLoader.load(
            RemoteLoadingTests.source(url), baseDirectory: ".", columns: nil, context: RemoteLoadingTests.context(cache, mode: .offline))
        #expect(offline.updated == 1_700_000_000_000)
        #expect(RemoteFetcher(options: testOptions(cache: cache)).cached(url)?.readAt == 1_700_000_000_000)
    }
}
