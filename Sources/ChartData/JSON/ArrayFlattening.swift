import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartValues

/// The rows of `flatten` (SPEC §21): one row per element of array fields. JSON data reads an array cell as its JSON
/// text (`JSONDataReader`: a field `flatten` names is never a nested-cell error), so any step before the flatten
/// carries it like text; here each cell is read back as a JSON array. As Vega-Lite's `flatten` and DuckDB's
/// `unnest` of several lists in one `SELECT`: the arrays of a row are zipped (the i-th elements share a row), a
/// shorter or null array gives null there, and a row whose arrays are all empty or null gives no row. The elements
/// of each field become a column typed as a JSON data column's cells are (`JSONDataReader.buildColumn`), so an
/// array of arrays flattens one level and leaves the inner arrays as text, for another `flatten`.
public enum ArrayFlattening {
    /// Why a field cannot be flattened: a cell of it (`row`, 1-based) holds `found` ("a number", "text", "an
    /// object"), not an array.
    public struct NotAnArray: Error, Sendable, Equatable {
        public var field: String
        public var row: Int
        public var found: String
    }

    /// The table with `fields` flattened, each renamed to its entry of `names` in its place.
    public static func flatten(_ table: Table, fields: [String], names: [String]) -> Result<Table, NotAnArray> {
        let columns = fields.compactMap { table.column(named: $0) }
        var arrays: [[[JSONValue]?]] = []
        for column in columns {
            var cells: [[JSONValue]?] = []
            cells.reserveCapacity(table.rowCount)
            for row in 0..<table.rowCount {
                switch elements(of: column, row: row) {
                case .null: cells.append(nil)
                case .array(let items): cells.append(items)
                case .other(let found): return .failure(NotAnArray(field: column.name, row: row + 1, found: found))
                }
            }
            arrays.append(cells)
        }
        var repeated: [Int] = []
        var elementCells = [[(row: Int, value: JSONValue)]](repeating: [], count: columns.count)
        for row in 0..<table.rowCount {
            let length = arrays.map { $0[row]?.count ?? 0 }.max() ?? 0
            for index in 0..<length {
                let outputRow = repeated.count
                repeated.append(row)
                for (slot, cells) in arrays.enumerated() {
                    if let items = cells[row], index < items.count { elementCells[slot].append((outputRow, items[index])) }
                }
            }
        }
        let flattened = Set(fields)
        var output: [Column] = []
        for column in table.columns {
            guard flattened.contains(column.name) else {
                output.append(column.gathering(repeated))
                continue
            }
            guard let slot = columns.firstIndex(where: { $0.name == column.name }) else { continue }
            let name = names.indices.contains(slot) ? names[slot] : column.name
            var errors: [Diagnostic] = []
            let built = JSONDataReader.buildColumn(
                name: name, cells: elementCells[slot], rowCount: repeated.count, declared: nil, dateFormat: nil, locale: .enUS,
                nestedIsError: false, errors: &errors)
            output.append(built ?? Column(name: name, type: .string, values: [Value](repeating: .null, count: repeated.count)))
        }
        return .success(Table(columns: output, rowCount: repeated.count))
    }

    /// Whether the column's cells read as JSON arrays (its first non-null one does): the fields a did-you-mean
    /// for `flatten` offers.
    public static func holdsArrays(_ column: Column) -> Bool {
        guard column.type == .string, let row = column.valid.firstIndex(of: true) else { return false }
        return column[row].text?.utf8.first == UInt8(ascii: "[")
    }

    /// One cell read for flattening.
    private enum Cell {
        case null
        case array([JSONValue])
        /// What the cell holds instead of an array ("a number", "text").
        case other(String)
    }

    /// The elements of one cell: null, the array's items, or what the cell holds instead.
    private static func elements(of column: Column, row: Int) -> Cell {
        let value = column[row]
        switch value {
        case .null: return .null
        case .number: return .other("a number")
        case .date: return .other("a date")
        case .boolean: return .other("a boolean")
        case .string(let text):
            guard text.utf8.first == UInt8(ascii: "["), let parsed = try? JSONReader.read(text, path: column.name, requireObject: false),
                case .array(let items) = parsed.kind
            else {
                return .other(text.utf8.first == UInt8(ascii: "{") ? "an object" : "text")
            }
            return .array(items)
        }
    }
}
