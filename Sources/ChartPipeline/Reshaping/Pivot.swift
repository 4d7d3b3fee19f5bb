import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Runs `pivot` (SPEC §21) on a table just read: long to wide, as DuckDB's `PIVOT t ON field USING op(value)
/// GROUP BY groupBy` does. One row per combination of the `groupBy` values (in order of first appearance), then
/// one column per value of `field`, in the field's natural order (month and weekday names) or else ascending, each
/// holding `op` of `value` over the rows with that combination and that value. A combination no row has is null
/// (0 for `count` and `distinct`, as SQL's filtered aggregates give). Rows whose `field` is null name no column.
enum Pivot {
    /// More columns than this is a spec mistake (pivoting on an id or a measurement), not a chart.
    static let columnLimit = 1_000

    /// The file's columns the pivot reads: its groups, the field and the value, whatever later steps pick.
    static func columnsToRead(_ pivot: PivotSpec) -> Set<String> {
        Set(pivot.groupBy.map(\.value) + [pivot.field.value, pivot.value.value])
    }

    static func apply(_ pivot: PivotSpec, to loaded: LoadedData, origin: String) throws(DiagnosticError) -> LoadedData {
        let table = loaded.table
        let names = loaded.fieldNames.isEmpty ? table.columnNames : loaded.fieldNames
        var errors: [Diagnostic] = []
        for name in [pivot.field, pivot.value] + pivot.groupBy where table.column(named: name.value) == nil {
            errors.append(
                Diagnostic(PipelineDiagnostic.reshapeUnknownField(step: "pivot", field: name.value, origin: origin, names: names), at: name.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        guard let field = table.column(named: pivot.field.value), let value = table.column(named: pivot.value.value) else { return loaded }
        let keys = pivot.groupBy.compactMap { table.column(named: $0.value) }
        let function = pivot.op.value
        if function.needsNumbers && value.type != .number && value.type != .boolean && value.valid.contains(true) {
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.pivotValueType(field: pivot.value.value, type: value.type, op: function.rawValue), at: pivot.value.span)
            )
        }

        // The new columns' names: each distinct non-null value of `field`, ordered.
        let ids = ColumnKeys.denseIDs(field)
        var valueOfID = [Value](repeating: .null, count: ids.count)
        for row in 0..<table.rowCount { valueOfID[ids.ids[row]] = field[row] }
        let ordered = ordering(valueOfID.indices.filter { valueOfID[$0] != .null }, values: valueOfID, naturalOrder: field.naturalOrder)
        if ordered.count > columnLimit {
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.pivotTooWide(field: pivot.field.value, count: ordered.count, limit: columnLimit), at: pivot.field.span))
        }
        let columnNames = ordered.map { valueOfID[$0].text ?? "" }
        let groupNames = Set(pivot.groupBy.map(\.value))
        if let taken = columnNames.first(where: { groupNames.contains($0) }) {
            throw DiagnosticError(Diagnostic(PipelineDiagnostic.pivotNameTaken(name: taken, field: pivot.field.value), at: pivot.field.span))
        }

        // Each cell: the reduction over the rows of one (groups, field value) pair, spread into its row and column.
        let cells = GroupIndex.build(keys: keys + [field], rowCount: table.rowCount)
        let reduced = Reducer.reduce(Reduction(function, hasArgument: true, parameter: nil), values: value, groups: cells, name: "")
        let rows = GroupIndex.build(keys: keys, rowCount: table.rowCount)
        let outputRows = keys.isEmpty ? (table.rowCount > 0 ? 1 : 0) : rows.groupCount
        let columnOfID = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, $0.offset) })
        let empty: Value = function == .count || function == .distinct ? .number(0) : .null
        var grid = [[Value]](repeating: [Value](repeating: empty, count: outputRows), count: ordered.count)
        for cell in 0..<cells.groupCount {
            let first = cells.firstRow[cell]
            guard first >= 0, let column = columnOfID[ids.ids[first]] else { continue }
            grid[column][rows.groupOfRow[first]] = reduced[cell]
        }
        let type = function.resultType(argumentType: value.type) ?? .number
        var output = keys.map { $0.gathering(Array(rows.firstRow.prefix(outputRows))) }
        for (name, values) in zip(columnNames, grid) { output.append(Column(name: name, type: type, values: values)) }
        var result = loaded
        result.table = Table(columns: output, rowCount: outputRows)
        result.fieldNames = pivot.groupBy.map(\.value) + columnNames
        return result
    }

    /// The ids of the field's values in the order their columns come: the field's natural order when it has one
    /// (then any value it does not list), else ascending (numbers and dates by value, text by code points,
    /// false before true).
    static func ordering(_ ids: [Int], values: [Value], naturalOrder: [String]?) -> [Int] {
        let ascending = ids.sorted { a, b in
            switch (values[a], values[b]) {
            case (.number(let x), .number(let y)): x < y
            case (.date(let x), .date(let y)): x < y
            case (.boolean(let x), .boolean(let y)): !x && y
            default: (values[a].text ?? "").unicodeScalars.lexicographicallyPrecedes((values[b].text ?? "").unicodeScalars)
            }
        }
        guard let naturalOrder else { return ascending }
        let rank = Dictionary(naturalOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let listed = ascending.filter { rank[values[$0].text ?? ""] != nil }.sorted {
            rank[values[$0].text ?? ""] ?? 0 < rank[values[$1].text ?? ""] ?? 0
        }
        return listed + ascending.filter { rank[values[$0].text ?? ""] == nil }
    }
}
