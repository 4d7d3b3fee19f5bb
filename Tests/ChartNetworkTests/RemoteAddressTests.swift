import ChartSystem
import Testing
@testable import ChartNetwork

/// chartc parses remote URLs itself (it links no Foundation): host, port and path as HTTP clients read them,
/// and the malformed ones rejected before any download is tried.
@Suite struct RemoteAddressTests {
    @Test(arguments: [
        (
            "https://voteview.com/static/data/out/members/HSall_members.csv", "https", "voteview.com", 443,
            "/static/data/out/members/HSall_members.csv"
        ),
        ("HTTP://Example.org:8080/a/b.tsv?x=1#top", "http", "Example.org", 8080, "/a/b.tsv"),
        ("http://127.0.0.1:9/", "http", "127.0.0.1", 9, "/"),
        ("http://[::1]:8000/data.json", "http", "::1", 8000, "/data.json"),
        ("https://user:secret@host.example/x", "https", "host.example", 443, "/x"),
        ("https://example.com", "https", "example.com", 443, ""),
        ("https://example.com:/my%20data.csv", "https", "example.com", 443, "/my data.csv"),
        ("https://example.com/caf\u{E9}.csv", "https", "example.com", 443, "/caf\u{E9}.csv")
    ])
    func partsOfAValidURL(text: String, scheme: String, host: String, port: Int, path: String) throws {
        let address = try RemoteAddress(text)
        #expect(address.scheme == scheme)
        #expect(address.host == host)
        #expect(address.port == port)
        #expect(address.path == path)
    }

    @Test func hostAndPortBracketsIPv6() throws {
        #expect(try RemoteAddress("http://[::1]:8000/x").hostAndPort == "[::1]:8000")
        #expect(try RemoteAddress("https://example.com/x").hostAndPort == "example.com:443")
    }

    @Test(arguments: [
        "https:///no-host.csv", "https://:8080/x", "http://[::1/x", "http://[]/x", "http://host:80a/x",
        "http://host:123456/x", "http://host:70000/x", "http://ho[st/x", "http://host/%zz", "http://host/a%2", "https://host/a<b>",
        "http:/one-slash.csv"
    ])
    func malformedURLsAreRejected(text: String) {
        #expect(throws: FetchError.self) { try RemoteAddress(text) }
    }

    @Test(arguments: [
        ("https://example.com:99999/d.csv", "its port '99999' is not a number from 0 to 65535"),
        ("https://example.com:80a/d.csv", "its port '80a' is not a number from 0 to 65535"),
        ("https:///d.csv", "it has no host"),
        ("http://[::1/d.csv", "its IPv6 address is not a bracketed address such as [::1]"),
        ("https://host/a<b>", "it contains '<', which a URL cannot hold; write it as %3C"),
        ("https://host/100%.csv", "a '%' is not followed by two hex digits")
    ])
    func malformedURLsSayWhatIsWrong(text: String, reason: String) {
        do {
            _ = try RemoteAddress(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message == "'\(text)' is not a valid URL: \(reason) (expected http://HOST/PATH or https://HOST/PATH)")
        }
    }

    @Test func notHTTPAndSpacesSayWhy() {
        do {
            _ = try RemoteAddress("https://example.com/my data.csv")
            Issue.record("accepted a space")
        } catch {
            #expect(error.message == "'https://example.com/my data.csv' is not a valid URL: it contains a space; write spaces as %20")
        }
    }
}
