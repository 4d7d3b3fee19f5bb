#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scale of a `size` channel on a field (SPEC §20): a value maps linearly to a dot's *area* in px² (as a
/// constant `size` is an area, SPEC §19.3, and as Vega-Lite's size range is), so the radius is the square root —
/// the "sqrt scale from zero" of the default. `domain` and `range` (px² of area) come from `size.scale`, else the
/// data from zero to its largest value and 0…616 px² (a radius of 0…14 px). Values outside the domain are clamped.
public struct SizeScale: Sendable, Hashable {
    public var domain: ScaleInterval
    /// The areas in px² at the domain's ends.
    public var areaRange: ScaleInterval

    /// The largest radius of the default range, in px.
    public static let defaultMaximumRadius = 14.0
    /// The default range of areas: a dot of radius 0 to one of radius 14 px.
    public static let defaultAreaRange = ScaleInterval(0, Double.pi * defaultMaximumRadius * defaultMaximumRadius)

    public init(domain: ScaleInterval, areaRange: ScaleInterval = SizeScale.defaultAreaRange) {
        self.domain = domain
        self.areaRange = areaRange
    }

    /// Where `value` falls in the domain, 0…1, clamped; nil for a value that is not finite.
    public func fraction(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let span = domain.upper - domain.lower
        guard span > 0 else { return 1 }
        return min(1, max(0, (value - domain.lower) / span))
    }

    /// The dot's area in px² for `value`.
    public func area(_ value: Double) -> Double? {
        guard let t = fraction(value) else { return nil }
        let area = areaRange.lower + t * (areaRange.upper - areaRange.lower)
        return area.isFinite ? max(0, area) : nil
    }

    /// The dot's radius in px for `value`: √(area / π).
    public func callAsFunction(_ value: Double) -> Double? {
        area(value).map { (max(0, $0) / Double.pi).squareRoot() }
    }

    /// The radius at the top of the range (a line maps its share of it to a stroke width).
    public var maximumRadius: Double {
        (max(0, areaRange.lower, areaRange.upper) / Double.pi).squareRoot()
    }

    /// 3 to 5 round values for a size legend: the nice numbers inside the data's range `data` (not past its
    /// largest value, nor below its smallest), each printed once; fewer when the data spans too little for three.
    public static func legendValues(_ data: ScaleInterval) -> [Double] {
        guard data.isFinite else { return [] }
        if data.isDegenerate { return [data.lower] }
        var many: [Double] = []
        var few: [Double] = []
        for count in [4, 3, 5, 2, 6, 8] {
            let values = LinearTicks.ticks(data, count: count).filter { $0 > 0 || data.lower <= 0 }
            if (3...5).contains(values.count) { return values }
            if values.count > 5, many.isEmpty { many = values }
            if values.count < 3, values.count > few.count { few = values }
        }
        guard !many.isEmpty else { return few }
        // Too many round values: every second (or third…) one, counted down from the largest so it stays.
        let every = (many.count + 4) / 5
        return many.reversed().enumerated().filter { $0.offset % every == 0 }.map(\.element).reversed()
    }
}
