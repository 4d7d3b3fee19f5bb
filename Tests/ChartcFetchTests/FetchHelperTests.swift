@testable import chartc_fetch
import ChartNetwork
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing

/// The helper's own logic, in process: a request it cannot perform becomes a failure reply, never a crash or a
/// missing reply, and wrong arguments are a usage error (exit status 2).
@Suite struct FetchHelperTests {
    @Test func anInvalidAddressIsAFailureReply() throws {
        let request = FetchRequest(url: "ftp://example.com/data.csv", options: FetchOptions())
        let reply = FetchHelper.reply(to: request)
        #expect(
            reply
                == .failure(
                    FetchError(.invalidURL, url: "ftp://example.com/data.csv", "'ftp://example.com/data.csv' is not an http:// or https:// URL")))
        // And it survives the trip through the wire format unchanged.
        #expect(try FetchReply.decode(reply.encoded(), url: request.url) == reply)
    }

    @Test func aConnectionRefusedIsAFailureReplyNamingHostAndPort() throws {
        // Port 9 (discard) on the loopback address: nothing listens there on a build machine.
        let url = "http://127.0.0.1:9/a.csv"
        let reply = FetchHelper.reply(to: FetchRequest(url: url, options: FetchOptions(connectTimeout: 2, totalTimeout: 2)))
        guard case .failure(let error) = reply else {
            Issue.record("expected a failure, got \(reply)")
            return
        }
        #expect(error.kind == .connectionRefused)
        #expect(error.message == "could not connect to 127.0.0.1:9 (connection refused) for \(url)")
    }

    @Test func wrongArgumentsAreAUsageError() throws {
        let sink = open("/dev/null", O_WRONLY)
        try #require(sink >= 0)
        defer { close(sink) }
        #expect(FetchHelper.main(arguments: [], standardError: sink) == 2)
        #expect(FetchHelper.main(arguments: ["--timeout"], standardError: sink) == 2)
        #expect(FetchHelper.main(arguments: ["--bogus", "1", "http://example.com/"], standardError: sink) == 2)
    }
}
