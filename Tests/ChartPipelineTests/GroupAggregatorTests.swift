import ChartData
import ChartSystem
import ChartValues
import Testing
@testable import ChartPipeline

@Test func nullIsAGroupKeyOfItsOwn() {
    let keys = T.strings("k", ["a", nil, "a", nil, "b"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 5)
    #expect(groups.groupOfRow == [0, 1, 0, 1, 2])
}

@Test func negativeZeroGroupsWithZero() {
    let keys = T.numbers("k", [0, -0.0, nil, 1, 0])
    let groups = GroupIndex.build(keys: [keys], rowCount: 5)
    #expect(groups.groupOfRow == [0, 0, 1, 2, 0])
}

@Test func severalKeyColumnsFormATuple() {
    let a = T.numbers("a", [1, 1, 2, 2, 1, nil])
    let b = T.strings("b", ["x", "y", "x", "x", "x", "x"])
    let groups = GroupIndex.build(keys: [a, b], rowCount: 6)
    #expect(groups.groupOfRow == [0, 1, 2, 2, 0, 3])
    #expect(groups.firstRow == [0, 1, 2, 5])
}

@Test func dateAndBooleanKeys() {
    let d = T.dates("d", ["2020-01-01", "2020-01-02", "2020-01-01", nil])
    let b = T.booleans("b", [true, true, true, nil])
    #expect(GroupIndex.build(keys: [d, b], rowCount: 4).groupOfRow == [0, 1, 0, 2])
}

@Test func aggregatorReturnsOneRowPerGroupWithItsKeys() {
    let party = T.strings("party", ["D", "R", "D", "R", "D"])
    let score = T.numbers("score", [-0.4, 0.5, -0.2, 0.3, -0.3])
    let result = GroupAggregator.aggregate(
        keys: [party],
        inputs: [ReductionInput(.quantile(0.5), values: score, name: "m"), ReductionInput(.count, values: nil, name: "n")],
        rowCount: 5
    )
    #expect(T.stringsOf(result.keys[0]) == ["D", "R"])
    #expect(close(T.numbersOf(result.reductions[0]), [-0.3, 0.4]))
    #expect(T.numbersOf(result.reductions[1]) == [3, 2])
}

@Test func completeFillsMissingWeekdaysWithZeroCountsAndNulls() {
    let day = T.strings("day", ["Mon", "Wed", "Mon"], naturalOrder: T.weekdays)
    let x = T.numbers("x", [1, 2, 3])
    let result = GroupAggregator.aggregate(
        keys: [day],
        inputs: [
            ReductionInput(.count, values: nil, name: "n"),
            ReductionInput(.sum, values: x, name: "s"),
            ReductionInput(.mean, values: x, name: "m")
        ],
        rowCount: 3,
        completeDomains: [T.weekdays.map(Value.string)]
    )
    #expect(result.observedGroupCount == 2)
    #expect(T.stringsOf(result.keys[0]) == ["Mon", "Wed", "Sun", "Tue", "Thu", "Fri", "Sat"])
    #expect(result.keys[0].naturalOrder == T.weekdays)
    #expect(T.numbersOf(result.reductions[0]) == [2, 1, 0, 0, 0, 0, 0])
    #expect(T.numbersOf(result.reductions[1]) == [4, 2, 0, 0, 0, 0, 0])
    #expect(T.numbersOf(result.reductions[2]) == [2, 2, nil, nil, nil, nil, nil])
}

@Test func completeCrossesSeveralKeys() {
    let a = T.strings("a", ["x", "y"])
    let b = T.numbers("b", [1, 2])
    let result = GroupAggregator.aggregate(
        keys: [a, b], inputs: [ReductionInput(.count, values: nil, name: "n")], rowCount: 2,
        completeDomains: [[.string("x"), .string("y")], [.number(1), .number(2), .number(1), .null]]
    )
    #expect(T.stringsOf(result.keys[0]) == ["x", "y", "x", "y"])
    #expect(T.numbersOf(result.keys[1]) == [1, 2, 2, 1])
    #expect(T.numbersOf(result.reductions[0]) == [1, 1, 0, 0])
    #expect(GroupAggregator.combinationCount([[.string("x"), .string("y")], [.number(1), .number(2), .number(1), .null]]) == 4)
}
