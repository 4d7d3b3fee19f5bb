import ChartData
import ChartSystem
import Testing
@testable import ChartPipeline
import ChartTestSupport
import ChartValues

/// Group A: 1 2 3 4 (even count). Group B: 5 null 1 3 2 4 (five values, odd). Group C: only nulls.
/// Group D: a single value.
private let keys = T.strings("g", ["A", "B", "A", "B", "C", "B", "A", "B", "C", "B", "A", "D", "B"])
private let values = T.numbers("x", [1, 5, 2, nil, nil, 1, 3, 3, nil, 2, 4, 7, 4])
private let groups = GroupIndex.build(keys: [keys], rowCount: keys.count)

private func reduce(_ reduction: Reduction, _ column: Column? = values) -> [Double?] {
    T.numbersOf(Reducer.reduce(reduction, values: column, groups: groups, name: "r"))
}

@Test func groupsAreNumberedInFirstAppearanceOrder() {
    #expect(groups.groupCount == 4)
    #expect(groups.firstRow == [0, 1, 4, 11])
    #expect(groups.groupOfRow == [0, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 3, 1])
}

@Test func countsRowsValuesAndDistinctValues() {
    #expect(reduce(.count, nil) == [4, 6, 2, 1])
    #expect(reduce(.countValues) == [4, 5, 0, 1])
    let repeated = T.numbers("x", [1, 1, 2, nil, nil, 1, 2, 1, nil, -0.0, 0, 7, 1])
    // A: 1 2 2 0 → 3 distinct; B: 1 1 1 -0 1 → 2 distinct (-0 == 0 is one value, null skipped).
    #expect(reduce(.distinct, repeated) == [3, 2, 0, 1])
}

@Test func sumAndMeanSkipNullsAndAreNullWithoutValues() {
    #expect(reduce(.sum) == [10, 15, nil, 7])
    #expect(reduce(.mean) == [2.5, 3, nil, 7])
}

@Test func sampleVarianceAndStandardDeviation() {
    // A: mean 2.5, squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, / 3. B: mean 3, 4 + 1 + 0 + 1 + 4 = 10, / 4.
    #expect(close(reduce(.variance), [5.0 / 3.0, 2.5, nil, nil]))
    #expect(close(reduce(.stdev), [(5.0 / 3.0).squareRoot(), 2.5.squareRoot(), nil, nil]))
}

/// The spread's exact bits: two passes in input order (the mean as sum / count, then the squared differences
/// added in order), which the compiled SQL reproduces (SQLSpread); not Welford's updates, which round
/// differently on these values.
@Test func varianceIsTwoPassesInInputOrder() {
    let xs: [Double] = [1e9 + 0.1, 1e9 + 0.7, 1e9 - 0.3, 1e9 + 0.3000000000000001, 1e9 + 0.2]
    let column = T.numbers("x", xs)
    let one = GroupIndex.build(keys: [T.strings("g", Array(repeating: "a", count: xs.count))], rowCount: xs.count)
    let mean = xs.reduce(0, +) / Double(xs.count)
    let squares = xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    let expected = squares / Double(xs.count - 1)
    #expect(T.numbersOf(Reducer.reduce(.variance, values: column, groups: one, name: "v")) == [expected])
    #expect(T.numbersOf(Reducer.reduce(.stdev, values: column, groups: one, name: "s")) == [expected.squareRoot()])
    var n = 0.0, welfordMean = 0.0, welfordSquares = 0.0
    for x in xs {
        n += 1
        let delta = x - welfordMean
        welfordMean += delta / n
        welfordSquares += delta * (x - welfordMean)
    }
    #expect(welfordSquares / (n - 1) != expected, "these values must tell the two algorithms apart")
}

@Test func quantilesInterpolateBetweenClosestRanks() {
    // A sorted: 1 2 3 4 (h = 3p). B sorted: 1 2 3 4 5 (h = 4p).
    #expect(reduce(.quantile(0)) == [1, 1, nil, 7])
    #expect(close(reduce(.quantile(0.25)), [1.75, 2, nil, 7]))
    #expect(close(reduce(.quantile(0.5)), [2.5, 3, nil, 7]))
    #expect(close(reduce(.quantile(0.9)), [3.7, 4.6, nil, 7]))
    #expect(reduce(.quantile(1)) == [4, 5, nil, 7])
    #expect(close(reduce(.quantile(0.75)), [3.25, 4, nil, 7]))
}

@Test func minMaxFirstLast() {
    #expect(reduce(.min) == [1, 1, nil, 7])
    #expect(reduce(.max) == [4, 5, nil, 7])
    #expect(reduce(.first) == [1, 5, nil, 7])
    #expect(reduce(.last) == [4, 4, nil, 7])
}

@Test func firstAndLastSkipLeadingAndTrailingNulls() {
    let keys = T.strings("g", ["A", "A", "A", "A"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 4)
    let column = T.strings("s", [nil, "b", "c", nil])
    #expect(T.stringsOf(Reducer.reduce(.first, values: column, groups: groups, name: "f")) == ["b"])
    #expect(T.stringsOf(Reducer.reduce(.last, values: column, groups: groups, name: "l")) == ["c"])
}

@Test func stringMinAndMaxCompareCodePoints() {
    let keys = T.strings("g", ["A", "A", "A", "A"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 4)
    let column = T.strings("s", ["apple", "Äpfel", nil, "Zebra"])
    #expect(T.stringsOf(Reducer.reduce(.min, values: column, groups: groups, name: "m")) == ["Zebra"])
    #expect(T.stringsOf(Reducer.reduce(.max, values: column, groups: groups, name: "m")) == ["Äpfel"])
}

@Test func weekdayMinAndMaxFollowTheNaturalOrder() {
    let keys = T.strings("g", ["A", "A", "A"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 3)
    let column = T.strings("d", ["Wed", "Sun", "Fri"], naturalOrder: T.weekdays)
    let minimum = Reducer.reduce(.min, values: column, groups: groups, name: "m")
    #expect(T.stringsOf(minimum) == ["Sun"])
    #expect(minimum.naturalOrder == T.weekdays)
    #expect(T.stringsOf(Reducer.reduce(.max, values: column, groups: groups, name: "m")) == ["Fri"])
}

@Test func dateReductionsReturnDates() {
    let keys = T.strings("g", ["A", "A", "A", "B"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 4)
    let column = T.dates("d", ["2020-01-03", "2020-01-01", "2020-01-02T12:00:00Z", nil])
    func dates(_ reduction: Reduction) -> [Value] {
        T.values(Reducer.reduce(reduction, values: column, groups: groups, name: "r"))
    }
    #expect(dates(.min) == [.date(ISO.ms("2020-01-01")), .null])
    #expect(dates(.max) == [.date(ISO.ms("2020-01-03")), .null])
    #expect(dates(.first) == [.date(ISO.ms("2020-01-03")), .null])
    #expect(dates(.last) == [.date(ISO.ms("2020-01-02T12:00:00Z")), .null])
    #expect(dates(.quantile(0.5)) == [.date(ISO.ms("2020-01-02T12:00:00Z")), .null])
    #expect(dates(.quantile(0.25)) == [.date(ISO.ms("2020-01-01T18:00:00Z")), .null])
    // (Jan 3 + Jan 1 + Jan 2.5) / 3 = Jan 2 04:00.
    #expect(dates(.mean) == [.date(ISO.ms("2020-01-02T04:00:00Z")), .null])
    #expect(dates(.count) == [.number(3), .number(1)])
}

@Test func aggregateWithoutKeysIsOneRowEvenWithoutInput() {
    let empty = GroupIndex.build(keys: [], rowCount: 0)
    #expect(empty.groupCount == 1)
    let column = T.numbers("x", [])
    #expect(T.numbersOf(Reducer.reduce(.count, values: nil, groups: empty, name: "n")) == [0])
    #expect(T.numbersOf(Reducer.reduce(.sum, values: column, groups: empty, name: "s")) == [nil])
    #expect(T.numbersOf(Reducer.reduce(.mean, values: column, groups: empty, name: "m")) == [nil])
    #expect(T.numbersOf(Reducer.reduce(.quantile(0.5), values: column, groups: empty, name: "q")) == [nil])
    #expect(T.numbersOf(Reducer.reduce(.first, values: column, groups: empty, name: "f")) == [nil])
    #expect(T.numbersOf(Reducer.reduce(.max, values: column, groups: empty, name: "f")) == [nil])
}

@Test func nonFiniteResultsAreNull() {
    let keys = T.strings("g", ["A", "A"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 2)
    let column = T.numbers("x", [1.7e308, 1.7e308])
    #expect(T.numbersOf(Reducer.reduce(.sum, values: column, groups: groups, name: "s")) == [nil])
}

@Test func booleansSumAsZeroAndOne() {
    let keys = T.strings("g", ["A", "A", "A"])
    let groups = GroupIndex.build(keys: [keys], rowCount: 3)
    let column = T.booleans("b", [true, false, true])
    #expect(T.numbersOf(Reducer.reduce(.sum, values: column, groups: groups, name: "s")) == [2])
    #expect(T.values(Reducer.reduce(.min, values: column, groups: groups, name: "s")) == [.boolean(false)])
}

/// Selection must give exactly what sorting and interpolating gives, for every p, on data with many ties.
@Suite struct QuantileSelectionTests {
    @Test func equalsSortingBitForBit() {
        var random = SeededRandom(seed: 42)
        for trial in 0..<400 {
            let count = 1 + Int(random.next() % (trial < 200 ? 40 : 3000))
            let distinct = 1 + random.next() % 50
            let values = (0..<count).map { _ in Double(Int(random.next() % distinct) - 25) * 0.37 + (random.next() % 7 == 0 ? 1e-9 : 0) }
            for p in [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999, 1] {
                var selected = values
                let quantile = QuantileSelection.quantile(&selected, 0..<count, p: p)
                let sorted = values.sorted()
                let expected = Reducer.interpolate(sorted: sorted[...], p: p)
                #expect(quantile.bitPattern == expected.bitPattern, "trial \(trial), n \(count), p \(p)")
                #expect(selected.sorted() == sorted) // a reordering, nothing lost
            }
        }
    }

    @Test func worksOnASubrangeAndLeavesTheRestAlone() {
        var values: [Double] = [9, 9, 5, 1, 4, 2, 3, 9, 9]
        #expect(QuantileSelection.quantile(&values, 2..<7, p: 0.5) == 3)
        #expect(values[0] == 9 && values[1] == 9 && values[7] == 9 && values[8] == 9)
    }

    @Test func adversarialOrdersStayCorrect() {
        for pattern in 0..<4 {
            let values: [Double] = (0..<5000).map { i in
                switch pattern {
                case 0: Double(i) // sorted
                case 1: Double(5000 - i) // reversed
                case 2: Double(i % 2 == 0 ? i : 5000 - i) // organ pipe
                default: 7 // all equal
                }
            }
            for p in [0.0, 0.33, 0.5, 1] {
                var selected = values
                #expect(QuantileSelection.quantile(&selected, 0..<values.count, p: p) == Reducer.interpolate(sorted: values.sorted()[...], p: p))
            }
        }
    }
}
