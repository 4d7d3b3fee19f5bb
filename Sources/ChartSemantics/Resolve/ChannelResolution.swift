import ChartData
import ChartFormat
import ChartSpec
import ChartValues

/// The one place a channel's facts are decided (SPEC §7, §19): every check asks through `SemanticContext`
/// (`isDiscrete`, `isTemporal`, `resolved`), and layout reads the `ResolvedView` the checking stage made.
extension SemanticContext {
    /// A channel's facts. `values` summarizes the rows at hand (skip it where only the type matters: it reads
    /// the column).
    public func resolve(_ channel: ChannelDef, values: Bool = true) -> ResolvedChannel {
        let field = channel.field?.value
        let fieldType = field.flatMap { self.fieldType($0) }
        let scaleType = channel.scale?.type?.value
        let discreteScale = scaleType == .band || scaleType == .point || scaleType == .ordinal
        var type: MeasureType?
        if let declared = channel.type?.value {
            type = declared
            switch (declared, fieldType) {
            case (.quantitative, .string?), (.quantitative, .boolean?), (.temporal, .string?), (.temporal, .boolean?):
                type = .nominal
            case (.quantitative, .date?):
                type = .temporal
            default:
                break
            }
        } else if let fieldType {
            switch fieldType {
            case .number: type = .quantitative
            case .date: type = .temporal
            case .string, .boolean: type = .nominal
            }
        } else if let scaleType, !discreteScale {
            type = scaleType == .time ? .temporal : .quantitative
        } else if let domain = channel.scale?.domain?.value, !domain.isEmpty {
            if domain.allSatisfy({ $0.numberValue != nil }) {
                type = .quantitative
            } else if domain.allSatisfy({ $0.stringValue != nil }) {
                // Date strings could be a time domain.
                type = domain.allSatisfy { $0.stringValue.flatMap(ISODate.parse) != nil } ? .temporal : .nominal
            }
        }
        // Numbers or dates asked onto a discrete scale are categories.
        if discreteScale && (type == nil || type == .quantitative || type == .temporal) { type = .ordinal }
        let continuous = type.map { !$0.isDiscrete }
        let holdsYears = type == .temporal && fieldType == .number
        var resolvedScale = scaleType
        if resolvedScale == nil, continuous == true {
            resolvedScale = type == .temporal && !holdsYears ? .time : .linear
        }
        let column = field.flatMap { table?.column(named: $0) }
        let binStep = type == .quantitative ? column?.binStep.flatMap { $0 > 0 ? $0 : nil } : nil
        return ResolvedChannel(
            channel: channel.channel, field: field, fieldType: fieldType, type: type, scaleType: resolvedScale, holdsYears: holdsYears,
            binStep: binStep, values: values ? column.flatMap { ValueSummary($0) } : nil,
            drawnBy: field != nil || channel.value != nil ? [spec.mark.type.value] : [])
    }

    /// The view's facts: every channel, then what follows from them.
    func resolveView() -> ResolvedView {
        let encoding = spec.encoding
        var channels: [ChannelName: ResolvedChannel] = [:]
        for channel in encoding.channels { channels[channel.channel] = resolve(channel) }
        for name in [ChannelName.x, .y] where channels[name]?.field != nil && channels[name]?.isDiscrete == true {
            let scaleType = channels[name]?.scaleType
            channels[name]?.placement = CategoryPlacement.decide(scaleType: scaleType, marks: [spec.mark.type.value])
        }
        // Layout binds the channels that show a field (a color `along` an axis takes its colors from positions).
        func bound(_ name: ChannelName) -> ResolvedChannel? {
            guard let channel = channels[name], channel.field != nil else { return nil }
            if name == .color && encoding.color?.along != nil { return nil }
            return channel
        }
        let x = bound(.x)
        let y = bound(.y)
        let mark = spec.mark.type.value
        var orientation = Orientation.decide(x: x, y: y)
        // An area up to a constant px (SPEC §19.3) runs along its one field.
        if mark == .area, (x == nil) != (y == nil), encoding.x?.value != nil || encoding.y?.value != nil {
            orientation = x != nil ? .vertical : .horizontal
        }
        let series = colorMakesSeries

        var stack: StackMode? = StackMode.none
        if mark.traits.stacks {
            if let orientation {
                let measure = orientation == .vertical ? y : x
                let isRange = orientation == .vertical ? bound(.y2) != nil : bound(.x2) != nil
                if let measure, !isRange {
                    switch measure.type {
                    case .quantitative?:
                        if let explicit = (orientation == .vertical ? encoding.y : encoding.x)?.stack?.value {
                            stack = explicit
                        } else if mark.traits.draws(.detail), bound(.detail) != nil {
                            // Series without color stack like colored ones (SPEC §20: series are color × detail).
                            stack = bound(.offset) == nil ? .zero : StackMode.none
                        } else if let series {
                            stack = series && bound(.offset) == nil ? .zero : StackMode.none
                        } else {
                            stack = nil
                        }
                    case nil: stack = nil
                    default: break
                    }
                }
            } else {
                stack = nil
            }
        }
        return ResolvedView(
            mark: mark, channels: channels, orientation: orientation, stack: stack,
            lineOrder: mark == .line && bound(.order) != nil ? .order : Self.lineOrder(x: x, y: y, orientation: orientation),
            colorMakesSeries: series)
    }

    /// SPEC §19.4 (with §6), for a line without `order` (which joins its points in that field's order, SPEC §20): the temporal channel; else the quantitative one when the other is discrete (a line
    /// on a quantitative x and categories on y runs left to right); else the independent axis of the orientation:
    /// x for categories on x — a line over month names, which keep their natural order (SPEC §4), joins them in
    /// that order, not by value — and for two quantitative channels, y for a bin on y (a histogram on its side).
    /// Layout's lines, direct labels and the `first`/`last` annotation anchors all read this one answer.
    static func lineOrder(x: ResolvedChannel?, y: ResolvedChannel?, orientation: Orientation?) -> ChannelName? {
        guard let x else { return y == nil ? nil : .y }
        guard let y else { return .x }
        if x.isTemporal == true { return .x }
        if y.isTemporal == true { return .y }
        if x.isQuantitative == true && y.isDiscrete == true { return .x }
        guard x.type != nil, y.type != nil else { return nil }
        return orientation == .horizontal ? .y : .x
    }
}
