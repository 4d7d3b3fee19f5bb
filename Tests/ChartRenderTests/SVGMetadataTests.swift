import ChartLayout
import ChartRender
import Testing

/// The data's provenance in `<metadata>`: one element per source with its url and SHA-256, escaped, nothing
/// when there are no sources.
@Suite struct SVGMetadataTests {
    @Test func recordsEachSourceWithItsHash() {
        var scene = Scene(width: 100, height: 50, title: "T")
        scene.dataSources = [
            SceneDataSource(url: "https://voteview.com/static/data/out/members/HSall_members.csv", sha256: String(repeating: "a", count: 64)),
            SceneDataSource(url: "data/rows.json?x=1&y=\"2\"", sha256: String(repeating: "0", count: 64))
        ]
        let svg = SVGWriter.write(scene)
        #expect(
            svg.contains(
                """
                  <title id="chartc-title">T</title>
                  <metadata xmlns:chartc="urn:chartc:provenance">
                    <chartc:source url="https://voteview.com/static/data/out/members/HSall_members.csv" sha256="\(String(repeating: "a", count: 64))"/>
                    <chartc:source url="data/rows.json?x=1&amp;y=&quot;2&quot;" sha256="\(String(repeating: "0", count: 64))"/>
                  </metadata>

                """))
        let check = XMLCheck.parse(svg)
        #expect(check.error == nil)
        #expect(
            check.attributes(of: "chartc:source").map { $0["url"] } == [
                "https://voteview.com/static/data/out/members/HSall_members.csv", "data/rows.json?x=1&y=\"2\""
            ])
    }

    @Test func noSourcesNoMetadata() {
        let svg = SVGWriter.write(Scene(width: 100, height: 50))
        #expect(!svg.contains("<metadata"))
    }
}
