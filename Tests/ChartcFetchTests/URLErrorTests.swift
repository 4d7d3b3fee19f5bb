@testable import chartc_fetch
import ChartNetwork
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing

/// URLSession's `URLError` codes become sentences that name the URL, host and port (the helper's side of the
/// messages; the loopback tests in ChartNetworkTests cover them through the real helper process).
@Suite struct URLErrorTests {
    @Test func urlErrorsBecomeSentences() throws {
        let address = try RemoteAddress("https://data.example.org/members.csv")
        let options = FetchOptions()
        let dns = HTTPTransfer.describe(URLError(.cannotFindHost), address: address, options: options)
        #expect(dns.kind == .dnsFailure)
        #expect(dns.message == "DNS lookup failed for host data.example.org (https://data.example.org/members.csv)")
        #expect(dns.notes == ["check the host name for typos, and that this machine is online"])
        let tls = HTTPTransfer.describe(URLError(.serverCertificateUntrusted), address: address, options: options)
        #expect(tls.kind == .tlsFailure)
        #expect(
            tls.message
                == "TLS handshake failed with data.example.org:443 for https://data.example.org/members.csv: the server's certificate is not trusted")
        let timeout = HTTPTransfer.describe(URLError(.timedOut), address: address, options: options)
        #expect(timeout.message == "timed out after 60 s waiting for https://data.example.org/members.csv")
        let lost = HTTPTransfer.describe(URLError(.networkConnectionLost), address: address, options: options)
        #expect(lost.kind == .connectionFailed)
        let loop = HTTPTransfer.describe(URLError(.httpTooManyRedirects), address: address, options: options)
        #expect(loop.kind == .tooManyRedirects)
    }
}
