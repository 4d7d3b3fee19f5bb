@testable import ChartNetwork
import ChartSystem
import Foundation
import Testing

/// The on-disk cache: layout, metadata text, damaged entries, and where it lives.
@Suite struct CacheTests {
    @Test func storesBodyAndMetadataUnderTheURLsHash() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.path + "/nested/chartc")
        let url = "https://voteview.com/static/data/out/members/HSall_members.csv"
        let body = Array("congress,chamber\n118,House\n".utf8)
        let stored = try cache.store(url, body: body, contentType: "text/csv", etag: "\"abc\"", lastModified: nil)

        let key = "064188d4aa2d6d2e0d7db8c94e8c96b12c4259fbd0de5a144a3eeb58b9696e55"
        #expect(DataCache.key(for: url) == key)
        #expect(cache.bodyPath(for: url) == folder.path + "/nested/chartc/\(key).body")
        #expect(FileManager.default.contents(atPath: cache.bodyPath(for: url)) == Data(body))
        let metadataText = try #require(FileManager.default.contents(atPath: cache.metadataPath(for: url)))
        #expect(
            String(decoding: metadataText, as: UTF8.self) == """
                chartc-cache 1
                url: \(url)
                sha256: \(SHA256.hex(of: body))
                bytes: 27
                content-type: text/csv
                etag: "abc"

                """)
        #expect(cache.entry(for: url) == DataCache.Entry(metadata: stored, body: body))
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted()
        #expect(names == ["\(key).body", "\(key).meta"])
    }

    @Test func aBodyThatDoesNotMatchItsMetadataIsNotCached() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DataCache(directory: folder.path)
        let url = "http://127.0.0.1:1/a.csv"
        try cache.store(url, body: Array("a\n1\n".utf8), contentType: nil, etag: nil, lastModified: nil)
        #expect(cache.entry(for: url) != nil)

        // Same size, other bytes (as if another writer's body landed between this body and its metadata).
        try Data("a\n2\n".utf8).write(to: URL(fileURLWithPath: cache.bodyPath(for: url)))
        #expect(cache.entry(for: url) == nil)
        #expect(cache.metadata(for: url) != nil)

        try Data("a\n".utf8).write(to: URL(fileURLWithPath: cache.bodyPath(for: url)))
        #expect(cache.entry(for: url) == nil)

        try Data("not metadata".utf8).write(to: URL(fileURLWithPath: cache.metadataPath(for: url)))
        #expect(cache.metadata(for: url) == nil)

        cache.remove(url)
        #expect(cache.entry(for: url) == nil)
    }

    @Test func metadataRoundTripsAndKeepsEachValueOnOneLine() {
        let metadata = CacheMetadata(
            url: "https://example.com/a.json", sha256: String(repeating: "0", count: 64), byteCount: 12,
            contentType: "application/json; charset=utf-8", etag: "W/\"x\ny\"", lastModified: "Tue, 15 Nov 1994 12:45:26 GMT")
        let decoded = CacheMetadata.decode(metadata.encoded())
        #expect(decoded?.etag == "W/\"x y\"")
        #expect(decoded?.contentType == "application/json; charset=utf-8")
        #expect(decoded?.lastModified == "Tue, 15 Nov 1994 12:45:26 GMT")
        #expect(decoded?.byteCount == 12)
        #expect(CacheMetadata.decode(Array("chartc-cache 2\nurl: x\n".utf8)) == nil)
        #expect(CacheMetadata.decode(Array("chartc-cache 1\nurl: x\nsha256: abc\nbytes: 1\n".utf8)) == nil)
    }

    @Test func writingIntoAFileFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.file("plain"), contents: Data())
        let cache = DataCache(directory: folder.file("plain") + "/chartc")
        #expect(throws: CacheWriteError.self) {
            try cache.store("http://127.0.0.1:1/a.csv", body: [1], contentType: nil, etag: nil, lastModified: nil)
        }
    }

    @Test func cacheFolderFollowsXDG() {
        #expect(FetchOptions.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]) == "/var/cache/me/chartc")
        #expect(FetchOptions.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me/", "HOME": "/home/me"]) == "/var/cache/me/chartc")
        // A relative XDG_CACHE_HOME is ignored, as the XDG rules say.
        #expect(FetchOptions.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/me"]) == "/home/me/.cache/chartc")
        #expect(FetchOptions.defaultCacheDirectory(environment: ["HOME": "/home/me"]) == "/home/me/.cache/chartc")
        #expect(FetchOptions.defaultCacheDirectory(environment: [:]) == nil)
    }
}
