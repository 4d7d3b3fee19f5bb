import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Compiles a database spec's reshaping steps (SPEC §21: `fold`, `pivot`, `lookup`) into the relation every later
/// statement reads instead of the base table, so the reshaping runs in PostgreSQL and `SQLCompiler` compiles the
/// spec's other steps over it as over any table. The rows are the file's, in the file's order:
///
/// - the base rows are read as chartc reads them (`SQLCompiler.dataScope`: numbers as `float8`, text with `''` as
///   null, times to the millisecond in UTC) and numbered in input order (a table's `ctid`, else the order the
///   server returns them, as chartc reads them);
/// - `fold`: a `CROSS JOIN LATERAL (VALUES …)` gives each row one row per listed field, numbered row by row;
/// - `pivot`: the field's distinct values are read first (they name the columns, in `Pivot.ordering`'s order), then
///   one `GROUP BY` of the `groupBy` fields with an aggregate per column, `FILTER (WHERE field = value)`, each row
///   at its group's first row; sums and means add in input order (`sum(x ORDER BY row)`), as chartc adds;
/// - `lookup` (both sides in the same database): a `LEFT JOIN` to the other rows' first row of each key
///   (`DISTINCT ON`, in the other rows' input order).
///
/// The last stage orders by the row numbers and leaves them out. What has no exact SQL form (a pivot on dates, a
/// median, a spread) is an error at the step's line:col that says what to write instead.
enum SQLReshaping {
    /// A compiled reshaping: the relation to read (`(SELECT …) AS "chartc_reshaped"`) and the orders of the text
    /// fields whose categories keep an order of their own (a fold's names, in the order the spec lists them).
    struct Reshaped: Sendable {
        var relation: String
        var naturalOrders: [String: [String]]
        /// What a lookup's match counts found (rows without a match, keys the other rows repeat), as the
        /// in-memory `Lookup` says them: a join in the database does not fail silently either.
        var warnings: [Diagnostic] = []
    }

    /// The other side of a lookup, in the same database: its relation, its columns and its input order.
    struct OtherRows {
        var relation: String
        var columns: [SQLCompiler.Column]
        var inputOrder: String?
        var origin: String
    }

    /// One stage of the nested statement: a relation whose columns are `columns` (canonical types) plus `row`.
    private struct Stage {
        var sql: String
        var columns: [(name: String, type: DataType)]
        var naturalOrders: [String: [String]] = [:]
        var names: [String] { columns.map(\.name) }
        func type(of name: String) -> DataType? { columns.first { $0.name == name }?.type }
    }

    /// - Parameters:
    ///   - other: the other rows of a `lookup` (nil: not in the same database, an error at `lookup.data`).
    ///   - distinctValues: runs a statement and gives its table (a pivot's field values, a lookup's match counts).
    static func compile(
        _ steps: [ReshapeStep], base: String, columns: [SQLCompiler.Column], inputOrder: String?, origin: String,
        other: (LookupSpec) throws(DiagnosticError) -> OtherRows?,
        distinctValues: (String) throws(DiagnosticError) -> Table
    ) throws(DiagnosticError) -> Reshaped {
        let row = rowColumnName(steps, columns: columns.map(\.name))
        let quotedRow = SQLText.identifier(row)
        let scope = SQLCompiler.dataScope(columns)
        var list: [String] = []
        var stageColumns: [(name: String, type: DataType)] = []
        for column in columns where !stageColumns.contains(where: { $0.name == column.name }) {
            let text = scope[column.name]?.text ?? "\(SQLText.identifier(column.name))::text"
            list.append("\(text) AS \(SQLText.identifier(column.name))")
            stageColumns.append((column.name, column.type))
        }
        list.append("row_number() OVER (\(inputOrder.map { "ORDER BY \($0)" } ?? "")) AS \(quotedRow)")
        var stage = Stage(sql: "SELECT " + list.joined(separator: ", ") + "\nFROM \(base)", columns: stageColumns)
        var warnings: [Diagnostic] = []
        for (index, step) in steps.enumerated() {
            let alias = SQLText.identifier("chartc_step\(index)")
            switch step {
            case .fold(let fold):
                stage = try foldStage(fold, from: stage, alias: alias, row: quotedRow, origin: origin)
            case .pivot(let pivot):
                stage = try pivotStage(pivot, from: stage, alias: alias, row: quotedRow, origin: origin, distinctValues: distinctValues)
            case .lookup(let lookup):
                guard let rows = try other(lookup) else {
                    throw DiagnosticError(Diagnostic(PipelineDiagnostic.lookupAcrossDatabases, at: lookup.data.span ?? lookup.span))
                }
                let joined = try lookupStage(lookup, from: stage, alias: alias, row: quotedRow, origin: origin, other: rows)
                warnings += try lookupWarnings(lookup, join: joined, other: rows, run: distinctValues)
                stage = joined.stage
            case .flatten(let flatten):
                // The parser refuses it beside `database` (a database column holds no JSON arrays to read).
                throw DiagnosticError(Diagnostic(SpecDiagnostic.keyWithDatabase(key: "flatten"), at: flatten.span))
            }
        }
        let names = stage.names.map(SQLText.identifier).joined(separator: ", ")
        let relation = "(SELECT \(names)\nFROM (\(stage.sql)) AS \"chartc_reshaped_rows\"\nORDER BY \(quotedRow)) AS \"chartc_reshaped\""
        return Reshaped(relation: relation, naturalOrders: stage.naturalOrders, warnings: warnings)
    }

    /// A name for the row numbers that no column of the data or of a step has.
    static func rowColumnName(_ steps: [ReshapeStep], columns: [String]) -> String {
        var taken = Set(columns)
        for step in steps {
            switch step {
            case .fold(let fold): taken.formUnion([fold.key.value, fold.value.value])
            case .pivot: break
            case .lookup(let lookup): taken.formUnion(lookup.names.map(\.value) + (lookup.fields?.map(\.value) ?? []))
            case .flatten(let flatten): taken.formUnion(flatten.outputNames)
            }
        }
        var name = "chartc_row"
        while taken.contains(name) { name += "_" }
        return name
    }

    // MARK: - fold

    private static func foldStage(_ fold: FoldSpec, from stage: Stage, alias: String, row: String, origin: String) throws(DiagnosticError) -> Stage {
        let names = stage.names
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
        let types = fold.fields.map { stage.type(of: $0.value) ?? .number }
        let type = types.first ?? .number
        if let other = zip(fold.fields, types).first(where: { $0.1 != type }), let first = fold.fields.first {
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.foldTypes(field: other.0.value, type: other.1, first: first.value, firstType: type), at: other.0.span))
        }
        let kept = stage.columns.filter { !folded.contains($0.name) }
        let width = fold.fields.count
        let values = fold.fields.enumerated().map { offset, field in
            "(\(offset + 1), \(escapedLiteral(field.value)), \(alias).\(SQLText.identifier(field.value)))"
        }
        var list = kept.map { "\(alias).\(SQLText.identifier($0.name))" }
        list.append("\"chartc_fold\".\"key\" AS \(SQLText.identifier(fold.key.value))")
        list.append("\"chartc_fold\".\"value\" AS \(SQLText.identifier(fold.value.value))")
        list.append("(\(alias).\(row) - 1) * \(width) + \"chartc_fold\".\"position\" AS \(row)")
        let sql =
            "SELECT " + list.joined(separator: ", ") + "\nFROM (\(stage.sql)) AS \(alias)\nCROSS JOIN LATERAL (VALUES "
            + values.joined(separator: ", ") + ") AS \"chartc_fold\"(\"position\", \"key\", \"value\")"
        var next = Stage(sql: sql, columns: kept + [(fold.key.value, .string), (fold.value.value, type)])
        next.naturalOrders = stage.naturalOrders.filter { name, _ in kept.contains { $0.name == name } }
        next.naturalOrders[fold.key.value] = fold.fields.map(\.value)
        return next
    }

    // MARK: - pivot

    private static func pivotStage(
        _ pivot: PivotSpec, from stage: Stage, alias: String, row: String, origin: String, distinctValues: (String) throws(DiagnosticError) -> Table
    ) throws(DiagnosticError) -> Stage {
        let names = stage.names
        var errors: [Diagnostic] = []
        for name in [pivot.field, pivot.value] + pivot.groupBy where stage.type(of: name.value) == nil {
            errors.append(
                Diagnostic(PipelineDiagnostic.reshapeUnknownField(step: "pivot", field: name.value, origin: origin, names: names), at: name.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        let fieldType = stage.type(of: pivot.field.value) ?? .string
        let valueType = stage.type(of: pivot.value.value) ?? .number
        let function = pivot.op.value
        if function.needsNumbers && valueType != .number && valueType != .boolean {
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.pivotValueType(field: pivot.value.value, type: valueType, op: function.rawValue), at: pivot.value.span))
        }
        if fieldType == .date {
            throw DiagnosticError(Diagnostic(PipelineDiagnostic.pivotInDatabase(reason: .dateField(pivot.field.value)), at: pivot.field.span))
        }
        switch function {
        case .count, .distinct, .sum, .mean, .min, .max, .first, .last: break
        default:
            throw DiagnosticError(
                Diagnostic(PipelineDiagnostic.pivotInDatabase(reason: .operation(function.rawValue)), at: pivot.op.span ?? pivot.span))
        }
        let field = SQLText.identifier(pivot.field.value)
        let found = try distinctValues(
            "SELECT DISTINCT \(alias).\(field)\nFROM (\(stage.sql)) AS \(alias)\nWHERE \(alias).\(field) IS NOT NULL")
        let values = (0..<found.rowCount).compactMap { found.columns.first?[$0] }.filter { $0 != .null }
        let ordered = Pivot.ordering(Array(values.indices), values: values, naturalOrder: stage.naturalOrders[pivot.field.value])
        if ordered.count > Pivot.columnLimit {
            throw DiagnosticError(
                Diagnostic(
                    PipelineDiagnostic.pivotTooWide(field: pivot.field.value, count: ordered.count, limit: Pivot.columnLimit), at: pivot.field.span))
        }
        let columnNames = ordered.map { values[$0].text ?? "" }
        let groupNames = pivot.groupBy.map(\.value)
        if let taken = columnNames.first(where: { groupNames.contains($0) }) {
            throw DiagnosticError(Diagnostic(PipelineDiagnostic.pivotNameTaken(name: taken, field: pivot.field.value), at: pivot.field.span))
        }
        let value = "\(alias).\(SQLText.identifier(pivot.value.value))"
        var list = groupNames.map { "\(alias).\(SQLText.identifier($0))" }
        for (position, index) in ordered.enumerated() {
            guard let constant = literal(values[index]) else { continue }
            let condition = "\(alias).\(field) = \(constant)"
            list.append(
                "\(cell(function, value: value, type: valueType, condition: condition, row: "\(alias).\(row)")) AS \(SQLText.identifier(columnNames[position]))"
            )
        }
        list.append("min(\(alias).\(row)) AS \(row)")
        var sql = "SELECT " + list.joined(separator: ",\n       ") + "\nFROM (\(stage.sql)) AS \(alias)"
        if !groupNames.isEmpty { sql += "\nGROUP BY " + groupNames.map { "\(alias).\(SQLText.identifier($0))" }.joined(separator: ", ") }
        sql += "\nHAVING count(*) > 0"
        let resultType = function.resultType(argumentType: valueType) ?? .number
        let groups = pivot.groupBy.map { (name: $0.value, type: stage.type(of: $0.value) ?? .string) }
        var next = Stage(sql: sql, columns: groups + columnNames.map { ($0, resultType) })
        next.naturalOrders = stage.naturalOrders.filter { groupNames.contains($0.key) }
        return next
    }

    /// One pivot cell: `function` of `value` over the rows where `condition` holds, as `Reducer` computes it.
    private static func cell(_ function: AggregateFunction, value: String, type: DataType, condition: String, row: String) -> String {
        let filter = " FILTER (WHERE \(condition))"
        switch function {
        case .count: return "count(\(value))" + filter
        case .distinct: return "count(DISTINCT \(value))" + filter
        case .sum: return "sum(\(numeric(value, type)) ORDER BY \(row))" + filter
        case .mean:
            return "(sum(\(numeric(value, type)) ORDER BY \(row))\(filter) / NULLIF(count(\(value))\(filter), 0))"
        case .min, .max:
            let isMin = function == .min
            switch type {
            case .boolean: return "\(isMin ? "bool_and" : "bool_or")(\(value))" + filter
            case .string: return "\(isMin ? "min" : "max")(\(value) COLLATE \"C\")" + filter
            case .number, .date: return "\(isMin ? "min" : "max")(\(value))" + filter
            }
        case .first, .last:
            let direction = function == .first ? "" : " DESC"
            return "(array_agg(\(value) ORDER BY \(row)\(direction)) FILTER (WHERE \(condition) AND \(value) IS NOT NULL))[1]"
        default:
            // No exact SQL form (`pivotStage` refuses these before).
            return "NULL"
        }
    }

    /// A boolean's sum and mean count its trues, as chartc's reducer reads it as 0 and 1.
    private static func numeric(_ value: String, _ type: DataType) -> String {
        type == .boolean ? "\(value)::int::float8" : value
    }

    /// A value of the data as an SQL constant of the type its column reads as (nil: a date or null).
    static func literal(_ value: Value) -> String? {
        switch value {
        case .number(let number): number.isFinite ? "\(escapedLiteral(value.text ?? String(number)))::float8" : nil
        case .string(let text): escapedLiteral(text)
        case .boolean(let flag): flag ? "TRUE" : "FALSE"
        default: nil
        }
    }

    /// A string constant that reads the same whatever `standard_conforming_strings` is (an `E'…'` literal).
    static func escapedLiteral(_ text: String) -> String {
        var out = "E'"
        for scalar in text.unicodeScalars where scalar != "\0" {
            switch scalar {
            case "'": out += "''"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    // MARK: - lookup

    /// A compiled lookup: the joined stage, and the pieces its match counts read — the rows before the join with
    /// the value each looks up (`on`), and the other rows' keys.
    private struct Join {
        var stage: Stage
        var before: Stage
        /// The looked-up field and its cast, to read from the rows before the join under another alias.
        var onField: String
        var onCast: String
        /// The row numbers' column, for the rows' order.
        var row: String
        var keys: String
    }

    private static func lookupStage(
        _ lookup: LookupSpec, from stage: Stage, alias: String, row: String, origin: String, other: OtherRows
    ) throws(DiagnosticError) -> Join {
        let names = stage.names
        let otherNames = other.columns.map(\.name)
        var errors: [Diagnostic] = []
        if stage.type(of: lookup.on.value) == nil {
            errors.append(
                Diagnostic(
                    PipelineDiagnostic.reshapeUnknownField(step: "lookup", field: lookup.on.value, origin: origin, names: names), at: lookup.on.span))
        }
        let copied = Lookup.sourceNames(lookup, otherNames: otherNames)
        let spans = lookup.fields?.map(\.span) ?? copied.map { _ in lookup.span }
        for (name, span) in [(lookup.key.value, lookup.key.span)] + zip(copied, spans).map({ ($0, $1) }) where !otherNames.contains(name) {
            errors.append(
                Diagnostic(PipelineDiagnostic.reshapeUnknownField(step: "lookup", field: name, origin: other.origin, names: otherNames), at: span))
        }
        let added = Lookup.addedNames(lookup, otherNames: otherNames)
        let addedSpans = lookup.names.isEmpty ? spans : lookup.names.map(\.span)
        for ((name, span), source) in zip(zip(added, addedSpans), copied) where names.contains(name) && otherNames.contains(source) {
            errors.append(Diagnostic(PipelineDiagnostic.lookupNameTaken(name: name), at: span ?? lookup.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }

        let scope = SQLCompiler.dataScope(other.columns)
        func read(_ name: String) -> String { scope[name]?.text ?? "\(SQLText.identifier(name))::text" }
        let onType = stage.type(of: lookup.on.value) ?? .string
        let keyType = other.columns.first { $0.name == lookup.key.value }?.type ?? .string
        // Values compare as they print: a number key finds the text that spells it.
        let sameType = onType == keyType
        var inner = ["\(read(lookup.key.value))\(sameType ? "" : "::text") AS \"chartc_key\""]
        for (offset, name) in copied.enumerated() { inner.append("\(read(name)) AS \"chartc_field\(offset)\"") }
        inner.append("row_number() OVER (\(other.inputOrder.map { "ORDER BY \($0)" } ?? "")) AS \"chartc_other_row\"")
        let otherRows =
            "SELECT DISTINCT ON (\"chartc_key\") * FROM (SELECT " + inner.joined(separator: ", ") + "\n  FROM \(other.relation)) AS \"chartc_other\""
            + "\n  WHERE \"chartc_key\" IS NOT NULL ORDER BY \"chartc_key\", \"chartc_other_row\""
        var list = stage.names.map { "\(alias).\(SQLText.identifier($0))" } + ["\(alias).\(row)"]
        var columns = stage.columns
        for (offset, (name, source)) in zip(added, copied).enumerated() {
            list.append("\"chartc_match\".\"chartc_field\(offset)\" AS \(SQLText.identifier(name))")
            columns.append((name, other.columns.first { $0.name == source }?.type ?? .string))
        }
        let on = "\(alias).\(SQLText.identifier(lookup.on.value))\(sameType ? "" : "::text")"
        let sql =
            "SELECT " + list.joined(separator: ", ") + "\nFROM (\(stage.sql)) AS \(alias)\nLEFT JOIN (\(otherRows)) AS \"chartc_match\""
            + " ON \"chartc_match\".\"chartc_key\" = \(on)"
        var next = Stage(sql: sql, columns: columns)
        next.naturalOrders = stage.naturalOrders
        let keys =
            "SELECT \(read(lookup.key.value))\(sameType ? "" : "::text") AS \"chartc_key\" FROM \(other.relation)"
        return Join(
            stage: next, before: stage, onField: SQLText.identifier(lookup.on.value), onCast: sameType ? "" : "::text", row: row, keys: keys)
    }

    /// The lookup's warnings (`lookup-unmatched`, `lookup-repeated-key`), from two statements: the counts of rows
    /// without a match and of repeated keys, and, when rows found none, up to 200 of the values they looked up
    /// with the other rows' keys (when there are at most 20,000), for `Lookup.nearMisses`' did-you-mean.
    private static func lookupWarnings(
        _ lookup: LookupSpec, join: Join, other: OtherRows, run: (String) throws(DiagnosticError) -> Table
    ) throws(DiagnosticError) -> [Diagnostic] {
        let alias = "\"chartc_before\""
        let on = "\(alias).\(join.onField)\(join.onCast)"
        let keys = "SELECT DISTINCT \"chartc_key\" FROM (\(join.keys)) AS \"chartc_keys\" WHERE \"chartc_key\" IS NOT NULL"
        let counts =
            "SELECT count(*)::int8, count(*) FILTER (WHERE \"chartc_match\".\"chartc_key\" IS NULL)::int8,"
            + " (SELECT count(\"chartc_key\") - count(DISTINCT \"chartc_key\") FROM (\(join.keys)) AS \"chartc_all_keys\")::int8"
            + "\nFROM (\(join.before.sql)) AS \(alias) LEFT JOIN (\(keys)) AS \"chartc_match\" ON \"chartc_match\".\"chartc_key\" = \(on)"
        let table = try run(counts)
        func count(_ column: Int) -> Int {
            guard table.rowCount == 1, column < table.columns.count, let value = table.columns[column][0].numberValue else { return 0 }
            return Int(exactly: value) ?? 0
        }
        let (rows, unmatchedRows, repeatedKeys) = (count(0), count(1), count(2))
        var warnings: [Diagnostic] = []
        if unmatchedRows > 0 {
            // In the rows' order, each value once; the keys in byte order, as `Lookup` sorts them.
            let values = try run(
                "SELECT (\(on))::text FROM (\(join.before.sql)) AS \(alias)"
                    + " WHERE \(on) IS NOT NULL AND \(on) NOT IN (\(keys)) GROUP BY 1 ORDER BY min(\(alias).\(join.row)) LIMIT 200")
            let otherKeys = try run(
                "SELECT \"chartc_key\"::text FROM (\(keys)) AS \"chartc_distinct\" ORDER BY \"chartc_key\"::text COLLATE \"C\" LIMIT 20001")
            func texts(_ table: Table) -> [String] {
                guard let column = table.columns.first else { return [] }
                return (0..<table.rowCount).compactMap { column[$0].text }
            }
            warnings.append(
                Diagnostic(
                    PipelineDiagnostic.lookupUnmatched(
                        rows: unmatchedRows, of: rows, on: lookup.on.value, key: lookup.key.value, origin: other.origin,
                        nearMisses: Lookup.nearMisses(texts(values), keys: texts(otherKeys))),
                    at: lookup.on.span ?? lookup.span))
        }
        if repeatedKeys > 0 {
            warnings.append(
                Diagnostic(
                    PipelineDiagnostic.lookupRepeatedKeys(count: repeatedKeys, key: lookup.key.value, origin: other.origin),
                    at: lookup.key.span ?? lookup.span))
        }
        return warnings
    }
}
