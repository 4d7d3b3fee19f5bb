#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension NumberFormat {
    /// The short-scale unit (0 none, 1 thousand, 2 million, 3 billion, 4 trillion) a value is written in by the
    /// automatic formats: the largest whose one is not above the value (SPEC §19.14: `600M`, never `0.60B`).
    /// Values within 10⁻⁹ of a power of a thousand below it count as reaching it (floating-point noise).
    public static func shortScaleUnit(of value: Double) -> Int {
        let magnitude = value.magnitude
        guard magnitude.isFinite else { return 0 }
        var unit = 0
        var one = 1000.0
        while unit < 4 && magnitude >= one * (1 - 1e-9) {
            unit += 1
            one *= 1000
        }
        return unit
    }

    /// The factor of a short-scale unit: 1, 10³, 10⁶, 10⁹, 10¹².
    public static func shortScaleFactor(_ unit: Int) -> Double {
        pow(1000, Double(min(max(unit, 0), 4)))
    }

    /// Axis tick labels in the locale's short scale (the automatic format when the largest tick is at least a
    /// million): each tick in the unit of its own size, so no tick is written below one of its unit
    /// (`0 500M 1B 1.5B`), with the fewest decimals that write it exactly, and zero as `0`. Every tick of the axis
    /// follows the same rule, in the same words.
    public static func shortScaleLabels(forTicks ticks: [Double], locale: ChartLocale) -> [String] {
        ticks.map { value in
            guard value.isFinite else { return NumberFormat().format(value, locale: locale) }
            guard value != 0 else { return "0" }
            let unit = shortScaleUnit(of: value)
            let scaled = value / shortScaleFactor(unit)
            let format = automatic(forTicks: [scaled])
            let word = unit > 0 ? locale.shortScale[unit - 1] : ""
            return NumberFormat(kind: format.kind, precision: format.precision, grouping: scaled.magnitude >= 10_000)
                .format(scaled, locale: locale) + word
        }
    }
}
