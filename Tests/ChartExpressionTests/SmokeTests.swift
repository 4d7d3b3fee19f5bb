import Testing
import ChartData
@testable import ChartExpression

@Test func smoke() throws {
    #expect(parsed("1 + 2 * 3") == "(1 + (2 * 3))")
    #expect(try values("n * 2") == [.number(2), .number(-5), .null, .number(0), .number(20)])
}
