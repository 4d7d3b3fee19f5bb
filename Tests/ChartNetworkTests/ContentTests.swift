@testable import ChartNetwork
import ChartSystem
import Testing

/// Formats from content types, sniffing bodies that are not data, and the quantities in messages.
@Suite struct ContentTests {
    @Test func contentTypes() {
        #expect(ContentKind(contentType: "text/csv") == .csv)
        #expect(ContentKind(contentType: "Text/CSV; charset=UTF-8") == .csv)
        #expect(ContentKind(contentType: "application/csv") == .csv)
        #expect(ContentKind(contentType: "text/tab-separated-values") == .tsv)
        #expect(ContentKind(contentType: "application/json") == .json)
        #expect(ContentKind(contentType: " application/json ;charset=utf-8") == .json)
        #expect(ContentKind(contentType: "application/vnd.api+json") == .json)
        #expect(ContentKind(contentType: "text/plain") == nil)
        #expect(ContentKind(contentType: "text/html") == nil)
        #expect(ContentKind(contentType: "application/octet-stream") == nil)
        #expect(ContentKind(contentType: nil) == nil)
    }

    @Test func sniffsWebPagesAndArchives() {
        #expect(ContentSniffer.evidence(in: Array("\u{FEFF}\n  <!doctype HTML><html>".utf8)) == .html)
        #expect(ContentSniffer.evidence(in: Array("<html lang=\"en\">".utf8)) == .html)
        #expect(ContentSniffer.evidence(in: Array("<?xml version=\"1.0\"?><rows/>".utf8)) == .xml)
        #expect(ContentSniffer.evidence(in: [0x1F, 0x8B, 0x08, 0x00]) == .gzip)
        #expect(ContentSniffer.evidence(in: [0x50, 0x4B, 0x03, 0x04, 0x14]) == .zip)
        #expect(ContentSniffer.evidence(in: Array("%PDF-1.7".utf8)) == .pdf)
        #expect(ContentSniffer.evidence(in: Array("congress,chamber\n".utf8)) == nil)
        #expect(ContentSniffer.evidence(in: Array("[{\"a\": 1}]".utf8)) == nil)
        #expect(ContentSniffer.evidence(in: Array("<a>,b\n".utf8)) == nil)
        #expect(ContentSniffer.evidence(in: []) == nil)
    }

    @Test func wrongContentMessageNamesWhatWasFoundAndExpected() {
        let error = ContentSniffer.check(Array("<html></html>".utf8), expected: .json, url: "https://x.org/d", contentType: nil)
        #expect(error?.message == "the response from https://x.org/d is HTML, not JSON")
        let unknown = ContentSniffer.check(Array("<html></html>".utf8), expected: nil, url: "https://x.org/d", contentType: "text/html")
        #expect(unknown?.message == "the response from https://x.org/d is HTML, not CSV, TSV or JSON data (Content-Type: text/html)")
        #expect(ContentSniffer.check(Array("a,b\n".utf8), expected: .csv, url: "https://x.org/d", contentType: "text/html") == nil)
    }

    @Test func quantities() {
        #expect(QuantityText.seconds(2) == "2 s")
        #expect(QuantityText.seconds(1.5) == "1.5 s")
        #expect(QuantityText.seconds(0.25) == "0.25 s")
        #expect(QuantityText.seconds(60) == "60 s")
        #expect(QuantityText.bytes(512 * 1024 * 1024) == "512 MiB")
        #expect(QuantityText.bytes(1536) == "1.5 KiB")
        #expect(QuantityText.bytes(900) == "900 bytes")
        #expect(QuantityText.bytes(1) == "1 byte")
    }

    @Test func httpStatusPhrases() {
        #expect(HTTPStatus.describe(404) == "404 Not Found")
        #expect(HTTPStatus.describe(503) == "503 Service Unavailable")
        #expect(HTTPStatus.describe(599) == "599")
    }
}
