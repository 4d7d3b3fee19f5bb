@testable import ChartNetwork
import Testing

/// The helper's command line: what chartc writes reads back as the same request, and bad arguments are refused
/// with a reason.
@Suite struct FetchRequestTests {
    static func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try FetchRequest(arguments: arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func argumentsAreWrittenAsDocumented() {
        let options = FetchOptions(connectTimeout: 1, totalTimeout: 2.5, maxBytes: 1024, userAgent: "chartc/0.1")
        let request = FetchRequest(url: "https://example.org/a.csv", headers: [FetchRequest.Header("If-None-Match", "\"v1\"")], options: options)
        #expect(
            request.arguments == [
                "--connect-timeout", "1.0", "--timeout", "2.5", "--max-bytes", "1024", "--user-agent", "chartc/0.1",
                "--header", "If-None-Match: \"v1\"", "--", "https://example.org/a.csv"
            ])
    }

    @Test func argumentsRoundTrip() throws {
        let options = FetchOptions(
            connectTimeout: 0.1 + 0.2, totalTimeout: 60, maxBytes: 512 * 1024 * 1024, userAgent: "chartc/0.1 (with spaces: and colons)")
        let request = FetchRequest(
            url: "http://[::1]:8080/-odd?x=1#top",
            headers: [
                FetchRequest.Header("If-None-Match", "W/\"a:b\""),
                FetchRequest.Header("If-Modified-Since", "Wed, 01 Jan 2025 00:00:00 GMT")
            ], options: options)
        let read = try FetchRequest(arguments: request.arguments)
        #expect(read == request)
        #expect(read.connectTimeout == 0.1 + 0.2)
        #expect(
            read.options
                == FetchOptions(
                    connectTimeout: 0.1 + 0.2, totalTimeout: 60, maxBytes: 512 * 1024 * 1024, userAgent: "chartc/0.1 (with spaces: and colons)"))
    }

    @Test func optionsMayBeLeftOut() throws {
        let request = try FetchRequest(arguments: ["https://example.org/a.csv"])
        #expect(request == FetchRequest(url: "https://example.org/a.csv", options: FetchOptions()))
    }

    @Test func badArgumentsSayWhatIsWrong() {
        #expect(Self.usageError([]) == "no URL to fetch")
        #expect(Self.usageError(["--timeout"]) == "'--timeout' needs a value")
        #expect(Self.usageError(["--timeout", "soon", "http://a/"]) == "'soon' for '--timeout' is not a number of seconds")
        #expect(Self.usageError(["--connect-timeout", "-1", "http://a/"]) == "'-1' for '--connect-timeout' is not a number of seconds")
        #expect(Self.usageError(["--timeout", "nan", "http://a/"]) == "'nan' for '--timeout' is not a number of seconds")
        #expect(Self.usageError(["--max-bytes", "lots", "http://a/"]) == "'lots' for '--max-bytes' is not a byte count")
        #expect(Self.usageError(["--header", "no colon", "http://a/"]) == "'no colon' for '--header' is not 'Name: value'")
        #expect(Self.usageError(["--verbose", "1", "http://a/"]) == "unknown option '--verbose'")
        #expect(Self.usageError(["http://a/", "http://b/"]) == "more than one URL ('http://a/' and 'http://b/')")
    }
}
