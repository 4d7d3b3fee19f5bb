import ChartFormat

extension Value {
    /// The one way a value is written as text everywhere a value becomes a name or a cell: a category key, a
    /// series name, a legend entry, a CSV cell, `string(x)`. Numbers in their shortest exact form (`2012`, not
    /// `2012.0`), dates as ISO 8601 (a time only when it is not midnight UTC), booleans as `true`/`false`; nil
    /// for null.
    public var text: String? {
        switch self {
        case .null: nil
        case .string(let text): text
        case .number(let number): NumberText.shortest(number)
        case .date(let milliseconds): ISODate.format(milliseconds)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}
