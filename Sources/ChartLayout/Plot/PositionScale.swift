import ChartSpec

/// The scale of one position axis, whichever kind the channel needs, behind one interface marks and axes use:
/// continuous scales map numbers (dates as milliseconds, years as numbers), band and point scales map category
/// keys.
public enum PositionScale: Sendable {
    case linear(LinearScale)
    case log(LogScale)
    case pow(PowScale)
    case time(TimeScale)
    case band(BandScale)
    case point(PointScale)

    public var isDiscrete: Bool {
        switch self {
        case .band, .point: true
        default: false
        }
    }

    /// The pixel position of a number on a continuous scale (nil on a discrete one, or for values it cannot show).
    public func position(_ value: Double) -> Double? {
        switch self {
        case .linear(let scale): scale(value)
        case .log(let scale): scale(value)
        case .pow(let scale): scale(value)
        case .time(let scale): scale(value)
        case .band, .point: nil
        }
    }

    /// The start of a category's band (band scale) or its position (point scale).
    public func position(key: String) -> Double? {
        switch self {
        case .band(let scale): scale.position(of: key)
        case .point(let scale): scale.position(of: key)
        default: nil
        }
    }

    /// The middle of a category's band, or its point.
    public func center(key: String) -> Double? {
        switch self {
        case .band(let scale): scale.position(of: key).map { $0 + scale.bandwidth / 2 }
        case .point(let scale): scale.position(of: key)
        default: nil
        }
    }

    /// Width of a band; 0 for every other scale.
    public var bandwidth: Double {
        if case .band(let scale) = self { return scale.bandwidth }
        return 0
    }

    /// Distance between neighbouring categories on discrete scales; 0 on continuous ones.
    public var step: Double {
        switch self {
        case .band(let scale): scale.step
        case .point(let scale): scale.step
        default: 0
        }
    }

    /// Categories in order (discrete scales).
    public var categories: [String] {
        switch self {
        case .band(let scale): scale.domain
        case .point(let scale): scale.domain
        default: []
        }
    }

    /// The numeric domain of a continuous scale.
    public var domain: ScaleInterval? {
        switch self {
        case .linear(let scale): scale.domain
        case .log(let scale): scale.domain
        case .pow(let scale): scale.domain
        case .time(let scale): scale.domain
        case .band, .point: nil
        }
    }

    /// Pixel ends.
    public var range: ScaleInterval {
        switch self {
        case .linear(let scale): scale.range
        case .log(let scale): scale.range
        case .pow(let scale): scale.range
        case .time(let scale): scale.range
        case .band(let scale): scale.range
        case .point(let scale): scale.range
        }
    }

    /// Round tick values inside a continuous domain.
    public func ticks(count: Int) -> [Double] {
        switch self {
        case .linear(let scale): scale.ticks(count: count)
        case .log(let scale): scale.ticks(count: count)
        case .pow(let scale): scale.ticks(count: count)
        case .time(let scale): scale.ticks(count: count)
        case .band, .point: []
        }
    }

    /// Where value 0 sits when the domain includes it (the baseline of bars and areas), else the domain end
    /// nearest zero.
    public var zeroPosition: Double? {
        guard let domain else { return nil }
        let anchor: Double
        if case .log = self {
            anchor = domain.lower
        } else {
            anchor = domain.contains(0) ? 0 : (abs(domain.lower) < abs(domain.upper) ? domain.lower : domain.upper)
        }
        return position(anchor)
    }
}
