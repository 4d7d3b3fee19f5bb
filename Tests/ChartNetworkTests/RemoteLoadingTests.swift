import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartPipeline
import ChartSpec
import ChartSystem
import Foundation
import Testing

/// DataLoader with remote data: CSV and JSON URLs, the format from the content type, errors as diagnostics at
/// the spec's `url`, provenance, and lint's cache-only schema.
@Suite struct RemoteLoadingTests {
    static let members = "congress,chamber,party_code,nominate_dim1\n117,House,100,-0.38\n117,Senate,200,0.55\n"

    /// A spec whose `data` is `{ "url": URL }` (plus `extra` keys), parsed so spans point into it.
    static func source(_ url: String, extra: String = "") throws -> DataSource {
        let text = "{\n  \"data\": { \"url\": \"\(url)\"\(extra) },\n  \"mark\": \"point\"\n}\n"
        let file = SourceFile(path: "chart.chart.json", text: text)
        let result = SpecParser.parse(file)
        let spec = try #require(result.spec)
        return spec.data
    }

    static func context(_ cache: TemporaryFolder?, mode: FetchOptions.Mode = .normal) -> LoadContext {
        LoadContext(fetch: testOptions(cache: cache, mode: mode))
    }

    static func errors(_ body: () throws(DiagnosticError) -> LoadedData) -> [Diagnostic] {
        do {
            _ = try body()
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func loadsACSVURLWithProvenance() throws {
        let server = try LoopbackServer { _ in .ok(Self.members, contentType: "text/csv") }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/static/data/out/members/HSall_members.csv")

        let loaded = try DataLoader.load(Self.source(url), baseDirectory: ".", columns: nil, context: Self.context(cache))
        #expect(loaded.table.columnNames == ["congress", "chamber", "party_code", "nominate_dim1"])
        #expect(loaded.table.rowCount == 2)
        #expect(loaded.table.column(named: "nominate_dim1")?.type == .number)
        #expect(loaded.provenance == [DataProvenance(url: url, sha256: SHA256.hex(of: Self.members))])
        #expect(loaded.warnings.isEmpty)
    }

    @Test func loadsAJSONURL() throws {
        let json = "{\"rows\": [{\"day\": \"Mon\", \"count\": 3}, {\"day\": \"Tue\", \"count\": 5}]}"
        let server = try LoopbackServer { _ in .ok(json, contentType: "application/json") }
        defer { server.stop() }
        let loaded = try DataLoader.load(
            Self.source(server.url("/api/counts.json"), extra: ", \"property\": \"rows\""),
            baseDirectory: ".", columns: nil, context: Self.context(nil))
        #expect(loaded.table.columnNames == ["day", "count"])
        #expect(loaded.table.row(1) == [.string("Tue"), .number(5)])
    }

    @Test func takesTheFormatFromTheContentType() throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/export?kind=tsv")
                ? .ok("a\tb\n1\t2\n", contentType: "text/tab-separated-values; charset=utf-8")
                : .ok("a,b\n1,2\n", contentType: "text/plain")
        }
        defer { server.stop() }
        let loaded = try DataLoader.load(Self.source(server.url("/export?kind=tsv")), baseDirectory: ".", columns: nil, context: Self.context(nil))
        #expect(loaded.table.columnNames == ["a", "b"])
        #expect(loaded.table.row(0) == [.number(1), .number(2)])

        // text/plain names no format: ask for `format`, and then it reads.
        let unknownSource = try Self.source(server.url("/export?kind=csv"))
        let unknown = Self.errors { () throws(DiagnosticError) in
            try DataLoader.load(unknownSource, baseDirectory: ".", columns: nil, context: Self.context(nil))
        }
        #expect(unknown.map(\.id) == ["data-format-unknown"])
        #expect(
            unknown.first?.message
                == "cannot tell the format of '\(server.url("/export?kind=csv"))': its name has no .csv, .tsv or .json extension and the server sent Content-Type: text/plain; add \"format\": \"csv\", \"tsv\" or \"json\" to data"
        )
        let declared = try DataLoader.load(
            Self.source(server.url("/export?kind=csv"), extra: ", \"format\": \"csv\""),
            baseDirectory: ".", columns: nil, context: Self.context(nil))
        #expect(declared.table.columnNames == ["a", "b"])
    }

    @Test func networkErrorsAreDiagnosticsAtTheURL() throws {
        let server = try LoopbackServer { _ in .status(404) }
        defer { server.stop() }
        let url = server.url("/missing.csv")
        let diagnosticsSource = try Self.source(url)
        let diagnostics = Self.errors { () throws(DiagnosticError) in
            try DataLoader.load(diagnosticsSource, baseDirectory: ".", columns: nil, context: Self.context(nil))
        }
        #expect(diagnostics.map(\.id) == ["fetch-http-status"])
        #expect(diagnostics.first?.message == "HTTP 404 Not Found for \(url)")
        #expect(diagnostics.first?.locationDescription == "chart.chart.json:2:20")
        #expect(diagnostics.first?.notes.first?.message.hasPrefix("the server has no file at this address") == true)
    }

    @Test func aWebPageIsNotReadAsCSV() throws {
        let server = try LoopbackServer { _ in .ok("<!DOCTYPE html><html><body>moved</body></html>", contentType: "text/html") }
        defer { server.stop() }
        let url = server.url("/members.csv")
        let diagnosticsSource = try Self.source(url)
        let diagnostics = Self.errors { () throws(DiagnosticError) in
            try DataLoader.load(diagnosticsSource, baseDirectory: ".", columns: nil, context: Self.context(nil))
        }
        #expect(diagnostics.map(\.id) == ["fetch-wrong-content"])
        #expect(diagnostics.first?.message == "the response from \(url) is HTML, not CSV (Content-Type: text/html)")
    }

    @Test func dataErrorsInADownloadNameTheURL() throws {
        let server = try LoopbackServer { _ in .ok("a,b\n1,2\n", contentType: "text/csv") }
        defer { server.stop() }
        let url = server.url("/a.csv")
        let diagnosticsSource = try Self.source(url, extra: ", \"parse\": { \"c\": \"number\" }")
        let diagnostics = Self.errors { () throws(DiagnosticError) in
            try DataLoader.load(diagnosticsSource, baseDirectory: ".", columns: nil, context: Self.context(nil))
        }
        #expect(diagnostics.map(\.id) == ["data-parse-unknown-field"])
        #expect(diagnostics.first?.message.hasPrefix("parse names 'c', which is not a field of \(url).") == true)
    }

    @Test func offlineLoadAfterTheServerIsGone() throws {
        let server = try LoopbackServer { _ in .ok(Self.members, contentType: "text/csv") }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/members.csv")
        let online = try DataLoader.load(Self.source(url), baseDirectory: ".", columns: nil, context: Self.context(cache))
        server.stop()

        let offline = try DataLoader.load(Self.source(url), baseDirectory: ".", columns: ["congress"], context: Self.context(cache, mode: .offline))
        #expect(offline.table.columnNames == ["congress"])
        #expect(offline.provenance == online.provenance)

        let other = server.url("/other.csv")
        let diagnosticsSource = try Self.source(other)
        let diagnostics = Self.errors { () throws(DiagnosticError) in
            try DataLoader.load(diagnosticsSource, baseDirectory: ".", columns: nil, context: Self.context(cache, mode: .offline))
        }
        #expect(diagnostics.map(\.id) == ["fetch-not-cached"])
        #expect(diagnostics.first?.message == "\(other) is not in the cache (\(cache.path)); --offline builds only from cached data")
    }

    @Test func lintSchemaComesFromTheCacheOrNowhere() throws {
        let server = try LoopbackServer { _ in .ok(Self.members, contentType: "text/csv") }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/members.csv")

        // Not cached: no schema, and no request (lint never uses the network).
        #expect(try DataLoader.schema(Self.source(url), baseDirectory: ".", context: Self.context(cache)) == nil)
        #expect(server.requests.isEmpty)

        _ = try DataLoader.load(Self.source(url), baseDirectory: ".", columns: nil, context: Self.context(cache))
        let schema = try #require(try DataLoader.schema(Self.source(url), baseDirectory: ".", context: Self.context(cache)))
        #expect(schema.map(\.name) == ["congress", "chamber", "party_code", "nominate_dim1"])
        #expect(schema.map(\.type) == [.number, .string, .number, .number])
        #expect(server.requests.count == 1)
    }

    /// Local files are in the user's own tree (and usually in git); hashing them would double the cost of reading.
    @Test func localFilesRecordNoProvenance() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = "x,y\n1,2\n"
        _ = FileManager.default.createFile(atPath: folder.file("points.csv"), contents: Data(text.utf8))
        let loaded = try DataLoader.load(Self.source("points.csv"), baseDirectory: folder.path, columns: nil, context: Self.context(nil))
        #expect(loaded.provenance.isEmpty)
        #expect(loaded.table.rowCount == 1)
    }
}
