import ChartCommandLine
import ChartNetwork
import ChartSystem
import Foundation
import Testing

/// `chartc build` and `chartc data` with remote data, run in-process against a loopback server: provenance in
/// the SVG, the same bytes from the cache with --offline, failures that name the URL while other specs still
/// build, and the network flags' usage errors.
@Suite struct CommandLineTests {
    static let csv = "a,b\n1,2\n3,5\n"

    static func spec(url: String) -> String {
        "{ \"title\": \"T\", \"data\": { \"url\": \"\(url)\" }, \"mark\": \"point\", \"encoding\": { \"x\": { \"field\": \"a\" }, \"y\": { \"field\": \"b\" } } }\n"
    }

    static func environment(cache: TemporaryFolder) -> CommandEnvironment {
        CommandEnvironment(fetch: FetchOptions(connectTimeout: 1, totalTimeout: 2, cacheDirectory: cache.path))
    }

    static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func buildRecordsProvenanceAndRebuildsTheSameOffline() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv", headers: [("ETag", "\"1\"")]) }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/points.csv")
        Self.write(Self.spec(url: url), to: folder.file("remote.chart.json"))

        let online = BufferConsole()
        #expect(Chartc.run(["build", folder.path], console: online, environment: Self.environment(cache: cache)) == 0)
        let first = try #require(Self.read(folder.file("remote.svg")))
        #expect(first.contains("<chartc:source url=\"\(url)\" sha256=\"\(SHA256.hex(of: Self.csv))\"/>"))
        server.stop()

        try FileManager.default.removeItem(atPath: folder.file("remote.svg"))
        let offline = BufferConsole()
        #expect(Chartc.run(["build", folder.path, "--offline"], console: offline, environment: Self.environment(cache: cache)) == 0)
        #expect(Self.read(folder.file("remote.svg")) == first)
    }

    @Test func aFailingURLFailsItsSpecAndTheOthersStillBuild() throws {
        let server = try LoopbackServer { _ in .status(404) }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = server.url("/gone.csv")
        Self.write(Self.spec(url: url), to: folder.file("a-remote.chart.json"))
        Self.write(Self.spec(url: "points.csv"), to: folder.file("b-local.chart.json"))
        Self.write(Self.csv, to: folder.file("points.csv"))

        let console = BufferConsole()
        #expect(Chartc.run(["build", folder.path], console: console, environment: Self.environment(cache: cache)) == 1)
        #expect(console.error.contains("a-remote.chart.json:1:34: error: HTTP 404 Not Found for \(url) [fetch-http-status]"))
        #expect(console.error.contains("; 1 failed"))
        #expect(FileManager.default.fileExists(atPath: folder.file("b-local.svg")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("a-remote.svg")))
        #expect(Self.read(folder.file("b-local.svg"))?.contains("<metadata") == false)
    }

    @Test func offlineNamesTheURLThatIsNotCached() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let url = "http://127.0.0.1:9/never.csv"
        Self.write(Self.spec(url: url), to: folder.file("remote.chart.json"))
        let console = BufferConsole()
        #expect(
            Chartc.run(["data", folder.file("remote.chart.json"), "--offline"], console: console, environment: Self.environment(cache: cache)) == 1)
        #expect(console.output == "")
        #expect(
            console.error.contains("error: \(url) is not in the cache (\(cache.path)); --offline builds only from cached data [fetch-not-cached]"))
    }

    @Test func dataPrintsTheTableOfARemoteSpec() throws {
        let server = try LoopbackServer { _ in .ok(Self.csv, contentType: "text/csv") }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        Self.write(Self.spec(url: server.url("/points.csv")), to: folder.file("remote.chart.json"))
        let console = BufferConsole()
        #expect(
            Chartc.run(
                ["data", folder.file("remote.chart.json"), "--refresh", "--timeout", "1.5", "--connect-timeout", "1"], console: console,
                environment: Self.environment(cache: cache)) == 0)
        #expect(console.output == "a,b\n1,2\n3,5\n")
    }

    @Test func networkFlagsAreChecked() throws {
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let badTimeout = BufferConsole()
        #expect(Chartc.run(["build", "x.chart.json", "--timeout", "soon"], console: badTimeout, environment: Self.environment(cache: cache)) == 2)
        #expect(
            badTimeout.error.hasPrefix(
                "chartc build: error: invalid value 'soon' for '--timeout'. Expected a number of seconds greater than 0, such as 30 or 2.5.\n"))
        let zero = BufferConsole()
        #expect(Chartc.run(["data", "x.chart.json", "--connect-timeout", "0"], console: zero, environment: Self.environment(cache: cache)) == 2)
        let both = BufferConsole()
        #expect(Chartc.run(["build", "x.chart.json", "--offline", "--refresh"], console: both, environment: Self.environment(cache: cache)) == 2)
        #expect(both.error.hasPrefix("chartc build: error: '--offline' and '--refresh' cannot be used together."))
    }
}
