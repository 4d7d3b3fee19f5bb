#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartFormat
import ChartSpec
import ChartValues

/// The text of a table's cells (SPEC §24) and the order of its rows: what the static table draws and the HTML
/// table lists, computed once from the pipeline's rows.
struct TableCells: Sendable {
    /// Row indices of the table in the order shown (`table.sort`, else the pipeline's).
    let order: [Int]
    /// Per column, per row of the data (not of `order`): the cell's text; nil: missing.
    let texts: [[String?]]
    /// Per column, per row of the data: the number a bar or heat cell draws; nil for text columns and missing
    /// values.
    let numbers: [[Double?]]
    /// Per column: whether its values are numbers (right-aligned on the decimal point).
    let numeric: [Bool]

    init(spec: TableSpec, table: Table, locale: ChartLocale) {
        order = Self.order(table: table, sort: spec.sort)
        var texts: [[String?]] = []
        var numbers: [[Double?]] = []
        var numeric: [Bool] = []
        for column in spec.columns {
            guard column.kind != .sparkline, let data = table.column(named: column.field.value) else {
                texts.append([String?](repeating: nil, count: table.rowCount))
                numbers.append([Double?](repeating: nil, count: table.rowCount))
                numeric.append(false)
                continue
            }
            let format = Self.formatter(for: data, format: column.format, locale: locale)
            texts.append((0..<table.rowCount).map(format))
            if case .number(let values) = data.storage {
                numbers.append((0..<table.rowCount).map { row in data.valid[row] && values[row].isFinite ? values[row] : nil })
                numeric.append(true)
            } else {
                numbers.append([Double?](repeating: nil, count: table.rowCount))
                numeric.append(false)
            }
        }
        self.texts = texts
        self.numbers = numbers
        self.numeric = numeric
    }

    /// The rows in `sort`'s order (stable: equal values keep the pipeline's order; missing values last).
    static func order(table: Table, sort: TableSort?) -> [Int] {
        let rows = Array(0..<table.rowCount)
        guard let sort, let column = table.column(named: sort.field) else { return rows }
        let descending = sort.descending
        return rows.sorted { a, b in
            let left = column[a]
            let right = column[b]
            if left.isNull != right.isNull { return right.isNull }
            if left.isNull { return a < b }
            let ascending = Self.less(left, right)
            let reverse = Self.less(right, left)
            if !ascending && !reverse { return a < b }
            return descending ? reverse : ascending
        }
    }

    static func less(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): x < y
        case (.date(let x), .date(let y)): x < y
        case (.boolean(let x), .boolean(let y)): !x && y
        default: Array((a.text ?? "").unicodeScalars.map(\.value)).lexicographicallyPrecedes((b.text ?? "").unicodeScalars.map(\.value))
        }
    }

    /// How a column's cells are written: its `format` (a number or date pattern, with its prefix and suffix),
    /// else years plainly, other numbers with three significant digits or more and thousands separators, dates
    /// as `Jan 17, 2012`.
    static func formatter(for column: Column, format: FormatSpec?, locale: ChartLocale) -> (Int) -> String? {
        let pattern = format?.patternText
        let affixes = format?.affixes ?? .none
        switch column.storage {
        case .number(let numbers):
            let valid = column.valid
            if let pattern, let parsed = try? NumberFormat(parsing: pattern) {
                return { row in valid[row] && numbers[row].isFinite ? affixes.apply(parsed.format(numbers[row], locale: locale)) : nil }
            }
            let finite = numbers.indices.filter { valid[$0] && numbers[$0].isFinite }.map { numbers[$0] }
            let years = !finite.isEmpty && finite.allSatisfy { $0 == $0.rounded() && $0 >= 1000 && $0 <= 2200 }
            return { row in
                guard valid[row], numbers[row].isFinite else { return nil }
                return affixes.apply(
                    years ? NumberFormat.year.format(numbers[row], locale: locale) : TooltipData.defaultNumber(numbers[row], locale: locale))
            }
        case .date(let dates):
            let valid = column.valid
            let explicit = pattern.flatMap { try? DateFormat(parsing: $0) }
            return { row in
                guard valid[row] else { return nil }
                if let explicit { return affixes.apply(explicit.format(dates[row], locale: locale)) }
                return affixes.apply(TooltipData.defaultDate(dates[row], locale: locale))
            }
        case .string, .boolean:
            return { row in
                switch column[row] {
                case .string(let text): affixes.apply(text)
                case .boolean(let flag): flag ? "true" : "false"
                default: nil
                }
            }
        }
    }

    /// Where a number's text splits for decimal alignment: before the locale's decimal separator, or after its
    /// last digit when it has none (`1,234` and `12.5%` line up on the point). The part after is drawn to the
    /// right of the alignment line.
    static func fractionPart(of text: String, decimal: String) -> Substring {
        let characters = Array(text)
        let separator = Array(decimal)
        if !separator.isEmpty, characters.count >= separator.count {
            var index = characters.count - separator.count
            while index >= 0 {
                if Array(characters[index..<(index + separator.count)]) == separator, characters[..<index].contains(where: \.isNumber) {
                    return text.dropFirst(index)
                }
                index -= 1
            }
        }
        guard let last = characters.lastIndex(where: \.isNumber) else { return text.dropFirst(characters.count) }
        return text.dropFirst(last + 1)
    }
}
