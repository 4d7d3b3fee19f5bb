import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec
import ChartTestSupport
import ChartValues
import Foundation
import Testing

/// Every example spec, built from its file and from PostgreSQL, gives byte-identical `chartc data` output; and
/// database failures are one clear error at the spec, exit 1. A real throwaway server (`PostgresTestServer`).
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseExamplesTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    /// The example specs the gallery builds (not those `.chartcignore` lists: they need the network).
    static func exampleSpecs() throws -> [URL] {
        let examples = packageRoot.appendingPathComponent("examples")
        let ignored =
            (try? String(contentsOf: examples.appendingPathComponent(".chartcignore"), encoding: .utf8))?
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") && !$0.isEmpty } ?? []
        var specs: [URL] = []
        let enumerator = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(examples.path.count + 1))
            if url.lastPathComponent.hasSuffix(".chart.json") && !ignored.contains(relative) { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
    }

    /// The byte range of the value of the top-level `"data"` member in a spec's text.
    static func dataValueRange(in text: [UInt8]) -> Range<Int>? {
        let key = Array("\"data\"".utf8)
        var depth = 0
        var index = 0
        var inString = false
        while index < text.count {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if depth == 1 && byte == UInt8(ascii: "\"") && text[index...].starts(with: key) {
                var cursor = index + key.count
                while text[cursor] == UInt8(ascii: " ") || text[cursor] == UInt8(ascii: ":") || text[cursor] == UInt8(ascii: "\n") { cursor += 1 }
                let start = cursor
                var nested = 0
                var quoted = false
                while cursor < text.count {
                    let current = text[cursor]
                    if quoted {
                        if current == UInt8(ascii: "\\") { cursor += 2; continue }
                        if current == UInt8(ascii: "\"") { quoted = false }
                    } else if current == UInt8(ascii: "\"") {
                        quoted = true
                    } else if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") {
                        nested += 1
                    } else if current == UInt8(ascii: "}") || current == UInt8(ascii: "]") {
                        nested -= 1
                        if nested == 0 { return start..<(cursor + 1) }
                    }
                    cursor += 1
                }
                return nil
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            index += 1
        }
        return nil
    }

    static func sqlType(_ type: DataType) -> String {
        switch type {
        case .number: "double precision"
        case .string: "text"
        case .date: "timestamptz"
        case .boolean: "boolean"
        }
    }

    func environment(_ cache: URL, url: String) -> [String: String] {
        ["CHARTC_TEST_DB": url, "PGPASSWORD": server.password, "XDG_CACHE_HOME": cache.path, "HOME": cache.path]
    }

    @Test func everyExampleIsTheSameFromPostgreSQL() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let specs = try Self.exampleSpecs()
        #expect(specs.count >= 10)
        for (number, specURL) in specs.enumerated() {
            let bytes = Array(try Data(contentsOf: specURL))
            let parsed = SpecParser.parse(SourceFile(path: specURL.path, bytes: bytes))
            let spec = try #require(parsed.spec, "\(specURL.lastPathComponent) does not parse")
            // Map features (SPEC §22) carry shapes no table column holds: a map's rows do not come from a database.
            if spec.data.isGeographic { continue }
            // The base rows exactly as chartc reads them from the file, into a table of matching types.
            // The base rows, before any reshaping (SPEC §21), which the database spec runs in PostgreSQL.
            var baseData = spec.data
            baseData.reshaping = []
            let table = try DataLoader.load(baseData, baseDirectory: spec.baseDirectory, columns: nil)
            let name = "example \(number) \"\(specURL.deletingPathExtension().deletingPathExtension().lastPathComponent)\""
            try server.load(
                table: name, columns: table.columns.map { ($0.name, Self.sqlType($0.type)) },
                csv: Data(TableWriter.csv(table).utf8))

            // The same spec with its data pointed at the table.
            let range = try #require(Self.dataValueRange(in: bytes), "no data in \(specURL.lastPathComponent)")
            let replacement = "{ \"database\": \"$CHARTC_TEST_DB\", \"table\": \(JSONQuote.quote("public." + PostgresTestServer.quote(name))) }"
            let databaseSpec = bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...]
            // In a folder of its own beside the house style files the spec resolves to (`data` lays nothing out,
            // but a theme that cannot be found is an error as in build).
            let folder = scratch.appendingPathComponent("spec-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in try FileManager.default.contentsOfDirectory(atPath: specURL.deletingLastPathComponent().path)
            where item.hasSuffix(".theme.json") || item.hasSuffix(".svg") && item.hasPrefix("logo") {
                try FileManager.default.copyItem(
                    at: specURL.deletingLastPathComponent().appendingPathComponent(item), to: folder.appendingPathComponent(item))
            }
            let copy = folder.appendingPathComponent(specURL.lastPathComponent)
            try Data(databaseSpec).write(to: copy)

            let fromFile = try ChartcBinary.run(["data", specURL.path])
            let fromDatabase = try ChartcBinary.run(
                ["data", copy.path], environment: environment(scratch.appendingPathComponent("cache"), url: server.url(user: "reader")))
            #expect(fromFile.status == 0, "\(specURL.lastPathComponent): \(fromFile.error)")
            #expect(fromDatabase.status == 0, "\(specURL.lastPathComponent) from PostgreSQL: \(fromDatabase.error)")
            #expect(
                fromDatabase.output == fromFile.output,
                "\(specURL.lastPathComponent): \(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
            // An aggregation runs in PostgreSQL (the compiled statement), not over fetched rows; histograms too
            // (`bin`, SPEC §13: the bin line is marked in PostgreSQL).
            // Reshaping (SPEC §21) runs in PostgreSQL: the plan marks each step and its SQL is in the statement.
            if !spec.data.reshaping.isEmpty {
                let plan = try ChartcBinary.run(
                    ["plan", copy.path], environment: environment(scratch.appendingPathComponent("cache"), url: server.url(user: "reader")))
                for step in spec.data.reshaping {
                    #expect(
                        plan.output.split(separator: "\n").contains { $0.hasPrefix(step.key + " ") && $0.contains("(in PostgreSQL") },
                        "\(specURL.lastPathComponent): \(step.key) is not compiled to SQL: \(plan.output)")
                }
                #expect(plan.output.contains("\"chartc_reshaped\""), "\(specURL.lastPathComponent): \(plan.output)")
            }
            if spec.hasAggregate {
                let plan = try ChartcBinary.run(
                    ["plan", copy.path], environment: environment(scratch.appendingPathComponent("cache"), url: server.url(user: "reader")))
                #expect(plan.output.contains("(in PostgreSQL"), "\(specURL.lastPathComponent) is not compiled to SQL: \(plan.output)")
                if spec.calculate.contains(where: { $0.expression.text.contains("bin(") }) {
                    #expect(
                        plan.output.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("bin ") && $0.contains("(in PostgreSQL") },
                        "\(specURL.lastPathComponent): the bin is not in the statement: \(plan.output)")
                }
                // (A spec with layers prints its top-level plan indented.)
                #expect(
                    plan.output.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("finish ") },
                    "\(specURL.lastPathComponent): \(plan.output)")
            }
        }
    }

    /// Filters pushed into the WHERE clause keep exactly chartc's rows: nulls, `in (…, null)`, negative numbers,
    /// and names full of quotes, semicolons and comment markers.
    @Test func pushedDownFiltersMatchChartc() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let column = #"a "b"; -- c /* d"#
        try server.psql(
            """
            DROP TABLE IF EXISTS "odd ""table"";--"; CREATE TABLE "odd ""table"";--" (\(PostgresTestServer.quote(column)) int, v double precision, s text);
            INSERT INTO "odd ""table"";--" VALUES (1, 0.5, 'x'), (2, NULL, 'y'), (NULL, -1.5, 'it''s'), (3, 2, NULL), (-4, 0.1, 'z');
            """)
        let header = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let csv = header + ",v,s\n1,0.5,x\n2,,y\n,-1.5,it's\n3,2,\n-4,0.1,z\n"
        try csv.write(to: scratch.appendingPathComponent("odd.csv"), atomically: true, encoding: .utf8)
        let escapedColumn = String(JSONQuote.quote(column).dropFirst().dropLast())
        let pipeline = """
            "filter": ["`\(escapedColumn)` in (1, 3, -4, null)", "v != 2 && -2 <= v", "s != 'q'"],
            "mark": "point", "encoding": { "x": { "field": "v" }, "y": { "field": "s" } }
            """
        let fileSpec = try write(#"{ "data": { "url": "odd.csv" },"# + "\n " + pipeline + " }\n", named: "file.chart.json", in: scratch)
        let table = JSONQuote.quote(#""odd ""table"";--""#)
        let databaseSpec = try write(
            #"{ "data": { "database": "$CHARTC_TEST_DB", "table": "# + table + " },\n " + pipeline + " }\n",
            named: "db.chart.json", in: scratch)
        let environment = environment(scratch.appendingPathComponent("cache"), url: server.url(user: "reader"))
        let fromFile = try ChartcBinary.run(["data", fileSpec.path])
        let fromDatabase = try ChartcBinary.run(["data", databaseSpec.path], environment: environment)
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect(fromDatabase.status == 0, "\(fromDatabase.error)")
        #expect(fromDatabase.output == fromFile.output)
        let plan = try ChartcBinary.run(["plan", databaseSpec.path], environment: environment)
        #expect(plan.output.contains("WHERE"), "\(plan.output)")
        let sqlLine = (plan.output.split(separator: "\n").first { $0.hasPrefix("sql") } ?? "").components(separatedBy: "  (parameters").first ?? ""
        #expect(!sqlLine.contains("'q'") && !sqlLine.contains("-4"), "constants are parameters, never SQL text: \(plan.output)")
    }

    func write(_ text: String, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func errorsPointAtTheSpecAndNameTheDatabase() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            "DROP TABLE IF EXISTS small; CREATE TABLE small (name text, value double precision); INSERT INTO small VALUES ('a', 1), ('b', NULL);")
        let cache = scratch.appendingPathComponent("cache")
        let mark = "\"mark\": \"bar\", \"encoding\": { \"x\": { \"field\": \"name\" }, \"y\": { \"field\": \"value\" } }"

        // A syntax error inside `query` points inside the query string, at the server's position.
        let syntax = try write(
            "{\n  \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"query\": \"SELECT name, value FROM small WHERE WHERE\" },\n  \(mark)\n}\n",
            named: "syntax.chart.json", in: scratch)
        let syntaxRun = try ChartcBinary.run(["data", syntax.path], environment: environment(cache, url: server.url(user: "reader")))
        #expect(syntaxRun.status == 1)
        // The second WHERE: the query's text starts at column 54 of line 2, and the WHERE 36 characters into it.
        #expect(syntaxRun.error.contains("syntax.chart.json:2:90"), "\(syntaxRun.error)")
        #expect(syntaxRun.error.contains("postgresql://127.0.0.1:\(server.port)/charts"))
        #expect(!syntaxRun.error.contains(server.password))

        // Unknown table: at `table`.
        let unknown = try write(
            "{\n  \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"smal\" },\n  \(mark)\n}\n", named: "unknown.chart.json", in: scratch)
        let unknownRun = try ChartcBinary.run(["data", unknown.path], environment: environment(cache, url: server.url(user: "reader")))
        #expect(unknownRun.status == 1)
        #expect(unknownRun.error.contains("unknown.chart.json:2:53"), "\(unknownRun.error)")
        #expect(unknownRun.error.contains("db-unknown-table"))

        // Bad password, refused connection, missing variable: one line each, exit 1.
        let good = try write(
            "{\n  \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"small\" },\n  \(mark)\n}\n", named: "good.chart.json", in: scratch)
        var badPassword = environment(cache, url: server.url(user: "reader"))
        badPassword["PGPASSWORD"] = "wrong"
        let passwordRun = try ChartcBinary.run(["data", good.path], environment: badPassword)
        #expect(passwordRun.status == 1 && passwordRun.error.contains("db-authentication-failed"), "\(passwordRun.error)")
        let refused = try ChartcBinary.run(["data", good.path], environment: environment(cache, url: "postgresql://reader@127.0.0.1:1/charts"))
        #expect(refused.status == 1 && refused.error.contains("db-connection-refused"), "\(refused.error)")
        var missing = environment(cache, url: "")
        missing.removeValue(forKey: "CHARTC_TEST_DB")
        let missingRun = try ChartcBinary.run(["data", good.path], environment: missing)
        #expect(missingRun.status == 1 && missingRun.error.contains("CHARTC_TEST_DB"), "\(missingRun.error)")

        // A password written in the spec is refused before anything connects.
        let secret = try write(
            "{\n  \"data\": { \"database\": \"postgresql://reader:hunter2@127.0.0.1/charts\", \"table\": \"small\" },\n  \(mark)\n}\n",
            named: "secret.chart.json", in: scratch)
        let secretRun = try ChartcBinary.run(["data", secret.path], environment: environment(cache, url: ""))
        #expect(secretRun.status == 1 && secretRun.error.contains("data-password-in-spec"), "\(secretRun.error)")

        // Works, then --offline gives the same from the cache with the server out of reach.
        let online = try ChartcBinary.run(["data", good.path], environment: environment(cache, url: server.url(user: "reader")))
        #expect(online.status == 0 && online.output == "name,value\na,1\nb,\n", "\(online.error)")
        let offline = try ChartcBinary.run(["data", "--offline", good.path], environment: environment(cache, url: server.url(user: "reader")))
        #expect(offline.output == online.output, "\(offline.error)")
    }
}

/// JSON string quoting for the test's spec text.
enum JSONQuote {
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
