/// The options a `mark` object takes besides `type` (SPEC §6), in `SpecKeys.mark` order.
public enum MarkOption: String, Sendable, CaseIterable {
    case interpolate, points, labels, color, opacity, strokeWidth, cornerRadius, width, extent, innerRadius, padAngle
}

/// What stands for a series of a mark in a categorical legend (layout draws it: `LegendSymbol`).
public enum MarkSymbol: String, Sendable, CaseIterable {
    case line, square, circle
    /// A line with a dot on it: a line with `points`, or a line and a point layer drawing one series.
    case lineWithDot
}

/// One mark's policy, the one table of marks (SPEC §19.1): which channels it draws and which it needs, which
/// `mark` options it takes, whether it is filled, stacks and grows from zero, and its legend symbol. The parser,
/// the checks (`channel-not-supported`, `option-not-supported`), lint's rules, layout, tooltips, the JSON Schema
/// and `specs/reference.md`'s marks × channels table all read it, so a mark accepts exactly what it draws. Layout
/// keeps only the drawing (each mark's file in `ChartLayout/Marks`).
public struct MarkTraits: Sendable {
    public let type: MarkType
    /// The channels the mark draws, in `ChannelName` order (`text` on a mark with value labels: what the labels
    /// print, so only with `labels`). Any other channel is an error
    /// (`channel-not-supported`) naming the marks that draw it.
    public let channels: [ChannelName]
    /// The channels the mark draws as a constant `{ "value": v }` (SPEC §19.3), in `ChannelName` order: positions
    /// in px, `size` as its area, thickness, stroke width or font size, `color`, `opacity`, a text mark's `text`.
    /// A superset of the drawn positions and color; `size` on bars, ticks and text is drawn only as a constant, and
    /// `opacity` only ever as one.
    public let constants: [ChannelName]
    /// Channels without which the mark has nothing to draw (a `text` mark's `text`). Every mark also needs a
    /// position (x, y, x2 or y2).
    public let required: [ChannelName]
    /// The `mark` options it draws. Any other is an error (`option-not-supported`) naming the marks that take it.
    public let options: [MarkOption]
    /// Large filled shapes (bars, areas, cells): held to a lower contrast minimum than thin marks.
    public let filled: Bool
    /// Stacks along its measure when color splits it (`stack` on the measure channel, SPEC §7).
    public let stacks: Bool
    /// Grows from zero along its measure: the measure axis includes zero by default and a cut axis is a warning.
    public let growsFromZero: Bool
    /// Spans `x`…`x2` / `y`…`y2`: the range channels need a continuous axis (SPEC §19.5).
    public let spansRanges: Bool
    /// Needs a band to have a width on a discrete axis: a `point` scale gives it none (SPEC §19.1).
    public let needsBands: Bool
    /// Sits at a point in the middle of each category rather than on a band (dots, lines, areas, text): a discrete
    /// axis that only such marks share is a point scale (SPEC §7), unless `scale.type` says `band`.
    public let placesCategoriesAtPoints: Bool
    /// Its legend symbol.
    public let legendSymbol: MarkSymbol
    /// What it draws, in a few words (reference.md's table).
    public let draws: String
    /// For a composite mark (SPEC §21): how it expands into simpler marks over the same scales and pipeline
    /// steps (`Sources/ChartSpec/Composite`, one file per composite mark); nil for a simple mark.
    public private(set) var composite: CompositeExpansion? = nil

    /// The legend symbol of a mark as the spec writes it (a line with `points` shows a dot on its line).
    public func legendSymbol(points: Bool) -> MarkSymbol {
        type == .line && points ? .lineWithDot : legendSymbol
    }

    public func draws(_ channel: ChannelName) -> Bool { channels.contains(channel) }

    /// Whether the mark draws `channel` as a constant `{ "value": v }`.
    public func drawsConstant(_ channel: ChannelName) -> Bool { constants.contains(channel) }

    /// Whether the mark draws `definition`: its field (`channels`) or its constant (`constants`).
    public func draws(_ definition: ChannelDef) -> Bool {
        definition.value != nil && definition.field == nil ? drawsConstant(definition.channel) : draws(definition.channel)
    }

    /// A channel the mark draws only through its value labels: `text` on a mark that takes `labels` (and does
    /// not require `text`) is what each label prints, so it needs `mark.labels`.
    public func drawsOnlyWithLabels(_ channel: ChannelName) -> Bool {
        channel == .text && draws(.text) && !required.contains(.text) && takes(.labels)
    }

    /// The channels a tooltip without `encoding.tooltip` shows, in the order it lists them: the series first,
    /// then the positions, then the rest the mark draws.
    public var tooltipChannels: [ChannelName] {
        [ChannelName.color, .detail, .x, .y, .x2, .y2, .longitude, .latitude, .longitude2, .latitude2, .theta, .radius, .size, .text, .offset, .order]
            .filter(draws)
    }
    public func takes(_ option: MarkOption) -> Bool { options.contains(option) }
}

extension MarkTraits {
    /// The table: one entry per `MarkType`, in its order.
    public static let all: [MarkTraits] = MarkType.allCases.map(entry)

    // swift-format-ignore
    private static func entry(_ type: MarkType) -> MarkTraits {
        switch type {
        case .line:
            MarkTraits(
                type: .line, channels: [.x, .y, .color, .size, .text, .detail, .order, .tooltip], constants: [.x, .y, .color, .size, .opacity], required: [],
                options: [.interpolate, .points, .labels, .color, .opacity, .strokeWidth],
                filled: false, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: true, legendSymbol: .line,
                draws: "a path per series (color × `detail`) through its values, joined in `order` when given; `size` is its stroke width")
        case .bar:
            MarkTraits(
                type: .bar, channels: [.x, .y, .x2, .y2, .color, .offset, .text, .order, .tooltip], constants: [.x, .y, .x2, .y2, .color, .size, .opacity], required: [],
                options: [.labels, .color, .opacity, .cornerRadius, .width],
                filled: true, stacks: true, growsFromZero: true, spansRanges: true, needsBands: true, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "a bar per row from zero (or `x2`/`y2`) to its value; stacked by color (in `order` when given), grouped by `offset`")
        case .point:
            MarkTraits(
                type: .point, channels: [.x, .y, .color, .offset, .size, .text, .tooltip, .longitude, .latitude], constants: [.x, .y, .color, .size, .opacity], required: [],
                options: [.labels, .color, .opacity],
                filled: false, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: true, legendSymbol: .circle,
                draws: "a dot per row, its area the `size`")
        case .area:
            MarkTraits(
                type: .area, channels: [.x, .y, .x2, .y2, .color, .detail, .order, .tooltip], constants: [.x, .y, .x2, .y2, .color, .size, .opacity], required: [],
                options: [.interpolate, .color, .opacity, .strokeWidth],
                filled: true, stacks: true, growsFromZero: true, spansRanges: true, needsBands: false, placesCategoriesAtPoints: true, legendSymbol: .square,
                draws: "a filled area per series (color × `detail`) from zero (or `y2`) to its values; stacked by color and `detail`, in `order` when given")
        case .rule:
            MarkTraits(
                type: .rule, channels: [.x, .y, .x2, .y2, .color, .tooltip, .longitude, .latitude, .longitude2, .latitude2], constants: [.x, .y, .x2, .y2, .color, .size, .opacity], required: [],
                options: [.color, .opacity, .strokeWidth],
                filled: false, stacks: false, growsFromZero: false, spansRanges: true, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .line,
                draws: "a line per row: across the plot at a value, or from `x` to `x2` / `y` to `y2`; on a map, along the great circle from `longitude`/`latitude` to `longitude2`/`latitude2`")
        case .rect:
            MarkTraits(
                type: .rect, channels: [.x, .y, .x2, .y2, .color, .text, .tooltip], constants: [.x, .y, .x2, .y2, .color, .opacity], required: [],
                options: [.labels, .color, .opacity, .cornerRadius],
                filled: true, stacks: false, growsFromZero: false, spansRanges: true, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "a rectangle per row over its categories' bands or from `x` to `x2` and `y` to `y2` (heat maps)")
        case .text:
            MarkTraits(
                type: .text, channels: [.x, .y, .color, .offset, .text, .tooltip, .longitude, .latitude], constants: [.x, .y, .color, .size, .text], required: [.text],
                options: [.color],
                filled: false, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: true, legendSymbol: .square,
                draws: "the `text` channel's value at each row's position")
        case .tick:
            MarkTraits(
                type: .tick, channels: [.x, .y, .color, .offset, .tooltip], constants: [.x, .y, .color, .size, .opacity], required: [],
                options: [.color, .opacity, .strokeWidth, .width],
                filled: false, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "a short line across the category at each value (strip plots)")
        case .errorbar:
            MarkTraits(
                type: .errorbar, channels: [.x, .y, .x2, .y2, .color, .tooltip], constants: [.color, .opacity], required: [],
                options: [.color, .opacity, .strokeWidth, .width, .extent],
                filled: false, stacks: false, growsFromZero: false, spansRanges: true, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .line,
                draws: "a rule with caps from `y` to `y2` (or `x` to `x2`) per row, or from `lower` to `upper` of `extent` (`ci`, `stderr`, `stdev`, `iqr`) per group; a composite of rule and tick layers",
                composite: ErrorBarMark.expansion)
        case .arc:
            MarkTraits(
                type: .arc, channels: [.color, .text, .tooltip, .theta, .radius], constants: [.color, .opacity], required: [.theta],
                options: [.labels, .color, .opacity, .cornerRadius, .innerRadius, .padAngle],
                filled: true, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "a pie, donut (`innerRadius`) or radial chart (`radius`, a square-root scale from zero): a slice per row, its angle its share of `theta`, from twelve o'clock clockwise in the color domain's order; `labels` inside a slice when they fit, else outside with a leader line")
        case .geoshape:
            MarkTraits(
                type: .geoshape, channels: [.color, .tooltip], constants: [.color, .opacity], required: [],
                options: [.color, .opacity, .strokeWidth],
                filled: true, stacks: false, growsFromZero: false, spansRanges: false, needsBands: false, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "each row's `geometry` (map data, SPEC §22) through the chart's `projection`: areas filled by `color` (a choropleth) with thin borders, lines (a `mesh`, a graticule) stroked; `strokeWidth` the border's width")
        case .boxplot:
            MarkTraits(
                type: .boxplot, channels: [.x, .y, .color, .tooltip], constants: [.color], required: [],
                options: [.color, .opacity, .width, .extent],
                filled: true, stacks: false, growsFromZero: false, spansRanges: false, needsBands: true, placesCategoriesAtPoints: false, legendSymbol: .square,
                draws: "per category (and color): a box from Q1 to Q3, a median line, whiskers with caps to the last values within `extent` × IQR (1.5; or `\"min-max\"`) and the values beyond as points; a composite of rule, bar, tick and point layers",
                composite: BoxPlotMark.expansion)
        case .errorband:
            MarkTraits(
                type: .errorband, channels: [.x, .y, .x2, .y2, .color, .tooltip], constants: [.color, .opacity], required: [],
                options: [.interpolate, .color, .opacity, .extent],
                filled: true, stacks: false, growsFromZero: false, spansRanges: true, needsBands: false, placesCategoriesAtPoints: true, legendSymbol: .square,
                draws: "a band from `y` to `y2` (or `x` to `x2`) along the other position channel, or from `lower` to `upper` of `extent` (`ci`, `stderr`, `stdev`, `iqr`) per group; one band per color, joined in order like an area; a composite of an area layer",
                composite: ErrorBandMark.expansion)
        }
    }

    /// The marks that draw `channel`, in `MarkType` order.
    public static func marks(drawing channel: ChannelName) -> [MarkType] {
        all.filter { $0.draws(channel) }.map(\.type)
    }

    /// The marks that draw a constant `channel` (`{ "value": v }`), in `MarkType` order.
    public static func marks(drawingConstant channel: ChannelName) -> [MarkType] {
        all.filter { $0.drawsConstant(channel) }.map(\.type)
    }

    /// The marks that take `option`, in `MarkType` order.
    public static func marks(taking option: MarkOption) -> [MarkType] {
        all.filter { $0.takes(option) }.map(\.type)
    }

    /// "bar, area and rule marks"; "every mark" when all do.
    public static func describe(_ marks: [MarkType]) -> String {
        if marks.count == MarkType.allCases.count { return "every mark" }
        let names = marks.map(\.rawValue)
        guard let last = names.last else { return "no mark" }
        if names.count == 1 { return last + " marks" }
        return names.dropLast().joined(separator: ", ") + " and " + last + " marks"
    }
}

extension MarkType {
    /// This mark's entry in the table of marks.
    public var traits: MarkTraits {
        // `all` is built in `allCases` order.
        MarkTraits.all[MarkType.allCases.firstIndex(of: self) ?? 0]
    }
}

extension MarkTraits {
    /// `specs/reference.md`'s table of marks × channels and options (SPEC §19.1), generated from the table so the
    /// page and the compiler cannot disagree (`ReferenceMarkTableTests` keeps the committed copy equal).
    public static func referenceTable() -> String {
        let channels = ChannelName.allCases
        var lines: [String] = []
        lines.append(
            "| mark | " + channels.map { "`\($0.rawValue)`" }.joined(separator: " | ") + " | options | filled | stacks | from zero | legend |")
        lines.append("|---|" + channels.map { _ in ":-:|" }.joined() + "---|:-:|:-:|:-:|---|")
        for traits in all {
            let cells = channels.map { channel in
                traits.required.contains(channel)
                    ? "required"
                    : traits.drawsOnlyWithLabels(channel)
                        ? "with `labels`"
                        : traits.draws(channel)
                            ? (traits.drawsConstant(channel) ? "✓" : "field") : traits.drawsConstant(channel) ? "value" : "—"
            }
            let options = traits.options.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            let yes = { (flag: Bool) in flag ? "✓" : "—" }
            lines.append(
                "| `\(traits.type.rawValue)` | " + cells.joined(separator: " | ")
                    + " | \(options) | \(yes(traits.filled)) | \(yes(traits.stacks)) | \(yes(traits.growsFromZero)) | \(traits.legendSymbol.rawValue) |"
            )
        }
        lines.append("")
        lines.append(
            "✓: a field or a constant `{ \"value\": v }` (SPEC §19.3); field: a field only; value: a constant only (a field there is `channel-not-supported`); —: neither."
        )
        lines.append("")
        for traits in all {
            lines.append("- `\(traits.type.rawValue)`: \(traits.draws).")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
