import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartValues

/// Turns JSON rows — a JSON data file, or a spec's inline `values` — into a columnar `Table`. The input is the
/// already-parsed `JSONValue` tree, so every error points at the node that caused it.
///
/// Shape: an array of objects, or the array at the dotted `property` path (`"data.rows"`) inside the
/// document. Columns come in order of first appearance across the rows; a key missing from a row is null.
///
/// Types, per column (booleans are kept here, unlike CSV, because JSON writes them as such):
/// - only numbers → number; only booleans → boolean; only strings → date when every non-empty one is ISO 8601,
///   else string; nothing but nulls → an empty string column. An empty string is null, as in CSV.
/// - a mix (numbers and strings, say) → string, each value written as in the file (`1.50` stays `1.50`),
///   as a CSV column with one non-number becomes text.
/// - a nested object or array in a column that is read → error `json-data-nested` at that value (flatten
///   the data, or point `property` at the array you mean). Columns outside the projection are not checked.
/// `parse` overrides: `number` (numbers, or strings that read as numbers), `date` (ISO or `YYYY/MM/DD`
/// strings, or numbers as milliseconds since 1970), `boolean` (booleans, `true/false/yes/no/1/0` strings,
/// the numbers 1 and 0), `string` (anything, as written); a value that does not fit is an error at the value.
public enum JSONDataReader {
    /// An array of objects, or the array at the dotted `property` path inside the document.
    public static func table(from document: JSONValue, property: String?, columns: Set<String>?, parse: [String: DataType]) throws(DiagnosticError)
        -> Table
    {
        try table(from: document, property: property, propertySpan: nil, columns: columns, parse: parse)
    }

    /// As above; `propertySpan` is where the spec writes `property`, so a wrong path is reported there.
    public static func table(
        from document: JSONValue, property: String?, propertySpan: SourceSpan?, columns: Set<String>?, parse: [String: DataType],
        dateFormats: [String: DateFormat] = [:], locale: ChartLocale = .enUS, isUsed: (String) -> Bool = { _ in true }
    ) throws(DiagnosticError) -> Table {
        let rows = try rowObjects(in: document, property: property, propertySpan: propertySpan)
        let names = columnNames(rows)
        var errors: [Diagnostic] = []
        let read = names.filter { columns?.contains($0) ?? true }
        // The table holds a cell for every row of every field read, present or not: rows that each bring keys
        // of their own (100,000 rows with one distinct key each) would make a small file a huge table.
        let (cellCount, overflow) = rows.count.multipliedReportingOverflow(by: read.count)
        if overflow || cellCount > cellLimit {
            throw DiagnosticError(
                Diagnostic(DataDiagnostic.cellLimit(rows: rows.count, fields: read.count, limit: cellLimit), at: document.span))
        }
        var slotOf: [String: Int] = [:]
        for (slot, name) in read.enumerated() { slotOf[name] = slot }
        // Each field's present cells as (row, value), in row order: memory follows the file, not rows × fields.
        var cells = [[(row: Int, value: JSONValue)]](repeating: [], count: read.count)
        for (row, members) in rows.enumerated() {
            for member in members {
                guard let slot = slotOf[member.key] else { continue }
                if cells[slot].last?.row == row {
                    cells[slot][cells[slot].count - 1].value = member.value // a repeated key: the last one counts
                } else {
                    cells[slot].append((row, member.value))
                }
            }
        }
        var built: [Column] = []
        for (slot, name) in read.enumerated() {
            if let column = buildColumn(
                name: name, cells: cells[slot], rowCount: rows.count, declared: parse[name], dateFormat: dateFormats[name], locale: locale,
                nestedIsError: isUsed(name), errors: &errors)
            {
                built.append(column)
            }
            cells[slot] = []
            if errors.count >= maxErrors { break }
        }
        if !errors.isEmpty { throw DiagnosticError(Array(errors.prefix(maxErrors))) }
        return Table(columns: built, rowCount: rows.count)
    }

    /// The field names in order of first appearance, without building columns (for checking `parse` and
    /// for lint).
    public static func fieldNames(in document: JSONValue, property: String?, propertySpan: SourceSpan?) throws(DiagnosticError) -> [String] {
        columnNames(try rowObjects(in: document, property: property, propertySpan: propertySpan))
    }

    /// Stop collecting problems after this many.
    public static let maxErrors = 10

    /// The most cells (rows × fields read) a JSON data file or inline `values` may make (specs/limits.md): about
    /// 100 MB of columns. A denser table needs a file far larger than the data size limit.
    public static let cellLimit = 20_000_000

    // MARK: - Shape

    /// The members of every row, after checking the document has the expected shape.
    private static func rowObjects(in document: JSONValue, property: String?, propertySpan: SourceSpan?) throws(DiagnosticError) -> [[JSONMember]] {
        var node = document
        var path: [String] = []
        if let property, !property.isEmpty {
            for part in property.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                let here = path.isEmpty ? "the document" : "'\(path.joined(separator: "."))'"
                guard let members = node.objectValue else {
                    throw DiagnosticError(
                        Diagnostic(
                            DataDiagnostic.propertyThroughNonObject(property: property, here: here, found: article(node.typeName), part: part),
                            at: propertySpan ?? node.span,
                            notes: propertySpan == nil ? [] : [DiagnosticNote("\(here) is here", at: node.span)]))
                }
                guard let member = members.first(where: { $0.key == part }) else {
                    let keys = members.map(\.key)
                    let listed = QuotedText.list(keys, limit: 8)
                    throw DiagnosticError(
                        Diagnostic(
                            DataDiagnostic.propertyKeyMissing(property: property, here: here, part: part, keys: keys), at: propertySpan ?? node.span,
                            notes: [DiagnosticNote(keys.isEmpty ? "\(here) is an empty object" : "\(here) has \(listed)", at: node.span)]))
                }
                path.append(part)
                node = member.value
            }
        }
        guard let items = node.arrayValue else {
            let array = node.objectValue?.first(where: { $0.value.arrayValue != nil })
            let arrayAt = array.map { (path + [$0.key]).joined(separator: ".") }
            throw DiagnosticError(Diagnostic(DataDiagnostic.notArray(found: article(node.typeName), arrayAt: arrayAt), at: node.span))
        }
        // A plain array of numbers, strings or booleans is one column named `data` (as Vega-Lite reads it).
        if JSONValue.isColumnOfScalars(items) {
            return items.map { [JSONMember(key: scalarColumnName, keySpan: $0.span, value: $0)] }
        }
        var rows: [[JSONMember]] = []
        rows.reserveCapacity(items.count)
        var firstNotRow: (index: Int, item: JSONValue)?
        var notRows = 0
        for (index, item) in items.enumerated() {
            if let members = item.objectValue {
                rows.append(members)
            } else {
                if firstNotRow == nil { firstNotRow = (index, item) }
                notRows += 1
            }
        }
        // One error for the array, at its first item that is not a row, with how many more there are.
        if let (index, item) = firstNotRow {
            let more = notRows - 1
            throw DiagnosticError(Diagnostic(DataDiagnostic.rowNotObject(row: index + 1, found: article(item.typeName), more: more), at: item.span))
        }
        return rows
    }

    /// The name of the one column a plain array of scalars (`[3, 5, 8]`) is read as.
    public static let scalarColumnName = "data"

    private static func columnNames(_ rows: [[JSONMember]]) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for members in rows {
            for member in members where !seen.contains(member.key) {
                seen.insert(member.key)
                names.append(member.key)
            }
        }
        return names
    }

    private static func article(_ typeName: String) -> String {
        switch typeName {
        case "object", "array": "an \(typeName)"
        case "null": "null"
        default: "a \(typeName)"
        }
    }

    // MARK: - Columns

    /// What a cell holds, for inference. An empty string counts as missing (null), as in CSV.
    private enum CellKind {
        /// `impossibleDate`: a string with an ISO 8601 date's shape naming no date (`2021-02-30`, SPEC §19.10).
        case missing, number, boolean, string, date, impossibleDate, nested
    }

    private static func kind(of cell: JSONValue?, checkDates: Bool) -> CellKind {
        guard let cell else { return .missing }
        switch cell.kind {
        case .number: return .number
        case .bool: return .boolean
        case .null: return .missing
        case .object, .array: return .nested
        case .string(let string):
            if string.value.isEmpty { return .missing }
            guard checkDates else { return .string }
            if ISODate.parse(string.value) != nil { return .date }
            return ImpossibleDates.isImpossible(Substring(string.value)) ? .impossibleDate : .string
        }
    }

    static func buildColumn(
        name: String, cells: [(row: Int, value: JSONValue)], rowCount: Int, declared: DataType?, dateFormat: DateFormat?,
        locale: ChartLocale, nestedIsError: Bool, errors: inout [Diagnostic]
    ) -> Column? {
        // Classify the values, stopping at nested ones in a column the spec uses; one it does not use is text.
        var nested = false
        var numbers = 0
        var strings = 0
        var dates = 0
        var impossibleDates = 0
        var booleans = 0
        for (row, cell) in cells {
            switch kind(of: cell, checkDates: declared == nil) {
            case .missing: break
            case .number: numbers += 1
            case .boolean: booleans += 1
            case .string: strings += 1
            case .date: dates += 1
            case .impossibleDate: impossibleDates += 1
            case .nested:
                guard nestedIsError else {
                    nested = true
                    continue
                }
                errors.append(
                    Diagnostic(DataDiagnostic.nestedCell(row: row + 1, field: name, found: article(cell.typeName)), at: cell.span))
                return nil
            }
        }
        let type: DataType
        if nested {
            type = .string
        } else if let declared {
            type = declared
        } else if numbers > 0 && strings == 0 && dates == 0 && booleans == 0 {
            type = .number
        } else if booleans > 0 && strings == 0 && dates == 0 && numbers == 0 {
            type = .boolean
        } else if dates + impossibleDates > 0 && strings == 0 && numbers == 0 && booleans == 0 {
            // Impossible dates among dates fail as a date column's cells do (one error for the column).
            type = .date
        } else {
            type = .string
        }

        var builder = ColumnBuilder(name: name, type: type, capacity: rowCount)
        // One error for the column, however many of its cells fail (SPEC §19.10).
        var failures = DataDiagnostic.ParseFailureCollector(column: name, declared: type, format: type == .date ? dateFormat : nil)
        var next = 0 // the next row not yet appended
        for (row, cell) in cells {
            while next < row {
                builder.appendNull()
                next += 1
            }
            next = row + 1
            guard kind(of: cell, checkDates: false) != .missing else {
                builder.appendNull()
                continue
            }
            if !append(cell, as: type, lenientDates: declared != nil, dateFormat: type == .date ? dateFormat : nil, locale: locale, to: &builder) {
                builder.appendNull()
                failures.add(text: text(of: cell), span: cell.span, row: row + 1)
            }
        }
        if let failure = failures.diagnostic(kind: .jsonParse(type), locale: locale) {
            errors.append(failure)
            return nil
        }
        while next < rowCount {
            builder.appendNull()
            next += 1
        }
        return builder.finish()
    }

    /// Appends a non-null scalar converted to `type`; false when it does not convert.
    private static func append(
        _ cell: JSONValue, as type: DataType, lenientDates: Bool, dateFormat: DateFormat?, locale: ChartLocale, to builder: inout ColumnBuilder
    ) -> Bool {
        switch type {
        case .string:
            builder.appendString(text(of: cell))
            return true
        case .number:
            var number = cell.numberValue
            if number == nil, let string = cell.stringValue { number = DecimalParser.parse(string) }
            guard let number else { return false }
            builder.appendNumber(number)
            return true
        case .date:
            var date: Int64?
            if let string = cell.stringValue, let dateFormat {
                date = dateFormat.parse(string, locale: locale)
            } else if let string = cell.stringValue {
                date = lenientDates ? ISODate.parseLenient(string) : ISODate.parse(string)
            } else if let number = cell.numberValue, number.isFinite, abs(number) < 8.64e15 {
                date = Int64(exactly: number.rounded())
            }
            guard let date else { return false }
            builder.appendDate(date)
            return true
        case .boolean:
            var boolean = cell.boolValue
            if boolean == nil, let string = cell.stringValue { boolean = BooleanText.parse(string) }
            if boolean == nil, let number = cell.numberValue, number == 0 || number == 1 { boolean = number == 1 }
            guard let boolean else { return false }
            builder.appendBoolean(boolean)
            return true
        }
    }

    /// A scalar as text: strings as they are, numbers as written in the file, booleans as `true`/`false`.
    private static func text(of cell: JSONValue) -> String {
        switch cell.kind {
        case .string(let string): string.value
        case .number(_, let lexeme): lexeme
        case .bool(let value): value ? "true" : "false"
        case .null: ""
        // A nested value (in a column the spec does not use) as the file writes it.
        case .object, .array: String(decoding: cell.span.file.bytes[cell.span.range], as: UTF8.self)
        }
    }
}
