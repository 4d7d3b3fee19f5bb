import Testing
@testable import ChartFormat

/// `NumberText.shortest`: the shortest text that reads back as the same Double, without exponents in the
/// range people write numbers in.
@Suite struct NumberTextTests {
    @Test func shortestNumbers() {
        #expect(NumberText.shortest(2012) == "2012")
        #expect(NumberText.shortest(-0.5) == "-0.5")
        #expect(NumberText.shortest(0.1 + 0.2) == "0.30000000000000004")
        #expect(NumberText.shortest(1e-7) == "0.0000001")
        #expect(NumberText.shortest(1.5e20) == "150000000000000000000")
        #expect(NumberText.shortest(1e300) == "1e+300")
        #expect(NumberText.shortest(-0.0) == "0")
    }
}
