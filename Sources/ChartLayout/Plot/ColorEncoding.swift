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
