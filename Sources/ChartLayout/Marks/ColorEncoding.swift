import ChartData
import ChartDiagnostics
import ChartSpec

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
    static func markColor(_ mark: MarkSpec, theme: ChartTheme) throws(DiagnosticError) -> Color {
        guard let written = mark.color else { return Color(css: theme.markColor) ?? .black }
        guard let color = Color(css: written.value) else {
            throw DiagnosticError(invalidColor(written.value, at: written.span))
        }
        return color
    }

    /// The categorical scale for series `names`: `range` colors matched to the domain in order, else the
    /// `scheme`, else the house palette.
    static func categorical(channel: ChannelDef, domain: [String], extras: [String], palette: ColorScheme = .chartc) throws(DiagnosticError) -> CategoricalColorScale {
        let scale = channel.scale
        if let range = scale?.range {
            var colors: [Color] = []
            var diagnostics: [Diagnostic] = []
            for value in range.value {
                guard let text = value.stringValue, let color = Color(css: text) else {
                    diagnostics.append(invalidColor(EncodedChannel.key(value) ?? "null", at: range.span))
                    continue
                }
                colors.append(color)
            }
            if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
            return CategoricalColorScale(domain: domain, colors: colors, unknownValues: extras)
        }
        let scheme = try Self.scheme(channel, fallback: palette)
        return CategoricalColorScale(domain: domain, scheme: scheme, unknownValues: extras, reverse: scale?.reverse ?? false)
    }

    /// A ramp for numbers: the named scheme, else blues (or the red–blue diverging ramp centred on zero when
    /// the values fall on both sides of it).
    static func continuous(channel: EncodedChannel, rows: [Int], sequential: ColorScheme = .blues, diverging: ColorScheme = .redBlue) throws(DiagnosticError) -> ContinuousColorScale {
        let definition = channel.definition
        var values: [Double] = []
        for row in rows { if let value = channel.number(row) { values.append(value) } }
        var domain = ScaleInterval.extent(of: values) ?? ScaleInterval(0, 1)
        if let explicit = definition.scale?.domain?.value, explicit.count >= 2,
           let low = number(explicit.first), let high = number(explicit.last) {
            domain = ScaleInterval(low, high)
        }
        let crossesZero = domain.lower < 0 && domain.upper > 0
        let scheme = try Self.scheme(definition, fallback: crossesZero ? diverging : sequential)
        let mid: Double? = scheme.kind == .diverging && crossesZero ? 0 : nil
        return ContinuousColorScale(domain: domain, scheme: scheme, mid: mid, reverse: definition.scale?.reverse ?? false)
    }

    /// `along`: the ramp (default `temperature`, cold to hot) and any explicit domain.
    static func along(_ axis: AlongAxis, channel: ChannelDef) throws(DiagnosticError) -> ColorEncoding {
        let scheme = try Self.scheme(channel, fallback: .temperature)
        var domain: ScaleInterval?
        if let explicit = channel.scale?.domain?.value, explicit.count >= 2, let low = number(explicit.first), let high = number(explicit.last) {
            domain = ScaleInterval(low, high)
        }
        return .along(axis, scheme: scheme, domain: domain, reverse: channel.scale?.reverse ?? false)
    }

    private static func scheme(_ channel: ChannelDef, fallback: ColorScheme) throws(DiagnosticError) -> ColorScheme {
        guard let name = channel.scale?.scheme else { return fallback }
        if let scheme = ColorScheme.named(name.value) { return scheme }
        var message = "there is no color scheme named '\(name.value)'"
        if let suggestion = Suggestions.closest(to: name.value, in: ColorScheme.names) { message += "; did you mean '\(suggestion)'?" }
        throw DiagnosticError(.error("color-unknown-scheme", message, at: name.span, notes: [DiagnosticNote("schemes: " + ColorScheme.names.joined(separator: ", "))]))
    }

    private static func invalidColor(_ text: String, at span: SourceSpan?) -> Diagnostic {
        var message = "'\(text)' is not a color; use a CSS color name or #rrggbb"
        if let suggestion = Suggestions.closest(to: text, in: Color.names) { message += " (did you mean '\(suggestion)'?)" }
        return .error("color-invalid", message, at: span)
    }

    private static func number(_ value: Value?) -> Double? {
        switch value {
        case .number(let number)?: number
        case .date(let date)?: Double(date)
        default: nil
        }
    }
}
