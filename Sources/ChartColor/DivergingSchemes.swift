/// Ramps for values on both sides of a middle (zero, an average), light at the centre, as Vega names them. The
/// ColorBrewer 11-class schemes keep their order: `redblue` runs red (low) → blue (high), as in Vega; for
/// temperatures, where low should be blue, use `temperature` (or `redblue` with `reverse`).
extension ColorScheme {
    /// ColorBrewer RdBu: red (low) → near-white → blue (high).
    public static let redBlue = ColorScheme(
        "redblue", .diverging,
        [
            0x67001f, 0xb2182b, 0xd6604d, 0xf4a582, 0xfddbc7, 0xf7f7f7, 0xd1e5f0, 0x92c5de, 0x4393c3, 0x2166ac, 0x053061
        ])

    /// Blue (low) → near-white → orange (high): the Blues and Oranges ramps mirrored around #f7f7f7, matched
    /// step for step so both sides darken at the same rate.
    public static let blueOrange = ColorScheme(
        "blueorange", .diverging,
        [
            0x08306b, 0x2171b5, 0x6baed6, 0xc6dbef, 0xf7f7f7, 0xfdd0a2, 0xfd8d3c, 0xd94801, 0x7f2704
        ])

    /// ColorBrewer RdYlBu: red (low) → pale yellow → blue (high).
    public static let redYellowBlue = ColorScheme(
        "redyellowblue", .diverging,
        [
            0xa50026, 0xd73027, 0xf46d43, 0xfdae61, 0xfee090, 0xffffbf, 0xe0f3f8, 0xabd9e9, 0x74add1, 0x4575b4, 0x313695
        ])

    /// ColorBrewer PRGn: purple (low) → near-white → green (high).
    public static let purpleGreen = ColorScheme(
        "purplegreen", .diverging,
        [
            0x40004b, 0x762a83, 0x9970ab, 0xc2a5cf, 0xe7d4e8, 0xf7f7f7, 0xd9f0d3, 0xa6dba0, 0x5aae61, 0x1b7837, 0x00441b
        ])

    /// ColorBrewer BrBG: brown (low) → near-white → blue-green (high).
    public static let brownBlueGreen = ColorScheme(
        "brownbluegreen", .diverging,
        [
            0x543005, 0x8c510a, 0xbf812d, 0xdfc27d, 0xf6e8c3, 0xf5f5f5, 0xc7eae5, 0x80cdc1, 0x35978f, 0x01665e, 0x003c30
        ])

    /// ColorBrewer Spectral: red → orange → pale yellow → green → blue.
    public static let spectral = ColorScheme(
        "spectral", .diverging,
        [
            0x9e0142, 0xd53e4f, 0xf46d43, 0xfdae61, 0xfee08b, 0xffffbf, 0xe6f598, 0xabdda4, 0x66c2a5, 0x3288bd, 0x5e4fa2
        ])

    /// Cold to hot: blue (low) → near-white → red (high). The RdBu colors in the order temperature charts expect,
    /// so a range bar colored `along` y runs from blue at its low end to red at its high end.
    public static let temperature = ColorScheme(
        "temperature", .diverging,
        [
            0x053061, 0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f
        ])
}
