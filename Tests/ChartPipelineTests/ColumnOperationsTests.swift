import ChartData
import ChartSystem
import Testing
@testable import ChartPipeline

@Test func concatenatingStringColumnsMergesTheirDictionaries() {
    let a = T.strings("s", ["x", "y", nil])
    let b = T.strings("s", ["y", "z"])
    let joined = ColumnOperations.concatenate([a, b], name: "s", type: .string)
    #expect(T.stringsOf(joined) == ["x", "y", nil, "y", "z"])
    guard case .string(_, let dictionary) = joined.storage else {
        Issue.record("expected strings")
        return
    }
    #expect(dictionary == ["x", "y", "z"])
}

@Test func columnsTurnIntoTheirOutputText() {
    let numbers = ColumnOperations.asStrings(T.numbers("n", [2012, 0.5, nil]))
    #expect(T.stringsOf(numbers) == ["2012", "0.5", nil])
    let dates = ColumnOperations.asStrings(T.dates("d", ["2012-01-17", "2012-01-17T08:30:00Z"]))
    #expect(T.stringsOf(dates) == ["2012-01-17", "2012-01-17T08:30:00Z"])
}

@Test func compactingDropsUnusedStringsAndNonFiniteNumbers() {
    let gathered = T.strings("s", ["a", "b", "c", "b"]).gathering([3, 1])
    let compacted = ColumnOperations.compacted(gathered)
    guard case .string(let codes, let dictionary) = compacted.storage else {
        Issue.record("expected strings")
        return
    }
    #expect(dictionary == ["b"])
    #expect(codes == [0, 0])
    let numbers = Column(name: "n", storage: .number([1, .nan, -.infinity]), valid: [true, true, true])
    #expect(T.numbersOf(ColumnOperations.compacted(numbers)) == [1, nil, nil])
}
