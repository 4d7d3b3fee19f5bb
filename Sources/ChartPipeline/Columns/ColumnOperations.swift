import ChartData
import ChartFormat
import ChartValues

/// Column helpers the pipeline needs beyond `ChartData`: joining columns end to end (regular, `total` and
/// `complete` rows), constant columns, converting a column to strings (a `total` label in a numeric field), and
/// compacting string dictionaries so the output table holds only the strings it uses.
enum ColumnOperations {
    /// `parts` end to end, as one column of `type` named `name`. Values of another type become null.
    static func concatenate(_ parts: [Column], name: String, type: DataType) -> Column {
        let total = parts.reduce(0) { $0 + $1.count }
        var builder = ColumnBuilder(name: name, type: type, capacity: total)
        for part in parts {
            appendAll(part, to: &builder)
        }
        var column = builder.finish()
        column.naturalOrder = parts.lazy.compactMap(\.naturalOrder).first
        if type == .number { column.binStep = parts.lazy.compactMap(\.binStep).first }
        return column
    }

    private static func appendAll(_ part: Column, to builder: inout ColumnBuilder) {
        switch (builder.type, part.storage) {
        case (.number, .number(let values)):
            for row in 0..<part.count {
                if part.valid[row] { builder.appendNumber(values[row]) } else { builder.appendNull() }
            }
        case (.date, .date(let values)):
            for row in 0..<part.count {
                if part.valid[row] { builder.appendDate(values[row]) } else { builder.appendNull() }
            }
        case (.boolean, .boolean(let values)):
            for row in 0..<part.count {
                if part.valid[row] { builder.appendBoolean(values[row]) } else { builder.appendNull() }
            }
        case (.string, .string(let codes, let dictionary)):
            var mapped = [UInt32?](repeating: nil, count: dictionary.count)
            for row in 0..<part.count {
                let code = Int(codes[row])
                guard part.valid[row], code < dictionary.count else {
                    builder.appendNull()
                    continue
                }
                if let newCode = mapped[code] {
                    builder.appendCode(newCode)
                } else {
                    let newCode = builder.intern(dictionary[code])
                    mapped[code] = newCode
                    builder.appendCode(newCode)
                }
            }
        default:
            for _ in 0..<part.count { builder.appendNull() }
        }
    }

    /// A column of `count` copies of `value` (or nulls), typed `type`.
    static func constant(_ value: Value, count: Int, name: String, type: DataType) -> Column {
        var builder = ColumnBuilder(name: name, type: type, capacity: count)
        for _ in 0..<count { builder.append(value) }
        return builder.finish()
    }

    /// The column as strings, written the way `chartc data` writes them (`2012`, `2012-01-17`, `true`).
    static func asStrings(_ column: Column) -> Column {
        if column.type == .string { return column }
        var builder = ColumnBuilder(name: column.name, type: .string, capacity: column.count)
        for row in 0..<column.count {
            if let text = column[row].text { builder.appendString(text) } else { builder.appendNull() }
        }
        return builder.finish()
    }

    /// The text of one value as `asStrings` writes it.
    static func text(of value: Value) -> String? { value.text }

    /// A string column re-encoded so its dictionary holds exactly the strings it uses, in first-appearance
    /// order; other columns unchanged. Non-finite numbers become null (SPEC: results are finite or null).
    static func compacted(_ column: Column) -> Column {
        switch column.storage {
        case .string:
            var result = concatenate([column], name: column.name, type: .string)
            result.naturalOrder = column.naturalOrder
            return result
        case .number(let values):
            guard values.contains(where: { !$0.isFinite }) else { return column }
            var valid = column.valid
            var cleaned = values
            for row in 0..<values.count where !values[row].isFinite {
                valid[row] = false
                cleaned[row] = 0
            }
            return Column(name: column.name, storage: .number(cleaned), valid: valid, naturalOrder: column.naturalOrder, binStep: column.binStep)
        default:
            return column
        }
    }
}
