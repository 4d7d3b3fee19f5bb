import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Runs `fold` (SPEC §21) on a table just read: each row becomes one row per folded field, in the order `fields`
/// lists them, holding the field's name in the key column and its cell in the value column (a null cell stays a
/// row with a null value, so a line has its gap there, SPEC §19.9). The other columns keep their order and are
/// repeated; the key and value columns come last. The key's categories keep the listed order (as `month()`'s do),
/// so a legend or band axis of them reads as the spec lists them.
enum Fold {
    /// The data's field names after the fold: the fields it keeps, then the key and the value.
    static func fieldNames(_ fold: FoldSpec, from names: [String]) -> [String] {
        let folded = Set(fold.fields.map(\.value))
        return names.filter { !folded.contains($0) } + [fold.key.value, fold.value.value]
    }

    /// The file's columns to read for `picked`, a projection of the folded table: the key and value come from
    /// every folded field, so those are always read.
    static func columnsToRead(_ fold: FoldSpec, picked: Set<String>?) -> Set<String>? {
        guard let picked else { return nil }
        return picked.subtracting([fold.key.value, fold.value.value]).union(fold.fields.map(\.value))
    }

    /// The folded table, or the errors that stop it: a listed field the data lacks (with a did-you-mean), a new
    /// field named like one the data keeps, fields of different types (they share one value column).
    static func apply(_ fold: FoldSpec, to loaded: LoadedData, origin: String) throws(DiagnosticError) -> LoadedData {
        let names = loaded.fieldNames.isEmpty ? loaded.table.columnNames : loaded.fieldNames
        var errors: [Diagnostic] = []
        let known = Set(names)
        for field in fold.fields where !known.contains(field.value) {
            errors.append(Diagnostic(PipelineDiagnostic.foldUnknownField(field: field.value, origin: origin, names: names), at: field.span))
        }
        let folded = Set(fold.fields.map(\.value))
        for name in [fold.key, fold.value] where known.contains(name.value) && !folded.contains(name.value) {
            errors.append(Diagnostic(PipelineDiagnostic.foldNameTaken(name.value), at: name.span ?? fold.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }

        let table = loaded.table
        let columns = fold.fields.compactMap { table.column(named: $0.value) }
        // A column with no value at all has no type of its own to disagree with.
        let typed = zip(fold.fields, columns).filter { $0.1.valid.contains(true) }
        let type = typed.first?.1.type ?? columns.first?.type ?? .number
        if let first = typed.first, let other = typed.first(where: { $0.1.type != type }) {
            throw DiagnosticError(
                Diagnostic(
                    PipelineDiagnostic.foldTypes(field: other.0.value, type: other.1.type, first: first.0.value, firstType: type),
                    at: other.0.span))
        }

        let width = columns.count
        let rowCount = table.rowCount
        var repeated: [Int] = []
        repeated.reserveCapacity(rowCount * width)
        for row in 0..<rowCount {
            for _ in 0..<width { repeated.append(row) }
        }
        var output = table.columns.filter { !folded.contains($0.name) }.map { $0.gathering(repeated) }
        let keyNames = fold.fields.map(\.value)
        let keyCodes = (0..<(rowCount * width)).map { UInt32($0 % max(width, 1)) }
        output.append(
            Column(
                name: fold.key.value, storage: .string(codes: keyCodes, dictionary: keyNames), valid: Array(repeating: true, count: keyCodes.count),
                naturalOrder: keyNames))
        var builder = ColumnBuilder(name: fold.value.value, type: type, capacity: rowCount * width)
        for row in 0..<rowCount {
            for column in columns {
                if column.type == type { builder.append(column[row]) } else { builder.appendNull() }
            }
        }
        output.append(builder.finish())
        var result = loaded
        result.table = Table(columns: output, rowCount: rowCount * width)
        result.fieldNames = fieldNames(fold, from: names)
        return result
    }
}
