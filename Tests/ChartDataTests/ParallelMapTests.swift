import ChartSystem
import Testing
import ChartData

/// `parallelMap` runs on every core but must hand results back in index order (builds print in spec order,
/// CSV parts join in file order).
@Suite struct ParallelMapTests {
    @Test func keepsIndexOrder() {
        #expect(parallelMap(100) { $0 * 2 } == Array(stride(from: 0, to: 200, by: 2)))
        #expect(parallelMap(0) { $0 }.isEmpty)
    }

    @Test func optionalResultsStayInTheirSlots() {
        let results: [Int?] = parallelMap(6) { $0 % 2 == 0 ? $0 : nil }
        #expect(results == [0, nil, 2, nil, 4, nil])
    }
}
