import ChartDiagnostics
import ChartJSON

/// `table` (SPEC §24): its columns, `sort`, `rows` and `search`.
extension SpecDecoder {
    /// The keys a table takes no part of, reported where they are written: a table replaces the marks.
    static let keysATableReplaces = ["mark", "layers", "encoding", "facet", "legend", "annotations", "resolve", "height"]

    mutating func decodeTable(_ member: JSONMember, top: SpecObject) -> TableSpec? {
        for key in Self.keysATableReplaces {
            guard let other = top[key] else { continue }
            report(SpecDiagnostic.tableAnd(key: key), at: other.keySpan, notes: [DiagnosticNote("'table' is given here", at: member.keySpan)])
        }
        guard
            let object = object(
                member.value, path: "table", keys: SpecKeys.table, expected: "an object such as { \"columns\": [{ \"field\": \"country\" }] }")
        else { return nil }
        var columns: [TableColumn] = []
        if let columnsMember = object["columns"] {
            if case .array(let items) = columnsMember.value.kind {
                if items.isEmpty { report(SpecDiagnostic.emptyList(path: "table.columns"), at: columnsMember.value.span) }
                for (index, item) in items.enumerated() {
                    if let column = decodeTableColumn(item, path: "table.columns[\(index)]") { columns.append(column) }
                }
            } else {
                wrongType(columnsMember.value, path: "table.columns", expected: "an array of columns such as [{ \"field\": \"country\" }]")
            }
        } else if !object.hasMisspelling(of: "columns") {
            missingKey(.missingTableColumns, at: member.value.span)
        }
        var table = TableSpec(columns: columns, span: member.value.span)
        if let sortMember = object["sort"], let text = string(sortMember.value, path: "table.sort") {
            let descending = text.value.hasPrefix("-")
            let field = descending ? String(text.value.dropFirst()) : text.value
            if field.isEmpty {
                report(SpecDiagnostic.emptyFieldName(path: "table.sort"), at: sortMember.value.span)
            } else {
                table.sort = TableSort(field: field, descending: descending, span: sortMember.value.span)
            }
        }
        if let rowsMember = object["rows"],
            let rows = number(rowsMember.value, path: "table.rows", in: 1...10_000, rule: "a number of rows, 1 to 10000")
        {
            if rows.value.rounded() == rows.value {
                table.rows = Located(Int(rows.value), at: rows.span)
            } else {
                report(SpecDiagnostic.notWholeNumber(path: "table.rows", found: Self.lexeme(rowsMember.value)), at: rowsMember.value.span)
            }
        }
        if let searchMember = object["search"] {
            table.search = bool(searchMember.value, path: "table.search")
        }
        return table
    }

    private mutating func decodeTableColumn(_ value: JSONValue, path: String) -> TableColumn? {
        guard let object = object(value, path: path, keys: SpecKeys.tableColumn, expected: "an object such as { \"field\": \"country\" }") else {
            return nil
        }
        let display = object["display"].flatMap { enumValue($0.value, path: object.path("display"), what: "display", as: TableDisplay.self) }
        guard let fieldMember = object["field"] else {
            if !object.hasMisspelling(of: "field") { missingKey(.missingChannelField(path: path), at: value.span) }
            return nil
        }
        guard let field = fieldName(fieldMember.value, path: object.path("field")) else { return nil }
        var column = TableColumn(field: field, span: value.span)
        column.display = display
        column.title = object["title"].flatMap { string($0.value, path: object.path("title")) }
        column.format = object["format"].flatMap { formatSpec($0.value, path: object.path("format")) }
        column.width = object["width"].flatMap { number($0.value, path: object.path("width"), in: 8...2000, rule: "a width in pixels, 8 to 2000") }
        column.align = object["align"].flatMap { enumValue($0.value, path: object.path("align"), what: "alignment", as: TableAlign.self) }
        let kind = display?.value ?? .text
        if let member = object["scheme"] {
            if kind == .heat {
                column.scheme = string(member.value, path: object.path("scheme"))
            } else {
                report(SpecDiagnostic.tableColumnKey(path: path, key: "scheme", display: "heat", found: kind.rawValue), at: member.keySpan)
            }
        }
        if let member = object["from"] {
            if kind == .sparkline {
                column.from = decodeSparklineSource(member.value, path: object.path("from"))
            } else {
                report(SpecDiagnostic.tableColumnKey(path: path, key: "from", display: "sparkline", found: kind.rawValue), at: member.keySpan)
            }
        } else if kind == .sparkline {
            missingKey(
                .missingReshapeKey(
                    step: path, key: "from",
                    example: "{ \"data\": { \"url\": \"by-year.csv\" }, \"key\": \"country\", \"x\": \"year\", \"y\": \"gdp\" }"), at: value.span)
        }
        if let member = object["scale"] {
            if kind == .sparkline {
                column.scale = enumValue(member.value, path: object.path("scale"), what: "sparkline scale", as: SparklineScale.self)
            } else {
                report(SpecDiagnostic.tableColumnKey(path: path, key: "scale", display: "sparkline", found: kind.rawValue), at: member.keySpan)
            }
        }
        return column
    }

    private mutating func decodeSparklineSource(_ value: JSONValue, path: String) -> SparklineSource? {
        guard
            let object = object(
                value, path: path, keys: SpecKeys.sparklineFrom,
                expected: "an object such as { \"data\": { \"url\": \"by-year.csv\" }, \"key\": \"country\", \"x\": \"year\", \"y\": \"gdp\" }")
        else {
            return nil
        }
        var found: [String: Located<String>] = [:]
        for key in ["key", "x", "y"] {
            if let member = object[key] {
                found[key] = fieldName(member.value, path: object.path(key))
            } else if !object.hasMisspelling(of: key) {
                missingKey(
                    .missingReshapeKey(step: path, key: key, example: key == "key" ? "\"country\"" : key == "x" ? "\"year\"" : "\"gdp\""),
                    at: value.span)
            }
        }
        var data: DataSource?
        if let member = object["data"] {
            data = decodeData(member.value, path: object.path("data"))
        } else if !object.hasMisspelling(of: "data") {
            missingKey(.missingReshapeKey(step: path, key: "data", example: "{ \"url\": \"by-year.csv\" }"), at: value.span)
        }
        guard let data, let key = found["key"], let x = found["x"], let y = found["y"] else { return nil }
        return SparklineSource(data: data, key: key, x: x, y: y, span: value.span)
    }
}
