/// A named set of colors a spec can ask for with `scale.scheme` (SPEC §7): a categorical palette (`category10`,
/// `tableau10`, our `chartc` default) or a continuous ramp (sequential `blues`, `viridis`; diverging `redblue`,
/// `temperature`). `ColorScheme.named` finds one; `ColorScheme.names` feeds "did you mean".
public struct ColorScheme: Sendable, Hashable {
    /// What kind of data a scheme is for.
    public enum Kind: String, Sendable, Hashable {
        /// Unordered categories: distinct hues, used in order and cycled.
        case categorical
        /// Ordered values from low to high: one lightness ramp.
        case sequential
        /// Values above and below a meaningful middle: two ramps meeting at a light centre.
        case diverging
    }

    public let name: String
    public let kind: Kind
    /// The palette (categorical) or the control points at evenly spaced t (sequential, diverging).
    public let colors: [Color]
    /// The part of the ramp `sample(count:)` uses. Single-hue ramps start near white, which vanishes on a white
    /// background as a line or legend swatch, so their discrete samples start a quarter of the way in.
    public let discreteRange: ClosedRange<Double>
    /// The continuous ramp through `colors` (for a categorical palette, a blend through its colors, rarely useful).
    public let interpolator: ColorInterpolator

    public init(name: String, kind: Kind, colors: [Color], discreteRange: ClosedRange<Double> = 0...1) {
        self.name = name
        self.kind = kind
        self.colors = colors
        self.discreteRange = discreteRange
        self.interpolator = ColorInterpolator(colors)
    }

    init(_ name: String, _ kind: Kind, _ hexes: [UInt32], discreteRange: ClosedRange<Double> = 0...1) {
        self.init(name: name, kind: kind, colors: hexes.map { Color(rgb: $0) }, discreteRange: discreteRange)
    }

    /// The color at `t` in 0…1 along the ramp.
    public func color(at t: Double) -> Color { interpolator(t) }

    /// `count` discrete colors: a categorical palette in order, cycling past its end; a ramp sampled evenly over
    /// `discreteRange` (for an ordinal legend or ordinal color scale over a sequential scheme).
    public func sample(count: Int) -> [Color] {
        guard count > 0, !colors.isEmpty else { return [] }
        switch kind {
        case .categorical:
            return (0..<count).map { colors[$0 % colors.count] }
        case .sequential, .diverging:
            return interpolator.sample(count: count, from: discreteRange.lowerBound, to: discreteRange.upperBound)
        }
    }

    /// The same scheme with its colors in the opposite order (the spec's `reverse` on a color scale).
    public func reversed() -> ColorScheme {
        let range = (1 - discreteRange.upperBound)...(1 - discreteRange.lowerBound)
        return ColorScheme(name: name, kind: kind, colors: colors.reversed(), discreteRange: kind == .categorical ? discreteRange : range)
    }

    // MARK: - Lookup

    /// Every scheme we ship, categorical first, then sequential, then diverging.
    public static let all: [ColorScheme] = [
        .chartc, .category10, .tableau10, .set2, .dark2, .paired,
        .blues, .greens, .greys, .oranges, .purples, .reds, .viridis, .magma, .inferno, .plasma, .cividis, .turbo,
        .redBlue, .blueOrange, .redYellowBlue, .purpleGreen, .brownBlueGreen, .spectral, .temperature
    ]

    /// Other spellings people write (ColorBrewer's short codes, American "grays").
    static let aliases: [(alias: String, name: String)] = [
        ("default", "chartc"), ("category", "chartc"), ("tableau", "tableau10"), ("grays", "greys"),
        ("rdbu", "redblue"), ("rdylbu", "redyellowblue"), ("prgn", "purplegreen"), ("brbg", "brownbluegreen")
    ]

    /// The scheme names, in `all` order: candidates for "did you mean".
    public static var names: [String] { all.map(\.name) }

    /// The scheme with this name, ignoring case, spaces, `-` and `_` (`"Red-Blue"` is `redblue`), or nil.
    public static func named(_ name: String) -> ColorScheme? {
        let key = String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " }))
        let target = aliases.first(where: { $0.alias == key })?.name ?? key
        return all.first { $0.name == target }
    }
}
