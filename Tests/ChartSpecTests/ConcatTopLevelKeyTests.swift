import Testing
@testable import ChartSpec

/// A chart's own key written at the top of a `concat` graphic (SPEC §20) is refused with where it belongs: in each
/// view. It used to say "'projection' belongs in the top level", where it already was.
@Suite struct ConcatTopLevelKeyTests {
    @Test func aViewsKeyAtTheTopOfAConcatSaysItBelongsInEachView() throws {
        let result = parse(
            lines(
                dataLine,
                #""projection": { "type": "albersUsa" }"#,
                #""concat": [{ "mark": "geoshape" }, { "mark": "geoshape" }]"#
            ))
        let unknown = try #require(result.first("unknown-key"))
        #expect(unknown.message == "unknown key 'projection' at the top level; 'projection' belongs in each view of 'concat'")
        #expect(position(unknown) == "3:3")
    }
}
