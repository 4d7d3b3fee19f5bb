extension JSONValue {
    /// Whether `items` is a plain array of numbers, strings, booleans and nulls (at least one not null). Both
    /// `data.values` and a JSON data file read such an array as the one column `data` (as Vega-Lite does), so the
    /// spec parser and the data reader share this one rule.
    public static func isColumnOfScalars(_ items: [JSONValue]) -> Bool {
        var sawValue = false
        for item in items {
            switch item.kind {
            case .number, .string, .bool: sawValue = true
            case .null: continue
            case .object, .array: return false
            }
        }
        return sawValue
    }
}
