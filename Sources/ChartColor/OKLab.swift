#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A color in Oklab (Björn Ottosson, 2020), a perceptual space where straight lines give even-looking blends:
/// equal steps in `t` look like equal steps in lightness, and blue→white→red passes through no purple or grey mud.
/// Color schemes interpolate between their control points here.
public struct OKLab: Sendable, Hashable {
    /// Perceived lightness, 0 (black) … 1 (white).
    public var l: Double
    /// Green (−) to red (+).
    public var a: Double
    /// Blue (−) to yellow (+).
    public var b: Double
    public var alpha: Double

    public init(l: Double, a: Double, b: Double, alpha: Double = 1) {
        self.l = l
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    public init(_ color: Color) {
        let r = Color.linear(color.red)
        let g = Color.linear(color.green)
        let bl = Color.linear(color.blue)
        let lms0 = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let lms1 = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let lms2 = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        l = 0.2104542553 * lms0 + 0.7936177850 * lms1 - 0.0040720468 * lms2
        a = 1.9779984951 * lms0 - 2.4285922050 * lms1 + 0.4505937099 * lms2
        b = 0.0259040371 * lms0 + 0.7827717662 * lms1 - 0.8086757660 * lms2
        alpha = color.alpha
    }

    /// Back to sRGB; colors outside the sRGB gamut are clipped per channel.
    public var color: Color {
        let l0 = l + 0.3963377774 * a + 0.2158037573 * b
        let m0 = l - 0.1055613458 * a - 0.0638541728 * b
        let s0 = l - 0.0894841775 * a - 1.2914855480 * b
        let lc = l0 * l0 * l0
        let mc = m0 * m0 * m0
        let sc = s0 * s0 * s0
        let r = 4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc
        let g = -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc
        let bl = -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc
        return Color(
            red: Color.encoded(Swift.min(1, Swift.max(0, r))),
            green: Color.encoded(Swift.min(1, Swift.max(0, g))),
            blue: Color.encoded(Swift.min(1, Swift.max(0, bl))),
            alpha: alpha
        )
    }

    /// The point a fraction `t` of the way from `self` to `other`.
    public func mixed(with other: OKLab, _ t: Double) -> OKLab {
        OKLab(l: l + (other.l - l) * t, a: a + (other.a - a) * t, b: b + (other.b - b) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}

/// A continuous color ramp, `t` in 0…1 → color, through evenly spaced control points blended in Oklab. Built from a
/// handful of tabulated stops (9 for ColorBrewer ramps, 11 for viridis and friends), which is enough: between close
/// stops any smooth blend is indistinguishable from the original map.
public struct ColorInterpolator: Sendable, Hashable {
    /// The control points, at t = 0, 1/(n−1), …, 1.
    public let stops: [Color]
    private let points: [OKLab]

    /// With no stops every `t` gives mid grey.
    public init(_ stops: [Color]) {
        self.stops = stops.isEmpty ? [Color(rgb: 0x808080)] : stops
        self.points = self.stops.map(OKLab.init)
    }

    /// The color at `t`: clamped to 0…1, NaN reads as 0. Exactly at a control point the stop is returned as is.
    public func callAsFunction(_ t: Double) -> Color {
        let t = t.isNaN ? 0 : Swift.min(1, Swift.max(0, t))
        let position = t * Double(stops.count - 1)
        let index = Swift.min(stops.count - 1, Int(exactly: position.rounded(.down)) ?? 0)
        let fraction = position - Double(index)
        if fraction == 0 || index == stops.count - 1 { return stops[index] }
        return points[index].mixed(with: points[index + 1], fraction).color
    }

    /// The same ramp, run backwards.
    public func reversed() -> ColorInterpolator {
        ColorInterpolator(stops.reversed())
    }

    /// `count` colors evenly spaced over `from…to` (both ends included; one color is taken from the middle).
    public func sample(count: Int, from start: Double = 0, to end: Double = 1) -> [Color] {
        guard count > 0 else { return [] }
        if count == 1 { return [self((start + end) / 2)] }
        return (0..<count).map { self(start + (end - start) * Double($0) / Double(count - 1)) }
    }
}
