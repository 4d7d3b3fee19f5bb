/// Palettes for categories (SPEC §7 `scale.scheme`). Colors are written as `0xRRGGBB` in the order they are used.
extension ColorScheme {
    /// The house default, used when a spec names no scheme. Ten colors designed for charts on white in a
    /// newsroom style: the first six all have at least 3:1 contrast against white (so thin lines and small dots
    /// stay visible) and stay apart for deuteranopia, protanopia and tritanopia by varying lightness as well as hue
    /// (blue, orange, teal, plum, ochre, violet; then grey for "other", sky, gold, red). Blue and orange lead
    /// because they are the pair every common color-vision deficiency can tell apart.
    public static let chartc = ColorScheme(
        "chartc", .categorical,
        [
            0x2160b8, 0xe06623, 0x1f9e8a, 0xa12d79, 0x8a6a00, 0x9a6fe0, 0x7c7c7c, 0x66b2e8, 0xe9b520, 0xc9393f
        ])

    /// The classic ten of D3 and Matplotlib ("tab10").
    public static let category10 = ColorScheme(
        "category10", .categorical,
        [
            0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf
        ])

    /// Tableau's current ten.
    public static let tableau10 = ColorScheme(
        "tableau10", .categorical,
        [
            0x4e79a7, 0xf28e2c, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc949, 0xaf7aa1, 0xff9da7, 0x9c755f, 0xbab0ab
        ])

    /// ColorBrewer Set2: soft, for large areas.
    public static let set2 = ColorScheme(
        "set2", .categorical,
        [
            0x66c2a5, 0xfc8d62, 0x8da0cb, 0xe78ac3, 0xa6d854, 0xffd92f, 0xe5c494, 0xb3b3b3
        ])

    /// ColorBrewer Dark2: strong, for lines and points.
    public static let dark2 = ColorScheme(
        "dark2", .categorical,
        [
            0x1b9e77, 0xd95f02, 0x7570b3, 0xe7298a, 0x66a61e, 0xe6ab02, 0xa6761d, 0x666666
        ])

    /// ColorBrewer Paired: light/dark pairs of six hues, for categories that come in twos.
    public static let paired = ColorScheme(
        "paired", .categorical,
        [
            0xa6cee3, 0x1f78b4, 0xb2df8a, 0x33a02c, 0xfb9a99, 0xe31a1c, 0xfdbf6f, 0xff7f00, 0xcab2d6, 0x6a3d9a, 0xffff99, 0xb15928
        ])
}
