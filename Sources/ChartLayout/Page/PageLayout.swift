/// The scenes of an HTML page and its model: the chart at its own width, a phone layout when it is wide, the same
/// in the theme's dark variant when it has one, and the `PageModel`. `ChartLayoutEngine.page` lays them all out
/// once; the page writer only serializes them.
public struct PageLayout: Sendable {
    public var wide: Scene
    /// The scene laid out for narrow screens, shown instead of `wide` when the figure is narrower than
    /// `narrowBelow` px (0: 80% of the wide scene's width). Nil: the wide scene just scales down.
    public var narrow: Scene?
    public var narrowBelow: Double
    /// The chart laid out again with the theme's `dark` variant (and its narrow layout), shown instead of the
    /// light scenes when the reader's system asks for a dark color scheme. Nil: the page derives dark colors
    /// from the light scenes on a `darkBackground` canvas.
    public var dark: Scene?
    public var darkNarrow: Scene?
    /// The canvas of the derived dark mode (the theme's `dark.background`).
    public var darkBackground: String?
    public var model: PageModel
    /// A table spec's page (SPEC §24): a real `<table>` instead of the scenes.
    public var table: TablePage?

    public init(
        wide: Scene, narrow: Scene? = nil, narrowBelow: Double = 0, dark: Scene? = nil, darkNarrow: Scene? = nil, darkBackground: String? = nil,
        model: PageModel
    ) {
        self.wide = wide
        self.narrow = narrow
        self.narrowBelow = narrowBelow
        self.dark = dark
        self.darkNarrow = darkNarrow
        self.darkBackground = darkBackground
        self.model = model
    }
}
