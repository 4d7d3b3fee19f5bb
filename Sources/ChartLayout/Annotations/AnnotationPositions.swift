import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// Where annotation values (SPEC §12) sit on the plot's scales, asking the plot for nothing but its channels and
/// scales: a number, date or year on a continuous axis, a category's band on a discrete one. Also the values
/// the scales stretch to include (`stretchValues`), so the scales and the drawing read values the same way.
struct AnnotationPositions: Sendable {
    let x: EncodedChannel?
    let y: EncodedChannel?
    let scales: PlotScales

    init(x: EncodedChannel?, y: EncodedChannel?, scales: PlotScales) {
        self.x = x
        self.y = y
        self.scales = scales
    }

    /// How a bound channel reads annotation values.
    static func reading(_ channel: EncodedChannel) -> AnnotationAxis.Reading {
        if !channel.isContinuous { return .categories }
        if channel.holdsYears { return .years }
        if channel.holdsDates { return .dates }
        return .numbers
    }

    /// The numbers on `channel`'s continuous axis that the annotations need the scale to show: every value on
    /// that axis, unless the channel's domain is explicit (then a value outside it is left out and lint says so).
    static func stretchValues(_ annotations: [Annotation], channel: EncodedChannel, axis: ChannelName) -> [Double] {
        guard channel.isContinuous, channel.definition.scale?.domain == nil else { return [] }
        let reading = reading(channel)
        return annotations.flatMap { annotation in
            annotation.values(on: axis).compactMap { $0.value.flatMap { AnnotationAxis.number($0, reading: reading) } }
        }
    }

    private func parts(_ axis: ChannelName) -> (EncodedChannel, PositionScale)? {
        if axis == .x, let x, let scale = scales.x { return (x, scale) }
        if axis == .y, let y, let scale = scales.y { return (y, scale) }
        return nil
    }

    /// A value as the axis would print it, for `{value}` in a label: the channel's `format` when it has one,
    /// else years whole, dates as the axis writes a single date, numbers to three significant digits.
    ///
    /// - Parameter withYear: a date written without a `format` names its year (a range's ends when the range
    ///   does not lie within one year, SPEC §19.7).
    func text(_ value: AnnotationValue, axis: ChannelName, locale: ChartLocale, withYear: Bool = false) -> String? {
        guard let (channel, scale) = parts(axis), let written = value.value else { return nil }
        if scale.isDiscrete { return AnnotationAxis.category(written) }
        let reading = Self.reading(channel)
        guard let number = AnnotationAxis.number(written, reading: reading) else { return nil }
        let format = channel.definition.format ?? channel.definition.axis?.format
        let pattern = format?.patternText
        let affixes = format?.affixes ?? .none
        switch reading {
        case .dates:
            let text = TickLabels(kind: .dates, format: format, locale: locale).labels([number]).first
            let year = String(CivilDate.components(NumberConversion.clamped(max(-8.64e15, min(8.64e15, number)), as: Int64.self)).year)
            guard withYear, pattern == nil, let text, !text.contains(year) else { return text }
            let full = locale.identifier == "en-US" ? "%b %-d, %Y" : locale.identifier == "de-DE" ? "%-d. %b %Y" : "%-d %b %Y"
            return TickLabels(kind: .dates, pattern: full, affixes: affixes, locale: locale).labels([number]).first ?? text

        case .years: return TickLabels(kind: .years, format: format, locale: locale).labels([number]).first
        default:
            if pattern != nil { return TickLabels(kind: .number, format: format, locale: locale).labels([number]).first }
            return affixes.apply(NumberFormat(kind: .significant, precision: 3, grouping: true, trimZeros: true).format(number, locale: locale))
        }
    }

    /// Whether the axis is a time axis whose domain runs over more than one year: a date printed alone for it
    /// (a note's `{x}`) then names its year.
    func domainCrossesYears(_ axis: ChannelName) -> Bool {
        guard let (channel, scale) = parts(axis), !scale.isDiscrete, Self.reading(channel) == .dates, let domain = scale.domain else { return false }
        let years = [domain.lower, domain.upper].map {
            CivilDate.components(NumberConversion.clamped(max(-8.64e15, min(8.64e15, $0)), as: Int64.self)).year
        }
        return years[0] != years[1]
    }

    /// Whether two values on a time axis fall in different years (a range label then names them).
    func crossesYears(_ values: [AnnotationValue], axis: ChannelName) -> Bool {
        guard values.count == 2, let (channel, scale) = parts(axis), !scale.isDiscrete else { return false }
        let reading = Self.reading(channel)
        guard case .dates = reading else { return false }
        let years = values.compactMap { $0.value.flatMap { AnnotationAxis.number($0, reading: reading) } }.map {
            CivilDate.components(NumberConversion.clamped(max(-8.64e15, min(8.64e15, $0)), as: Int64.self)).year
        }
        return years.count == 2 && years[0] != years[1]
    }

    /// The pixel of a single value (a rule, a note's point): the value on a continuous axis, the middle of a
    /// category's band. Nil when the value is not on the scale, or outside its domain (not drawn).
    func position(_ value: AnnotationValue, axis: ChannelName) -> Double? {
        guard let (channel, scale) = parts(axis), let written = value.value else { return nil }
        if scale.isDiscrete {
            return AnnotationAxis.category(written).flatMap { scale.center(key: $0) }
        }
        guard let number = AnnotationAxis.number(written, reading: Self.reading(channel)), let domain = scale.domain else { return nil }
        let low = Swift.min(domain.lower, domain.upper), high = Swift.max(domain.lower, domain.upper)
        let slack = (high - low) * 1e-9
        guard number >= low - slack && number <= high + slack else { return nil }
        return scale.position(number)
    }

    /// The pixels a range covers, in increasing order, cut to the plot: whole bands on a discrete axis (from the
    /// first category's band to the last's). Nil when the range lies wholly outside the domain.
    func span(_ values: [AnnotationValue], axis: ChannelName) -> (low: Double, high: Double)? {
        guard values.count == 2, let (channel, scale) = parts(axis) else { return nil }
        let length = axis == .x ? scales.width : scales.height
        var ends: [Double] = []
        if scale.isDiscrete {
            for value in values {
                guard let key = value.value.flatMap(AnnotationAxis.category), let start = scale.position(key: key) else { return nil }
                ends.append(start)
                ends.append(start + Swift.max(scale.bandwidth, 0))
            }
            // Points (no band): half a step around each end.
            if scale.bandwidth == 0 {
                let half = scale.step / 2
                ends = ends.map { $0 - half } + ends.map { $0 + half }
            } else {
                let padding = (scale.step - scale.bandwidth) / 2
                ends = ends.map { $0 - padding } + ends.map { $0 + padding }
            }
        } else {
            guard let domain = scale.domain else { return nil }
            let reading = Self.reading(channel)
            let low = Swift.min(domain.lower, domain.upper), high = Swift.max(domain.lower, domain.upper)
            var numbers: [Double] = []
            for value in values {
                guard let number = value.value.flatMap({ AnnotationAxis.number($0, reading: reading) }) else { return nil }
                numbers.append(number)
            }
            let from = Swift.min(numbers[0], numbers[1]), to = Swift.max(numbers[0], numbers[1])
            guard to >= low, from <= high else { return nil }
            for number in [Swift.max(from, low), Swift.min(to, high)] {
                guard let pixel = scale.position(number) else { return nil }
                ends.append(pixel)
            }
        }
        guard let lowest = ends.min(), let highest = ends.max() else { return nil }
        let low = Swift.max(0, lowest), high = Swift.min(length, highest)
        return high > low ? (low, high) : nil
    }
}
