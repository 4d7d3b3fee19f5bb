import ChartData
import ChartDiagnostics
import ChartJSON
import ChartTestSupport
import ChartValues
import Testing

/// Seeded random mutations of valid CSV files: the reader must never crash, and must either produce a
/// consistent table or errors that each point inside the file.
@Suite("CSV fuzzing")
struct CSVFuzzTests {
    static let seeds: [String] = [
        "name,count,when\nalpha,3,2015-01-31\n\"beta, gamma\",4,2015-02-01\n\"say \"\"hi\"\"\",,2015-02-02T10:00:00Z\n",
        "a,b,c\r\n1,2,3\r\n4,5,6\r\n7,8,9",
        "\u{FEFF}x\ty\n1.5\t\"multi\nline\"\n-2e3\tZürich 🙂\n",
        "congress,chamber,party_code,nominate_dim1,bioname\n80,House,100,-0.372,\"SMITH, John\"\n80,Senate,200,0.41,\"DOE, Jane\"\n81,President,100,,\"\"\n",
        "v\n1\n2\n\nthree\n\"\"\n"
    ]

    /// Bytes that matter to the tokenizer and the type parsers, plus invalid UTF-8 and NUL.
    static let interesting: [UInt8] = [0x22, 0x2C, 0x09, 0x0A, 0x0D, 0x00, 0xFF, 0xC3, 0xE2, 0x61, 0x31, 0x20, 0x2D, 0x2E, 0x65, 0x3A, 0x54, 0x5A]

    static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var out = bytes
        let edits = 1 + Int(random.next() % 4)
        for _ in 0..<edits {
            let position = out.isEmpty ? 0 : Int(random.next() % UInt64(out.count + 1))
            switch random.next() % 6 {
            case 0: // insert an interesting byte
                out.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: position)
            case 1: // delete a byte
                if position < out.count { out.remove(at: position) }
            case 2: // replace a byte
                if position < out.count { out[position] = interesting[Int(random.next() % UInt64(interesting.count))] }
            case 3: // duplicate a slice somewhere else
                guard !out.isEmpty else { break }
                let start = Int(random.next() % UInt64(out.count))
                let length = min(out.count - start, 1 + Int(random.next() % 12))
                out.insert(contentsOf: Array(out[start..<(start + length)]), at: position)
            case 4: // truncate
                out.removeSubrange(position..<out.count)
            default: // random byte
                out.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            }
        }
        return out
    }

    @Test func mutationsNeverCrashAndErrorsPointIntoTheFile() {
        var random = SeededRandom(seed: 0x5EED)
        let types: [DataType?] = [nil, .number, .string, .date, .boolean]
        var failures = 0
        var successes = 0
        for iteration in 0..<4000 {
            let seed = Self.seeds[iteration % Self.seeds.count]
            let bytes = Self.mutate(Array(seed.utf8), &random)
            let file = SourceFile(path: "fuzz.csv", bytes: bytes)
            var options = CSVOptions(delimiter: seed.contains("\t") ? 0x09 : 0x2C)
            let names = (try? CSVReader.header(file, delimiter: options.delimiter)) ?? []
            if random.next() % 2 == 0 {
                options.columns = Set(names.filter { _ in random.next() % 2 == 0 })
            }
            for name in names where random.next() % 4 == 0 {
                options.parse[name] = types[Int(random.next() % UInt64(types.count))]
            }
            do {
                let table = try CSVReader.read(file, options: options)
                successes += 1
                Self.checkConsistent(table, context: "iteration \(iteration)")
            } catch {
                failures += 1
                #expect(!error.diagnostics.isEmpty)
                for diagnostic in error.diagnostics {
                    Self.checkInside(diagnostic, file: file, context: "iteration \(iteration)")
                }
            }
        }
        // Both outcomes are exercised.
        #expect(successes > 100)
        #expect(failures > 100)
    }

    static func checkConsistent(_ table: Table, context: String) {
        #expect(Set(table.columnNames).count == table.columns.count, "\(context)")
        for column in table.columns {
            #expect(column.count == table.rowCount, "\(context): \(column.name)")
            if case .string(let codes, let dictionary) = column.storage {
                #expect(codes.count == table.rowCount, "\(context)")
                for row in 0..<column.count where column.valid[row] {
                    #expect(Int(codes[row]) < dictionary.count, "\(context)")
                }
            }
        }
    }

    static func checkInside(_ diagnostic: Diagnostic, file: SourceFile, context: String) {
        guard let span = diagnostic.span else {
            Issue.record("\(context): \(diagnostic.id) has no span")
            return
        }
        #expect(span.file === file, "\(context)")
        #expect(
            span.range.lowerBound >= 0 && span.range.upperBound <= max(file.bytes.count, 0),
            "\(context): \(diagnostic.id) \(span.range) in \(file.bytes.count) bytes")
        for note in diagnostic.notes {
            if let noteSpan = note.span {
                #expect(noteSpan.range.lowerBound >= 0 && noteSpan.range.upperBound <= file.bytes.count, "\(context)")
            }
        }
        #expect(!diagnostic.message.isEmpty)
    }

    /// Random JSON documents (rows of scalars, nested values, non-objects) through the JSON data reader.
    @Test func randomJSONRowsNeverCrash() throws {
        var random = SeededRandom(seed: 99)
        let keys = ["a", "b", "c", "when"]
        func scalar() -> String {
            switch random.next() % 8 {
            case 0: return "null"
            case 1: return "true"
            case 2: return String(Int(random.next() % 2000) - 1000)
            case 3: return "1.5e3"
            case 4: return "\"2015-01-0\(1 + random.next() % 9)\""
            case 5: return "\"text\""
            case 6: return "\"\""
            default: return random.next() % 3 == 0 ? "{\"x\": 1}" : "[1, 2]"
            }
        }
        for iteration in 0..<800 {
            var rows: [String] = []
            for _ in 0..<Int(random.next() % 6) {
                if random.next() % 10 == 0 {
                    rows.append(scalar())
                    continue
                }
                let members = keys.filter { _ in random.next() % 2 == 0 }.map { "\"\($0)\": \(scalar())" }
                rows.append("{" + members.joined(separator: ", ") + "}")
            }
            let text = "[" + rows.joined(separator: ",\n") + "]"
            let file = SourceFile(path: "fuzz.json", text: text)
            let node = try JSONReader.read(file, requireObject: false)
            var parse: [String: DataType] = [:]
            if random.next() % 3 == 0 { parse[keys[Int(random.next() % 4)]] = [.number, .date, .boolean, .string][Int(random.next() % 4)] }
            let columns: Set<String>? = random.next() % 2 == 0 ? nil : Set(keys.filter { _ in random.next() % 2 == 0 })
            do {
                let table = try JSONDataReader.table(from: node, property: nil, columns: columns, parse: parse)
                Self.checkConsistent(table, context: "json \(iteration)")
            } catch {
                for diagnostic in error.diagnostics {
                    Self.checkInside(diagnostic, file: file, context: "json \(iteration)")
                }
            }
        }
    }
}

/// A file large enough to span several decoding chunks, with values computed from the row number so every
/// cell can be checked.
@Suite("CSV generated data")
struct CSVGeneratedDataTests {
    static func generate(rows: Int, textAt textRow: Int?) -> String {
        var lines = ["congress,chamber,icpsr,bioname,nominate_dim1,born"]
        lines.reserveCapacity(rows + 1)
        let chambers = ["House", "Senate", "President"]
        for row in 0..<rows {
            let congress = 1 + row / 100
            let chamber = chambers[row % 3]
            let name = "\"NAME\(row % 37), First\""
            let dim = row % 11 == 0 ? "" : String(Double(row % 200) / 100 - 1)
            let born = row == textRow ? "unknown" : String(1700 + row % 300)
            lines.append("\(congress),\(chamber),\(10_000 + row),\(name),\(dim),\(born)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func valuesAcrossChunks() throws {
        let rows = 10_000
        let table = try readCSV(Self.generate(rows: rows, textAt: nil), CSVOptions(columns: ["congress", "chamber", "bioname", "nominate_dim1"]))
        #expect(table.rowCount == rows)
        #expect(table.columnNames == ["congress", "chamber", "bioname", "nominate_dim1"])
        #expect(table.columns.map(\.type) == [.number, .string, .string, .number])
        for row in [0, 1, 4095, 4096, 4097, 8191, 8192, 9999] {
            #expect(
                table.row(row) == [
                    .number(Double(1 + row / 100)),
                    .string(["House", "Senate", "President"][row % 3]),
                    .string("NAME\(row % 37), First"),
                    row % 11 == 0 ? .null : .number(Double(row % 200) / 100 - 1)
                ], "row \(row)")
        }
        if case .string(_, let dictionary)? = table.column(named: "bioname")?.storage {
            #expect(dictionary.count == 37)
            #expect(dictionary.first == "NAME0, First")
        }
    }

    @Test func numberColumnMeetsTextInALaterChunk() throws {
        let rows = 9000
        let table = try readCSV(Self.generate(rows: rows, textAt: 8500), CSVOptions(columns: ["born"]))
        #expect(table.type("born") == .string)
        for row in [0, 4096, 8499, 8500, 8501, 8999] {
            #expect(table.values("born")[row] == .string(row == 8500 ? "unknown" : String(1700 + row % 300)), "row \(row)")
        }
        if case .string(_, let dictionary)? = table.column(named: "born")?.storage {
            #expect(dictionary.count == 301)
            #expect(dictionary.prefix(2) == ["1700", "1701"])
        }
    }
}
