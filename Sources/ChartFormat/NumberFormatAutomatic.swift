extension NumberFormat {
    /// The format an axis or legend uses when the spec gives none: the fewest decimals that write every tick
    /// exactly (steps of 0.5 → one decimal: `0.0 0.5 1.0`; the same number of decimals on every tick, so they
    /// line up), thousands separators when the largest tick is at least 10,000 (so `2000` or a year stays
    /// unseparated, and `5,000` sits next to `10,000` consistently), and a real minus sign.
    ///
    /// Ticks that are not round (explicit `axis.values` such as 1/3) get the fewest decimals, up to 12, that still
    /// tell them apart. Magnitudes below 10⁻⁶ or from 10²¹ use exponent notation with the fewest significant
    /// digits that write every tick exactly.
    public static func automatic(forTicks ticks: [Double]) -> NumberFormat {
        let values = ticks.filter(\.isFinite)
        let largest = values.map(\.magnitude).max() ?? 0
        guard largest > 0 else { return NumberFormat(kind: .fixed, precision: 0) }
        // Floating-point noise (0.30000000000000004) is not a digit anyone wants to see.
        let tolerance = largest * 1e-12
        if largest >= 1e-6 && largest < 1e21 {
            let grouping = largest >= 10_000
            for decimals in 0...10 where values.allSatisfy({ isWritten($0, decimals: decimals, within: tolerance) }) {
                return NumberFormat(kind: .fixed, precision: decimals, grouping: grouping)
            }
            let distinct = distinctCount(values, tolerance: tolerance)
            for decimals in 1...12 {
                let format = NumberFormat(kind: .fixed, precision: decimals)
                let texts = values.map { format.format($0, locale: .enUS) }
                if distinctCount(texts) >= distinct {
                    return NumberFormat(kind: .fixed, precision: decimals, grouping: grouping)
                }
            }
        }
        for significant in 1...17 {
            let exact = values.allSatisfy { value in
                let text = exponentText(DecimalDigits(exactly: value), significant: significant)
                guard let back = Double(text) else { return false }
                return (back - value.magnitude).magnitude <= tolerance
            }
            if exact { return NumberFormat(kind: .exponent, precision: significant - 1) }
        }
        return NumberFormat(kind: .exponent, precision: 16)
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]

    private static func isWritten(_ value: Double, decimals: Int, within tolerance: Double) -> Bool {
        let scale = powersOfTen[decimals]
        return ((value * scale).rounded() / scale - value).magnitude <= tolerance
    }

    /// How many values differ by more than the tolerance (sorted, so neighbours are compared).
    private static func distinctCount(_ values: [Double], tolerance: Double) -> Int {
        let sorted = values.sorted()
        var count = sorted.isEmpty ? 0 : 1
        for index in sorted.indices.dropFirst() where sorted[index] - sorted[index - 1] > tolerance { count += 1 }
        return count
    }

    private static func distinctCount(_ texts: [String]) -> Int {
        let sorted = texts.sorted()
        var count = sorted.isEmpty ? 0 : 1
        for index in sorted.indices.dropFirst() where sorted[index] != sorted[index - 1] { count += 1 }
        return count
    }
}
