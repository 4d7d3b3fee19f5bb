/// How a scene is laid out beyond what the spec says, for the output it is meant for. The defaults give the
/// static scene `--format svg` writes; the HTML page asks for an interactive one.
public struct LayoutOptions: Sendable, Equatable {
    /// Lay out for an interactive page (HTML):
    /// - `legend.hidden` series are kept, drawn and listed in the legend, with `data-hidden="true"` on their
    ///   `chartc-series` group and legend entry (the page hides them until their button is pressed); scales
    ///   include their values so they fit when shown;
    /// - every mark drawn from one row carries `data-row="i"`, its row in the table, for tooltips;
    /// - lines and areas get an invisible `chartc-hover-point` circle (`opacity="0"`) at each value, which the
    ///   page shows while it is the tooltip's subject.
    public var interactive: Bool
    /// The HTML page's phone layout (`ChartLayoutEngine.pageLayouts`): small multiples re-flow into
    /// `facet.columnsNarrow` columns (SPEC §13).
    public var narrowPage: Bool

    public init(interactive: Bool = false, narrowPage: Bool = false) {
        self.interactive = interactive
        self.narrowPage = narrowPage
    }

    public static let interactive = LayoutOptions(interactive: true)
}
