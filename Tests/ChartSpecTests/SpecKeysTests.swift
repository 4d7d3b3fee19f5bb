import ChartDiagnostics
import Testing
@testable import ChartSpec

/// The key tables and the parser must agree: every listed key is recognized where it is listed.
@Suite struct SpecKeysTests {
    private func unknownKeys(_ text: String) -> [String] {
        parse(text).diagnostics.filter { $0.id == "unknown-key" }.map(\.message)
    }

    @Test func topLevelOrderFollowsTheSpec() {
        #expect(SpecKeys.topLevel.first == "$schema")
        #expect(SpecKeys.topLevel.firstIndex(of: "data")! < SpecKeys.topLevel.firstIndex(of: "calculate")!)
        #expect(SpecKeys.topLevel.firstIndex(of: "calculate")! < SpecKeys.topLevel.firstIndex(of: "mark")!)
        // SPEC §23's `outputs` (presets) follows the page keys, which end with `locale`.
        #expect(Array(SpecKeys.topLevel.suffix(2)) == ["locale", "outputs"])
        #expect(SpecKeys.encoding == ChannelName.allCases.map(\.rawValue))
    }

    @Test func everyListedKeyIsRecognized() {
        for key in SpecKeys.topLevel {
            let entries = key == "data" || key == "mark" ? [dataLine, markLine] : [dataLine, markLine, "\"\(key)\": null"]
            #expect(unknownKeys("{" + entries.joined(separator: ", ") + "}") == [], "\(key)")
        }
        for key in SpecKeys.data {
            #expect(unknownKeys(lines(#""data": { "\#(key)": null }"#, markLine)) == [], "data.\(key)")
        }
        for key in SpecKeys.mark where key != "type" {
            #expect(unknownKeys(lines(dataLine, #""mark": { "type": "bar", "\#(key)": null }"#)) == [], "mark.\(key)")
        }
        for key in SpecKeys.labels {
            #expect(unknownKeys(lines(dataLine, #""mark": { "type": "bar", "labels": { "\#(key)": null } }"#)) == [], "labels.\(key)")
        }
        for key in SpecKeys.encoding {
            #expect(unknownKeys(lines(dataLine, markLine, #""encoding": { "\#(key)": { "field": "a" } }"#)) == [], "encoding.\(key)")
        }
        for key in SpecKeys.channel where key != "field" {
            #expect(unknownKeys(lines(dataLine, markLine, #""encoding": { "color": { "field": "a", "\#(key)": null } }"#)) == [], "channel.\(key)")
        }
        for key in SpecKeys.scale {
            #expect(
                unknownKeys(lines(dataLine, markLine, #""encoding": { "x": { "field": "a", "scale": { "\#(key)": null } } }"#)) == [], "scale.\(key)")
        }
        for key in SpecKeys.axis {
            #expect(
                unknownKeys(lines(dataLine, markLine, #""encoding": { "x": { "field": "a", "axis": { "\#(key)": null } } }"#)) == [], "axis.\(key)")
        }
        for key in SpecKeys.legend {
            #expect(unknownKeys(lines(dataLine, markLine, #""legend": { "\#(key)": null }"#)) == [], "legend.\(key)")
        }
        for key in SpecKeys.source {
            #expect(unknownKeys(lines(dataLine, markLine, #""sources": [{ "\#(key)": null }]"#)) == [], "source.\(key)")
        }
    }
}
