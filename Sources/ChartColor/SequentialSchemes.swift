/// Ramps from low to high values. The single-hue ramps are ColorBrewer's 9-class schemes (lightest first); the
/// perceptually uniform maps (viridis, magma, inferno, plasma, cividis, turbo) are sampled at t = 0, 0.1, …, 1 from
/// their published tables. Interpolation between stops is in Oklab (`ColorInterpolator`).
extension ColorScheme {
    /// Where discrete samples of a ramp that starts near white begin (see `discreteRange`).
    static let lightRamp: ClosedRange<Double> = 0.25...1

    public static let blues = ColorScheme(
        "blues", .sequential,
        [
            0xf7fbff, 0xdeebf7, 0xc6dbef, 0x9ecae1, 0x6baed6, 0x4292c6, 0x2171b5, 0x08519c, 0x08306b
        ], discreteRange: lightRamp)

    public static let greens = ColorScheme(
        "greens", .sequential,
        [
            0xf7fcf5, 0xe5f5e0, 0xc7e9c0, 0xa1d99b, 0x74c476, 0x41ab5d, 0x238b45, 0x006d2c, 0x00441b
        ], discreteRange: lightRamp)

    public static let greys = ColorScheme(
        "greys", .sequential,
        [
            0xffffff, 0xf0f0f0, 0xd9d9d9, 0xbdbdbd, 0x969696, 0x737373, 0x525252, 0x252525, 0x000000
        ], discreteRange: lightRamp)

    public static let oranges = ColorScheme(
        "oranges", .sequential,
        [
            0xfff5eb, 0xfee6ce, 0xfdd0a2, 0xfdae6b, 0xfd8d3c, 0xf16913, 0xd94801, 0xa63603, 0x7f2704
        ], discreteRange: lightRamp)

    public static let purples = ColorScheme(
        "purples", .sequential,
        [
            0xfcfbfd, 0xefedf5, 0xdadaeb, 0xbcbddc, 0x9e9ac8, 0x807dba, 0x6a51a3, 0x54278f, 0x3f007d
        ], discreteRange: lightRamp)

    public static let reds = ColorScheme(
        "reds", .sequential,
        [
            0xfff5f0, 0xfee0d2, 0xfcbba1, 0xfc9272, 0xfb6a4a, 0xef3b2c, 0xcb181d, 0xa50f15, 0x67000d
        ], discreteRange: lightRamp)

    /// Dark purple to yellow; the default for heatmaps of one measure. Readable in greyscale and by most
    /// color-vision deficiencies.
    public static let viridis = ColorScheme(
        "viridis", .sequential,
        [
            0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c, 0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725
        ])

    public static let magma = ColorScheme(
        "magma", .sequential,
        [
            0x000004, 0x140e36, 0x3b0f70, 0x641a80, 0x8c2981, 0xb73779, 0xde4968, 0xf7705c, 0xfe9f6d, 0xfecf92, 0xfcfdbf
        ])

    public static let inferno = ColorScheme(
        "inferno", .sequential,
        [
            0x000004, 0x160b39, 0x420a68, 0x6a176e, 0x932667, 0xbc3754, 0xdd513a, 0xf37819, 0xfca50a, 0xf6d746, 0xfcffa4
        ])

    public static let plasma = ColorScheme(
        "plasma", .sequential,
        [
            0x0d0887, 0x41049d, 0x6a00a8, 0x8f0da4, 0xb12a90, 0xcc4778, 0xe16462, 0xf2844b, 0xfca636, 0xfcce25, 0xf0f921
        ])

    /// Blue to yellow, designed to look the same to viewers with and without red-green color blindness.
    public static let cividis = ColorScheme(
        "cividis", .sequential,
        [
            0x00224e, 0x083370, 0x35456c, 0x4f576c, 0x666970, 0x7d7c78, 0x948e77, 0xaea371, 0xc8b866, 0xe5cf52, 0xfee838
        ])

    /// A rainbow with smooth lightness; for values where telling neighbours apart matters more than order.
    public static let turbo = ColorScheme(
        "turbo", .sequential,
        [
            0x30123b, 0x4559cb, 0x3e9bfe, 0x19d5cd, 0x46f884, 0xa4fc3c, 0xe1dd37, 0xfea431, 0xf05b12, 0xc32503, 0x7a0403
        ])
}
