import ChartColor
import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// How marks get their colors, decided from the `color` channel and `mark.color`: one color, a color per
/// category (series), a color per value on a continuous ramp, or a gradient along an axis (`along`).
public enum ColorEncoding: Sendable {
    case single(Color)
    case categorical(CategoricalColorScale)
    case continuous(ContinuousColorScale, channel: EncodedChannel)
    /// A few colors in steps (SPEC §22: `quantize`, `quantile`, `threshold`), with a stepped legend.
    case stepped(SteppedColorScale, channel: EncodedChannel)
    /// Colors follow the position along an axis; the ramp's domain is the color scale's explicit domain or,
    /// when nil, the axis's domain once the scales exist.
    case along(AlongAxis, scheme: ColorScheme, domain: ScaleInterval?, reverse: Bool)

    /// The single color of marks without a color channel: `mark.color`, else the theme's.
    /// (The checking stage has rejected colors and schemes that do not parse: `color-invalid`,
    /// `color-unknown-scheme`.)
    static func markColor(_ mark: MarkSpec, theme: ChartTheme) -> Color {
        mark.color.flatMap { Color(css: $0.value) } ?? Color(css: theme.markColor) ?? .black
    }

    /// The categorical scale for series `names`: `range` colors matched to the domain in order, else the
    /// `scheme`, else the house palette.
    static func categorical(channel: ChannelDef, domain: [String], extras: [String], palette: ColorScheme = .chartc) -> CategoricalColorScale {
        let scale = channel.scale
        if let range = scale?.range {
            let colors = range.value.compactMap { $0.stringValue.flatMap(Color.init(css:)) }
            return CategoricalColorScale(domain: domain, colors: colors, unknownValues: extras)
        }
        let scheme = Self.scheme(channel, fallback: palette)
        return CategoricalColorScale(domain: domain, scheme: scheme, unknownValues: extras, reverse: scale?.reverse ?? false)
    }

    /// A ramp for numbers: the named scheme, else blues (or the red–blue diverging ramp centred on zero when
    /// the values fall on both sides of it).
    /// - Parameter shared: the values' extent across every layer of a layered chart (SPEC §11), so that every
    ///   layer shares one ramp; nil: `rows`' own.
    static func continuous(
        channel: EncodedChannel, rows: [Int], sequential: ColorScheme = .blues, diverging: ColorScheme = .redBlue, shared: ScaleInterval? = nil
    ) -> ContinuousColorScale {
        let definition = channel.definition
        var values: [Double] = []
        for row in rows { if let value = channel.number(row) { values.append(value) } }
        var domain = shared ?? ScaleInterval.extent(of: values) ?? ScaleInterval(0, 1)
        if let explicit = definition.scale?.domain?.value, explicit.count >= 2,
            let low = number(explicit.first), let high = number(explicit.last)
        {
            domain = ScaleInterval(low, high)
        }
        let crossesZero = domain.lower < 0 && domain.upper > 0
        let scheme = Self.scheme(definition, fallback: crossesZero ? diverging : sequential)
        let mid: Double? = scheme.kind == .diverging && crossesZero ? 0 : nil
        return ContinuousColorScale(domain: domain, scheme: scheme, mid: mid, reverse: definition.scale?.reverse ?? false)
    }

    /// The stepped scale of `scale.type` `quantize`, `quantile` or `threshold` (SPEC §22), d3-scale's three, over
    /// the values of `rows` (or `shared`, every layer's values). Colors: `range` as written, else the scheme (the
    /// theme's sequential ramp, or its diverging one when the values fall on both sides of zero) sampled as Vega
    /// samples a ramp for a discretizing scale, at i / (n + 1) for i = 1…n, over the part of the ramp a
    /// discrete color uses (`ColorScheme.discreteRange`); a categorical scheme's first n colors.
    static func stepped(
        channel: EncodedChannel, rows: [Int], sequential: ColorScheme = .blues, diverging: ColorScheme = .redBlue, shared: [Double]? = nil
    ) -> SteppedColorScale? {
        let definition = channel.definition
        guard let scale = definition.scale, let type = scale.type?.value, type.isStepped, let count = scale.stepCount else { return nil }
        var values: [Double] = []
        if let shared {
            values = shared
        } else {
            for row in rows { if let value = channel.number(row) { values.append(value) } }
        }
        let extent = ScaleInterval.extent(of: values)
        var low = extent?.lower ?? 0
        var high = extent?.upper ?? 1
        if type == .quantize {
            if let written = scale.domain?.value, written.count == 2 {
                if let first = number(written[0]) { low = first }
                if let last = number(written[1]) { high = last }
            }
            if scale.zero?.value == true {
                low = min(low, 0)
                high = max(high, 0)
            }
        }
        let colors = steppedColors(
            scale: scale, definition: definition, count: count, crossesZero: low < 0 && high > 0, sequential: sequential, diverging: diverging)
        switch type {
        case .quantize:
            return .quantize(domain: (low, high), colors: colors, nice: scale.nice?.value == true)
        case .quantile:
            return .quantile(values: values, colors: colors)
        default:
            let breaks = (scale.domain?.value ?? []).compactMap { number($0) }
            return .threshold(breaks: breaks, colors: colors, values: values)
        }
    }

    /// `count` colors for the steps: `range`, else the scheme sampled as Vega does.
    static func steppedColors(
        scale: ScaleSpec, definition: ChannelDef, count: Int, crossesZero: Bool, sequential: ColorScheme, diverging: ColorScheme
    ) -> [Color] {
        var colors: [Color]
        if let range = scale.range {
            colors = range.value.compactMap { $0.stringValue.flatMap(Color.init(css:)) }
        } else {
            let scheme = Self.scheme(definition, fallback: crossesZero ? diverging : sequential)
            switch scheme.kind {
            case .categorical:
                colors = scheme.sample(count: count)
            case .sequential, .diverging:
                let range = scheme.discreteRange
                colors = (1...max(1, count)).map { index in
                    scheme.color(at: range.lowerBound + (range.upperBound - range.lowerBound) * Double(index) / Double(count + 1))
                }
            }
        }
        if colors.count < count, let last = colors.last {
            colors += Array(repeating: last, count: count - colors.count)
        }
        if scale.reverse { colors.reverse() }
        return colors
    }

    /// `along`: the ramp (default `temperature`, cold to hot) and any explicit domain.
    static func along(_ axis: AlongAxis, channel: ChannelDef) -> ColorEncoding {
        let scheme = Self.scheme(channel, fallback: .temperature)
        var domain: ScaleInterval?
        if let explicit = channel.scale?.domain?.value, explicit.count >= 2, let low = number(explicit.first), let high = number(explicit.last) {
            domain = ScaleInterval(low, high)
        }
        return .along(axis, scheme: scheme, domain: domain, reverse: channel.scale?.reverse ?? false)
    }

    private static func scheme(_ channel: ChannelDef, fallback: ColorScheme) -> ColorScheme {
        channel.scale?.scheme.flatMap { ColorScheme.named($0.value) } ?? fallback
    }

    private static func number(_ value: Value?) -> Double? {
        switch value {
        case .number(let number)?: number
        case .date(let date)?: Double(date)
        default: nil
        }
    }
}
