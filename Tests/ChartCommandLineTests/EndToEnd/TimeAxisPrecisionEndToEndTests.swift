import Foundation
import Testing

/// SPEC §19.7 through the built binary: a time axis over dates without a time of day ticks on days, never at noon.
@Suite struct TimeAxisPrecisionEndToEndTests {
    @Test func dailyValuesGetNoNoonTicks() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            { "title": "Daily steps",
              "data": { "values": [
                {"day": "2024-03-01", "steps": 5000}, {"day": "2024-03-02", "steps": 7000},
                {"day": "2024-03-03", "steps": 6500}, {"day": "2024-03-04", "steps": 9000} ] },
              "mark": "line",
              "encoding": { "x": { "field": "day" }, "y": { "field": "steps" } } }
            """
        try spec.write(to: folder.appendingPathComponent("steps.chart.json"), atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["build", "steps.chart.json"], in: folder)
        #expect(result.status == 0, "\(result.output)")
        let svg = try String(contentsOf: folder.appendingPathComponent("steps.svg"), encoding: .utf8)
        #expect(!svg.contains(">12:00<"), "\(svg)")
        // One tick a day, the month named once: "Mar 1", "2", "3", "4".
        for label in ["Mar 1", "2", "3", "4"] { #expect(svg.contains(">\(label)</text>"), "\(label)") }
    }
}
