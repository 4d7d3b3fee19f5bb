import ChartStyle

/// The theme's logo in a scene: its sanitized tree (`LogoSanitizer.Result`, parsed once when the theme loaded)
/// and the box it is drawn in, `height` px tall with its top-left corner at (x, y), its `viewBox` fitted inside.
/// The SVG writer serializes the tree and the PDF writer draws it; neither reads markup.
public struct SceneLogo: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var content: LogoSanitizer.Result

    /// The logo drawn `height` px tall (and as wide as its `viewBox` says) at (x, y).
    public init(_ content: LogoSanitizer.Result, x: Double, y: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = content.width(atHeight: height)
        self.height = height
        self.content = content
    }
}
