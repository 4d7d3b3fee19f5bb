import ChartData
import ChartFormat
import ChartSpec

/// Decides what an axis shows from its channel, scale and the spec's `axis` options: tick values (round
/// numbers, calendar boundaries, or every category), their labels, the title and the newsroom defaults for
/// lines — gridlines across the plot for a measure, none for time or categories, a dark zero line under bars.
enum AxisBuilder {
    static func axis(channel: EncodedChannel, scale: PositionScale, isX: Bool, model: PlotModel, other: EncodedChannel?, length: Double) -> Axis? {
        let options = channel.definition.axis
        if options?.visible == false { return nil }
        var position: AxisPosition = isX ? .bottom : .left
        if let requested = options?.position?.value {
            if isX && (requested == .top || requested == .bottom) { position = requested }
            if !isX && (requested == .left || requested == .right) { position = requested }
        }
        let ticks = ticks(channel: channel, scale: scale, isX: isX, model: model, length: length)
        let isMeasure = model.measure?.channel == channel.channel
        let continuous = !scale.isDiscrete
        let otherContinuous = other?.isContinuous ?? false
        let defaultGrid = continuous && !(channel.type == .temporal && otherContinuous && other?.type != .temporal)
        let grid = options?.grid?.value ?? defaultGrid
        let tickMarks = continuous && !grid && channel.type == .temporal
        var baseline: Double?
        var strong = false
        if continuous, let domain = scale.domain, channel.type == .quantitative, channel.binStep == nil {
            let isRange = (isX ? model.x2 : model.y2) != nil
            let fillsFromZero = isMeasure && !isRange && model.markType.traits.growsFromZero
            if (fillsFromZero && domain.contains(0)) || (domain.lower < 0 && domain.upper > 0) {
                baseline = scale.position(0)
                strong = fillsFromZero
            }
        }
        return Axis(
            position: position, ticks: ticks, title: channel.title, grid: grid, tickMarks: tickMarks,
            domainLine: tickMarks, baseline: baseline, strongBaseline: strong, bandWidth: scale.isDiscrete ? scale.step : nil
        )
    }

    static func ticks(channel: EncodedChannel, scale: PositionScale, isX: Bool, model: PlotModel, length: Double) -> [AxisTick] {
        let options = channel.definition.axis
        if scale.isDiscrete {
            var keys = scale.categories
            if let values = options?.values?.value {
                let wanted = values.compactMap(EncodedChannel.key)
                keys = keys.filter { wanted.contains($0) }
            }
            return keys.compactMap { key in scale.center(key: key).map { AxisTick(position: $0, label: key) } }
        }
        let count = PlotScales.tickCount(channel, isX: isX, length: length)
        var values: [Double]
        if let explicit = options?.values?.value {
            values = explicit.compactMap { value -> Double? in
                switch value {
                case .number(let number): number
                case .date(let date): Double(date)
                case .string(let text): ISODate.parse(text).map(Double.init)
                default: nil
                }
            }
        } else if let step = channel.binStep, let domain = scale.domain {
            values = BinnedChannel.ticks(domain: domain, step: step, count: count)
        } else {
            values = scale.ticks(count: count)
        }
        if let domain = scale.domain {
            values = values.filter {
                domain.contains($0) || abs($0 - domain.lower) < 1e-9 * max(1, abs(domain.lower))
                    || abs($0 - domain.upper) < 1e-9 * max(1, abs(domain.upper))
            }
        }
        let isPercent = model.stack == .normalize && model.measure?.channel == channel.channel
        var tickLabels = TickLabels.forChannel(channel, isPercent: isPercent, locale: model.locale)
        if case .log = scale { tickLabels.logarithmic = true }
        let labels = tickLabels.labels(values)
        return zip(values, labels).compactMap { value, label in
            scale.position(value).map { AxisTick(position: $0, label: label) }
        }
    }
}
