import ChartColor
import ChartSpec
import ChartValues

/// The channels a view sets to a constant `{ "value": v }` (SPEC §19.3), read once for every mark: positions in px
/// from the plot's left (`x`, `x2`) or top (`y`, `y2`) edge, with no scale and no axis; `size` as the mark takes it
/// (a point's area in px², a bar's or tick's thickness, a line's, rule's or area outline's stroke width, a text's
/// font size); `color` (replacing the theme's color, with no legend and no series); `opacity`; a text mark's `text`.
/// A channel with a field is not a constant, and constants are not data: tooltips and `chartc data` never list them.
public struct ChannelConstants: Sendable {
    public var x: Double?
    public var y: Double?
    public var x2: Double?
    public var y2: Double?
    public var size: Double?
    /// The color as `#rrggbb` (the checking stage has refused what does not parse: `color-invalid`).
    public var color: Color?
    public var opacity: Double?
    public var text: String?

    public init() {}

    /// The constants of `encoding` that `mark` draws (the checking stage rejects the others).
    public init(_ encoding: Encoding, mark: MarkType) {
        let traits = mark.traits
        func number(_ definition: ChannelDef?) -> Double? {
            guard let definition, definition.field == nil, traits.drawsConstant(definition.channel),
                let value = definition.value?.value.numberValue, value.isFinite
            else { return nil }
            return value
        }
        x = number(encoding.x)
        y = number(encoding.y)
        x2 = number(encoding.x2)
        y2 = number(encoding.y2)
        size = number(encoding.size)
        opacity = number(encoding.opacity).map { min(1, max(0, $0)) }
        if let definition = encoding.color, definition.field == nil, definition.along == nil, traits.drawsConstant(.color),
            let css = definition.value?.value.stringValue
        {
            color = Color(css: css)
        }
        if let definition = encoding.text, definition.field == nil, traits.drawsConstant(.text), let value = definition.value?.value {
            text = value.text
        }
    }
}
