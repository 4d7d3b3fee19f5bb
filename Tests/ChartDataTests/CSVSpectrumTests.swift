import ChartData
import ChartDiagnostics
import ChartValues
import Testing

/// csv-spectrum's twelve cases (https://github.com/max-mapper/csv-spectrum), written afresh with the same
/// shapes, and the rows Python's `csv` module reads from each (`csv.reader(io.StringIO(text, newline=''))`,
/// header first). chartc reads an empty cell as null where Python has "", so nulls compare as "".
@Suite("CSV spectrum")
struct CSVSpectrumTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let rows: [[String]]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "comma_in_quotes", text: "first,last,address,city,zip\nJohn,Doe,120 any st.,\"Anytown, WW\",08123\n",
            rows: [
                ["first", "last", "address", "city", "zip"],
                ["John", "Doe", "120 any st.", "Anytown, WW", "08123"]
            ]),
        Case(
            name: "empty", text: "a,b,c\n1,\"\",\"\"\n2,3,4\n",
            rows: [
                ["a", "b", "c"],
                ["1", "", ""],
                ["2", "3", "4"]
            ]),
        Case(
            name: "empty_crlf", text: "a,b,c\r\n1,\"\",\"\"\r\n2,3,4\r\n",
            rows: [
                ["a", "b", "c"],
                ["1", "", ""],
                ["2", "3", "4"]
            ]),
        Case(
            name: "escaped_quotes", text: "a,b\n1,\"ha \"\"ha\"\" ha\"\n3,4\n",
            rows: [
                ["a", "b"],
                ["1", "ha \"ha\" ha"],
                ["3", "4"]
            ]),
        Case(
            name: "json", text: "key,val\n1,\"{\"\"type\"\": \"\"Point\"\", \"\"coordinates\"\": [102.0, 0.5]}\"\n",
            rows: [
                ["key", "val"],
                ["1", "{\"type\": \"Point\", \"coordinates\": [102.0, 0.5]}"]
            ]),
        Case(
            name: "location_coordinates",
            text:
                "Location,Coordinates\nSan Francisco Intl,37°37'08.3\"N 122°22'30.1\"W\n\"Pier 39, SF\",37°48'31.0\"N 122°24'36.6\"W\nPipe shop,a 12\" pipe\n",
            rows: [
                ["Location", "Coordinates"],
                ["San Francisco Intl", "37°37'08.3\"N 122°22'30.1\"W"],
                ["Pier 39, SF", "37°48'31.0\"N 122°24'36.6\"W"],
                ["Pipe shop", "a 12\" pipe"]
            ]),
        Case(
            name: "newlines", text: "a,b,c\n1,2,3\n\"Once upon \na time\",5,6\n7,8,9\n",
            rows: [
                ["a", "b", "c"],
                ["1", "2", "3"],
                ["Once upon \na time", "5", "6"],
                ["7", "8", "9"]
            ]),
        Case(
            name: "newlines_crlf", text: "a,b,c\r\n1,2,3\r\n\"Once upon \r\na time\",5,6\r\n7,8,9\r\n",
            rows: [
                ["a", "b", "c"],
                ["1", "2", "3"],
                ["Once upon \r\na time", "5", "6"],
                ["7", "8", "9"]
            ]),
        Case(
            name: "quotes_and_newlines", text: "a,b\n1,\"ha \n\"\"ha\"\" \nha\"\n3,4\n",
            rows: [
                ["a", "b"],
                ["1", "ha \n\"ha\" \nha"],
                ["3", "4"]
            ]),
        Case(
            name: "simple", text: "a,b,c\n1,2,3\n",
            rows: [
                ["a", "b", "c"],
                ["1", "2", "3"]
            ]),
        Case(
            name: "simple_crlf", text: "a,b,c\r\n1,2,3\r\n",
            rows: [
                ["a", "b", "c"],
                ["1", "2", "3"]
            ]),
        Case(
            name: "utf8", text: "a,b,c\n1,2,3\n4,5,ʤ\n",
            rows: [
                ["a", "b", "c"],
                ["1", "2", "3"],
                ["4", "5", "ʤ"]
            ])
    ]

    @Test(arguments: cases)
    func readsAsPythonsCSVModuleReadsIt(_ spectrum: Case) throws {
        let header = spectrum.rows[0]
        let everyColumnAsText = CSVOptions(
            delimiter: 0x2C, columns: nil, parse: Dictionary(uniqueKeysWithValues: header.map { ($0, DataType.string) }))
        let (table, _) = try CSVReader.readWithWarnings(SourceFile(path: "\(spectrum.name).csv", text: spectrum.text), options: everyColumnAsText)
        #expect(table.columnNames == header)
        var rows: [[String]] = [header]
        for row in 0..<table.rowCount {
            rows.append(
                table.columns.map { column in
                    if case .string(let text) = column[row] { return text }
                    return ""
                })
        }
        #expect(rows == spectrum.rows)
    }

    @Test func onlyTheQuotesInsideUnquotedFieldsAreReported() throws {
        for spectrum in Self.cases {
            let (_, warnings) = try CSVReader.readWithWarnings(SourceFile(path: "\(spectrum.name).csv", text: spectrum.text), options: .csv)
            #expect(warnings.map(\.id) == (spectrum.name == "location_coordinates" ? ["csv-stray-quote"] : []), "\(spectrum.name)")
        }
    }
}
