import ChartFormat
import Testing

/// SPEC §19.6 exact bins: a bin's start and end computed in decimal on the 15-digit decimals of x and the step.
@Suite struct DecimalBinStepTests {
    @Test(arguments: [
        // The values: on an edge, the interval that starts there.
        (0.6, 0.2, 0.6), (5.8, 0.1, 5.8), (5.8, 0.2, 5.8), (0.3, 0.1, 0.3), (0.7, 0.1, 0.7),
        // Negative values on and off edges.
        (-0.6, 0.2, -0.6), (-0.3, 0.1, -0.3), (-0.31, 0.1, -0.4), (-0.05, 0.1, -0.1), (-1, 0.25, -1),
        // Off edges, the plain floor.
        (0.58, 0.2, 0.4), (0.6000001, 0.2, 0.6), (0.5999999, 0.2, 0.4), (12.34, 0.5, 12), (7.9, 2, 6),
        // A sum that misses its decimal by one unit in the last place reads as that decimal.
        (0.1 + 0.2, 0.1, 0.3), (0.30000000000000004, 0.1, 0.3), (0.6999999999999999, 0.1, 0.7), (4.999999999999999, 5, 5),
        // Whole numbers, large and tiny magnitudes.
        (12, 5, 10), (-12, 5, -15), (1000, 1000, 1000), (-1000, 1000, -1000), (1e15, 5, 1e15), (1e-300, 0.1, 0),
        (-1e-300, 0.1, -0.1), (0, 0.2, 0), (-0.0, 0.2, 0), (123456789.123, 0.001, 123456789.123),
        // IMDB-like ratings with step 0.5 and 1: a rating exactly on an edge starts that interval.
        (7.5, 0.5, 7.5), (8, 0.5, 8), (7.4, 0.5, 7), (9.2, 1, 9), (6.0, 1, 6),
        // Far above the step (more than 10^22 steps): digit arithmetic, no overflow.
        (1.7e308, 0.1, 1.7e308), (-1.7e308, 0.1, -1.7e308), (1e300, 0.3, 1e300), (-1e300, 0.3, -1e300),
        (1.23456789012345e40, 7, 1.23456789012345e40)
    ])
    func startIsTheDecimalFloor(x: Double, step: Double, expected: Double) {
        let start = DecimalBinStep(step).start(x)
        #expect(start == expected, "bin(\(x), \(step)) = \(start)")
        #expect(start.sign == expected.sign || start == 0)
    }

    @Test func startsPrintAsShortAsTheStep() {
        for k in -200...200 {
            let x = Double(k) / 10
            let start = DecimalBinStep(0.1).start(x)
            // Each tenth is the start of its own interval, and prints as the tenth it is.
            #expect(start == x, "\(x)")
        }
        for step in [0.1, 0.2, 0.25, 0.05, 0.3] {
            let bins = DecimalBinStep(step)
            for k in Int64(-50)...50 {
                let edge = bins.edge(k)
                #expect(bins.start(edge) == edge, "k \(k) step \(step)")
                #expect(bins.end(ofStart: edge) == bins.edge(k + 1), "k \(k) step \(step)")
            }
        }
        #expect(DecimalBinStep(0.1).end(ofStart: 5.8) == 5.9)
        #expect(DecimalBinStep(0.2).edge(3) == 0.6)
    }

    @Test func decimalsOfFifteenDigits() {
        #expect(Decimal15(0.6) == Decimal15(mantissa: 600_000_000_000_000, exponent: -15))
        #expect(Decimal15(-2.5) == Decimal15(mantissa: -250_000_000_000_000, exponent: -14))
        #expect(Decimal15(1.0 / 3) == Decimal15(mantissa: 333_333_333_333_333, exponent: -15))
        #expect(Decimal15(.nan) == nil)
        #expect(Decimal15(.infinity) == nil)
    }
}
