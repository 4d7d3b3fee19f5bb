/// The rows drawn as one unit — one line, one set of bars in a color — with the name written as `data-series`
/// and its color. A chart without a categorical color has one series named after its mark type.
public struct Series: Sendable, Equatable {
    public var name: String
    /// Row indices into the table, in table order.
    public var rows: [Int]
    public var color: String
    /// The series' place among all series, hidden ones included (stable for grouped-bar offsets).
    public var index: Int
    /// A `legend.hidden` series kept by an interactive layout: drawn, but it starts hidden.
    public var startsHidden: Bool

    public init(name: String, rows: [Int], color: String, index: Int, startsHidden: Bool = false) {
        self.name = name
        self.rows = rows
        self.color = color
        self.index = index
        self.startsHidden = startsHidden
    }
}
