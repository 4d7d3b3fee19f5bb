import ChartData
import ChartSpec

/// What `mark.labels` prints on each row (SPEC §6), decided before any pixel so the plot can leave room for it:
/// the `text` channel when there is one, the value of a heat map's color, else the mark's measure (a share of
/// the whole on a normalized stack). Values of one chart are formatted together — the label's `format`, else the
/// channel's, else a shared automatic precision — and zeros are left out with `skipZero`.
struct ValueLabelContent: Sendable {
    /// Row → the text printed on it. Rows without a value (or zeros with `skipZero`) have none.
    let texts: [Int: String]
    /// Where labels sit, the mark's default applied.
    let position: LabelPosition
    /// Degrees, clockwise (−90 reads bottom to top).
    var angle: Double
    /// Whether the spec set `angle` (else layout may turn labels upright on narrow columns).
    let angleIsWritten: Bool
    /// Whether a label may move outside its bar when it does not fit inside (not on stacked segments, where
    /// outside is another segment).
    let mayLeaveMark: Bool

    init?(model: PlotModel) {
        guard let options = model.mark.labels else { return nil }
        // Only marks that grow from zero stack, and of those only bars take labels.
        let stacked = model.stack != .none
        guard let automatic = model.markKind.defaultLabelPosition(stacked: stacked, vertical: model.orientation == .vertical) else { return nil }
        let rows = model.series.flatMap(\.rows)
        position = options.position?.value ?? automatic
        angle = options.angle?.value ?? 0
        angleIsWritten = options.angle != nil
        mayLeaveMark = !stacked
        var texts: [Int: String] = [:]

        guard let source = Self.source(model) else { return nil }
        // Text and true/false print as they are.
        if source.column.type == .string || source.column.type == .boolean {
            for row in rows {
                guard let key = source.key(row), !key.isEmpty else { continue }
                texts[row] = key
            }
            self.texts = texts
            return
        }

        // Numbers and dates: formatted together.
        let isShare = model.stack == .normalize && source.channel == model.measure?.channel
        var labelled: [(row: Int, value: Double)] = []
        for row in rows {
            let value: Double?
            if isShare, let segment = model.stacked[row] {
                value = segment.end - segment.start
            } else {
                value = source.number(row)
            }
            guard let value, value.isFinite else { continue }
            if options.skipZero && value == 0 { continue }
            labelled.append((row, value))
        }
        let format = options.format ?? source.definition.format
        let kind: TickLabels.Kind = isShare ? .percent : source.holdsYears ? .years : source.holdsDates ? .dates : .number
        let formatter = TickLabels(kind: kind, format: format, locale: model.locale)
        let strings = formatter.valueLabels(labelled.map(\.value))
        for (item, text) in zip(labelled, strings) where !text.isEmpty {
            texts[item.row] = text
        }
        self.texts = texts
    }

    /// The widest label, unrotated.
    func widestText(style: TextStyle) -> Double {
        texts.values.reduce(0) { max($0, TextMeasurer.width($1, style: style)) }
    }

    /// The channel whose values the labels print: the text channel, a heat-map cell's color, else the measure
    /// (a category on a discrete axis is already written on that axis).
    static func source(_ model: PlotModel) -> EncodedChannel? {
        if let text = model.text { return text }
        if model.markKind.labelsShowColor, let color = model.color { return color }
        if let measure = model.measure, measure.isContinuous { return measure }
        return nil
    }
}
