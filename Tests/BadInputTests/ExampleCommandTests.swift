import ChartCommandLine
import Foundation
import Testing

/// `chartc lint examples`, as CI runs it: no errors, and exactly the publishing warnings we defend (each one is
/// a mistake a desk editor would point out; fixing the example removes it from this list).
@Suite("chartc lint examples")
struct ExampleCommandTests {
    static let defended: [String: [String]] = [
        "examples/pen-pal-letters/letters.chart.json": ["missing-source"],
        "examples/step-counts/step-counts.chart.json": ["missing-source"],
        "examples/seattle-weather/monthly-highs-direct.chart.json": ["low-contrast", "low-contrast"],
        "examples/seattle-weather/rain-days-stacked.chart.json": ["long-title"],
        "examples/seattle-weather/temperature-band.chart.json": ["long-title"],
        // The point of the example: fifteen budget functions, eight of them thin slices whose labels stack outside.
        "examples/arcs/us-budget-2023.chart.json": ["arc-too-many-slices"],
        // The Census county map's 33 water areas (ids ending in 000) and Kalawao County (15005) have no
        // unemployment rate: the join says so rather than leave them blank unseen, and the example filters the
        // water out after it.
        "examples/maps/us-unemployment.chart.json": ["lookup-features-without-value"],
        // The World Bank has no 2011 figure for Taiwan, Western Sahara, the Falklands and the French Southern
        // Territories, Kosovo and Northern Cyprus and Somaliland have no ISO code on the map, and Antarctica none at
        // all (it is filtered out after the join): drawn grey, named in the notes and the legend. And 27 small
        // countries and territories of the World Bank's list have no shape at 1:110m (Singapore, Bahrain, Malta…).
        "examples/maps/world-fertility.chart.json": ["lookup-features-without-value", "lookup-rows-without-feature"]
    ]

    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    @Test func theExamplesHaveNoErrorsAndOnlyDefendedWarnings() throws {
        let console = BufferConsole()
        let status = Chartc.run(["lint", Self.root + "/examples"], console: console)
        #expect(status == 0)
        var found: [String: [String]] = [:]
        for line in console.output.split(separator: "\n") where line.hasPrefix(Self.root + "/examples/") {
            guard line.contains(": warning: ") || line.contains(": error: "),
                let open = line.lastIndex(of: "["), line.hasSuffix("]")
            else { continue }
            let path = String(line.dropFirst(Self.root.count + 1).prefix { $0 != ":" })
            found[path, default: []].append(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
        }
        #expect(found == Self.defended, "\(found)")
    }
}
