import ChartFormat
import ChartSpec
import ChartValues

/// What an annotation value (SPEC §12) means on the axis it is written for: a position on a continuous scale
/// (a number; a date as milliseconds; a year as a number on a year axis) or a category on a discrete one. The
/// checking stage, lint and layout all read values through this, so they agree on what is on the scale.
public enum AnnotationAxis {
    /// How an axis reads values.
    public enum Reading: Sendable, Equatable {
        /// Numbers (linear, log, sqrt).
        case numbers
        /// Dates as ISO 8601 text (a date column): milliseconds since 1970.
        case dates
        /// Numbers that are years (a numeric field declared temporal).
        case years
        /// Category names (band, point, ordinal).
        case categories
    }

    /// How the channel reads annotation values, or nil when that is not known (no data yet).
    public static func reading(of channel: ChannelDef, in context: SemanticContext) -> Reading? {
        guard let discrete = context.isDiscrete(channel) else { return nil }
        if discrete { return .categories }
        guard context.isTemporal(channel) == true else { return .numbers }
        if let field = channel.field?.value, let type = context.fieldType(field) {
            return type == .number ? .years : .dates
        }
        if channel.scale?.type?.value == .time { return .dates }
        return nil
    }

    /// The position of a value on a continuous axis that reads this way (nil: not a value of that axis).
    public static func number(_ value: Value, reading: Reading) -> Double? {
        switch (reading, value) {
        case (.numbers, .number(let number)), (.years, .number(let number)):
            return number.isFinite ? number : nil
        case (.dates, .string(let text)):
            return ISODate.parse(text).map(Double.init)
        case (.years, .string(let text)):
            return ISODate.parse(text).flatMap { number(.date($0), reading: .years) }
        case (.dates, .date(let milliseconds)):
            return Double(milliseconds)
        case (.years, .date(let milliseconds)):
            // A date on a year axis: its year plus the fraction of it gone by.
            let year = CivilDate.components(milliseconds).year
            let start = Double(CivilDate.milliseconds(year: year))
            let end = Double(CivilDate.milliseconds(year: year + 1))
            return Double(year) + (Double(milliseconds) - start) / (end - start)
        default:
            return nil
        }
    }

    /// The category name a value stands for on a discrete axis (numbers in their shortest form).
    public static func category(_ value: Value) -> String? {
        value.text
    }
}
