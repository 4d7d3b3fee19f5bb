import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartTestSupport
import ChartValues
import Testing

@Suite("CSV format")
struct CSVFormatTests {
    @Test func readsHeaderAndRows() throws {
        let table = try readCSV("name,count\nalpha,3\nbeta,4\n")
        #expect(table.columnNames == ["name", "count"])
        #expect(table.rowCount == 2)
        #expect(table.values("name") == [.string("alpha"), .string("beta")])
        #expect(table.values("count") == [.number(3), .number(4)])
    }

    @Test func quotedFieldsAndDoubledQuotes() throws {
        let table = try readCSV("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"\"\"\",plain\n")
        #expect(table.values("a") == [.string("x, y"), .string("\"")])
        #expect(table.values("b") == [.string("say \"hi\""), .string("plain")])
    }

    @Test func crlfLoneCRAndMixedLineEnds() throws {
        let table = try readCSV("a,b\r\n1,2\n3,4\r\n5,6\r7,8")
        #expect(table.values("a") == [.number(1), .number(3), .number(5), .number(7)])
        #expect(table.values("b") == [.number(2), .number(4), .number(6), .number(8)])
    }

    @Test func newlinesInsideQuotesKeepTheirBytesAndLineNumbersStayRight() throws {
        let table = try readCSV("id,text\n1,\"two\nlines\"\n2,\"crlf\r\ninside\"\n")
        #expect(table.values("text") == [.string("two\nlines"), .string("crlf\r\ninside")])
        // Line 6 is the record after the two multi-line fields.
        let errors = csvErrors("id,text\n1,\"two\nlines\"\n2,\"crlf\r\ninside\"\n3\n")
        #expect(errors.map(\.id) == ["csv-field-count"])
        #expect(errors.first?.message.hasPrefix("line 6 has 1 field, the header has 2") == true)
        #expect(locations(errors) == ["test.csv:6:2"])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let table = try readCSV(bytes: [0xEF, 0xBB, 0xBF] + Array("x,y\n1,2\n".utf8))
        #expect(table.columnNames == ["x", "y"])
        #expect(table.values("x") == [.number(1)])
    }

    @Test func emptyCellsQuotedOrNotAreNull() throws {
        let table = try readCSV("a,b,c\n1,,x\n,\"\",\n3,5,z\n")
        #expect(table.values("a") == [.number(1), .null, .number(3)])
        #expect(table.type("b") == .number)
        #expect(table.values("b") == [.null, .null, .number(5)])
        #expect(table.values("c") == [.string("x"), .null, .string("z")])
    }

    @Test func finalLineWithOrWithoutNewlineAndBlankLines() throws {
        let withNewline = try readCSV("a\n1\n2\n")
        let without = try readCSV("a\n1\n2")
        let trailingBlank = try readCSV("a\n1\n2\n\n\r\n")
        let blankInside = try readCSV("a,b\n1,2\n\n3,4\n")
        #expect(withNewline.values("a") == [.number(1), .number(2)])
        #expect(without.values("a") == [.number(1), .number(2)])
        #expect(trailingBlank.values("a") == [.number(1), .number(2)])
        #expect(blankInside.values("b") == [.number(2), .number(4)])
    }

    @Test func trailingDelimiterMakesAnEmptyLastField() throws {
        let table = try readCSV("a,b,\n1,2,\n")
        #expect(table.columnNames == ["a", "b", "column3"])
        #expect(table.values("column3") == [.null])
    }

    @Test func headerOnlyGivesNoRows() throws {
        let table = try readCSV("a,b\n")
        #expect(table.rowCount == 0)
        #expect(table.columnNames == ["a", "b"])
        #expect(table.type("a") == .string)
    }

    @Test func wideUnicode() throws {
        let table = try readCSV("city,note\nZürich,\"日本語, テキスト\"\n🙂🙃,naïve\n")
        #expect(table.values("city") == [.string("Zürich"), .string("🙂🙃")])
        #expect(table.values("note") == [.string("日本語, テキスト"), .string("naïve")])
        // Columns count characters: the stray quote after "日本" is the 3rd character of line 2.
        let (quoted, warnings) = try CSVReader.readWithWarnings(SourceFile(path: "test.csv", text: "city\n日本\"語\n"), options: .csv)
        #expect(quoted.values("city") == [.string("日本\"語")])
        #expect(warnings.map(\.id) == ["csv-stray-quote"])
        #expect(locations(warnings) == ["test.csv:2:3"])
    }

    @Test func tabSeparated() throws {
        let table = try readCSV("a\tb\n1,5\tx y\n", .tsv)
        #expect(table.values("a") == [.string("1,5")])
        #expect(table.values("b") == [.string("x y")])
    }

    @Test func headerOnlyReadsNames() throws {
        let names = try CSVReader.header(SourceFile(path: "h.csv", text: "\u{FEFF}a,\"b,c\",\nignored,\"unterminated\n"), delimiter: 0x2C)
        #expect(names == ["a", "b,c", "column3"])
    }
}

@Suite("CSV errors")
struct CSVErrorTests {
    @Test func raggedRowsAtExactPositions() {
        let errors = csvErrors("a,b,c\n1,2,3\n4,5\n6,7,8,9\n")
        #expect(errors.map(\.id) == ["csv-field-count", "csv-field-count"])
        #expect(
            errors.map(\.message) == [
                "line 3 has 2 fields, the header has 3; missing 'c'",
                "line 4 has 4 fields, the header has 3; the extra fields start here (is a comma inside a value that needs quotes?)"
            ])
        // Too few: at the end of the short line. Too many: at the first extra field, to the end of the line.
        #expect(locations(errors) == ["test.csv:3:4", "test.csv:4:7"])
        #expect(errors.last?.span?.range == 22..<23)
        #expect(errors.first?.notes.first?.span?.range == 0..<5)
    }

    @Test func unterminatedQuotePointsAtTheOpeningQuote() {
        let errors = csvErrors("a,b\n1,\"open\n2,3\n")
        #expect(errors.map(\.id) == ["csv-unterminated-quote"])
        #expect(locations(errors) == ["test.csv:2:3"])
    }

    @Test func textAfterAClosingQuoteIsAnErrorAStrayQuoteIsNot() {
        // Python's csv in strict mode, DuckDB and PapaParse stop at `"ab"c`; they all read `5'11"` as text.
        let errors = csvErrors("a,b\n5'11\",x\n\"ab\"c,y\n")
        #expect(errors.map(\.id) == ["csv-text-after-quote"])
        #expect(locations(errors) == ["test.csv:3:5"])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsTextWithOneWarning() throws {
        let file = SourceFile(path: "test.csv", text: "size,note\n5'11\",a 12\" pipe\n6',x\"y\"z\n\"quoted \"\"ok\"\"\",plain\n")
        let (table, warnings) = try CSVReader.readWithWarnings(file, options: .csv)
        #expect(table.values("size") == [.string("5'11\""), .string("6'"), .string("quoted \"ok\"")])
        #expect(table.values("note") == [.string("a 12\" pipe"), .string("x\"y\"z"), .string("plain")])
        // One warning at the first quote, severity warning, counting the other fields in a note.
        #expect(warnings.map(\.id) == ["csv-stray-quote"])
        #expect(warnings.first?.severity == .warning)
        #expect(locations(warnings) == ["test.csv:2:5"])
        #expect(warnings.first?.notes.map(\.message) == ["2 more fields in this file hold a quote the same way"])
        // The plain read gives the same table; a quote in a header name is part of the name.
        #expect(try readCSV("h\"1,b\n1,2\n").columnNames == ["h\"1", "b"])
    }

    @Test func duplicateHeaderNames() {
        let errors = csvErrors("x,y,x\n1,2,3\n")
        #expect(errors.map(\.id) == ["csv-duplicate-header"])
        #expect(locations(errors) == ["test.csv:1:5"])
        #expect(errors.first?.notes.first?.span?.range == 0..<1)
    }

    @Test func emptyHeaderNamesAreNumberedAndNeverCollide() throws {
        let table = try readCSV(",b,column1\n1,2,3\n")
        #expect(table.columnNames == ["column1_2", "b", "column1"])
    }

    @Test func emptyFiles() {
        #expect(csvErrors("").map(\.id) == ["data-empty"])
        #expect(csvErrors(bytes: [0xEF, 0xBB, 0xBF]).map(\.id) == ["data-empty"])
        #expect(csvErrors("\n\r\n").map(\.id) == ["data-empty"])
        #expect(locations(csvErrors("")) == ["test.csv:1:1"])
    }

    @Test func binaryAndUTF16Files() {
        let binary = csvErrors(bytes: Array("a,b\n1,".utf8) + [0, 7] + Array("\n".utf8))
        #expect(binary.map(\.id) == ["data-binary"])
        #expect(locations(binary) == ["test.csv:2:3"])
        let utf16 = csvErrors(bytes: [0xFF, 0xFE, 0x61, 0x00])
        #expect(utf16.map(\.id) == ["data-encoding"])
    }

    @Test func invalidUTF8InAStringCell() {
        let bytes = Array("name,n\nok,1\n".utf8) + [0x62, 0xE9, 0x74, 0x65] + Array(",2\n".utf8)
        let errors = csvErrors(bytes: bytes)
        #expect(errors.map(\.id) == ["csv-invalid-utf8"])
        #expect(locations(errors) == ["test.csv:3:1"])
        #expect(errors.first?.span?.range == 12..<16)
        // Not checked when the column is not read.
        #expect(csvErrors(bytes: bytes, CSVOptions(columns: ["n"])).isEmpty)
    }

    @Test func invalidUTF8InTheHeader() {
        let errors = csvErrors(bytes: Array("a,".utf8) + [0xC3, 0x28] + Array("\n1,2\n".utf8))
        #expect(errors.map(\.id) == ["csv-invalid-utf8"])
        #expect(locations(errors) == ["test.csv:1:3"])
    }

    @Test func errorsAreCappedAndSorted() {
        let text = "a,b\n" + String(repeating: "1\n", count: 30)
        let errors = csvErrors(text)
        #expect(errors.count == CSVReader.maxErrors)
        #expect(errors.first.map { $0.locationDescription } == "test.csv:2:2")
        #expect(errors.last?.notes.last?.message == "stopped after 10 errors in this file")
    }

    @Test func fieldCountIsCheckedInColumnsNotRead() {
        let errors = csvErrors("a,b,c\n1,2,3\n1,2\n", CSVOptions(columns: ["a"]))
        #expect(errors.map(\.id) == ["csv-field-count"])
    }
}

@Suite("CSV types")
struct CSVTypeTests {
    @Test func numberSpellings() throws {
        let table = try readCSV("n\n12\n-0.5\n+3\n.5\n5.\n1e3\n2.5E-4\n\" 42 \"\n-0\n")
        #expect(table.type("n") == .number)
        #expect(
            table.values("n") == [
                .number(12), .number(-0.5), .number(3), .number(0.5), .number(5), .number(1000), .number(0.00025), .number(42), .number(-0.0)
            ])
    }

    @Test func notNumbersMakeTheColumnText() throws {
        for cell in ["NaN", "inf", "0x1F", "\"1,000\"", "1_000", "-", ".", "1e", "e5", "1.2.3", "1e400", "' 7'"] {
            let table = try readCSV("n\n1\n\(cell)\n")
            #expect(table.type("n") == .string, "\(cell)")
        }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        let cells = [
            "0.1", "0.3", "123456789012345678901234", "1.7976931348623157e308", "4.9e-324", "9007199254740993", "0.000000000000000000000000001",
            "3.14159265358979323846264338327950288"
        ]
        let table = try readCSV("n\n" + cells.joined(separator: "\n"))
        #expect(table.values("n") == cells.map { .number(Double($0) ?? .nan) })
    }

    @Test func isoDatesAreInferred() throws {
        let table = try readCSV("d,t\n2015-01-31,2015-01-31T12:00:00Z\n,2015-02-01T00:30:00+01:00\n")
        #expect(table.type("d") == .date)
        #expect(table.values("d") == [.date(CivilDate.milliseconds(year: 2015, month: 1, day: 31)), .null])
        #expect(
            table.values("t") == [
                .date(CivilDate.milliseconds(year: 2015, month: 1, day: 31, hour: 12)),
                .date(CivilDate.milliseconds(year: 2015, month: 1, day: 31, hour: 23, minute: 30))
            ])
    }

    @Test func slashDatesAndBooleansStayText() throws {
        let table = try readCSV("d,b\n2012/01/01,true\n2012/01/02,false\n")
        #expect(table.type("d") == .string)
        #expect(table.type("b") == .string)
    }

    @Test func numberColumnThatMeetsTextKeepsEveryCellsText() throws {
        let table = try readCSV("v\n1.0\n2\n\"\"\n1.0\nn/a\n2\n")
        #expect(table.type("v") == .string)
        #expect(table.values("v") == [.string("1.0"), .string("2"), .null, .string("1.0"), .string("n/a"), .string("2")])
        // The dictionary is in order of first appearance even though the first rows were filled last.
        if case .string(let codes, let dictionary)? = table.column(named: "v")?.storage {
            #expect(dictionary == ["1.0", "2", "n/a"])
            #expect(codes == [0, 1, 0, 0, 2, 1])
        } else {
            Issue.record("not a string column")
        }
    }

    @Test func dateColumnThatMeetsTextBecomesText() throws {
        let table = try readCSV("d,n\n2015-01-01,1\nsoon,2\n\"2015-01-02\",3\n")
        #expect(table.values("d") == [.string("2015-01-01"), .string("soon"), .string("2015-01-02")])
        #expect(table.type("n") == .number)
    }

    @Test func quotedCellsInTheSecondPass() throws {
        let table = try readCSV("v\n\"1\"\n\"a \"\"b\"\"\"\n")
        #expect(table.values("v") == [.string("1"), .string("a \"b\"")])
    }

    @Test func allEmptyColumnIsAnEmptyStringColumn() throws {
        let table = try readCSV("a,b\n1,\n2,\n")
        #expect(table.type("b") == .string)
        #expect(table.values("b") == [.null, .null])
    }

    @Test func parseOverrides() throws {
        let options = CSVOptions(parse: ["zip": .string, "d": .date, "ok": .boolean, "n": .number])
        let table = try readCSV("zip,d,ok,n\n007,2012/01/31,Yes,1\n010,2012-02-01,FALSE,\n,,0,2\n", options)
        #expect(table.values("zip") == [.string("007"), .string("010"), .null])
        #expect(
            table.values("d") == [
                .date(CivilDate.milliseconds(year: 2012, month: 1, day: 31)), .date(CivilDate.milliseconds(year: 2012, month: 2, day: 1)), .null
            ])
        #expect(table.values("ok") == [.boolean(true), .boolean(false), .boolean(false)])
        #expect(table.values("n") == [.number(1), .null, .number(2)])
    }

    @Test func cellsThatDoNotFitTheirDeclaredTypeAreErrors() {
        let options = CSVOptions(parse: ["n": .number, "d": .date, "b": .boolean])
        let errors = csvErrors("n,d,b\n1,2012-01-01,true\nabc,31/01/2012,maybe\n", options)
        #expect(errors.map(\.id) == ["csv-parse-number", "csv-parse-date", "csv-parse-boolean"])
        #expect(locations(errors) == ["test.csv:3:1", "test.csv:3:5", "test.csv:3:16"])
        #expect(errors.first?.message == "'abc' in column 'n' is not a number, but parse declares 'n' a number")
    }
}

@Suite("CSV projection")
struct CSVProjectionTests {
    @Test func onlyRequestedColumnsInFileOrder() throws {
        let table = try readCSV("a,b,c,d\n1,x,2,y\n3,z,4,w\n", CSVOptions(columns: ["d", "a", "missing"]))
        #expect(table.columnNames == ["a", "d"])
        #expect(table.rowCount == 2)
        #expect(table.values("d") == [.string("y"), .string("w")])
    }

    @Test func emptyProjectionStillCountsRows() throws {
        let table = try readCSV("a,b\n1,2\n3,4\n", CSVOptions(columns: []))
        #expect(table.columns.isEmpty)
        #expect(table.rowCount == 2)
    }
}

@Suite("Decimal parser")
struct DecimalParserTests {
    @Test func agreesWithTheStandardLibrary() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<5000 {
            let bits = random.next()
            let value = Double(bitPattern: bits)
            guard value.isFinite else { continue }
            let text = value.description
            #expect(DecimalParser.parse(text) == value, "\(text)")
            let digits = String(random.next() % 100_000_000) + "." + String(random.next() % 1_000_000)
            #expect(DecimalParser.parse(digits) == Double(digits), "\(digits)")
        }
    }

    @Test func booleans() {
        #expect(BooleanText.parse("TRUE") == true)
        #expect(BooleanText.parse(" no ") == false)
        #expect(BooleanText.parse("1") == true)
        #expect(BooleanText.parse("yes!") == nil)
        #expect(BooleanText.parse("") == nil)
    }
}

@Suite("UTF-8 checks")
struct UTF8CheckTests {
    /// A cell is accepted exactly when its bytes are valid UTF-8; the oracle is a decode/encode round trip.
    @Test func cellsAreAcceptedExactlyWhenValid() throws {
        var random = SeededRandom(seed: 3)
        let pieces: [[UInt8]] = [
            [0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x99, 0x82], // valid
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], // overlong, surrogate, too big
            [0x80], [0xC3], [0xE2, 0x82], [0xFF], [0xF8, 0x88, 0x80, 0x80, 0x80]
        ]
        for _ in 0..<2000 {
            var cell: [UInt8] = [0x78]
            for _ in 0..<Int(random.next() % 4) {
                cell += pieces[Int(random.next() % UInt64(pieces.count))]
                if random.next() % 3 == 0 { cell += Array(repeating: 0x62, count: Int(random.next() % 10)) }
            }
            let decoded = String(decoding: cell, as: UTF8.self)
            let valid = Array(decoded.utf8) == cell
            let bytes = Array("v\n".utf8) + cell + [0x0A]
            let errors = csvErrors(bytes: bytes)
            if valid {
                #expect(errors.isEmpty, "\(cell)")
                #expect(try readCSV(bytes: bytes).values("v") == [.string(decoded)])
            } else {
                #expect(errors.map(\.id) == ["csv-invalid-utf8"], "\(cell)")
            }
        }
    }
}

@Suite("parse date formats")
struct ParseDateFormatReadingTests {
    static let stocks = "symbol,date,price\nMSFT,Jan 1 2000,39.81\nMSFT,feb  1 2000,36.35\nAAPL,,1\n"
    static func options(_ formats: [String: String], locale: ChartLocale = .enUS) throws -> CSVOptions {
        var dateFormats: [String: DateFormat] = [:]
        for (field, pattern) in formats { dateFormats[field] = try DateFormat(parsing: pattern) }
        return CSVOptions(
            delimiter: 0x2C, parse: Dictionary(uniqueKeysWithValues: formats.keys.map { ($0, DataType.date) }), dateFormats: dateFormats,
            locale: locale)
    }

    static func day(_ year: Int64, _ month: Int64, _ day: Int64) -> Value {
        .date(CivilDate.days(year: year, month: month, day: day) * CivilDate.millisecondsPerDay)
    }

    @Test func readsVegaStocksDates() throws {
        let table = try readCSV(Self.stocks, Self.options(["date": "%b %d %Y"]))
        #expect(table.values("date") == [Self.day(2000, 1, 1), Self.day(2000, 2, 1), .null])
        #expect(table.values("price") == [.number(39.81), .number(36.35), .number(1)])
    }

    @Test func readsTheOtherFormatsAndLocaleNames() throws {
        let table = try readCSV(
            "us,eu,stamp,de\n01/31/2015,31.01.2015,2015-01-31 13:45,31. Januar 2015\n",
            Self.options(
                ["us": "%m/%d/%Y", "eu": "%d.%m.%Y", "stamp": "%Y-%m-%d %H:%M", "de": "%d. %B %Y"], locale: .deDE))
        #expect(table.values("us") == [Self.day(2015, 1, 31)])
        #expect(table.values("eu") == [Self.day(2015, 1, 31)])
        #expect(
            table.values("stamp") == [.date(CivilDate.days(year: 2015, month: 1, day: 31) * CivilDate.millisecondsPerDay + (13 * 60 + 45) * 60_000)])
        #expect(table.values("de") == [Self.day(2015, 1, 31)])
    }

    @Test func aCellThatDoesNotMatchIsAnErrorAtThatCell() throws {
        let errors = csvErrors("symbol,date\nMSFT,Jan 1 2000\nMSFT,2000-02-01\n", try Self.options(["date": "%b %d %Y"]))
        #expect(errors.map(\.id) == ["csv-parse-date"])
        #expect(locations(errors) == ["test.csv:3:6"])
        #expect(
            errors.first?.message == "'2000-02-01' in column 'date' does not match the parse format '%b %d %Y'; the parse format '%Y-%m-%d' reads it")
    }

    @Test func jsonRowsReadTheFormatToo() throws {
        let document = try JSONReader.read(SourceFile(path: "d.json", text: #"[{"d": "Jan 1 2000"}, {"d": "nope"}]"#), requireObject: false)
        let format = try DateFormat(parsing: "%b %d %Y")
        #expect(throws: DiagnosticError.self) {
            try JSONDataReader.table(from: document, property: nil, propertySpan: nil, columns: nil, parse: ["d": .date], dateFormats: ["d": format])
        }
        let good = try JSONReader.read(SourceFile(path: "d.json", text: #"[{"d": "Jan 1 2000"}]"#), requireObject: false)
        let table = try JSONDataReader.table(
            from: good, property: nil, propertySpan: nil, columns: nil, parse: ["d": .date], dateFormats: ["d": format])
        #expect(table.values("d") == [Self.day(2000, 1, 1)])
    }
}
