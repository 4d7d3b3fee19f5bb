import ChartDiagnostics
import ChartValues

/// An encoding's `sort` (SPEC §20): the order of a band axis's categories or of the color domain (and so of the
/// stack and the legend). ChartPipeline's `PanelOrder` turns it into the categories' keys in order
/// (`ChannelDef.sortedKeys`) once the drawn rows are known, as it does for `facet.sort`; layout only reads them.
public enum ChannelSort: Sendable {
    /// `"ascending"`, `"descending"`: by the field's own values (numbers and dates by value, text by code points).
    case ascending, descending
    /// A list of values: those first, in the list's order; the values it does not list follow in their natural
    /// order (weekdays and months in the calendar's, else ascending).
    case values([Value])
    /// An aggregate expression over each category's drawn rows, ascending (`"-median(yield)"`: highest first).
    case aggregate(ExpressionSource)
    /// The other position channel (`"-x"`, `"y"`): by its value summed per category (a stack's total).
    case channel(ChannelName, descending: Bool)
}
