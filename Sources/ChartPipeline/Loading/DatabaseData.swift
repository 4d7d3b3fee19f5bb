import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartNetwork
import ChartSpec
import ChartSystem
import ChartValues

/// The database half of `DataLoader` (SPEC §16): resolves `data.database` (a URL, or `$NAME` from the
/// environment), builds the statement that reads the base rows (`table` or the user's `query`, only the columns
/// asked for), runs it through ChartDatabase or reads its cached result (`--offline`), and reports every failure
/// at the spec's `data` — a server error inside `query` at the server's position inside the `query` string.
extension DataLoader {
    /// The base relation and where its SQL text starts in the statement (for error positions).
    struct DatabaseTarget {
        var client: DatabaseClient
        /// The one connection the build's statements share (opened on first use).
        var session: DatabaseSession
        var source: DatabaseSource
        /// `"members"`, `"public"."members"`, or `(user query\n) AS "chartc_base"`.
        var relation: String
    }

    static func databaseTarget(_ source: DatabaseSource, context: LoadContext) throws(DiagnosticError) -> DatabaseTarget {
        let url: String
        if let name = source.environmentVariable {
            guard let value = context.environment[name] else {
                throw DiagnosticError(Diagnostic(DatabaseDiagnostic.environmentVariableMissing(name: name), at: source.database.span))
            }
            url = value
        } else {
            url = source.database.value
        }
        let settings: ConnectionSettings
        do {
            settings = try ConnectionSettings.parse(url)
        } catch {
            let name = source.environmentVariable ?? "data.database"
            throw DiagnosticError(Diagnostic(DatabaseDiagnostic.environmentURLInvalid(name: name, reason: error.reason), at: source.database.span))
        }
        let client = DatabaseClient(
            settings: settings, environment: context.environment,
            connectTimeout: context.fetch.connectTimeout, statementTimeout: context.fetch.totalTimeout)
        let relation: String
        switch source.relation {
        case .table(let table): relation = SQLText.relation(table.value)
        case .query(let query): relation = SQLText.subquery(query.value).text
        }
        return DatabaseTarget(client: client, session: DatabaseSession(client: client, timings: context.timings), source: source, relation: relation)
    }

    /// The rows a database spec's steps read: the base relation, or, with reshaping steps (SPEC §21), the relation
    /// `SQLReshaping` compiles them into; with its fields as the server describes them, the input order the
    /// compiler may add in (none after reshaping: the reshaped rows are read in their order), and the natural
    /// orders of the text fields the reshaping makes (a fold's names).
    struct DatabaseRows {
        var target: DatabaseTarget
        var fields: [ResultField]
        var inputOrder: String?
        var naturalOrders: [String: [String]] = [:]
        /// The reshaping's warnings (a lookup's rows without a match).
        var warnings: [Diagnostic] = []

        /// The fields as the SQL compiler takes them.
        var columns: [SQLCompiler.Column] {
            fields.map { (name: $0.name, type: ResultDecoder.dataType(ofOID: $0.typeOID), oid: $0.typeOID) }
        }
    }

    static func databaseRows(_ source: DataSource, database: DatabaseSource, context: LoadContext) throws(DiagnosticError) -> DatabaseRows {
        var target = try databaseTarget(database, context: context)
        let fields = try databaseFields(target, context: context)
        guard !source.reshaping.isEmpty else { return DatabaseRows(target: target, fields: fields, inputOrder: databaseInputOrder(database)) }
        let base = DatabaseRows(target: target, fields: fields, inputOrder: databaseInputOrder(database))
        let reshaped = try SQLReshaping.compile(
            source.reshaping, base: target.relation, columns: base.columns, inputOrder: base.inputOrder, origin: originName(source),
            other: { (lookup: LookupSpec) throws(DiagnosticError) -> SQLReshaping.OtherRows? in
                // Only the same database (the same URL or variable) can join in one statement.
                guard case .database(let other) = lookup.data.origin, other.database.value == database.database.value else { return nil }
                let otherTarget = DatabaseTarget(client: target.client, session: target.session, source: other, relation: databaseRelation(other))
                let otherRows = DatabaseRows(target: otherTarget, fields: try databaseFields(otherTarget, context: context), inputOrder: nil)
                return SQLReshaping.OtherRows(
                    relation: otherTarget.relation, columns: otherRows.columns, inputOrder: databaseInputOrder(other), origin: originName(lookup.data)
                )
            },
            distinctValues: { (sql: String) throws(DiagnosticError) -> Table in
                try runStatement(target, sql: sql, parameters: [], context: context).table
            })
        target.relation = reshaped.relation
        return DatabaseRows(
            target: target, fields: try databaseFields(target, context: context), inputOrder: nil, naturalOrders: reshaped.naturalOrders,
            warnings: reshaped.warnings)
    }

    /// The statement reading `columns` (nil: all) of the base rows.
    static func selectStatement(_ target: DatabaseTarget, columns: [String]?) -> String {
        let list = columns.map { $0.isEmpty ? "" : $0.map(SQLText.identifier).joined(separator: ", ") } ?? "*"
        return "SELECT \(list) FROM \(target.relation)"
    }

    /// The base rows' field names and types, from the server (Parse + Describe: nothing is run) or, `--offline`,
    /// from the cache.
    static func databaseSchema(_ source: DatabaseSource, context: LoadContext) throws(DiagnosticError) -> [(name: String, type: DataType)] {
        try databaseFields(source, context: context).map { ($0.name, ResultDecoder.dataType(ofOID: $0.typeOID)) }
    }

    /// The base rows' fields with their type OIDs (the SQL compiler reads each column as chartc reads its
    /// type), from the server or, `--offline`, from the cache.
    public static func databaseFields(_ source: DatabaseSource, context: LoadContext) throws(DiagnosticError) -> [ResultField] {
        try databaseFields(try databaseTarget(source, context: context), context: context)
    }

    static func databaseFields(_ target: DatabaseTarget, context: LoadContext) throws(DiagnosticError) -> [ResultField] {
        let source = target.source
        let sql = selectStatement(target, columns: nil)
        let key = cacheKey(target, sql: "describe\n" + sql, parameters: [])
        let cache = context.fetch.cacheDirectory.map(DataCache.init)
        if context.fetch.mode == .offline {
            guard let entry = cache?.entry(for: key), let fields = ResultDecoder.fields(wire: entry.body) else {
                throw DiagnosticError(Diagnostic(DatabaseDiagnostic.notCached(database: target.client.displayName), at: source.database.span))
            }
            return fields
        }
        let fields: [ResultField]
        do {
            fields = try target.session.describe(sql)
        } catch {
            throw DiagnosticError(diagnostic(error, target: target, sql: sql))
        }
        // Store the description as an empty result (a RowDescription message), so --offline can plan too; an
        // unchanged one is not written again (each write syncs the disk).
        if let cache {
            let body = rowDescription(fields)
            if cache.entry(for: key)?.metadata.sha256 != SHA256.hex(of: body) {
                _ = try? cache.store(key, body: body, contentType: "application/x-postgresql-rows", etag: nil, lastModified: nil)
            }
        }
        context.timings?.lap("cache")
        return fields
    }

    /// The base relation as the compiled statement names it: `"members"`, or the user's query as a subquery.
    public static func databaseRelation(_ source: DatabaseSource) -> String {
        switch source.relation {
        case .table(let table): SQLText.relation(table.value)
        case .query(let query): SQLText.subquery(query.value).text
        }
    }

    /// SQL for the base rows' input order: a table's `ctid` (the order its rows are stored and a sequential scan
    /// reads them); nil for a query, whose rows have no order SQL keeps.
    ///
    /// A `ctid` is a row's place in its own table's storage, so it is the order of a plain `SELECT` only for rows
    /// stored in the named table itself. A partitioned table's rows (and an inheritance parent's children's) are
    /// stored in other tables, each numbered from the start, and `ORDER BY ctid` would interleave them; there the
    /// expression stops the statement with a division by zero (SQLSTATE 22012), and chartc reads the rows and
    /// runs the ordered aggregates itself, in the order the server returns them. A view has neither column
    /// (SQLSTATE 42703): the same fallback.
    public static func databaseInputOrder(_ source: DatabaseSource) -> String? {
        guard case .table(let table) = source.relation else { return nil }
        let relation = SQLText.relation(table.value)
        // The name goes in a literal: with `standard_conforming_strings = off` a backslash would be an escape.
        guard !relation.contains("\\") else { return nil }
        return "(CASE WHEN \"tableoid\" = \(SQLText.literal(relation))::regclass THEN \"ctid\""
            + " ELSE ('(0,' || (1 / (\"tableoid\"::int8 - \"tableoid\"::int8))::text || ')')::tid END)"
    }

    /// Runs a plan's statement (`SQLCompiler`). When the plan names the result columns (a compiled
    /// aggregation), they are renamed by position.
    static func databaseStatement(
        _ target: DatabaseTarget, fieldNames: [String], sql: String, parameters: [String?], resultColumns: [String]?, context: LoadContext
    ) throws(DiagnosticError) -> LoadedData {
        let source = target.source
        var loaded = try runStatement(target, sql: sql, parameters: parameters, context: context)
        if let resultColumns {
            guard resultColumns.count == loaded.table.columns.count else {
                throw DiagnosticError(
                    Diagnostic(
                        DatabaseDiagnostic.protocolViolation(
                            database: target.client.displayName, reason: "\(loaded.table.columns.count) result columns, not \(resultColumns.count)"),
                        at: source.database.span))
            }
            loaded.table = Table(columns: zip(loaded.table.columns, resultColumns).map { $0.renamed($1) }, rowCount: loaded.table.rowCount)
        }
        loaded.fieldNames = fieldNames
        return loaded
    }

    /// Whether a statement failed because this server lacks something the compiled SQL uses (a feature, a
    /// function or cast, `GROUPING SETS`) or because a value overflowed where chartc gives null: then the plan
    /// runs its steps in chartc instead.
    static func isUnsupported(_ error: DiagnosticError) -> Bool {
        error.diagnostics.contains { diagnostic in
            guard let message = diagnostic.diagnosticMessage as? DatabaseDiagnostic else { return false }
            return isUnsupported(message)
        }
    }

    /// The same question of one database diagnostic, read from its case: the SQLSTATE class of a server error
    /// (`0A` feature not supported, `42` syntax or access rule, `22` data exception, `54` program limit).
    static func isUnsupported(_ message: DatabaseDiagnostic) -> Bool {
        switch message {
        // A syntax error or unknown column in a compiled statement: a feature or `ctid` this engine lacks.
        case .querySyntax, .unknownColumn: true
        case .serverError(_, let code, _): ["0A", "42", "22", "54"].contains(String(code.prefix(2)))
        default: false
        }
    }

    /// Reads the base rows (only `columns` of `fieldNames` when given, in the relation's order) into a table.
    static func databaseTable(_ source: DatabaseSource, fieldNames: [String], columns: Set<String>?, context: LoadContext) throws(DiagnosticError)
        -> LoadedData
    {
        let target = try databaseTarget(source, context: context)
        let picked = columns.map { set in fieldNames.filter { set.contains($0) } }
        let sql = selectStatement(target, columns: picked?.count == fieldNames.count ? nil : picked)
        var loaded = try runStatement(target, sql: sql, parameters: [], context: context)
        loaded.fieldNames = fieldNames
        return loaded
    }

    /// Runs one statement over the base rows (cached like remote data), as a loaded table with provenance.
    static func runStatement(_ target: DatabaseTarget, sql: String, parameters: [String?], context: LoadContext) throws(DiagnosticError) -> LoadedData
    {
        let key = cacheKey(target, sql: sql, parameters: parameters)
        let cache = context.fetch.cacheDirectory.map(DataCache.init)
        let name = target.client.displayName
        if context.fetch.mode == .offline {
            guard let entry = cache?.entry(for: key), let table = ResultDecoder.decode(wire: entry.body) else {
                throw DiagnosticError(Diagnostic(DatabaseDiagnostic.notCached(database: name), at: target.source.database.span))
            }
            var loaded = LoadedData(
                table: table, provenance: [DataProvenance(url: name, sha256: entry.metadata.sha256, query: sql)],
                fieldNames: table.columnNames)
            // `{updated}` (SPEC §23): when the cache stored the result (a query first gave these rows then).
            loaded.updated = cache?.storedTime(for: key)
            return loaded
        }
        let result: QueryResult
        // `{updated}` (SPEC §23): the query's time; its rows are the database as of the statement's start.
        let queried = WallClock.now()
        do {
            result = try target.session.fetch(sql, parameters: parameters)
        } catch {
            throw DiagnosticError(diagnostic(error, target: target, sql: sql))
        }
        var warnings: [Diagnostic] = result.notices.filter { $0.severity == "WARNING" }.map {
            Diagnostic(DatabaseDiagnostic.serverNotice(database: name, message: $0.message), at: target.source.database.span)
        }
        // An unchanged result is not written again (each write syncs the disk).
        if let cache, cache.entry(for: key)?.metadata.sha256 != result.sha256 {
            do {
                _ = try cache.store(key, body: result.wire, contentType: "application/x-postgresql-rows", etag: nil, lastModified: nil)
            } catch {
                warnings.append(
                    Diagnostic(
                        FetchDiagnostic.cacheWriteFailed("could not cache the result of \(name): \(error.reason) (\(error.path))"),
                        at: target.source.database.span))
            }
        }
        context.timings?.lap("cache")
        var loaded = LoadedData(
            table: result.table, provenance: [DataProvenance(url: name, sha256: result.sha256, query: sql)],
            warnings: warnings, fieldNames: result.table.columnNames)
        loaded.updated = queried
        return loaded
    }

    /// Server, database, SQL and parameters: what decides a result. One line (the cache's metadata holds the key
    /// on a line of its own), so the statement and parameters enter as their SHA-256.
    static func cacheKey(_ target: DatabaseTarget, sql: String, parameters: [String?]) -> String {
        var statement = SHA256()
        statement.update(sql)
        for parameter in parameters {
            // Length-prefixed, so no two parameter lists hash alike by running together.
            statement.update(parameter.map { "\n\($0.utf8.count):" + $0 } ?? "\nNULL")
        }
        return target.client.displayName + "#sql-sha256=" + statement.hexDigest()
    }

    private static func rowDescription(_ fields: [ResultField]) -> [UInt8] {
        var body: [UInt8] = [UInt8(truncatingIfNeeded: fields.count >> 8), UInt8(truncatingIfNeeded: fields.count)]
        for field in fields {
            body += field.name.utf8.filter { $0 != 0 }
            body.append(0)
            body += [0, 0, 0, 0, 0, 0]
            body += [
                UInt8(field.typeOID >> 24), UInt8(truncatingIfNeeded: field.typeOID >> 16), UInt8(truncatingIfNeeded: field.typeOID >> 8),
                UInt8(truncatingIfNeeded: field.typeOID)
            ]
            body += [0, 0, 0, 0, 0, 0, 0, 0]
        }
        let length = body.count + 4
        return [
            UInt8(ascii: "T"), UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)
        ] + body
    }

    /// A client failure at the spec: a server error with a position inside the user's `query` points there;
    /// an unknown table at `table`; anything else at `database`. The server's detail and hint become notes.
    static func diagnostic(_ failure: DatabaseFailure, target: DatabaseTarget, sql: String) -> Diagnostic {
        var span = target.source.database.span
        var notes: [DiagnosticNote] = []
        if let server = failure.serverError {
            if let detail = server.detail { notes.append(DiagnosticNote("detail: " + detail)) }
            if let hint = server.hint { notes.append(DiagnosticNote("hint: " + hint)) }
            switch target.source.relation {
            case .table(let table):
                if failure.diagnostic.kind == .unknownTable { span = table.span }
            case .query(let query):
                span = query.span
                if let position = server.position, let relationStart = characterOffset(of: target.relation, in: sql) {
                    // Characters before the user's text: up to and including the subquery's "(".
                    let before = relationStart + 1
                    let inside = position - 1 - before
                    if inside >= 0, let located = JSONStringPosition.span(ofCharacter: inside, in: query.span) {
                        span = located
                    }
                }
            }
        }
        return Diagnostic(failure.diagnostic, at: span, notes: notes)
    }
}

extension DataLoader {
    /// The offset, in Unicode scalars (PostgreSQL's error positions count characters), of `needle`'s first
    /// occurrence in `text`.
    static func characterOffset(of needle: String, in text: String) -> Int? {
        let haystack = Array(text.unicodeScalars)
        let pattern = Array(needle.unicodeScalars)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
        }
        return nil
    }
}

/// Maps a character offset in a decoded JSON string to its bytes in the spec file, through escapes
/// (`\n`, `\"`, `\u00e9`, surrogate pairs), so a server's error position lands on the right character.
enum JSONStringPosition {
    static func span(ofCharacter target: Int, in literal: SourceSpan?) -> SourceSpan? {
        guard let literal else { return nil }
        let bytes = literal.file.bytes
        var index = literal.range.lowerBound + 1 // after the opening quote
        let end = literal.range.upperBound - 1
        var character = 0
        while index < end {
            let start = index
            if bytes[index] == UInt8(ascii: "\\") {
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "u") {
                    index += 6
                    // A high surrogate followed by \uDC00… is one character.
                    if index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                        start + 2 < end, bytes[start + 2] | 0x20 == UInt8(ascii: "d"), start + 3 < end,
                        (bytes[start + 3] | 0x20) >= UInt8(ascii: "8") && (bytes[start + 3] | 0x20) <= UInt8(ascii: "b")
                    {
                        index += 6
                    }
                } else {
                    index += 2
                }
            } else {
                let byte = bytes[index]
                index += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            }
            if character == target {
                return SourceSpan(file: literal.file, range: start..<min(index, end))
            }
            character += 1
        }
        return nil
    }
}
