/// The house look in one place — sizes, colors and spacing — so the frame, guides and marks agree, and a later
/// theme option changes one value instead of forty. The defaults follow newsroom practice (Datawrapper, FT,
/// NYT): white canvas, a bold left-aligned headline, muted gray secondary text, light gridlines, no border.
public struct ChartTheme: Sendable {
    public var background = "#ffffff"

    /// Space between the canvas edge and any content.
    public var paddingTop = 18.0
    public var paddingRight = 20.0
    public var paddingBottom = 16.0
    public var paddingLeft = 20.0

    public var titleStyle = TextStyle(size: 21, weight: .bold)
    public var titleColor = "#1a1a1a"
    public var titleLineHeight = 26.0

    public var subtitleStyle = TextStyle(size: 15)
    public var subtitleColor = "#4d4d4d"
    public var subtitleLineHeight = 20.0

    /// Notes, sources and byline.
    public var footnoteStyle = TextStyle(size: 12)
    public var footnoteColor = "#666666"
    public var footnoteLineHeight = 16.0

    public var axisLabelStyle = TextStyle(size: 12)
    public var axisLabelColor = "#666666"
    public var axisTitleStyle = TextStyle(size: 12, weight: .bold)
    public var axisTitleColor = "#4d4d4d"

    public var legendLabelStyle = TextStyle(size: 13)
    public var legendLabelColor = "#333333"
    public var legendTitleStyle = TextStyle(size: 13, weight: .bold)

    /// Values printed on marks (`mark.labels`) and the series names of a direct legend.
    public var valueLabelStyle = TextStyle(size: 11)
    public var valueLabelColor = "#333333"
    public var directLabelStyle = TextStyle(size: 12, weight: .bold)
    /// Between a mark and the label printed next to it.
    public var labelGap = 4.0

    public var gridColor = "#e3e3e3"
    /// The zero line of a bar chart and the domain line of a categorical axis.
    public var baselineColor = "#333333"
    public var tickColor = "#b3b3b3"
    /// The edge of a time axis with tick marks, and the zero line of a chart that does not fill from zero.
    public var domainColor = "#999999"
    /// Marks with no color encoding and no `mark.color`.
    public var markColor = "#2b6cb0"
    /// A mark whose color value is missing (null on a continuous color channel).
    public var missingColor = "#cccccc"

    /// Vertical rhythm.
    public var titleSubtitleGap = 6.0
    /// Between the header (title, subtitle, top legend) and the plot, and between the plot and the footer.
    public var sectionGap = 16.0
    /// Between notes, sources and byline.
    public var footerGap = 9.0
    /// Between paragraphs of the notes.
    public var paragraphGap = 5.0

    public init() {}

    /// The theme every chart uses today.
    public static let standard = ChartTheme()
}
