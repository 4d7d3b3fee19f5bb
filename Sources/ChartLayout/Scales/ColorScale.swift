import ChartColor
import ChartData
import ChartFormat
import ChartValues

/// Categories onto colors for the `color` channel: the spec's `scale.range` colors matched to `scale.domain` in
/// order, or a scheme's palette. Values the domain does not list (found later in the data) continue the cycle after
/// it, in the order given, so adding a series never recolors the existing ones.
public struct CategoricalColorScale: Sendable {
    /// The domain followed by the extra values, without duplicates: the order of the legend.
    public let domain: [String]
    /// The colors assigned in order, cycling when the domain is longer.
    public let colors: [Color]
    private let indices: [String: Int]

    /// - Parameters:
    ///   - domain: categories in order (the spec's `scale.domain`, or the data's values in their natural order).
    ///   - colors: colors in the same order; an empty list falls back to the house palette.
    ///   - unknownValues: values seen in the data but not in `domain`, appended after it.
    public init(domain: [String], colors: [Color], unknownValues: [String] = []) {
        var keys: [String] = []
        var indices: [String: Int] = [:]
        for key in domain + unknownValues where indices[key] == nil {
            indices[key] = keys.count
            keys.append(key)
        }
        self.domain = keys
        self.colors = colors.isEmpty ? ColorScheme.chartc.colors : colors
        self.indices = indices
    }

    /// Colors from a scheme: a categorical palette in order, or a sequential/diverging ramp sampled once per
    /// category (an ordinal color scale). `reverse` assigns the colors in the opposite order.
    public init(domain: [String], scheme: ColorScheme, unknownValues: [String] = [], reverse: Bool = false) {
        let count = Swift.max(1, CategoricalColorScale(domain: domain, colors: [], unknownValues: unknownValues).domain.count)
        var colors = scheme.kind == .categorical && !reverse ? scheme.colors : scheme.sample(count: count)
        if reverse { colors.reverse() }
        self.init(domain: domain, colors: colors, unknownValues: unknownValues)
    }

    /// The color of a category, or nil for one the scale was not built with.
    public func color(for key: String) -> Color? {
        indices[key].map { colors[$0 % colors.count] }
    }

    /// More categories than colors: some share a color (worth a lint warning).
    public var cycles: Bool { domain.count > colors.count }

    /// Legend entries in order.
    public var entries: [(key: String, color: Color)] {
        domain.enumerated().map { ($0.element, colors[$0.offset % colors.count]) }
    }
}

/// Numbers onto a continuous color ramp for the `color` channel (heatmaps, choropleths, `along` gradients). A
/// diverging ramp can be centred on a `mid` value (usually 0): each side of it then uses its half of the ramp, so
/// the light centre color means "at the middle" even when the domain is lopsided.
public struct ContinuousColorScale: Sendable {
    public let domain: ScaleInterval
    /// The value that maps to the centre of the ramp; nil maps the domain linearly.
    public let mid: Double?
    public let interpolator: ColorInterpolator

    public init(domain: ScaleInterval, interpolator: ColorInterpolator, mid: Double? = nil, reverse: Bool = false) {
        self.domain = domain
        self.mid = mid.flatMap { $0.isFinite ? $0 : nil }
        self.interpolator = reverse ? interpolator.reversed() : interpolator
    }

    public init(domain: ScaleInterval, scheme: ColorScheme, mid: Double? = nil, reverse: Bool = false) {
        self.init(domain: domain, interpolator: scheme.interpolator, mid: mid, reverse: reverse)
    }

    /// Where a value falls along the ramp, 0…1 (clamped), or nil for a value with no color (NaN, infinite).
    public func position(of value: Double) -> Double? {
        guard value.isFinite, domain.isFinite else { return nil }
        let t: Double
        if let mid, (domain.start - mid) * (domain.end - mid) < 0 {
            // Mid strictly inside the domain: the start side maps to 0…½, the end side to ½…1.
            let onStartSide = (value - mid) * (domain.start - mid) > 0
            t = onStartSide ? 0.5 * (value - domain.start) / (mid - domain.start) : 0.5 + 0.5 * (value - mid) / (domain.end - mid)
        } else {
            t = domain.isDegenerate ? 0.5 : (value - domain.start) / domain.span
        }
        guard t.isFinite else { return 0.5 }
        return Swift.min(1, Swift.max(0, t))
    }

    /// The color of a value, or nil when it has none.
    public func color(for value: Double) -> Color? {
        position(of: value).map { interpolator($0) }
    }
}

/// The color channel's scale, whichever kind the field needs, so marks can ask for "the color of this value".
public enum ColorScale: Sendable {
    case categorical(CategoricalColorScale)
    case continuous(ContinuousColorScale)

    /// The color of a data value, or nil when it has none (null, or a category the scale does not know).
    public func color(for value: Value) -> Color? {
        switch self {
        case .categorical(let scale):
            return ColorScale.categoricalKey(value).flatMap { scale.color(for: $0) }
        case .continuous(let scale):
            switch value {
            case .number(let number): return scale.color(for: number)
            case .date(let milliseconds): return scale.color(for: Double(milliseconds))
            default: return nil
            }
        }
    }

    /// The category name of a value: strings as they are, numbers in their shortest form (`2012`), booleans as
    /// `true`/`false`, dates as ISO 8601; nil for null. Build categorical domains with the same function.
    public static func categoricalKey(_ value: Value) -> String? { value.text }
}
