import Foundation
import Testing
@testable import chartc_devtools

/// `chartc-devtools review` and the pieces of its Foundation-free browser driver that the browser tests do not
/// reach on their own: the JSON it sends, the base64 it reads, the file URLs it opens.
@Suite struct ReviewToolTests {
    @Test func messagesAreJSONInTheOrderWritten() {
        let message: DevToolsValue = [
            "id": 3, "method": "Page.navigate", "params": ["url": "file:///a \"b\".html", "mobile": false, "scale": 1.5, "list": [1, "x"]]
        ]
        #expect(
            message.json == #"{"id":3,"method":"Page.navigate","params":{"url":"file:///a \"b\".html","mobile":false,"scale":1.5,"list":[1,"x"]}}"#)
        #expect(message.setting("sessionId", "S").json.hasSuffix(#","sessionId":"S"}"#))
        #expect(message.setting("id", 4).json.hasPrefix(#"{"id":4,"#))
    }

    @Test func base64DecodesWhatTheBrowserSends() {
        #expect(Base64.decode("iVBORw0KGgo=") == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("TQ==") == Array("M".utf8))
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("TW!u") == nil)
        #expect(Base64.decode("TQ==TQ") == nil)
    }

    @Test func fileURLsEscapeWhatAPathCannotHold() {
        #expect(HeadlessChromium.fileURL("/tmp/a b/ü.html") == "file:///tmp/a%20b/%C3%BC.html")
        #expect(HeadlessChromium.fileURL("/tmp/chart-1_x.html") == URL(fileURLWithPath: "/tmp/chart-1_x.html").absoluteString)
    }

    @Test(
        .enabled(
            if: BrowserAvailability.chromium || BrowserAvailability.required,
            "chromium is not installed (apt-get install chromium fonts-liberation); skipping the review screenshots"))
    func reviewWritesFourScreenshotsOfAPage() throws {
        let folder = NSTemporaryDirectory() + "chartc-review-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/weekdays.html"
        try HTMLSpecs.weekdays().page().write(toFile: page, atomically: true, encoding: .utf8)
        let written = try ReviewCommand.screenshots(of: page)
        #expect(written == ["1000", "360", "1000-dark", "360-dark"].map { folder + "/weekdays-\($0).png" })
        for path in written {
            let png = try #require(FileManager.default.contents(atPath: path))
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path) is not a PNG")
        }
    }
}
