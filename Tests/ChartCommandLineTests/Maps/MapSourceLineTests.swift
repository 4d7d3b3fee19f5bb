import ChartCommandLine
import Foundation
import Testing

/// A built-in basemap names its maker in the source line (SPEC §22) when the spec names no source of its own, so
/// lint's `missing-source` fires only when the source line would really be empty; a basemap that only a view of a
/// `concat` reads is credited in the page's source line too.
@Suite struct MapSourceLineTests {
    static let concat = """
        { "title": "Two views", "alt": "A bar and a map",
          "concat": [
            { "data": { "values": [{ "a": "x", "b": 1 }, { "a": "y", "b": 2 }] }, "mark": "bar",
              "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } },
            { "data": { "basemap": "world" }, "mark": "geoshape" }] }
        """

    /// A chart whose only data is a basemap: the source line reads "Natural Earth", and lint does not ask for one.
    @Test func aBasemapChartNeedsNoSources() throws {
        let spec = #"{ "title": "The world", "alt": "Countries", "data": { "basemap": "world" }, "mark": "geoshape" }"#
        let linted = try ProjectionWithoutMapTests.run("lint", spec)
        #expect(!linted.said.contains("missing-source"), "\(linted.said)")
        let built = try ProjectionWithoutMapTests.run("build", spec)
        #expect(built.status == 0, "\(built.said)")
        #expect(built.svg.contains("Natural Earth"))
    }

    /// A basemap only a view reads is credited on the page (it was not: the source line was empty), and lint says
    /// nothing of a missing source for either view.
    @Test func aViewsBasemapIsCreditedOnThePage() throws {
        let built = try ProjectionWithoutMapTests.run("build", Self.concat)
        #expect(built.status == 0, "\(built.said)")
        #expect(built.svg.components(separatedBy: "Natural Earth").count - 1 == 1, "the view's basemap named once on the page")
        let linted = try ProjectionWithoutMapTests.run("lint", Self.concat)
        #expect(!linted.said.contains("missing-source"), "\(linted.said)")
    }

    /// A page whose views draw no basemap (the sphere instead) and name no sources is still warned about.
    @Test func aChartWithoutABasemapOrSourcesIsStillWarned() throws {
        let bars = Self.concat.replacingOccurrences(of: #"{ "basemap": "world" }"#, with: #"{ "sphere": true }"#)
        let linted = try ProjectionWithoutMapTests.run("lint", bars)
        #expect(linted.said.contains("missing-source"), "\(linted.said)")
    }
}
