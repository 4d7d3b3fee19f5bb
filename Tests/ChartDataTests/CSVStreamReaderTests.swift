import ChartFormat
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import Testing
import ChartTestSupport

/// The streamed, parallel read must give exactly the table of the whole-file read, or decline (nil) so that
/// the whole-file read can report the problem. Files are written to a temporary folder; small windows and
/// several parts put records across window and part boundaries.
@Suite("CSV stream reader")
struct CSVStreamReaderTests {
    /// Writes `bytes` to a fresh temporary file and returns its path.
    static func file(_ bytes: [UInt8]) -> String {
        var template = Array("/tmp/chartc-stream-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if descriptor >= 0 {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return path
    }

    static func stream(_ bytes: [UInt8], options: CSVOptions = .csv, parts: Int, window: Int) -> Table? {
        let path = file(bytes)
        defer { unlink(path) }
        return CSVStreamReader.read(
            path: path, delimiter: options.delimiter, parse: options.parse, dateFormats: options.dateFormats, locale: options.locale,
            parts: parts, windowSize: window
        ) { _ in options.columns }?.table
    }

    /// Every column's name, type, validity, values and (for strings) dictionary in order: equal descriptions mean
    /// equal tables, code for code.
    static func describe(_ table: Table) -> [String] {
        var lines = ["rows \(table.rowCount)"]
        for column in table.columns {
            lines.append("column \(column.name) \(column.type) valid \(column.valid)")
            switch column.storage {
            case .number(let values): lines.append("numbers \(values.map(\.bitPattern))")
            case .date(let values): lines.append("dates \(values)")
            case .boolean(let values): lines.append("booleans \(values)")
            case .string(let codes, let dictionary): lines.append("codes \(codes) dictionary \(dictionary)")
            }
        }
        return lines
    }

    static func checkSame(_ text: String, options: CSVOptions = .csv, parts: [Int] = [1, 2, 3, 5], windows: [Int] = [7, 64, 1 << 20]) throws {
        let bytes = Array(text.utf8)
        let expected = describe(try CSVReader.read(SourceFile(path: "t.csv", bytes: bytes), options: options))
        for part in parts {
            for window in windows {
                let streamed = try #require(stream(bytes, options: options, parts: part, window: window), "parts \(part), window \(window)")
                #expect(describe(streamed) == expected, "parts \(part), window \(window)")
            }
        }
    }

    @Test func parseDateFormatsReadAsTheWholeFileReaderReadsThem() throws {
        let options = CSVOptions(delimiter: 0x2C, parse: ["d": .date], dateFormats: ["d": try DateFormat(parsing: "%d. %b %Y")], locale: .deDE)
        try Self.checkSame("n,d\n1,3. Mär 2015\n2,4. Okt 2016\n3,\n4,5. Mai 2017\n", options: options)
        #expect(Self.stream(Array("n,d\n1,2015-03-03\n".utf8), options: options, parts: 1, window: 64) == nil)
    }

    @Test func wellFormedFilesReadAsTheWholeFileReaderReadsThem() throws {
        try Self.checkSame("name,count,when\nalpha,3,2015-01-31\n\"beta, gamma\",4,2015-02-01\n\"say \"\"hi\"\"\",,2015-02-02T10:00:00Z\n")
        try Self.checkSame("a,b,c\r\n1,2,3\r\n\r\n4,5,6\r\n7,8,9")
        try Self.checkSame("\u{FEFF}x\ty\n1.5\t\"multi\nline\"\n-2e3\tZürich 🙂\n\n", options: .tsv)
        try Self.checkSame("only,header\n")
        try Self.checkSame("v\n\n\n1\n")
    }

    @Test func stringDictionariesJoinInFirstAppearanceOrder() throws {
        // Part two meets "c" first, then "a": the joined dictionary must still be a, b, c as one pass finds them.
        var text = "k,n\n"
        for row in 0..<200 { text += (row < 100 ? ["a", "b"][row % 2] : ["c", "a"][row % 2]) + ",\(row)\n" }
        try Self.checkSame(text)
    }

    @Test func aPartWithOnlyEmptyCellsTakesTheOtherPartsType() throws {
        var text = "a,b\n"
        for row in 0..<100 { text += row < 50 ? ",x\n" : "\(row),x\n" }
        try Self.checkSame(text)
        text = "a,b\n"
        for row in 0..<100 { text += row < 50 ? "\(row),x\n" : ",x\n" }
        try Self.checkSame(text)
    }

    @Test func projectionAndParseOverridesAreHonoured() throws {
        try Self.checkSame(
            "a,b,c\n1,yes,2015-01-01\n2,no,2015/01/02\n3,true,\n", options: CSVOptions(delimiter: 0x2C, columns: ["a", "c"], parse: ["c": .date]))
        try Self.checkSame(
            "a,b,c\n1,yes,2015-01-01\n2,no,2015-01-02\n3,true,\n",
            options: CSVOptions(delimiter: 0x2C, columns: nil, parse: ["b": .boolean, "a": .string]))
    }

    /// Each of these has something to report (or needs a second pass), so the stream declines.
    @Test func declinesWhatOnlyTheWholeFileReaderCanReport() {
        let cases: [(String, CSVOptions)] = [
            ("a,b\n1,2\n3\n", .csv), // wrong field count
            ("a,b\n1,\"2\n", .csv), // unterminated quote
            ("a,b\n1,x\"y\n", .csv), // stray quote (read as text, with a warning)
            ("a,b\n1,\"x\"y\n", .csv), // text after a closing quote
            ("a,b\n1,x\n2,y\n", CSVOptions(parse: ["b": .number])), // cell not of its declared type
            ("a,b\n1,2\n3,x\n", .csv), // b turns to text after numbers (second pass)
            ("a,a\n1,2\n", .csv), // duplicate header
            ("", .csv), // empty
            ("  \n\n", .csv) // blank
        ]
        for (text, options) in cases {
            #expect(Self.stream(Array(text.utf8), options: options, parts: 1, window: 1 << 20) == nil, "\(text.debugDescription)")
        }
        // Bytes: UTF-16, a NUL, and invalid UTF-8 in a column that is not read (a whole read would report it).
        #expect(Self.stream([0xFF, 0xFE, 0x61, 0x00], parts: 1, window: 64) == nil)
        #expect(Self.stream(Array("a,b\n1,2\n".utf8) + [0] + Array("\n".utf8), parts: 1, window: 64) == nil)
        let badUTF8 = Array("a,b\n1,".utf8) + [0xFF] + Array("\n".utf8)
        #expect(Self.stream(badUTF8, options: CSVOptions(columns: ["a"]), parts: 1, window: 64) == nil)
        #expect(Self.stream(badUTF8, options: CSVOptions(columns: nil), parts: 1, window: 64) == nil)
    }

    @Test func partsThatInferDifferentTypesDecline() {
        var text = "a\n"
        for row in 0..<100 { text += row < 50 ? "\(row)\n" : "x\(row)\n" }
        #expect(Self.stream(Array(text.utf8), parts: 2, window: 64) == nil)
        // Read as one part it is a plain (if slow) type change, which also needs the whole read's second pass.
        #expect(Self.stream(Array(text.utf8), parts: 1, window: 64) == nil)
    }

    @Test func aPartBoundaryInsideAQuotedFieldIsCaught() throws {
        // One long quoted field full of line feeds spans the middle of the file, where the split is made.
        let middle = String(repeating: "line\n", count: 200)
        let text = "a,b\n1,x\n2,\"\(middle)\"\n3,y\n"
        let bytes = Array(text.utf8)
        let expected = Self.describe(try CSVReader.read(SourceFile(path: "t.csv", bytes: bytes), options: .csv))
        // The part after the bad split is read again from where the field really ends; a part inside the field
        // is dropped.
        for parts in [2, 3, 4, 9] {
            let streamed = try #require(Self.stream(bytes, parts: parts, window: 64), "parts \(parts)")
            #expect(Self.describe(streamed) == expected, "parts \(parts)")
        }
        try Self.checkSame(text, parts: [1, 2, 5], windows: [7, 64])
    }

    @Test func blankLinesAcrossASplitAreSkippedOnce() throws {
        var text = "a,b\n"
        for row in 0..<60 { text += "\(row),x\n" + String(repeating: "\n", count: row % 4) + (row % 5 == 0 ? "\r\n\r\n" : "") }
        try Self.checkSame(text, parts: [2, 3, 4, 6, 11], windows: [9, 64, 1 << 20])
    }

    /// The fuzz corpus of `CSVFuzzTests`, mutated: whenever the stream gives a table, the whole-file read gives
    /// the same one.
    @Test func mutatedFilesNeverDisagreeWithTheWholeFileReader() {
        var random = SeededRandom(seed: 0x57EA)
        var agreed = 0
        for iteration in 0..<600 {
            let seed = CSVFuzzTests.seeds[iteration % CSVFuzzTests.seeds.count]
            let bytes = CSVFuzzTests.mutate(Array(seed.utf8), &random)
            var options = CSVOptions(delimiter: seed.contains("\t") ? 0x09 : 0x2C)
            if random.next() % 3 == 0, let names = try? CSVReader.header(SourceFile(path: "f.csv", bytes: bytes), delimiter: options.delimiter) {
                options.columns = Set(names.filter { _ in random.next() % 2 == 0 })
            }
            let parts = 1 + Int(random.next() % 3)
            let window = [5, 16, 1 << 20][Int(random.next() % 3)]
            guard let streamed = Self.stream(bytes, options: options, parts: parts, window: window) else { continue }
            do {
                let whole = try CSVReader.read(SourceFile(path: "f.csv", bytes: bytes), options: options)
                #expect(Self.describe(streamed) == Self.describe(whole), "iteration \(iteration)")
                agreed += 1
            } catch {
                Issue.record("iteration \(iteration): streamed a table, but the whole read reports \(error.diagnostics.map(\.id))")
            }
        }
        #expect(agreed > 100)
    }

    @Test func aLargeFileSplitAcrossPartsAndWindows() throws {
        var text = "congress,chamber,party_code,nominate_dim1,bioname\n"
        var random = SeededRandom(seed: 7)
        let chambers = ["House", "Senate", "President"]
        for row in 0..<5000 {
            let score = Double(Int(random.next() % 2000) - 1000) / 1000
            let name = random.next() % 10 == 0 ? "\"DOE, \"\"J\"\"\nJr\"" : "NAME\(random.next() % 300)"
            text +=
                "\(80 + row / 100),\(chambers[Int(random.next() % 3)]),\(random.next() % 2 == 0 ? 100 : 200),\(row % 37 == 0 ? "" : String(score)),\(name)\n"
        }
        try Self.checkSame(text, parts: [1, 2, 4, 7], windows: [100, 4096, 1 << 20])
        try Self.checkSame(text, options: CSVOptions(columns: ["congress", "nominate_dim1", "bioname"]), parts: [2], windows: [512])
    }
}
