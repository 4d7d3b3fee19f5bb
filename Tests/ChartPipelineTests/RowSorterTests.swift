import ChartData
import ChartSystem
import Testing
@testable import ChartPipeline

@Test func stringsSortByCodePointsWithNullsLast() {
    let table = Table(columns: [T.strings("s", ["apple", "Äpfel", nil, "Zebra", "banana"])])
    #expect(T.stringsOf(RowSorter.sorted(table, by: [SortOrder("s")]).columns[0]) == ["Zebra", "apple", "banana", "Äpfel", nil])
    #expect(T.stringsOf(RowSorter.sorted(table, by: [SortOrder("s", descending: true)]).columns[0]) == ["Äpfel", "banana", "apple", "Zebra", nil])
}

@Test func naturalOrderBeatsAlphabeticalForWeekdays() {
    let table = Table(columns: [T.strings("d", ["Wed", "Mon", "Sun", "Sat", "Holiday"], naturalOrder: T.weekdays)])
    #expect(T.stringsOf(RowSorter.sorted(table, by: [SortOrder("d")]).columns[0]) == ["Sun", "Mon", "Wed", "Sat", "Holiday"])
}

@Test func numbersSortNumericallyAndStably() {
    let table = Table(columns: [
        T.numbers("n", [10, 9, nil, -1, 9, 100, -0.0, 0]),
        T.numbers("row", [0, 1, 2, 3, 4, 5, 6, 7])
    ])
    let ascending = RowSorter.sorted(table, by: [SortOrder("n")])
    #expect(T.numbersOf(ascending.columns[1]) == [3, 6, 7, 1, 4, 0, 5, 2])
    let descending = RowSorter.sorted(table, by: [SortOrder("n", descending: true)])
    #expect(T.numbersOf(descending.columns[1]) == [5, 0, 1, 4, 6, 7, 3, 2])
}

@Test func laterKeysBreakTies() {
    let table = Table(columns: [
        T.strings("party", ["R", "D", "R", "D"]),
        T.numbers("year", [2000, 2000, 1990, 1990])
    ])
    let sorted = RowSorter.sorted(table, by: [SortOrder("year", descending: true), SortOrder("party")])
    #expect(T.stringsOf(sorted.columns[0]) == ["D", "R", "D", "R"])
    #expect(T.numbersOf(sorted.columns[1]) == [2000, 2000, 1990, 1990])
}

@Test func datesAndBooleansSort() {
    let table = Table(columns: [
        T.dates("d", ["2021-05-01", nil, "1999-12-31", "2021-05-01T00:00:01Z"]),
        T.booleans("b", [true, false, nil, false])
    ])
    #expect(RowSorter.permutation(table, by: [SortOrder("d")]) == [2, 0, 3, 1])
    #expect(RowSorter.permutation(table, by: [SortOrder("b")]) == [1, 3, 0, 2])
}
