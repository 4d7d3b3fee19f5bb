import Foundation
import Testing

/// `chartc preview` of a batch (SPEC §23), over HTTP against the real server: one entry in the index, a page
/// with each value's chart under its value, and a value whose chart fails shown with its own error while the
/// others are drawn.
@Suite struct PreviewBatchTests {
    static let spec = """
        {
          "title": "Rain times {factor}",
          "data": { "url": "rain.csv" },
          "each": { "values": [2, "two", 3], "as": "factor" },
          "calculate": { "scaled": "rain * {factor}" },
          "mark": "bar",
          "encoding": { "x": { "field": "city" }, "y": { "field": "scaled" } }
        }

        """

    static func get(_ port: Int, _ path: String) -> String {
        RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    }

    @Test(.timeLimit(.minutes(2))) func aBatchIsOneEntryWhosePageShowsEachValuesChart() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try "city,rain\nSeattle,140\nBoston,90\n".write(to: root.appendingPathComponent("rain.csv"), atomically: true, encoding: .utf8)
        try Self.spec.write(to: root.appendingPathComponent("rain.chart.json"), atomically: true, encoding: .utf8)
        let preview = try PreviewProcess([root.path])
        defer { _ = preview.stop() }
        let port = preview.port

        var page = ""
        let deadline = Date().addingTimeInterval(90)
        while !page.contains("preview-batch-charts") && Date() < deadline {
            page = Self.get(port, "/chart/rain.chart.json")
            if !page.contains("preview-batch-charts") { usleep(200_000) }
        }
        #expect(page.contains("<p class=\"preview-batch\">Batch of 3 charts, one per value.</p>"), "\(page)")
        #expect(page.contains("a batch of 3 charts, 1 failed; built in"), "\(page)")
        #expect(page.contains("<figcaption>2</figcaption>\n<img src=\"/svg/rain.chart.json?chart=0&amp;v="), "\(page)")
        #expect(page.contains("<figcaption>3</figcaption>\n<img src=\"/svg/rain.chart.json?chart=2&amp;v="), "\(page)")
        // "two" is text: `rain * 'two'` fails on its own page entry, at its line:col.
        #expect(page.contains("<figure class=\"preview-batch-chart preview-batch-failed\" data-value=\"1\"><figcaption>two</figcaption>"), "\(page)")
        #expect(page.contains("rain.chart.json:5:"), "\(page)")

        let first = Self.get(port, "/svg/rain.chart.json?chart=0")
        #expect(RawHTTP.statusCode(of: first) == 200)
        #expect(first.contains("Rain times 2"))
        #expect(Self.get(port, "/svg/rain.chart.json?chart=2").contains("Rain times 3"))
        #expect(RawHTTP.statusCode(of: Self.get(port, "/svg/rain.chart.json?chart=1")) == 404)
        #expect(RawHTTP.statusCode(of: Self.get(port, "/svg/rain.chart.json?chart=9")) == 404)

        // One entry in the index, its thumbnail the first chart that built.
        let index = Self.get(port, "/")
        #expect(index.components(separatedBy: "data-chart=\"rain.chart.json\"").count == 2, "\(index)")
        #expect(Self.get(port, "/svg/rain.chart.json").contains("Rain times 2"))
    }
}
