import ChartDiagnostics
import Testing

@testable import ChartSpec

/// Issue 24: `data.values` as a plain array of numbers gave one `wrong-type` error per number (420 for 420
/// numbers); now it is read as one column named `data` (as Vega-Lite reads it), and an array of items that are
/// not rows is one error, at the first item, saying how to write rows.
@Suite struct DataValuesShapeTests {
    @Test func aPlainArrayOfNumbersIsAccepted() {
        let numbers = (1...420).map(String.init).joined(separator: ", ")
        let result = parse(lines(#""data": { "values": [\#(numbers)] }"#, markLine))
        #expect(result.ids == [])
    }

    @Test func anArrayOfArraysIsOneError() {
        let result = parse(lines(#""data": { "values": [[1, 2], [3, 4]] }"#, markLine))
        #expect(result.ids == ["wrong-type"])
        #expect(position(result.diagnostics.first) == "2:24")
        #expect(
            result.diagnostics.first?.message
                == #"'data.values[0]' must be an object (one row, e.g. { "day": "Mon", "count": 3 }), found an array (every item of data.values is; write each row as an object, e.g. [{ "value": 1 }, { "value": 2 }])"#
        )
    }

    @Test func aFewItemsThatAreNotRowsAreOneErrorThatCountsThem() {
        let result = parse(lines(#""data": { "values": [{ "a": 1 }, 2, "x", { "a": 3 }, null] }"#, markLine))
        #expect(result.ids == ["wrong-type"])
        #expect(result.diagnostics.first?.message.hasSuffix("found number 2 (and 2 more items after it)") == true)
    }
}
