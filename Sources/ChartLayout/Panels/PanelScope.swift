/// What makes a `PlotModel` one panel of small multiples (SPEC §13): the rows it draws, and — for a shared
/// scale — the values every panel's scale covers, so panels of a shared scale get the same domain, the same ticks
/// and (with the same plot size) the same pixels. Colors, series and the legend still come from every row.
public struct PanelScope: Sendable {
    /// The table rows of this panel (indices into the whole table, so tooltips and `data-row` stay global).
    public var rows: [Int]
    /// The facet value (`data-panel`): an annotation with `"panel"` (SPEC §12) is drawn only in its panel.
    public var key: String?
    /// Shared x and y: the union of every panel's values; nil: independent (the panel's own rows decide).
    var x: SharedScaleValues?
    var y: SharedScaleValues?

    public init(rows: [Int]) {
        self.rows = rows
    }
}

/// A shared position scale's input: numbers on a continuous scale, categories on a band or point scale.
enum SharedScaleValues: Sendable {
    case values([Double])
    case categories([String])

    var values: [Double]? {
        if case .values(let values) = self { return values }
        return nil
    }

    var categories: [String]? {
        if case .categories(let keys) = self { return keys }
        return nil
    }
}
