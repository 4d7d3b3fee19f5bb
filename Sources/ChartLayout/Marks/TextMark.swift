import ChartFormat
import ChartSpec

/// `text`: the `text` channel's value printed at each row's position, centered on it.
enum TextMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let constants = context.model.constants
        let channel = context.model.text
        guard channel != nil || constants.text != nil else { return [] }
        // A constant size is the font size in px (SPEC §19.3).
        let style = TextStyle(size: constants.size ?? 12)
        var children: [SceneNode] = []
        for row in series.rows {
            // A constant text is written at every row.
            guard let x = context.x(row), let y = context.y(row),
                let text = constants.text ?? channel.flatMap({ label($0, row: row, locale: context.model.locale) }), !text.isEmpty
            else { continue }
            let block = TextBlock.single(text, style: style)
            let fill =
                context.model.hasCategoricalColor || context.model.color != nil || context.mark.color != nil || constants.color != nil
                ? context.color(row, series: series) : context.theme.legendLabelColor
            children.append(
                .text(
                    TextNode(
                        block: block, x: x, top: y - block.height / 2, anchor: .middle, fill: fill, classes: ["chartc-text"],
                        data: context.rowData(row))))
        }
        return children
    }

    static func label(_ channel: EncodedChannel, row: Int, locale: ChartLocale) -> String? {
        if channel.column.type != .string, channel.column.type != .boolean, let value = channel.number(row) {
            return TickLabels.forChannel(channel, locale: locale).label(value)
        }
        return channel.key(row)
    }
}

extension TextMark {
    static var type: MarkType { .text }
    static var isText: Bool { true }
}
