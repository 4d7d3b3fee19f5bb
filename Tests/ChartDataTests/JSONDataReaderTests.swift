import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartValues
import Testing

private func document(_ text: String) throws -> JSONValue {
    try JSONReader.read(text, path: "data.json", requireObject: false)
}

private func jsonTable(_ text: String, property: String? = nil, columns: Set<String>? = nil, parse: [String: DataType] = [:]) throws -> Table {
    try JSONDataReader.table(from: try document(text), property: property, columns: columns, parse: parse)
}

private func jsonErrors(_ text: String, property: String? = nil, columns: Set<String>? = nil, parse: [String: DataType] = [:]) throws -> [Diagnostic]
{
    let node = try document(text)
    do {
        _ = try JSONDataReader.table(from: node, property: property, columns: columns, parse: parse)
        return []
    } catch {
        return error.diagnostics
    }
}

@Suite("JSON data")
struct JSONDataReaderTests {
    @Test func columnsInOrderOfFirstAppearanceAndMissingKeysAreNull() throws {
        let table = try jsonTable(#"[{"a": 1, "b": "x"}, {"b": "y", "c": true}, {"a": 2}]"#)
        #expect(table.columnNames == ["a", "b", "c"])
        #expect(table.rowCount == 3)
        #expect(table.values("a") == [.number(1), .null, .number(2)])
        #expect(table.values("b") == [.string("x"), .string("y"), .null])
        #expect(table.type("c") == .boolean)
        #expect(table.values("c") == [.null, .boolean(true), .null])
    }

    @Test func emptyArray() throws {
        let table = try jsonTable("[]")
        #expect(table.rowCount == 0)
        #expect(table.columns.isEmpty)
    }

    @Test func dottedPropertyPath() throws {
        let table = try jsonTable(#"{"meta": {}, "data": {"rows": [{"v": 1}, {"v": 2}]}}"#, property: "data.rows")
        #expect(table.values("v") == [.number(1), .number(2)])
    }

    @Test func missingPropertySuggestsTheKey() throws {
        let errors = try jsonErrors("{\"data\":\n  {\"rows\": []}}", property: "data.rowz")
        #expect(errors.map(\.id) == ["data-property-not-found"])
        #expect(errors.first?.message == "property 'data.rowz': 'data' has no key 'rowz'. Did you mean 'rows'?")
        #expect(locations(errors) == ["data.json:2:3"])
        // With the spec's span, the error points there instead.
        let spec = SourceFile(path: "chart.json", text: #"{"property": "data.rowz"}"#)
        let node = try document(#"{"data": {"rows": []}}"#)
        do {
            _ = try JSONDataReader.table(
                from: node, property: "data.rowz",
                propertySpan: SourceSpan(file: spec, range: 13..<24), columns: nil, parse: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.locationDescription == "chart.json:1:14")
        }
    }

    @Test func propertyThroughANonObject() throws {
        let errors = try jsonErrors(#"{"data": [1]}"#, property: "data.rows")
        #expect(errors.first?.message == "property 'data.rows': 'data' is an array, not an object, so it has no 'rows'")
    }

    @Test func notAnArraySuggestsProperty() throws {
        let errors = try jsonErrors(#"{"count": 2, "items": [{"a": 1}]}"#)
        #expect(errors.map(\.id) == ["data-not-array"])
        #expect(errors.first?.message.hasSuffix("found an object; to read the array at 'items', set \"property\": \"items\" in data") == true)
        #expect(locations(errors) == ["data.json:1:1"])
    }

    @Test func rowsThatAreNotObjects() throws {
        let errors = try jsonErrors("[{\"a\": 1},\n 2,\n \"x\"]")
        #expect(errors.map(\.id) == ["data-row-not-object"])
        #expect(
            errors.map(\.message) == [
                "row 2 is a number; each row must be an object such as {\"field\": value} (…and 1 more item that is not a row)"
            ])
        #expect(locations(errors) == ["data.json:2:2"])
    }

    /// A plain array of numbers (or strings, booleans) is one column named `data`, as Vega-Lite reads it.
    @Test func aPlainArrayOfScalarsIsTheColumnData() throws {
        let table = try jsonTable("[3, 5, null, 8]")
        #expect(table.columns.map(\.name) == ["data"])
        #expect(table.values("data") == [.number(3), .number(5), .null, .number(8)])
        let names = try JSONDataReader.fieldNames(in: try document(#"["a", "b"]"#), property: nil, propertySpan: nil)
        #expect(names == ["data"])
        let arrays = try jsonErrors("[[1, 2], [3, 4]]")
        #expect(arrays.map(\.id) == ["data-row-not-object"])
    }

    @Test func nestedValuesAreErrorsOnlyInColumnsRead() throws {
        let text = "[{\"a\": 1, \"geo\": null},\n {\"a\": 2, \"geo\": {\"lat\": 1}}]"
        let errors = try jsonErrors(text)
        #expect(errors.map(\.id) == ["json-data-nested"])
        #expect(locations(errors) == ["data.json:2:18"])
        let projected = try jsonTable(text, columns: ["a"])
        #expect(projected.columnNames == ["a"])
    }

    /// Issue 24: a nested value in a column the spec does not use is no error; the column is read as text, as
    /// the file writes it (what `chartc data` prints), while a used one is still `json-data-nested`.
    @Test func nestedValuesInUnusedColumnsAreTheirJSONText() throws {
        let text = "[{\"a\": 1, \"geo\": null},\n {\"a\": 2, \"geo\": {\"lat\": 1}}, {\"a\": 3, \"geo\": [1, 2]}]"
        let table = try JSONDataReader.table(
            from: try document(text), property: nil, propertySpan: nil, columns: nil, parse: [:], isUsed: { $0 == "a" })
        #expect(table.columnNames == ["a", "geo"])
        #expect(table.type("geo") == .string)
        #expect(table.values("geo") == [.null, .string(#"{"lat": 1}"#), .string("[1, 2]")])
        #expect(throws: DiagnosticError.self) {
            try JSONDataReader.table(from: try document(text), property: nil, propertySpan: nil, columns: nil, parse: [:], isUsed: { $0 == "geo" })
        }
    }

    @Test func mixedTypesBecomeTextAsWritten() throws {
        let table = try jsonTable(#"[{"v": 1.50}, {"v": "n/a"}, {"v": true}, {"v": null}]"#)
        #expect(table.type("v") == .string)
        #expect(table.values("v") == [.string("1.50"), .string("n/a"), .string("true"), .null])
    }

    @Test func isoDateStringsAreDatesAndEmptyStringsNull() throws {
        let table = try jsonTable(#"[{"d": "2015-01-31"}, {"d": ""}, {"d": null}, {"d": "2015-02-01T06:00:00Z"}]"#)
        #expect(table.type("d") == .date)
        #expect(
            table.values("d") == [
                .date(CivilDate.milliseconds(year: 2015, month: 1, day: 31)), .null, .null,
                .date(CivilDate.milliseconds(year: 2015, month: 2, day: 1, hour: 6))
            ])
        let slashes = try jsonTable(#"[{"d": "2015/01/31"}]"#)
        #expect(slashes.type("d") == .string)
    }

    @Test func parseOverrides() throws {
        let table = try jsonTable(
            #"[{"n": "12", "d": "2012/01/31", "b": "yes", "s": 1.50}, {"n": 3, "d": 0, "b": 0, "s": false}]"#,
            parse: ["n": .number, "d": .date, "b": .boolean, "s": .string])
        #expect(table.values("n") == [.number(12), .number(3)])
        #expect(table.values("d") == [.date(CivilDate.milliseconds(year: 2012, month: 1, day: 31)), .date(0)])
        #expect(table.values("b") == [.boolean(true), .boolean(false)])
        #expect(table.values("s") == [.string("1.50"), .string("false")])
    }

    @Test func valuesThatDoNotFitTheirDeclaredType() throws {
        let errors = try jsonErrors("[{\"n\": 1},\n {\"n\": \"abc\"}]", parse: ["n": .number])
        #expect(errors.map(\.id) == ["json-parse-number"])
        #expect(errors.first?.message == "row 2: 'abc' in column 'n' is not a number, but parse declares 'n' a number")
        #expect(locations(errors) == ["data.json:2:8"])
        let booleans = try jsonErrors(#"[{"b": 2}]"#, parse: ["b": .boolean])
        #expect(booleans.map(\.id) == ["json-parse-boolean"])
        let dates = try jsonErrors(#"[{"d": true}]"#, parse: ["d": .date])
        #expect(dates.map(\.id) == ["json-parse-date"])
    }

    @Test func fieldNamesWithoutBuildingColumns() throws {
        let names = try JSONDataReader.fieldNames(in: try document(#"[{"b": 1}, {"a": {"x": 1}, "b": 2}]"#), property: nil, propertySpan: nil)
        #expect(names == ["b", "a"])
    }
}

/// Rows that each bring keys of their own (issue 30): the reader keeps each field's present cells only, so its
/// work follows the file, and refuses a table of more cells than `cellLimit` before building a column.
@Suite struct JSONDataCellTests {
    @Test func sparseRowsReadAsBeforeWithNullsWhereAKeyIsMissing() throws {
        let table = try jsonTable(#"[{"a": 1}, {"b": "x"}, {"c": true}, {"a": 5}, {}]"#)
        #expect(table.columnNames == ["a", "b", "c"])
        #expect(table.values("a") == [.number(1), .null, .null, .number(5), .null])
        #expect(table.values("b") == [.null, .string("x"), .null, .null, .null])
        #expect(table.values("c") == [.null, .null, .boolean(true), .null, .null])
    }

    @Test func aTableOfMoreCellsThanTheLimitIsAnErrorAtTheDocument() throws {
        let keys = 5000
        let rows = (0..<keys).map { "{\"k\($0)\": \($0)}" }.joined(separator: ",")
        let errors = try jsonErrors("[" + rows + "]")
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.id == "data-cell-limit")
        #expect(error.message.contains("5,000 rows × 5,000 fields") && error.message.contains("at most 20,000,000 cells"), "\(error.message)")
        #expect(error.span?.range.lowerBound == 0)
        // Reading only the fields a spec uses (an aggregate's projection) stays within it.
        let table = try jsonTable("[" + rows + "]", columns: ["k1", "k2"])
        #expect(table.columnNames == ["k1", "k2"] && table.rowCount == keys)
    }
}
