import ChartSpec
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartSystem

/// chartc's PostgreSQL client: resolves who connects and with which password (the URL from the environment,
/// `PGPASSWORD`, `~/.pgpass`, as libpq), then runs one statement per connection in a read-only transaction and
/// returns its rows as a `Table`. Every call is bounded by the connect timeout and the statement timeout.
public struct DatabaseClient: Sendable {
    public var settings: ConnectionSettings
    /// The environment variables the client may read (PGPASSWORD, PGPASSFILE, PGUSER, PGDATABASE, USER, HOME).
    public var environment: [String: String]
    public var connectTimeout: Double
    /// After this many seconds a statement is cancelled (`CancelRequest`).
    public var statementTimeout: Double
    /// The most bytes and rows one result may have (`DatabaseLimits`; tests lower them).
    public var resultByteLimit = DatabaseLimits.resultBytes
    public var resultRowLimit = DatabaseLimits.resultRows

    public init(settings: ConnectionSettings, environment: [String: String], connectTimeout: Double = 10, statementTimeout: Double = 60) {
        self.settings = settings
        self.environment = environment
        self.connectTimeout = settings.connectTimeout ?? connectTimeout
        self.statementTimeout = statementTimeout
    }

    /// The environment variables a client reads, from this process (for `LoadContext.standard()`).
    public static let environmentNames = ["PGPASSWORD", "PGPASSFILE", "PGUSER", "PGDATABASE", "USER", "HOME"]

    /// The user name libpq would use: the URL's, else `PGUSER`, else the operating-system user.
    public var user: String {
        if let user = settings.user { return user }
        if let user = environment["PGUSER"], !user.isEmpty { return user }
        if let user = environment["USER"], !user.isEmpty { return user }
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "postgres"
    }

    /// The database name libpq would use: the URL's, else `PGDATABASE`, else the user name.
    public var database: String {
        settings.database ?? environment["PGDATABASE"].flatMap { $0.isEmpty ? nil : $0 } ?? user
    }

    /// The server and database as messages and provenance name them (never a user or password).
    public var displayName: String {
        var shown = settings
        shown.database = database
        return shown.displayName
    }

    private func credentials() -> PostgresConnection.Credentials {
        let settings = self.settings
        let environment = self.environment
        let user = self.user
        let database = self.database
        return PostgresConnection.Credentials(user: user, database: database) {
            if let password = settings.password { return password }
            if let password = environment["PGPASSWORD"] { return password }
            guard let path = PasswordFile.defaultPath(environment: environment), let file = PasswordFile.load(path: path).file else { return nil }
            let host = settings.host ?? PostgresConnection.defaultHost(port: settings.port)
            return file.password(host: host, port: settings.port, database: database, user: user)
        }
    }

    fileprivate func connect(timings: PhaseTimings? = nil) throws(DatabaseFailure) -> PostgresConnection {
        var named = settings
        named.database = database
        return try PostgresConnection.open(settings: named, credentials: credentials(), connectTimeout: connectTimeout, timings: timings)
    }

    /// The columns `sql` returns, without running it.
    public func describe(_ sql: String) throws(DatabaseFailure) -> [ResultField] {
        try DatabaseSession(client: self).describe(sql)
    }

    /// Runs `sql` with text `parameters` ($1, $2…; nil is NULL) and reads every row.
    public func fetch(_ sql: String, parameters: [String?] = []) throws(DatabaseFailure) -> QueryResult {
        try DatabaseSession(client: self).fetch(sql, parameters: parameters)
    }
}

/// One connection kept for the statements of one build — the description the planner needs, then the compiled
/// statement — so a chart costs one connection (one server backend started, one authentication), not two.
/// Used from one thread at a time (a build's data stage); a failed statement closes the connection, and the next
/// one opens a fresh one.
public final class DatabaseSession: @unchecked Sendable {
    public let client: DatabaseClient
    /// Where the build's time goes (`--timings`): connecting, describing, the statement's wait, decoding.
    public let timings: PhaseTimings?
    private var connection: PostgresConnection?

    public init(client: DatabaseClient, timings: PhaseTimings? = nil) {
        self.client = client
        self.timings = timings
    }

    private func open() throws(DatabaseFailure) -> PostgresConnection {
        if let connection { return connection }
        timings?.lap("data: before connecting")
        let opened = try client.connect(timings: timings)
        connection = opened
        return opened
    }

    /// The columns `sql` returns, without running it.
    public func describe(_ sql: String) throws(DatabaseFailure) -> [ResultField] {
        let connection = try open()
        do {
            let fields = try connection.describe(sql, deadline: Socket.now() + client.statementTimeout, seconds: client.statementTimeout)
            timings?.lap("describe")
            return fields
        } catch {
            self.connection = nil
            throw error
        }
    }

    /// Runs `sql` with text `parameters` ($1, $2…; nil is NULL) and reads every row.
    public func fetch(_ sql: String, parameters: [String?] = []) throws(DatabaseFailure) -> QueryResult {
        let connection = try open()
        let statementTimeout = client.statementTimeout
        let bytesBefore = connection.bytesRead
        var decoder = ResultDecoder()
        var wire: [UInt8] = []
        var hash = SHA256()
        var malformed = false
        let timings = self.timings
        let (byteLimit, rowLimit) = (client.resultByteLimit, client.resultRowLimit)
        // Decoding happens while rows stream in: its time is measured per message and kept out of the wait.
        var decoding: UInt64 = 0
        timings?.lap("plan")
        do {
            try connection.run(sql, parameters: parameters, deadline: Socket.now() + statementTimeout, seconds: statementTimeout) {
                (message) throws(DatabaseFailure) in
                let started = timings == nil ? 0 : PhaseTimings.now()
                defer { if timings != nil { decoding &+= PhaseTimings.now() &- started } }
                var header: [UInt8] = [message.type]
                FrontendMessage.appendInt32(&header, Int32(message.body.count + 4))
                // The result's limits, checked as it arrives: the copy for the cache (`wire`) and the decoded columns
                // both grow with it, so nothing a server sends can take more than about twice the byte limit.
                if wire.count + header.count + message.body.count > byteLimit {
                    throw DatabaseFailure(
                        .resultTooLarge(
                            database: connection.displayName,
                            what: "is larger than \(FileSystem.describeSize(byteLimit)), the limit for one result"))
                }
                if message.type == UInt8(ascii: "D") && decoder.rowCount >= rowLimit {
                    throw DatabaseFailure(
                        .resultTooLarge(
                            database: connection.displayName,
                            what: "has more than \(DatabaseDiagnostic.count(rowLimit)) rows, the limit for one result"))
                }
                wire += header
                wire += message.body
                hash.update(header)
                message.body.withUnsafeBytes { hash.update($0) }
                if !decoder.consume(type: message.type, body: message.body) { malformed = true }
            }
        } catch {
            self.connection = nil
            throw error
        }
        timings?.lap(PhaseTimings.statement, moving: decoding, to: "decode")
        if malformed {
            self.connection = nil
            throw DatabaseFailure(.protocolViolation(database: connection.displayName, reason: "a malformed data row"))
        }
        let result = QueryResult(
            table: decoder.finish(), fields: decoder.fields, wire: wire, sha256: SHA256.hex(hash.finalize()),
            bytesRead: connection.bytesRead - bytesBefore, notices: connection.notices)
        timings?.lap("decode")
        return result
    }
}

/// One statement's result: the table, the result's bytes as the server sent them (its `RowDescription` and
/// `DataRow` messages: what the cache stores and the SHA-256 covers), and how many bytes came over the socket.
public struct QueryResult: Sendable {
    public var table: Table
    public var fields: [ResultField]
    public var wire: [UInt8]
    /// SHA-256 of `wire`, in hexadecimal.
    public var sha256: String
    /// Every byte read from the server for this statement (a session's startup is not counted).
    public var bytesRead: Int
    /// Warnings and notices the server sent.
    public var notices: [ServerMessage]
}
