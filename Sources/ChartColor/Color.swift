#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An sRGB color with alpha, the one color type of the layout and the writers: parsed from the spec's CSS strings
/// (`Color(css:)`), produced by palettes and interpolators, written out as `hex`. Components are gamma-encoded sRGB
/// in 0…1 (what CSS means by `rgb()`), so round-tripping `#rrggbb` is exact.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// 1 is opaque, 0 fully transparent.
    public var alpha: Double

    /// Components are clamped to 0…1; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.unit(red)
        self.green = Color.unit(green)
        self.blue = Color.unit(blue)
        self.alpha = Color.unit(alpha)
    }

    /// A color from 8-bit channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    /// A color from `0xRRGGBB`, as palettes are written.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255, blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    /// A CSS color: one of the 148 named colors or `transparent`, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb()`/`rgba()` and `hsl()`/`hsla()` in comma or space syntax. Case and surrounding spaces do not matter.
    /// Nil when the text is not a color; the caller reports it, with `Suggestions` over `Color.names`.
    public init?(css text: String) {
        guard let color = CSSColorParser.parse(Array(text.utf8)) else { return nil }
        self = color
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The CSS color names, alphabetical, plus `transparent`: the candidates for "did you mean".
    public static var names: [String] { NamedColors.names }

    // MARK: - Output

    public var redByte: UInt8 { Color.byte(red) }
    public var greenByte: UInt8 { Color.byte(green) }
    public var blueByte: UInt8 { Color.byte(blue) }
    public var alphaByte: UInt8 { Color.byte(alpha) }

    /// `#rrggbb`, lowercase, alpha ignored: what the SVG writer puts in `fill` (with `fill-opacity` for alpha).
    public var hex: String {
        "#" + Color.hexByte(redByte) + Color.hexByte(greenByte) + Color.hexByte(blueByte)
    }

    /// `#rrggbbaa`, lowercase.
    public var hexWithAlpha: String { hex + Color.hexByte(alphaByte) }

    public var isOpaque: Bool { alpha >= 1 }

    /// The same color with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This color painted over an opaque `background` (source-over, in sRGB as browsers do): opaque.
    public func over(_ background: Color) -> Color {
        let base = background.isOpaque ? background : background.over(.white)
        return Color(
            red: red * alpha + base.red * (1 - alpha),
            green: green * alpha + base.green * (1 - alpha),
            blue: blue * alpha + base.blue * (1 - alpha)
        )
    }

    public var description: String { isOpaque ? hex : hexWithAlpha }

    // MARK: - Contrast (WCAG 2)

    /// Relative luminance (WCAG 2): 0 for black, 1 for white. Alpha is ignored.
    public var relativeLuminance: Double {
        0.2126 * Color.linear(red) + 0.7152 * Color.linear(green) + 0.0722 * Color.linear(blue)
    }

    /// The WCAG contrast ratio, 1…21 (black on white is 21). A translucent color is first painted over the other
    /// one; a translucent `other` over white. Text needs 4.5 (3 when large); marks and lines need 3.
    public func contrastRatio(with other: Color) -> Double {
        let background = other.isOpaque ? other : other.over(.white)
        let foreground = isOpaque ? self : over(background)
        let a = foreground.relativeLuminance
        let b = background.relativeLuminance
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// The default dark text color: near-black reads softer than pure black and still has ample contrast.
    public static let darkText = Color(rgb: 0x222222)

    /// Whichever of `dark` and `light` contrasts more with `background`: for value labels printed on bars and
    /// heatmap cells, dark text on light fills and white text on dark ones.
    public static func readableText(on background: Color, dark: Color = .darkText, light: Color = .white) -> Color {
        dark.contrastRatio(with: background) >= light.contrastRatio(with: background) ? dark : light
    }

    // MARK: - Helpers

    /// An sRGB component (0…1) to linear light.
    package static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light to an sRGB component.
    package static func encoded(_ c: Double) -> Double {
        c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }

    private static func byte(_ value: Double) -> UInt8 {
        // Components are public and mutable, so clamp again here rather than trust them.
        let scaled = (value * 255).rounded()
        return UInt8(exactly: Swift.min(255, Swift.max(0, scaled))) ?? 0
    }

    private static let digits: [Character] = Array("0123456789abcdef")

    private static func hexByte(_ byte: UInt8) -> String {
        String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }
}
