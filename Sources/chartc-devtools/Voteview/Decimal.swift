import ChartFormat
/// Fixed-point text for generated numbers (`-0.371`, `-123.45`), from integer arithmetic so the output does not
/// depend on a platform's floating-point printing.
enum Decimal {
    static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = NumberConversion.clamped(value * scale, rounding: .toNearestOrAwayFromZero)
        let magnitude = scaled.magnitude
        var divisor: UInt = 1
        for _ in 0..<digits { divisor *= 10 }
        let whole = magnitude / divisor
        var fraction = String(magnitude % divisor)
        while fraction.count < digits { fraction = "0" + fraction }
        let sign = scaled < 0 ? "-" : ""
        return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Natural logarithm for 0.5 ≤ x ≤ 1.5 by the series ln x = 2·atanh((x−1)/(x+1)), exact to double precision
    /// there, without libm.
    static func log(_ x: Double) -> Double {
        let z = (x - 1) / (x + 1)
        let z2 = z * z
        var term = z
        var sum = 0.0
        var k = 1.0
        for _ in 0..<30 {
            sum += term / k
            term *= z2
            k += 2
        }
        return 2 * sum
    }
}
