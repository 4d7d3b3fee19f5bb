import ChartColor
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartGeo
import ChartSpec
import ChartValues

/// The position scales of a plot of a given size (x over `0…width`, y over `height…0`), the inner band scale of
/// grouped bars, and the size scale of points. Domains come from the visible series (stacked ends included),
/// `scale` options and the mark's defaults (bars and areas start at zero).
public struct PlotScales: Sendable {
    public var x: PositionScale?
    public var y: PositionScale?
    /// With `resolve` making x (y) independent (SPEC §20), the scale of the second layer that draws it, on the
    /// top (right) axis; `x` (`y`) is then the first layer's. Nil: one scale serves every layer.
    public var secondX: PositionScale?
    public var secondY: PositionScale?
    /// Side-by-side groups within each band (`offset`).
    public var offset: BandScale?
    /// Point radius (and area) by `size` value (SPEC §20).
    public var size: SizeScale?
    public var width: Double
    public var height: Double
    /// The map projection the layers share (SPEC §22), fitted to the plot; nil when no layer draws a map.
    public var map: MapProjection?
    /// The color ramp of `color.along`, laid out in plot coordinates so every mark shares it.
    public var alongGradient: LinearGradient?

    public var hasAlongGradient: Bool { alongGradient != nil }

    /// - Parameter insets: room at each edge of the plot that marks leave free (for labels past the ends of bars).
    public init(model: PlotModel, width: Double, height: Double, insets: Margins = .zero) throws(DiagnosticError) {
        try self.init(models: [model], width: width, height: height, insets: insets)
    }

    /// The scales shared by every layer of a chart (SPEC §11; one model for a one-mark chart): each position
    /// scale's domain covers every layer's values of its channel, its options come from the first layer that
    /// sets them. `models` is not empty.
    public init(models: [PlotModel], width: Double, height: Double, insets: Margins = .zero) throws(DiagnosticError) {
        self.width = width
        self.height = height
        map = MapFrame.projection(models: models, width: width, height: height)
        guard let model = models.first else { return }
        // Never give labels more than a third of the plot.
        let x0 = min(max(0, insets.left), width / 3), x1 = min(max(0, insets.right), width / 3)
        let y0 = min(max(0, insets.top), height / 3), y1 = min(max(0, insets.bottom), height / 3)
        func parts(_ channel: (PlotModel) -> EncodedChannel?, _ partner: (PlotModel) -> EncodedChannel?) -> [ScalePart] {
            models.compactMap { model in
                channel(model).map { ScalePart(model: model, channel: $0, partner: partner(model), rows: model.series.flatMap(\.rows).sorted()) }
            }
        }
        // `resolve` (SPEC §20): an independent channel gets one scale from the first layer that draws it and
        // another from the second.
        let resolve = model.spec.resolve
        func onSecond(_ part: ScalePart, isX: Bool) -> Bool {
            resolve?.independent(isX: isX)?.axis(ofLayer: part.model.spec.writtenLayerIndex) == 1
        }
        let xParts = parts(\.x, \.x2), yParts = parts(\.y, \.y2)
        x = try Self.positionScale(parts: xParts.filter { !onSecond($0, isX: true) }, isX: true, length: width, inset: (x0, x1))
        y = try Self.positionScale(parts: yParts.filter { !onSecond($0, isX: false) }, isX: false, length: height, inset: (y0, y1))
        let secondXParts = xParts.filter { onSecond($0, isX: true) }, secondYParts = yParts.filter { onSecond($0, isX: false) }
        if !secondXParts.isEmpty {
            secondX = try Self.positionScale(parts: secondXParts, isX: true, length: width, inset: (x0, x1), annotated: false)
        }
        if !secondYParts.isEmpty {
            secondY = try Self.positionScale(parts: secondYParts, isX: false, length: height, inset: (y0, y1), annotated: false)
        }
        let visibleRows = model.series.flatMap(\.rows).sorted()

        // On a point scale (dots, text) the groups share 80% of a step around each category, as `MarkContext.band`.
        if let offsetChannel = model.offset, let outer = model.orientation == .vertical ? x : y, outer.isDiscrete,
            outer.bandwidth > 0 || outer.step > 0
        {
            let width = outer.bandwidth > 0 ? outer.bandwidth : max(1, outer.step * 0.8)
            // Grouped by the color field (the usual case), the bars follow the legend's order.
            let sameAsColor = model.hasCategoricalColor && offsetChannel.field == model.color?.field
            let keys = sameAsColor ? model.allSeriesNames : offsetChannel.categories(rows: 0..<model.table.rowCount)
            offset = BandScale(domain: keys, range: ScaleInterval(0, width), paddingInner: 0.08, paddingOuter: 0)
        }
        size = Self.sizeScale(models: models)
        if case .along(let axis, let scheme, let colorDomain, let reverse) = model.colorEncoding {
            alongGradient = Self.gradient(along: axis, scale: axis == .x ? x : y, scheme: scheme, colorDomain: colorDomain, reverse: reverse)
        }
    }

    /// The size scale every layer shares (SPEC §20): `size.scale.domain` and `.range` (px² of area) of the first
    /// layer with a size field when written, else from zero (or, with `zero: false`, the smallest value) to the
    /// largest value any layer draws. Nil when no layer has a number on `size`. The size legend reads the same.
    public static func sizeScale(models: [PlotModel]) -> SizeScale? {
        let channels = models.compactMap { model in model.size.map { (model, $0) } }.filter { $0.1.isContinuous }
        guard let (leadModel, lead) = channels.first else { return nil }
        if let shared = leadModel.sharedSize { return shared }
        let values = channels.flatMap { model, channel in
            model.series.flatMap(\.rows).compactMap { channel.number($0) }.filter { $0 >= 0 && $0.isFinite }
        }
        let scale = lead.definition.scale
        let written = scale?.domain?.value.compactMap(\.numberValue) ?? []
        let zero = scale?.zero?.value ?? true
        let low = zero ? 0 : (values.min() ?? 0)
        let high = values.max() ?? 1
        var domain = ScaleInterval(low, high > low ? high : low + 1)
        if written.count == 2, written[0] < written[1] { domain = ScaleInterval(written[0], written[1]) }
        var areas = zero ? SizeScale.defaultAreaRange : ScaleInterval(9, SizeScale.defaultAreaRange.upper)
        let range = scale?.range?.value.compactMap(\.numberValue) ?? []
        if range.count == 2, range.allSatisfy({ $0 >= 0 && $0.isFinite }) { areas = ScaleInterval(range[0], range[1]) }
        return SizeScale(domain: domain, areaRange: areas)
    }

    /// The scales one layer is drawn on: the chart's, with the second scale of an independent channel in place
    /// of the first for the layer on the right (top) axis (SPEC §20).
    public func forLayer(_ model: PlotModel) -> PlotScales {
        guard let resolve = model.spec.resolve, secondX != nil || secondY != nil else { return self }
        var scales = self
        if let second = secondX, resolve.independent(isX: true)?.axis(ofLayer: model.spec.writtenLayerIndex) == 1 { scales.x = second }
        if let second = secondY, resolve.independent(isX: false)?.axis(ofLayer: model.spec.writtenLayerIndex) == 1 { scales.y = second }
        scales.secondX = nil
        scales.secondY = nil
        return scales
    }

    /// A gradient from the low end of the axis to its high end, its stops colored by the value at each point.
    private static func gradient(along axis: AlongAxis, scale: PositionScale?, scheme: ColorScheme, colorDomain: ScaleInterval?, reverse: Bool)
        -> LinearGradient?
    {
        guard let scale, let domain = scale.domain, let start = scale.position(domain.lower), let end = scale.position(domain.upper) else {
            return nil
        }
        let ramp = ContinuousColorScale(domain: colorDomain ?? domain.ascending, scheme: scheme, reverse: reverse)
        let count = 16
        var stops: [LinearGradient.Stop] = []
        for index in 0...count {
            let t = Double(index) / Double(count)
            // Stops follow the axis's own mapping (log and sqrt axes included).
            let pixel = start + (end - start) * t
            let value: Double
            switch scale {
            case .log(let s): value = s.invert(pixel) ?? domain.lower
            case .pow(let s): value = s.invert(pixel) ?? domain.lower
            default: value = domain.lower + (domain.upper - domain.lower) * t
            }
            guard let color = ramp.color(for: value) else { continue }
            stops.append(LinearGradient.Stop(offset: t, color: color.hex))
        }
        if axis == .x {
            return LinearGradient(id: MarkContext.alongGradientID, x1: start, y1: 0, x2: end, y2: 0, stops: stops)
        }
        return LinearGradient(id: MarkContext.alongGradientID, x1: 0, y1: start, x2: 0, y2: end, stops: stops)
    }

    /// Tick-count hint for an axis of `length` px (`axis.tickCount` wins).
    static func tickCount(_ channel: EncodedChannel?, isX: Bool, length: Double) -> Int {
        if let count = channel?.definition.axis?.tickCount?.value { return max(1, min(count, 200)) }
        return max(2, min(200, NumberConversion.clamped(length / (isX ? 80 : 70))))
    }

    /// - Parameter inset: pixels kept free at the left and right (x) or top and bottom (y) ends.
    /// One layer's share of a position scale: its channel, the channel ending its ranges, its visible rows.
    struct ScalePart {
        var model: PlotModel
        var channel: EncodedChannel
        var partner: EncodedChannel?
        var rows: [Int]

        var isMeasure: Bool { model.measure?.channel == channel.channel }
    }

    /// - Parameters:
    ///   - parts: the layers that have the channel, in layer order. The first that writes a `scale` (else the
    ///     first) decides the scale's options; every part's values go into its domain.
    ///   - annotated: annotation values stretch this scale: false for the second scale of an independent channel
    ///     (SPEC §20), as annotations are drawn on the first.
    private static func positionScale(
        parts: [ScalePart], isX: Bool, length: Double, inset: (Double, Double) = (0, 0), annotated stretches: Bool = true
    ) throws(DiagnosticError)
        -> PositionScale?
    {
        guard let lead = parts.first(where: { $0.channel.definition.scale != nil }) ?? parts.first else { return nil }
        let model = lead.model
        let channel = lead.channel
        let partner = lead.partner
        let rows = lead.rows
        // Values grow upwards on y; categories read top to bottom.
        let range: ScaleInterval
        if isX {
            range = ScaleInterval(inset.0, length - inset.1)
        } else {
            range = channel.isContinuous ? ScaleInterval(length - inset.1, inset.0) : ScaleInterval(inset.0, length - inset.1)
        }
        let scaleSpec = channel.definition.scale
        let reverse = scaleSpec?.reverse ?? false

        // Small multiples with a shared scale: every panel's values (Panels/PanelScope).
        let shared = isX ? model.panel?.x : model.panel?.y
        if !channel.isContinuous {
            var keys = Self.categories(channel, rows: rows, followTable: !model.spec.sort.isEmpty)
            for part in parts where part.model.spec.layerIndex != lead.model.spec.layerIndex && !part.channel.isContinuous {
                let known = Set(keys)
                keys += Self.categories(part.channel, rows: part.rows, followTable: !part.model.spec.sort.isEmpty).filter { !known.contains($0) }
            }
            if let sharedKeys = shared?.categories { keys = sharedKeys }
            // Bands or points: the checking stage decided it over every layer (`ResolvedChannel.placement`).
            if channel.resolved.placement == .point {
                return .point(PointScale(domain: keys, range: range, padding: 0.5, reverse: reverse))
            }
            let banded = parts.first { !$0.model.markType.traits.placesCategoriesAtPoints }?.model ?? model
            let inner = banded.markKind.bandPadding(grouped: banded.offset != nil)
            return .band(BandScale(domain: keys, range: range, paddingInner: inner, paddingOuter: inner / 2, reverse: reverse))
        }

        // Continuous: which kind, which values, which options.
        // The scale type the checking stage resolved (`ResolvedChannel.scaleType`); years and instants differ in
        // their ticks.
        let kind: ContinuousScaleKind
        switch channel.resolved.scaleType {
        case .log: kind = .log
        case .sqrt: kind = .pow
        case .time: kind = channel.holdsYears ? .years : .time
        default: kind = channel.holdsYears ? .years : (channel.holdsDates ? .time : .linear)
        }
        let isMeasure = lead.isMeasure
        var values: [Double] = []
        values.reserveCapacity(rows.count * 2)
        for part in [lead] + parts.filter({ $0.model.spec.layerIndex != lead.model.spec.layerIndex }) {
            Self.values(of: part, into: &values)
        }
        // Annotation values (SPEC §12) stretch a scale whose domain is not explicit (not the marks' spacing).
        var annotated = stretches ? AnnotationPositions.stretchValues(model.spec.annotations, channel: channel, axis: isX ? .x : .y) : []
        // So do `axis.values` (SPEC §19.7): a tick the spec asks for is drawn (outside an explicit domain, lint warns).
        if scaleSpec?.domain == nil, let ticks = channel.definition.axis?.values?.value {
            annotated += ticks.compactMap { Self.number($0) }
        }
        if let extra = shared?.values { values += extra }
        let extent = ScaleInterval.extent(of: annotated.isEmpty ? values : values + annotated, positiveOnly: kind == .log)
        let isRange = partner != nil
        // Bars and areas grow from zero along their measure, in any layer that draws them.
        let defaultZero = parts.contains { $0.isMeasure && $0.partner == nil && $0.model.markType.traits.growsFromZero } && kind != .time
        // Round ends are for tick labels: with the axis hidden, the largest value reaches the end of the plot.
        // Time runs from the first value to the last, as newsroom line charts do; a log axis keeps to its data
        // too (rounding out to whole powers of ten can leave most of the plot empty).
        let axisHidden = channel.definition.axis?.visible == false
        let spansData = axisHidden || channel.type == .temporal || kind == .log || channel.binStep != nil
        var options = DomainOptions(
            zero: scaleSpec?.zero?.value ?? defaultZero, nice: scaleSpec?.nice?.value ?? (spansData ? false : nil),
            tickCount: tickCount(channel, isX: isX, length: length))
        options.avoidsZero = scaleSpec?.zero?.value == false
        let finestTimeUnit = kind == .time ? TimePrecision.unit(of: values) : nil
        options.finestTimeUnit = finestTimeUnit
        if let domain = scaleSpec?.domain {
            let ends = explicitEnds(domain)
            options.explicitStart = ends.start
            options.explicitEnd = ends.end
        }
        if model.stack == .normalize && isMeasure && scaleSpec?.domain == nil {
            options.explicitStart = 0
            options.explicitEnd = 1
        }
        var domain: ScaleInterval
        do {
            domain = try ScaleDomain.resolve(kind, extent: extent, options: options)
        } catch {
            throw DiagnosticError(Diagnostic(error, at: scaleSpec?.domain?.span ?? scaleSpec?.type?.span ?? channel.definition.span))
        }

        // A log axis that follows its data gets a little air at both ends, so the extreme values do not sit on
        // the plot's edges.
        if kind == .log, scaleSpec?.domain == nil, scaleSpec?.nice?.value != true, domain.lower > 0, domain.upper > domain.lower {
            domain = ScaleInterval(domain.lower / 1.15, domain.upper * 1.15)
        }

        // Bars along a continuous axis need half a bar of room at each end.
        var pixels = range
        if channel.binStep == nil, parts.contains(where: { $0.model.markKind.needsRoomAcrossContinuousAxis && !$0.isMeasure && $0.partner == nil }) {
            let inset = barInset(values: values, domain: domain, length: length)
            pixels = isX ? ScaleInterval(inset, length - inset) : ScaleInterval(length - inset, inset)
        }
        // A niced domain is ticked with the step that niced it, so the axis starts and ends on a tick.
        let niced = options.nice ?? !options.hasExplicitDomain
        switch kind {
        case .linear:
            var scale = LinearScale(domain: domain, range: pixels, reverse: reverse)
            if niced { scale.niceStep = LinearTicks.niceStep(domain, count: options.tickCount, avoidingZero: options.avoidsZero) }
            return .linear(scale)
        case .years:
            var scale = LinearScale.years(domain: domain, range: pixels, reverse: reverse)
            if niced { scale.niceStep = LinearTicks.niceStep(domain, count: options.tickCount, integer: true, avoidingZero: options.avoidsZero) }
            return .linear(scale)
        case .pow: return .pow(PowScale.sqrt(domain: domain, range: pixels, reverse: reverse))
        case .time:
            return .time(
                TimeScale(domain: domain, range: pixels, reverse: reverse, firstWeekday: model.locale.firstWeekday, finestUnit: finestTimeUnit))
        case .log:
            do {
                return .log(try LogScale(domain: domain, range: pixels, reverse: reverse))
            } catch {
                throw DiagnosticError(Diagnostic(error, at: scaleSpec?.domain?.span ?? channel.definition.span))
            }
        }
    }

    /// A layer's values along its channel: its stacked segments' ends, or its values and its ranges' ends.
    private static func values(of part: ScalePart, into values: inout [Double]) {
        let model = part.model
        if part.isMeasure && model.stack != .none {
            for row in part.rows {
                if let segment = model.stacked[row] {
                    values.append(segment.start)
                    values.append(segment.end)
                }
            }
        } else {
            for row in part.rows {
                if let value = part.channel.number(row) { values.append(value) }
                if let partner = part.partner, let value = partner.number(row) { values.append(value) }
            }
            // A bin reaches its interval's end (SPEC §13).
            if let step = part.channel.binStep {
                for row in part.rows { if let value = part.channel.number(row) { values.append(BinnedChannel.end(value, step: step)) } }
            }
        }
    }

    /// The numbers a continuous position scale's domain covers over `rows` of one model (a panel's share of a
    /// shared scale, SPEC §13).
    static func domainValues(model: PlotModel, channel: EncodedChannel, partner: EncodedChannel?, rows: [Int]) -> [Double] {
        var values: [Double] = []
        Self.values(of: ScalePart(model: model, channel: channel, partner: partner, rows: rows), into: &values)
        return values
    }

    /// Discrete keys in display order over the given rows: the explicit domain, else an encoding's `sort` (SPEC §20),
    /// else the natural order of weekdays
    /// and months, else ascending for numbers and dates (cylinders 3, 4, 5, 6, 8 whatever order the rows come in,
    /// as Vega-Lite, ggplot2 and Observable Plot order them), else the table's. A spec that asks for a `sort` gets
    /// the table's order (`followTable`), so months sorted by rainfall stay sorted.
    static func categories(_ channel: EncodedChannel, rows: [Int], followTable: Bool) -> [String] {
        if let domain = channel.definition.scale?.domain?.value, !domain.isEmpty {
            return channel.categories(rows: 0..<0)
        }
        var seen: [String] = []
        var present = Set<String>()
        var ordered: [(value: Double, key: String)] = []
        let numeric = !followTable && (channel.column.type == .number || channel.column.type == .date)
        var missing = false
        for row in rows {
            guard let key = channel.key(row) else { continue }
            // Rows with no value are one category, placed last (SPEC §19.9).
            if channel.number(row) == nil && key == channel.missingKey && !channel.column.valid[row] {
                missing = true
                continue
            }
            if present.insert(key).inserted {
                seen.append(key)
                if numeric, let value = channel.number(row) { ordered.append((value, key)) }
            }
        }
        let last = missing && !present.contains(channel.missingKey) ? [channel.missingKey] : []
        if let sorted = channel.sortedKeys {
            return EncodedChannel.following(sorted, present: present, seen: seen) + last
        }
        if let natural = channel.column.naturalOrder, !followTable {
            return natural.filter { present.contains($0) } + seen.filter { !natural.contains($0) } + last
        }
        // Keys are distinct, and distinct numbers have distinct shortest forms, so the order is total.
        if numeric && ordered.count == seen.count {
            return ordered.sorted { $0.value < $1.value }.map(\.key) + last
        }
        return seen + last
    }

    /// The first and last value of `scale.domain` as numbers (dates as milliseconds); null leaves an end to the
    /// data. (Entries that are not numbers or dates are the checking stage's `scale-domain-type`.)
    private static func explicitEnds(_ domain: Located<[Value]>) -> (start: Double?, end: Double?) {
        guard domain.value.count >= 2 else { return (nil, nil) }
        return (number(domain.value.first), number(domain.value.last))
    }

    /// A value written in the spec on a continuous axis as a number (dates as milliseconds), or nil.
    static func number(_ value: Value?) -> Double? {
        switch value {
        case .number(let number)?: number
        case .date(let date)?: Double(date)
        case .string(let text)?: ISODate.parse(text).map(Double.init)
        default: nil
        }
    }

    /// Half the width a bar gets on a continuous axis: bars are 80% of the smallest gap between values.
    private static func barInset(values: [Double], domain: ScaleInterval, length: Double) -> Double {
        let sorted = Array(Set(values)).sorted()
        let span = domain.upper - domain.lower
        guard sorted.count > 1, span > 0 else { return min(20, length / 4) }
        var gap = Double.infinity
        for index in 1..<sorted.count { gap = min(gap, sorted[index] - sorted[index - 1]) }
        let fraction = gap / span
        let step = length * fraction / (1 + fraction)
        return min(length / 4, max(1, step * 0.5))
    }
}
