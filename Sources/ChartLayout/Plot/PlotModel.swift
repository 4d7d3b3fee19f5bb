import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// What the data says about the plot, decided once before any pixel: the channels bound to columns with the types
/// the checking stage resolved (`view`: orientation and stacking too; layout reads them, never decides them), the
/// series (split by a categorical color, hidden ones left out unless the layout is interactive),
/// their colors, and stacking.
/// Scales, axes, legend and marks all read it.
public struct PlotModel: Sendable {
    public var spec: ChartSpec { parts.spec }
    public var table: Table { parts.table }
    public var mark: MarkSpec { parts.mark }
    public var markType: MarkType { parts.markType }
    /// The mark's entry in the mark table: everything the layout asks of it.
    var markKind: any Mark.Type { MarkTable.mark(for: markType) }
    public var theme: ChartTheme { parts.theme }
    public var locale: ChartLocale { parts.locale }

    public var x: EncodedChannel? { parts.x }
    public var y: EncodedChannel? { parts.y }
    public var x2: EncodedChannel? { parts.x2 }
    public var y2: EncodedChannel? { parts.y2 }
    public var color: EncodedChannel? { parts.color }
    public var offset: EncodedChannel? { parts.offset }
    public var size: EncodedChannel? { parts.size }
    public var text: EncodedChannel? { parts.text }
    /// Splits lines and areas into series without coloring them (SPEC §20): one line per value, in `detailKeys` order.
    public var detail: EncodedChannel? { parts.detail }
    /// The order a line joins its points and stacked segments pile up (SPEC §20), ascending.
    public var order: EncodedChannel? { parts.order }
    /// An arc's angle and radius (SPEC §21).
    public var theta: EncodedChannel? { parts.theta }
    public var radius: EncodedChannel? { parts.radius }
    /// A row's place on a map (SPEC §22), projected through `PlotScales.map`.
    public var longitude: EncodedChannel? { parts.longitude }
    public var latitude: EncodedChannel? { parts.latitude }
    /// A rule's other end on a map (SPEC §22).
    public var longitude2: EncodedChannel? { parts.longitude2 }
    public var latitude2: EncodedChannel? { parts.latitude2 }
    /// The `detail` values in drawing order: first appearance in the table (the spec's `sort`), missing last
    /// (SPEC §19.9).
    public var detailKeys: [String] { parts.detailKeys }
    /// The channels set to a constant `{ "value": v }` (SPEC §19.3).
    public var constants: ChannelConstants { parts.constants }

    /// The view as the checking stage resolved it (`CheckedChart.views`).
    public var view: ResolvedView { parts.view }
    public var orientation: Orientation { parts.orientation }
    /// Visible series, in legend order.
    public var series: [Series] { parts.series }
    /// Every series name, hidden ones included, in legend order.
    public var allSeriesNames: [String] { parts.allSeriesNames }
    /// Whether series come from a categorical color channel (and so get a legend).
    public var hasCategoricalColor: Bool { parts.hasCategoricalColor }
    /// How marks are colored.
    public var colorEncoding: ColorEncoding { parts.colorEncoding }
    public var stack: StackMode { parts.stack }
    /// Per row, where a stacked segment starts and ends (in data units), when stacking.
    public var stacked: [Int: (start: Double, end: Double)] { parts.stacked }
    /// What the scene is for (`LayoutOptions.interactive` keeps hidden series and tags marks with their rows).
    public var options: LayoutOptions { parts.options }
    /// A small-multiples panel (SPEC §13): the rows of the table it draws (nil: all), while colors and the legend
    /// still come from every row; and the scale values it shares with the other panels (`Panels/`).
    public internal(set) var panel: PanelScope?
    /// The size scale every panel of small multiples shares (SPEC §20: one size legend serves them all); nil: the
    /// plot's own rows give it (`PlotScales.sizeScale`).
    public internal(set) var sharedSize: SizeScale?

    /// Everything decided once, shared by every copy: a model is passed and stored by value dozens of times per
    /// layout (scales, axes and marks each keep one), and its channels, spec and theme are tens of kilobytes.
    private let parts: Parts

    /// - Parameter colorDomain: the series of every layer of a layered chart (SPEC §11), in legend order, so that
    ///   every layer colors a series alike; this layer keeps only the series it has rows for. Nil: its own.
    /// - Parameter colorExtent: a continuous color's values across every layer, for one ramp shared by all.
    /// - Parameter colorValues: a stepped color's values across every layer (SPEC §22), for one set of steps.
    /// - Parameter panel: a panel of small multiples (SPEC §13): the rows it draws and the scales it shares.
    /// - Parameter view: the view the checking stage resolved from `spec` and `table` (`CheckedChart.views`);
    ///   nil: resolved here, through the same stage, for callers that lay out a spec directly (tests).
    public init(
        spec: ChartSpec, table: Table, theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions(), colorDomain: [String]? = nil,
        colorExtent: ScaleInterval? = nil, colorValues: [Double]? = nil, panel: PanelScope? = nil, view: ResolvedView? = nil
    ) throws(DiagnosticError) {
        self.panel = panel
        parts = try Parts(
            spec: spec, table: table, theme: theme, options: options, colorDomain: colorDomain, colorExtent: colorExtent, colorValues: colorValues,
            panel: panel, view: view)
    }

    /// The stored decisions of a `PlotModel`, behind one reference so copying a model copies a pointer.
    final class Parts: Sendable {
        let spec: ChartSpec
        let table: Table
        let mark: MarkSpec
        let markType: MarkType
        let theme: ChartTheme
        let locale: ChartLocale

        let x: EncodedChannel?
        let y: EncodedChannel?
        let x2: EncodedChannel?
        let y2: EncodedChannel?
        let color: EncodedChannel?
        let offset: EncodedChannel?
        let size: EncodedChannel?
        let text: EncodedChannel?
        let detail: EncodedChannel?
        let order: EncodedChannel?
        let theta: EncodedChannel?
        let radius: EncodedChannel?
        let longitude: EncodedChannel?
        let latitude: EncodedChannel?
        let longitude2: EncodedChannel?
        let latitude2: EncodedChannel?
        let detailKeys: [String]
        let constants: ChannelConstants

        let view: ResolvedView
        let orientation: Orientation
        let series: [Series]
        let allSeriesNames: [String]
        let hasCategoricalColor: Bool
        let colorEncoding: ColorEncoding
        let stack: StackMode
        let stacked: [Int: (start: Double, end: Double)]
        let options: LayoutOptions

        init(
            spec: ChartSpec, table: Table, theme: ChartTheme, options: LayoutOptions, colorDomain: [String]?, colorExtent: ScaleInterval?,
            colorValues: [Double]?, panel: PanelScope?, view: ResolvedView?
        ) throws(DiagnosticError) {
            let view = view ?? SemanticContext(spec: spec, schema: nil, table: table).resolved
            self.view = view
            self.spec = spec
            self.options = options
            self.table = table
            self.mark = spec.mark
            self.markType = spec.mark.type.value
            self.theme = theme
            let locale = ChartLocale.named(spec.locale.value) ?? .enUS
            self.locale = locale

            var diagnostics: [Diagnostic] = []
            func bind(_ definition: ChannelDef?) -> EncodedChannel? {
                guard let definition, definition.field != nil else { return nil }
                do {
                    return try EncodedChannel(definition, table: table, resolved: view[definition.channel], missingWord: locale.missingWord)
                } catch {
                    diagnostics.append(contentsOf: error.diagnostics)
                    return nil
                }
            }
            let encoding = spec.encoding
            x = bind(encoding.x)
            y = bind(encoding.y)
            x2 = bind(encoding.x2)
            y2 = bind(encoding.y2)
            // A color `along` an axis takes its colors from positions, not from a field.
            color = encoding.color?.along == nil ? bind(encoding.color) : nil
            offset = bind(encoding.offset)
            size = bind(encoding.size)
            text = bind(encoding.text)
            // `detail` and `order` only where the mark draws them (the checking stage rejects them elsewhere).
            detail = markType.traits.draws(.detail) ? bind(encoding.detail) : nil
            order = markType.traits.draws(.order) ? bind(encoding.order) : nil
            theta = markType.traits.draws(.theta) ? bind(encoding.theta) : nil
            radius = markType.traits.draws(.radius) ? bind(encoding.radius) : nil
            longitude = markType.traits.draws(.longitude) ? bind(encoding.longitude) : nil
            latitude = markType.traits.draws(.latitude) ? bind(encoding.latitude) : nil
            longitude2 = markType.traits.draws(.longitude2) ? bind(encoding.longitude2) : nil
            latitude2 = markType.traits.draws(.latitude2) ? bind(encoding.latitude2) : nil
            constants = ChannelConstants(encoding, mark: markType)
            if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }

            if let detail {
                var keys: [String] = []
                var seen = Set<String>()
                for row in 0..<table.rowCount {
                    let key = PlotModel.detailKey(detail, row)
                    if key != detail.missingKey, seen.insert(key).inserted { keys.append(key) }
                }
                if (0..<table.rowCount).contains(where: { !detail.column.valid[$0] }) { keys.append(detail.missingKey) }
                detailKeys = keys
            } else {
                detailKeys = []
            }

            // Known for a view resolved against its rows; vertical is the resolver's answer without x and y.
            orientation = view.orientation ?? .vertical

            // Series: one per category of a discrete color, else one named after the mark.
            let hidden = spec.legend.hidden.map(\.value)
            let rows = 0..<table.rowCount
            var series: [Series] = []
            var names: [String] = []
            // A constant color replaces the theme's (and `mark.color`): one series, no legend.
            var colorEncoding = ColorEncoding.single(constants.color ?? ColorEncoding.markColor(spec.mark, theme: theme))
            if let along = encoding.color?.along, let definition = encoding.color {
                colorEncoding = ColorEncoding.along(along.value, channel: definition)
            }
            if let color, !color.isContinuous {
                hasCategoricalColor = true
                // The legend order: the explicit domain (or the data's order), then keys the domain does not list.
                let ordered = colorDomain ?? color.categories(rows: rows)
                var extras: [String] = []
                var known = Set(ordered)
                for row in rows {
                    if let key = color.key(row), known.insert(key).inserted { extras.append(key) }
                }
                let scale = ColorEncoding.categorical(channel: color.definition, domain: ordered, extras: extras, palette: theme.categoricalScheme)
                colorEncoding = .categorical(scale)
                names = scale.domain
                var rowsByName: [String: [Int]] = [:]
                for row in panel?.rows ?? Array(rows) {
                    guard let key = color.key(row) else { continue }
                    rowsByName[key, default: []].append(row)
                }
                for (index, name) in names.enumerated() where options.interactive || !hidden.contains(name) {
                    if colorDomain != nil && rowsByName[name] == nil { continue }
                    let fill = scale.color(for: name)?.hex ?? theme.markColor
                    series.append(Series(name: name, rows: rowsByName[name] ?? [], color: fill, index: index, startsHidden: hidden.contains(name)))
                }
            } else {
                hasCategoricalColor = false
                let name = markType.rawValue
                names = [name]
                var fill = theme.markColor
                if case .single(let single) = colorEncoding { fill = single.hex }
                if let color, color.isContinuous, color.definition.scale?.type?.value.isStepped == true,
                    let steps = ColorEncoding.stepped(
                        channel: color, rows: Array(rows), sequential: theme.sequentialScheme, diverging: theme.divergingScheme, shared: colorValues)
                {
                    colorEncoding = .stepped(steps, channel: color)
                } else if let color, color.isContinuous {
                    let visible = Array(rows)
                    let scale = ColorEncoding.continuous(
                        channel: color, rows: visible, sequential: theme.sequentialScheme, diverging: theme.divergingScheme, shared: colorExtent)
                    colorEncoding = .continuous(scale, channel: color)
                }
                series = [Series(name: name, rows: panel?.rows ?? Array(rows), color: fill, index: 0)]
            }
            self.colorEncoding = colorEncoding
            self.series = series
            self.allSeriesNames = names

            // Stacking (SPEC §7), as resolved: on the measure channel of bars and areas.
            let stack = view.stack ?? StackMode.none
            self.stack = stack
            if stack != .none, let measure = orientation == .vertical ? y : x {
                let independent = orientation == .vertical ? x : y
                // SPEC §20: a stack and its legend read in the same order, the legend's first entry the top segment of an
                // upright stack (a horizontal one reads from zero outward, as its legend reads left to right).
                let piled = orientation == .vertical ? Array(series.reversed()) : series
                let pile = PlotModel.stackingOrder(series: piled, detail: detail, detailKeys: detailKeys, order: order, table: table)
                stacked = PlotModel.stackRows(pile, measure: measure, independent: independent, mode: stack)
            } else {
                stacked = [:]
            }
        }
    }

    /// The channel carrying the measure (bars' length, a line's value).
    public var measure: EncodedChannel? { orientation == .vertical ? y : x }
    /// The channel the measure is laid out along (categories, time).
    public var independent: EncodedChannel? { orientation == .vertical ? x : y }

    /// A row's `detail` value as a series key: its text, or the locale's word for missing (SPEC §19.9), whatever
    /// the field's type (a year number splits lines too).
    static func detailKey(_ detail: EncodedChannel, _ row: Int) -> String {
        detail.column.valid[row] ? (detail.column[row].text ?? detail.missingKey) : detail.missingKey
    }

    /// The rows of `series` split by `detail` (SPEC §20), one group per value in `detailKeys` order, each in table
    /// order; one group without `detail`.
    public func detailGroups(_ series: Series) -> [[Int]] {
        guard let detail else { return [series.rows] }
        var groups: [String: [Int]] = [:]
        for row in series.rows { groups[Self.detailKey(detail, row), default: []].append(row) }
        return detailKeys.compactMap { groups[$0] }
    }

    /// The order rows pile up in a stack, bottom (nearest zero) first: by `order` ascending when given (SPEC §20;
    /// rows without one last, ties in series order); else series by series in the order given (an upright stack's
    /// series in reverse legend order, so the legend's first entry is the top segment), each series' rows by
    /// `detail` value.
    static func stackingOrder(series: [Series], detail: EncodedChannel?, detailKeys: [String], order: EncodedChannel?, table: Table) -> [Int] {
        var rows: [Int] = []
        for item in series {
            guard let detail else {
                rows += item.rows
                continue
            }
            var rank: [String: Int] = [:]
            for (index, key) in detailKeys.enumerated() { rank[key] = index }
            let keys = item.rows.map { rank[detailKey(detail, $0)] ?? Int.max }
            rows += item.rows.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { item.rows[$0] }
        }
        guard let order else { return rows }
        let keys = orderKeys(order, rows: rows, table: table)
        return rows.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (let x?, let y?): x < y || (x == y && a < b)
            case (nil, nil): a < b
            case (_?, nil): true
            case (nil, _?): false
            }
        }.map { rows[$0] }
    }

    /// Each row's place on the `order` channel (SPEC §20), ascending: its number or date, or its category's index
    /// (natural order, else first appearance); nil without a value.
    static func orderKeys(_ order: EncodedChannel, rows: [Int], table: Table) -> [Double?] {
        if order.isContinuous { return rows.map { order.number($0) } }
        var rank: [String: Int] = [:]
        for (index, key) in order.categories(rows: 0..<table.rowCount).enumerated() where rank[key] == nil { rank[key] = index }
        return rows.map { row in
            guard order.column.valid[row], let key = order.key(row) else { return nil }
            return rank[key].map(Double.init)
        }
    }

    /// Cumulative segments per row, the rows in `stackingOrder`: positives stack up from zero, negatives down.
    static func stackRows(_ rows: [Int], measure: EncodedChannel, independent: EncodedChannel?, mode: StackMode) -> [Int: (
        start: Double, end: Double
    )] {
        var positive: [String: Double] = [:]
        var negative: [String: Double] = [:]
        var result: [Int: (start: Double, end: Double)] = [:]
        var rowKey: [Int: String] = [:]
        for row in rows {
            guard let value = measure.number(row) else { continue }
            let key = independent?.key(row) ?? ""
            rowKey[row] = key
            if value >= 0 {
                let start = positive[key] ?? 0
                result[row] = (start, start + value)
                positive[key] = start + value
                if negative[key] == nil { negative[key] = 0 }
            } else {
                let start = negative[key] ?? 0
                result[row] = (start, start + value)
                negative[key] = start + value
                if positive[key] == nil { positive[key] = 0 }
            }
        }
        guard mode == .normalize || mode == .center else { return result }
        for (row, segment) in result {
            guard let key = rowKey[row] else { continue }
            let up = positive[key] ?? 0
            let down = negative[key] ?? 0
            switch mode {
            case .normalize:
                let total = up - down
                guard total > 0 else { continue }
                result[row] = ((segment.start - down) / total, (segment.end - down) / total)
            case .center:
                let shift = -(up + down) / 2
                result[row] = (segment.start + shift, segment.end + shift)
            default:
                break
            }
        }
        return result
    }
}
