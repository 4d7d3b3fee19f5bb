import ChartSpec

/// What every mark renderer reads: the model, the scales and the plot size, with helpers that turn a row into
/// pixel positions the same way for every mark type. Coordinates are relative to the plot's top-left corner.
struct MarkContext: Sendable {
    let model: PlotModel
    let scales: PlotScales
    /// Added to a row's index in `data-row`: in a layered chart (SPEC §11) each layer's rows follow the rows of
    /// the layers before it, so one list of tooltip rows serves every layer.
    var rowOffset = 0

    var theme: ChartTheme { model.theme }
    var width: Double { scales.width }
    var height: Double { scales.height }
    var mark: MarkSpec { model.mark }

    /// The group every series' marks go in (SPEC §8: `chartc-series` with `data-series`).
    func seriesGroup(_ series: Series, children: [SceneNode]) -> SceneNode {
        var data = [DataAttribute("series", series.name)]
        if series.startsHidden { data.append(DataAttribute("hidden", "true")) }
        return .group(GroupNode(classes: ["chartc-series"], data: data, children: children))
    }

    /// `data-row` for a mark drawn from one row, in interactive layouts (the HTML page's tooltips); else nothing.
    /// With a stepped color (SPEC §22) also `data-step`, the step of the row's value, which the page's legend
    /// toggles match; `none` for a row without a step (drawn in the missing color), which fades with the steps
    /// not highlighted.
    func rowData(_ row: Int) -> [DataAttribute] {
        guard model.options.interactive else { return [] }
        var data = [DataAttribute("row", String(rowOffset + row))]
        if case .stepped(let scale, let channel) = model.colorEncoding {
            let step = channel.number(row).flatMap { scale.step(of: $0) }
            data.append(DataAttribute("step", step.map { String($0) } ?? "none"))
        }
        return data
    }

    /// Where a row sits along x for marks drawn at a point: a number's position, a category's center (shifted
    /// into its `offset` group), a constant's px from the plot's left edge (SPEC §19.3), or the middle of the plot
    /// when there is no x channel.
    func x(_ row: Int) -> Double? {
        if model.longitude != nil && model.latitude != nil { return MapFrame.position(model, row, scales: scales)?.x }
        if model.x == nil, let constant = model.constants.x { return constant }
        return point(model.x, scales.x, row, offsetApplies: model.orientation == .vertical) ?? (model.x == nil ? width / 2 : nil)
    }

    /// Where a row sits along y: as `x`, a constant counting px down from the plot's top edge.
    func y(_ row: Int) -> Double? {
        if model.longitude != nil && model.latitude != nil { return MapFrame.position(model, row, scales: scales)?.y }
        if model.y == nil, let constant = model.constants.y { return constant }
        return point(model.y, scales.y, row, offsetApplies: model.orientation == .horizontal) ?? (model.y == nil ? height / 2 : nil)
    }

    func x2(_ row: Int) -> Double? {
        if model.x2 == nil, let constant = model.constants.x2 { return constant }
        return point(model.x2, scales.x, row, offsetApplies: false)
    }

    func y2(_ row: Int) -> Double? {
        if model.y2 == nil, let constant = model.constants.y2 { return constant }
        return point(model.y2, scales.y, row, offsetApplies: false)
    }

    /// Whether the mark has an x (a field or a constant).
    var hasX: Bool { model.x != nil || model.constants.x != nil }
    var hasY: Bool { model.y != nil || model.constants.y != nil }
    var hasX2: Bool { model.x2 != nil || model.constants.x2 != nil }
    var hasY2: Bool { model.y2 != nil || model.constants.y2 != nil }

    /// The mark's opacity: a constant `opacity` (SPEC §19.3), else `mark.opacity`, else the mark's own default.
    func opacity(default standard: Double? = nil) -> Double? {
        model.constants.opacity ?? mark.opacity?.value ?? standard
    }

    private func point(_ channel: EncodedChannel?, _ scale: PositionScale?, _ row: Int, offsetApplies: Bool) -> Double? {
        guard let channel, let scale else { return nil }
        if scale.isDiscrete {
            guard let key = channel.key(row) else { return nil }
            if offsetApplies, let band = self.band(channel: channel, scale: scale, row: row) {
                return band.start + band.width / 2
            }
            return scale.center(key: key)
        }
        guard let value = channel.number(row) else { return nil }
        // A point, line or label on a bin sits at the middle of its interval.
        if let step = channel.binStep { return scale.position((value + BinnedChannel.end(value, step: step)) / 2) }
        return scale.position(value)
    }

    /// The band a row occupies across its category (start and width in px), inside its `offset` group when
    /// bars are grouped. Nil on continuous scales.
    func band(channel: EncodedChannel, scale: PositionScale, row: Int) -> (start: Double, width: Double)? {
        guard scale.isDiscrete, let key = channel.key(row), let start = scale.position(key: key) else { return nil }
        let bandwidth = scale.bandwidth > 0 ? scale.bandwidth : max(1, scale.step * 0.8)
        let bandStart = scale.bandwidth > 0 ? start : start - bandwidth / 2
        if let offsetChannel = model.offset, let inner = scales.offset, let offsetKey = offsetChannel.key(row),
            let shift = inner.position(of: offsetKey)
        {
            return (bandStart + shift, inner.bandwidth)
        }
        return (bandStart, bandwidth)
    }

    /// The thickness of bars along a continuous axis: 80% of the smallest pixel gap between values.
    func continuousBarWidth(along scale: PositionScale, channel: EncodedChannel) -> Double {
        var positions: [Double] = []
        for row in 0..<model.table.rowCount {
            if let value = channel.number(row), let p = scale.position(value) { positions.append(p) }
        }
        positions.sort()
        var gap = Double.infinity
        for index in positions.indices.dropFirst() where positions[index] - positions[index - 1] > 0.01 {
            gap = min(gap, positions[index] - positions[index - 1])
        }
        if !gap.isFinite { gap = 40 }
        // Below 4 px a fifth of the gap is too thin a line to show: dense bars (a year of days) touch instead,
        // overlapping by a hair so no seam of background shows between them.
        return max(1, min(60, gap < 4 ? gap + 0.4 : gap * 0.8))
    }

    /// The id of the gradient `along` colors use.
    static let alongGradientID = "along"

    /// A row's paint: its series color, its value's color on a continuous ramp, or the gradient along an axis.
    func paint(_ row: Int, series: Series) -> Paint {
        switch model.colorEncoding {
        case .along: return scales.hasAlongGradient ? .gradient(id: Self.alongGradientID) : .color(series.color)
        case .continuous(let scale, let channel):
            guard let value = channel.number(row), let color = scale.color(for: value) else { return .color(theme.missingColor) }
            return .color(color.hex)
        case .stepped(let scale, let channel):
            guard let value = channel.number(row), let color = scale.color(for: value) else { return .color(theme.missingColor) }
            return .color(color.hex)
        case .single, .categorical:
            return .color(series.color)
        }
    }

    /// A row's color as text (for text marks, which cannot use gradients).
    func color(_ row: Int, series: Series) -> String {
        if case .color(let color) = paint(row, series: series) { return color }
        return series.color
    }

    /// The paint of a whole series (a line, an area).
    func seriesPaint(_ series: Series) -> Paint {
        if case .along = model.colorEncoding, scales.hasAlongGradient { return .gradient(id: Self.alongGradientID) }
        return .color(series.color)
    }
}
