import ChartTestSupport
import Foundation
import Testing

/// A seeded property test of the database path against an independent SQL engine (issue 17: "compared with an
/// independent SQL engine's answers"). Random tables — numbers with nulls, negatives, fractions and integers
/// beyond 2^53; dates and timestamps; strings with quotes, non-ASCII letters and empty strings; booleans — are
/// written as CSV and loaded into the test PostgreSQL with COPY; random specs over them (filters, calculations,
/// `groupBy` with totals, every SPEC §5 aggregate, `bin`, `complete`, `sort`, windows, `keep`) must give
///
/// (a) byte-identical `chartc data` from the table and from the CSV, and
/// (b) for specs without `complete`/`window`/`keep`, the same groups and values as DuckDB computing the same
///     question from the CSV with plain SQL written here: counts, extremes and `first`/`last` exactly, sums, means,
///     quantiles, standard deviations and variances within a relative 1e-9 (DuckDB adds in its own order and
///     interpolates quantiles with its own arithmetic; chartc's values are the file's to the last bit).
///
/// A failure prints the seed and the spec. `CHARTC_RANDOM_CASES` (default 24) and `CHARTC_RANDOM_SEED` (default a
/// fixed one) make it run more, or one case again.
@Suite(
    .serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"),
    .enabled(if: duckDBAvailable, "needs python3 with duckdb (pip install duckdb; CI installs it)"))
struct DatabaseIndependentEngineTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    static let cases = Int(ProcessInfo.processInfo.environment["CHARTC_RANDOM_CASES"] ?? "") ?? 24
    static let seed = UInt64(ProcessInfo.processInfo.environment["CHARTC_RANDOM_SEED"] ?? "") ?? 0x5EED_0017
    /// Specs per random table (one table load and one DuckDB process serve them all).
    static let specsPerTable = 6

    @Test func randomSpecsAgreeWithTheFileAndWithDuckDB() throws {
        var done = 0
        var compared = 0
        var tableIndex: UInt64 = 0
        while done < Self.cases {
            let tableSeed = Self.seed &+ tableIndex &* 0x9E37_79B9_7F4A_7C15
            let count = min(Self.specsPerTable, Self.cases - done)
            compared += try runTable(seed: tableSeed, specs: count)
            done += count
            tableIndex += 1
        }
        // Most specs are also DuckDB's questions: the comparison must have looked at values.
        #expect(compared >= Self.cases, "only \(compared) values compared with DuckDB")
    }

    // MARK: - One random table and its specs

    /// Returns how many values were compared with DuckDB's.
    func runTable(seed: UInt64, specs count: Int) throws -> Int {
        var random = SplitMix(seed: seed)
        let table = RandomTable(random: &random)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let csvPath = scratch.appendingPathComponent("rows.csv")
        try table.csv.write(to: csvPath, atomically: true, encoding: .utf8)
        let tableName = "random \(seed)"
        try server.load(table: tableName, columns: RandomTable.columns.map { ($0.name, $0.postgres) }, csv: Data(table.csv.utf8))

        var questions: [(spec: RandomSpec, file: String, database: String)] = []
        for index in 0..<count {
            var specRandom = SplitMix(seed: seed &+ UInt64(index + 1) &* 0xD1B5_4A32_D192_ED03)
            let spec = RandomSpec(random: &specRandom)
            let fileSpec = scratch.appendingPathComponent("file\(index).chart.json")
            let databaseSpec = scratch.appendingPathComponent("db\(index).chart.json")
            try ("{ \"data\": { \"url\": \"rows.csv\", \"parse\": { \"b\": \"boolean\" } },\n" + spec.body + "\n}\n").write(
                to: fileSpec, atomically: true, encoding: .utf8)
            let relation = JSONQuote.quote(PostgresTestServer.quote(tableName))
            try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \(relation) },\n" + spec.body + "\n}\n")
                .write(to: databaseSpec, atomically: true, encoding: .utf8)
            questions.append((spec, fileSpec.path, databaseSpec.path))
        }
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let answers = try duckDB(csv: csvPath.path, queries: questions.map { $0.spec.duckSQL ?? "" }, in: scratch)
        var compared = 0
        for (index, question) in questions.enumerated() {
            let label = "seed \(seed) spec \(index) (CHARTC_RANDOM_SEED=\(seed)):\n\(question.spec.body)"
            let fromFile = try ChartcBinary.run(["data", question.file])
            let fromDatabase = try ChartcBinary.run(["data", question.database], environment: environment)
            #expect(fromFile.status == 0, "\(label)\n\(fromFile.error)")
            #expect(fromDatabase.status == 0, "\(label)\nfrom PostgreSQL: \(fromDatabase.error)")
            #expect(
                fromDatabase.output == fromFile.output,
                "\(label)\nfrom the table and from the file: \(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
            guard question.spec.duckSQL != nil, fromFile.status == 0 else { continue }
            compared += compare(chartc: fromFile.output, duckDB: answers[index], spec: question.spec, label: label)
        }
        return compared
    }

    /// Runs every query in one DuckDB process over the CSV (read with the column types given, in file order, one
    /// thread); each answer is a header line and rows, values as `repr` text, null as `\N`.
    func duckDB(csv: String, queries: [String], in folder: URL) throws -> [[[String]]] {
        let columns = RandomTable.columns.map { "'\($0.name)': '\($0.duck)'" }.joined(separator: ", ")
        let encoded = try JSONSerialization.data(withJSONObject: queries)
        try encoded.write(to: folder.appendingPathComponent("queries.json"))
        let script = """
            import duckdb, json, sys, datetime
            con = duckdb.connect()
            con.execute("SET threads = 1")
            con.execute("SET TimeZone = 'UTC'")
            con.execute("CREATE TABLE rows AS SELECT row_number() OVER () AS rn, * FROM read_csv('\(csv)', header = true, columns = {\(columns)}, quote = '\\"', escape = '\\"')")
            def text(v):
                if v is None: return '\\\\N'
                if isinstance(v, bool): return 'true' if v else 'false'
                if isinstance(v, (int, float)): return repr(float(v))
                if isinstance(v, datetime.datetime):
                    v = v.astimezone(datetime.timezone.utc)
                    if (v.hour, v.minute, v.second, v.microsecond) == (0, 0, 0, 0): return v.strftime('%Y-%m-%d')
                    return v.strftime('%Y-%m-%dT%H:%M:%S') + ('.%03dZ' % (v.microsecond // 1000) if v.microsecond else 'Z')
                if isinstance(v, datetime.date): return v.strftime('%Y-%m-%d')
                return str(v)
            out = []
            for q in json.load(open('\(folder.appendingPathComponent("queries.json").path)')):
                if not q:
                    out.append([])
                    continue
                try:
                    cursor = con.execute(q)
                except Exception as e:
                    sys.stderr.write(q + "\\n")
                    raise
                names = [d[0] for d in cursor.description]
                out.append([names] + [[text(v) for v in row] for row in cursor.fetchall()])
            json.dump(out, sys.stdout)
            """
        // posix_spawn and waitpid (PostgresTestServer.run), not Process: a Process can miss its child's exit.
        let result = try PostgresTestServer.run("/usr/bin/env", ["python3", "-c", script])
        let output = result.output
        #expect(result.status == 0, "DuckDB: \(result.errors.suffix(1000))")
        let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[[String]]]
        return try #require(parsed, "DuckDB gave no answer: \(output.prefix(500))")
    }

    /// The same groups, each value equal (counts, extremes, first/last, keys) or within 1e-9 relative (sums,
    /// means, quantiles, deviations). Rows are matched by their key columns, whatever order each side has.
    @discardableResult
    func compare(chartc: String, duckDB: [[String]], spec: RandomSpec, label: String) -> Int {
        let ours = CSVRows.parse(chartc)
        guard let header = ours.first, let theirHeader = duckDB.first else {
            Issue.record("\(label)\nno header: chartc \(chartc.prefix(200)), DuckDB \(duckDB.prefix(2))")
            return 0
        }
        var compared = 0
        let keys = spec.keys
        func keyed(_ rows: ArraySlice<[String]>, header: [String]) -> [String: [String: String]] {
            var result: [String: [String: String]] = [:]
            for row in rows {
                var named: [String: String] = [:]
                for (name, value) in zip(header, row) { named[name] = value }
                let key = keys.map { Self.normalizeKey(named[$0] ?? "?") }.joined(separator: "\u{1}")
                result[key] = named
            }
            return result
        }
        let mine = keyed(ours.dropFirst(), header: header)
        let theirs = keyed(duckDB.dropFirst(), header: theirHeader)
        #expect(
            ours.count - 1 == duckDB.count - 1, "\(label)\nrows: chartc \(ours.count - 1), DuckDB \(duckDB.count - 1)\n\(chartc)\nDuckDB: \(duckDB)")
        #expect(mine.count == ours.count - 1, "\(label)\nchartc's groups are not unique:\n\(chartc)")
        for (key, theirRow) in theirs.sorted(by: { $0.key < $1.key }) {
            guard let myRow = mine[key] else {
                Issue.record("\(label)\nDuckDB's group \(key.replacingOccurrences(of: "\u{1}", with: " | ")) is not in chartc's output:\n\(chartc)")
                continue
            }
            for (name, exactness) in spec.values {
                let a = myRow[name] ?? "?"
                let b = theirRow[name] ?? "?"
                compared += 1
                #expect(
                    Self.same(chartc: a, duckDB: b, exact: exactness),
                    "\(label)\ngroup \(key.replacingOccurrences(of: "\u{1}", with: " | ")), \(name): chartc '\(a)', DuckDB '\(b)'")
            }
        }
        return compared
    }

    /// A key as text both sides agree on: numbers by value, null as empty.
    static func normalizeKey(_ text: String) -> String {
        if text == "\\N" || text.isEmpty { return "" }
        if let number = Double(text) { return String(number) }
        return text
    }

    static func same(chartc: String, duckDB: String, exact: Bool) -> Bool {
        let duckNull = duckDB == "\\N"
        if chartc.isEmpty || duckNull { return chartc.isEmpty && duckNull }
        guard let x = Double(chartc), let y = Double(duckDB) else { return chartc == duckDB }
        if exact { return x == y }
        return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
    }
}

// MARK: - Random tables

/// SplitMix64: a small seeded generator, the same sequence on every machine.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Rows of eight columns: `g` a label, `h` a small whole number, `x` and `y` numbers, `d` a date, `t` a time stamp,
/// `b` a boolean, `s` a string; each may be null.
struct RandomTable {
    struct ColumnType {
        var name: String
        var postgres: String
        var duck: String
    }
    static let columns = [
        ColumnType(name: "g", postgres: "text", duck: "VARCHAR"), ColumnType(name: "h", postgres: "bigint", duck: "BIGINT"),
        ColumnType(name: "x", postgres: "double precision", duck: "DOUBLE"), ColumnType(name: "y", postgres: "numeric", duck: "DOUBLE"),
        ColumnType(name: "d", postgres: "date", duck: "DATE"), ColumnType(name: "t", postgres: "timestamptz", duck: "TIMESTAMPTZ"),
        ColumnType(name: "b", postgres: "boolean", duck: "BOOLEAN"), ColumnType(name: "s", postgres: "text", duck: "VARCHAR")
    ]
    static let labels = ["Oslo", "Zürich", "O'Brien", "say \"hi\"", "a,b", "Ålesund", "東京", "x -- y"]

    var csv: String

    init(random: inout SplitMix) {
        let rows = 20 + random.below(140)
        var lines = [Self.columns.map(\.name).joined(separator: ",")]
        // A few labels per table, so groups have several rows.
        let labels = (0..<(2 + random.below(4))).map { _ in random.pick(Self.labels) }
        for _ in 0..<rows {
            var cells: [String] = []
            cells.append(random.chance(8) ? "" : Self.quoted(random.pick(labels)))
            cells.append(random.chance(8) ? "" : String(random.below(4) - 1))
            cells.append(random.chance(12) ? "" : Self.number(&random))
            cells.append(random.chance(12) ? "" : Self.number(&random))
            let day = random.below(1500)
            cells.append(random.chance(8) ? "" : Self.date(daysSince2019: day))
            let seconds = random.below(86_400)
            cells.append(
                random.chance(8)
                    ? ""
                    : Self.date(daysSince2019: day) + "T" + String(format: "%02ld:%02ld:%02ldZ", seconds / 3600, seconds / 60 % 60, seconds % 60))
            cells.append(random.chance(8) ? "" : random.chance(50) ? "true" : "false")
            cells.append(random.chance(8) ? "" : Self.quoted(random.pick(Self.labels + ["plain", "naïve café", ""])))
            lines.append(cells.joined(separator: ","))
        }
        csv = lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "'" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// Whole numbers, fractions, negatives, a few integers beyond 2^53 and tiny or huge magnitudes.
    static func number(_ random: inout SplitMix) -> String {
        switch random.below(10) {
        case 0: return String(9_007_199_254_740_993 + random.below(1000) * 2)
        case 1: return String(-random.below(50))
        case 2: return String(Double(random.below(2_000_001) - 1_000_000) / 1000)
        case 3: return String(Double(random.below(200) - 100) / 10)
        case 4: return String(Double(random.below(1000)) * 1e-7)
        default: return String(random.below(200) - 60)
        }
    }

    static func date(daysSince2019 days: Int) -> String {
        var components = DateComponents()
        components.year = 2019
        components.month = 1
        components.day = 1 + days
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let date = calendar.date(from: components) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04ld-%02ld-%02ld", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

// MARK: - Random specs and the same question in SQL

/// A random spec's pipeline (the JSON members after `data`) and, when it has no step DuckDB is not asked about
/// (`complete`, windows, `keep`), the same question as DuckDB SQL over `rows`.
struct RandomSpec {
    var body: String
    var duckSQL: String?
    /// The output's key columns and value columns (true: compared exactly).
    var keys: [String]
    var values: [(String, Bool)]

    /// A filter in chartc's language and in SQL (chartc's two-valued logic: a comparison with null is false).
    static let filters: [(String, String)] = [
        ("x > 0", "x > 0"), ("x == null || x < 10", "x IS NULL OR x < 10"), ("y != null", "y IS NOT NULL"),
        ("b == true", "b = true"), ("!(x > 5)", "NOT coalesce(x > 5, false)"), ("h in (0, 1, null)", "h = 0 OR h = 1 OR h IS NULL"),
        ("year(d) >= 2020", "year(d) >= 2020"), ("x >= y", "x >= y"), ("g != 'Oslo'", "g <> 'Oslo'"),
        ("hour(t) < 12 || b", "hour(t AT TIME ZONE 'UTC') < 12 OR b")
    ]
    /// Calculations: name, chartc, SQL.
    static let calculations: [(String, String, String)] = [
        ("z", "x * 2 - y", "x * 2 - y"), ("r", "x / y", "x / NULLIF(y, 0)"), ("f", "floor(x / 3)", "floor(x / 3)"),
        ("k", "x > 0 ? 'pos' : 'other'", "CASE WHEN x > 0 THEN 'pos' ELSE 'other' END"), ("yr", "year(d)", "year(d)"),
        ("w", "y == null ? x : y", "CASE WHEN y IS NULL THEN x ELSE y END")
    ]
    /// Aggregates: chartc, SQL of a field `@` (ordered by `rn`, the file's row order), exact?
    static let aggregates: [(String, String, Bool)] = [
        ("count()", "count(*)", true), ("count(@)", "count(@)", true), ("distinct(@)", "count(DISTINCT @)", true),
        ("sum(@)", "sum(@)", false), ("mean(@)", "avg(@)", false), ("min(@)", "min(@)", true), ("max(@)", "max(@)", true),
        ("median(@)", "quantile_cont(@, 0.5)", false), ("q1(@)", "quantile_cont(@, 0.25)", false), ("q3(@)", "quantile_cont(@, 0.75)", false),
        ("quantile(@, 0.9)", "quantile_cont(@, 0.9)", false), ("stdev(@)", "stddev_samp(@)", false), ("variance(@)", "var_samp(@)", false),
        ("first(@)", "arg_min(@, rn) FILTER (WHERE @ IS NOT NULL)", true), ("last(@)", "arg_max(@, rn) FILTER (WHERE @ IS NOT NULL)", true),
        ("sum(@) / count()", "sum(@) / count(*)", false)
    ]

    init(random: inout SplitMix) {
        var members: [String] = []
        var calculate: [(String, String, String)] = []
        for calculation in Self.calculations where random.chance(30) { calculate.append(calculation) }
        var binned = false
        if random.chance(25) {
            let step = random.pick([0.5, 2.0, 10.0, 25.0])
            // SPEC §19.6: in decimal, on the 15-digit decimal of x (exact DECIMAL remainder, read back as DOUBLE
            // from its text so the last rounding is a correct one).
            let (value, width) = ("CAST(printf('%.15g', x) AS DECIMAL(38,10))", "CAST('\(step)' AS DECIMAL(38,10))")
            let start = "\(value) - \(value) % \(width) - CASE WHEN \(value) % \(width) < 0 THEN \(width) ELSE 0 END"
            calculate.append(("bx", "bin(x, \(step))", "CAST(CAST(\(start) AS VARCHAR) AS DOUBLE)"))
            binned = true
        }
        var sqlNames: [String: String] = [:]
        for (name, _, sql) in calculate { sqlNames[name] = "(\(sql))" }
        if !calculate.isEmpty {
            members.append("\"calculate\": { " + calculate.map { "\"\($0.0)\": \(JSONQuote.quote($0.1))" }.joined(separator: ", ") + " }")
        }
        var filters: [(String, String)] = []
        for filter in Self.filters where random.chance(15) { filters.append(filter) }
        if !filters.isEmpty {
            members.append("\"filter\": [" + filters.map { JSONQuote.quote($0.0) }.joined(separator: ", ") + "]")
        }

        // Keys: labels, small numbers, and the calculated keys.
        var candidates = ["g", "h", "b"]
        for (name, _, _) in calculate where ["k", "yr", "f", "bx"].contains(name) { candidates.append(name) }
        var keys: [String] = []
        for candidate in candidates where random.chance(45) { keys.append(candidate) }
        if keys.isEmpty { keys = [random.pick(candidates)] }
        if binned && !keys.contains("bx") && random.chance(60) { keys.insert("bx", at: 0) }
        let numericFields = ["x", "y"] + calculate.map(\.0).filter { ["z", "r", "w", "f"].contains($0) && !keys.contains($0) }
        var aggregates: [(name: String, chartc: String, sql: String, exact: Bool)] = []
        var used = Set<String>()
        for index in 0..<(1 + random.below(5)) {
            var (chartcForm, sqlForm, exact) = random.pick(Self.aggregates)
            var field = random.pick(numericFields)
            if index > 0 && random.chance(25) {
                // Strings, dates and times: counts, extremes (code points; time), first and last.
                (chartcForm, sqlForm, exact) = random.pick(Self.aggregates.filter(\.2))
                field = random.pick(["s", "s", "d", "t"])
            }
            let key = chartcForm + field
            guard !used.contains(key) else { continue }
            used.insert(key)
            let sqlField = sqlNames[field] ?? field
            aggregates.append(
                ("a\(index)", chartcForm.replacingOccurrences(of: "@", with: field), sqlForm.replacingOccurrences(of: "@", with: sqlField), exact))
        }
        members.append("\"groupBy\": [" + keys.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        members.append("\"aggregate\": { " + aggregates.map { "\"\($0.name)\": \(JSONQuote.quote($0.chartc))" }.joined(separator: ", ") + " }")
        let total = keys.contains("g") && keys.count > 1 && random.chance(40)
        if total { members.append("\"total\": { \"g\": \"All\" }") }
        let postSteps = random.chance(30)
        if postSteps {
            switch random.below(3) {
            case 0: members.append("\"complete\": true")
            case 1:
                members.append("\"window\": { \"rk\": \"rank(-\(aggregates[0].name))\", \"cs\": \"cumsum(\(aggregates[0].name))\" }")
                members.append("\"keep\": \"rk <= 3\"")
            default:
                members.append("\"sort\": [\"-\(aggregates[0].name)\"]")
                members.append("\"keep\": \"\(aggregates[0].name) != null\"")
            }
        } else if random.chance(40) {
            members.append("\"sort\": [\"-\(aggregates[0].name)\"]")
        }
        members.append("\"mark\": \"point\", \"encoding\": { \"x\": { \"field\": \"\(keys[0])\" }, \"y\": { \"field\": \"\(aggregates[0].name)\" } }")
        body = members.joined(separator: ",\n")
        self.keys = keys
        values = aggregates.map { ($0.name, $0.exact) }

        if postSteps {
            duckSQL = nil
            return
        }
        let keyExpressions = keys.map { key in sqlNames[key].map { "\($0) AS \(key)" } ?? key }
        let aggregateList = aggregates.map { "\($0.sql) AS \($0.name)" }
        let whereClause = filters.isEmpty ? "" : " WHERE " + filters.map { "coalesce(\($0.1), false)" }.joined(separator: " AND ")
        let groupList = keys.map { sqlNames[$0] ?? $0 }.joined(separator: ", ")
        var sql = "SELECT \((keyExpressions + aggregateList).joined(separator: ", ")) FROM rows\(whereClause) GROUP BY \(groupList)"
        if total {
            let others = keys.filter { $0 != "g" }
            let totalKeys = keys.map { key in key == "g" ? "'All' AS g" : sqlNames[key].map { "\($0) AS \(key)" } ?? key }
            sql +=
                " UNION ALL SELECT \((totalKeys + aggregateList).joined(separator: ", ")) FROM rows\(whereClause) GROUP BY \(others.map { sqlNames[$0] ?? $0 }.joined(separator: ", "))"
        }
        duckSQL = sql
    }
}

/// Enough of RFC 4180 to read `chartc data`'s CSV: quoted cells with doubled quotes, commas and line breaks.
enum CSVRows {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending = iterator.next()
        while let character = pending {
            pending = iterator.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        cell.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(cell)
                cell = ""
            } else if character == "\n" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.isEmpty || !row.isEmpty {
            row.append(cell)
            rows.append(row)
        }
        return rows
    }
}
