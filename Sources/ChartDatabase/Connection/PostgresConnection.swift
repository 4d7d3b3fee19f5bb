import ChartSpec
import ChartSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One session with a PostgreSQL server over protocol 3.0: connect (TCP or Unix socket), negotiate TLS as
/// `sslmode` says, start up, authenticate (SCRAM-SHA-256, md5, cleartext over TLS, trust), then run statements
/// with the extended query protocol inside a read-only transaction. Every read and write has a deadline; a
/// statement past its deadline is cancelled with a `CancelRequest` on a second connection.
final class PostgresConnection {
    let settings: ConnectionSettings
    let credentials: Credentials
    let displayName: String
    private var socket: Socket
    private var tls: TLSSession?
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    private var processID: Int32 = 0
    private var secretKey: [UInt8] = []
    /// Where connecting spends its time (`--timings`), or nil.
    private var timings: PhaseTimings?
    /// Bytes read from the server, for the benchmark's "socket bytes" figure.
    private(set) var bytesRead = 0
    /// The server's notices (warnings) of the current statement, in order: the first `DatabaseLimits.noticesKept`.
    private(set) var notices: [ServerMessage] = []
    /// How many notices the current statement (or the startup) drew, kept or not.
    private var noticeCount = 0
    /// `bytesRead` when the current statement was sent.
    private var bytesAtStatementStart = 0
    /// The session's `IntervalStyle` as the server reports it (`ParameterStatus`); nil when it does not.
    private var intervalStyle: String?
    /// Whether `extra_float_digits` went in the startup packet (else each transaction sets it: a pooler
    /// refused it there).
    private var floatDigitsAtStartup = true

    /// Who connects, and with which password (resolved by `DatabaseClient`).
    struct Credentials {
        var user: String
        var database: String
        /// Asked for only when the server wants a password.
        var password: () -> String?
    }

    private init(settings: ConnectionSettings, credentials: Credentials, socket: Socket) {
        self.settings = settings
        self.credentials = credentials
        self.displayName = settings.displayName
        self.socket = socket
    }

    deinit {
        if socket.descriptor >= 0 {
            let terminate = FrontendMessage.terminate().bytes
            try? write(terminate, deadline: Socket.now() + 0.2)
            tls?.close()
        }
    }

    /// Connects and authenticates before `connectTimeout` seconds have passed.
    static func open(settings: ConnectionSettings, credentials: Credentials, connectTimeout: Double, timings: PhaseTimings? = nil)
        throws(DatabaseFailure) -> PostgresConnection
    {
        let deadline = Socket.now() + connectTimeout
        // libpq's order of attempts: `allow` tries plain first, `prefer` TLS first, each the other mode after a
        // refusal that another mode could get past (`retriesWithTheOtherMode`); the rest try one mode.
        let modes: [Bool]
        switch settings.sslMode {
        case .disable: modes = [false]
        case .allow: modes = [false, true]
        case .prefer: modes = [true, false]
        case .require, .verifyCA, .verifyFull: modes = [true]
        }
        var index = 0
        while true {
            do {
                return try attempt(
                    settings: settings, credentials: credentials, useTLS: modes[index], deadline: deadline, seconds: connectTimeout,
                    timings: timings)
            } catch let failure where index + 1 < modes.count && retriesWithTheOtherMode(failure) {
                index += 1
            }
        }
    }

    /// `allow` and `prefer` try the other mode when the server refuses the connection during startup, as libpq
    /// does: a pg_hba.conf with only `hostssl` lines refuses a plain connection, one with only `hostnossl` lines
    /// a TLS one (SQLSTATE 28000 either way). A wrong password (28P01) would be as wrong the other way.
    private static func retriesWithTheOtherMode(_ failure: DatabaseFailure) -> Bool {
        guard let code = failure.serverError?.code else { return false }
        return code != "28P01"
    }

    private static func attempt(
        settings: ConnectionSettings, credentials: Credentials, useTLS: Bool, deadline: Double, seconds: Double, timings: PhaseTimings?
    ) throws(DatabaseFailure) -> PostgresConnection {
        do {
            return try attempt(
                settings: settings, credentials: credentials, useTLS: useTLS, deadline: deadline, seconds: seconds, timings: timings,
                floatDigits: true)
        } catch let failure where failure.serverError?.code == "08P01" && failure.serverError?.message.contains("extra_float_digits") == true {
            // PgBouncer (by default) refuses startup parameters it does not track: "unsupported startup parameter:
            // extra_float_digits". Connect without it and set it in each transaction instead.
            return try attempt(
                settings: settings, credentials: credentials, useTLS: useTLS, deadline: deadline, seconds: seconds, timings: timings,
                floatDigits: false)
        }
    }

    private static func attempt(
        settings: ConnectionSettings, credentials: Credentials, useTLS: Bool, deadline: Double, seconds: Double, timings: PhaseTimings?,
        floatDigits: Bool
    ) throws(DatabaseFailure) -> PostgresConnection {
        let name = settings.displayName
        let host = settings.host ?? defaultHost(port: settings.port)
        let socket: Socket
        do {
            socket = try Socket.connect(host: host, port: settings.port, deadline: deadline)
        } catch {
            throw DatabaseFailure(connectFailure(error, name: name, host: host, seconds: seconds))
        }
        let connection = PostgresConnection(settings: settings, credentials: credentials, socket: socket)
        connection.floatDigitsAtStartup = floatDigits
        connection.timings = timings
        timings?.lap("connect: TCP")
        if useTLS && !host.hasPrefix("/") {
            try connection.negotiateTLS(host: host, deadline: deadline, seconds: seconds)
            timings?.lap("connect: TLS handshake")
        } else if useTLS && settings.sslMode != .prefer && settings.sslMode != .allow {
            throw DatabaseFailure(
                .tlsUnavailable(
                    database: name,
                    reason: "the connection is a Unix-domain socket, which has no TLS; use sslmode=disable or prefer for a local socket"))
        }
        try connection.startUp(deadline: deadline, seconds: seconds)
        return connection
    }

    /// The host libpq uses when none is given: the Debian socket folder when it exists, else `localhost`.
    static func defaultHost(port: Int) -> String {
        var info = stat()
        return stat("/var/run/postgresql/.s.PGSQL.\(port)", &info) == 0 ? "/var/run/postgresql" : "localhost"
    }

    private static func connectFailure(_ failure: Socket.Failure, name: String, host: String, seconds: Double) -> DatabaseDiagnostic {
        switch failure {
        case .unknownHost: .unknownHost(database: name, host: host)
        case .refused: .connectionRefused(database: name)
        case .timedOut: .connectTimeout(database: name, seconds: seconds)
        case .closed: .connectionLost(database: name)
        case .other(let reason): .connectionFailed(database: name, reason: reason)
        }
    }

    // MARK: - TLS

    private func negotiateTLS(host: String, deadline: Double, seconds: Double) throws(DatabaseFailure) {
        let mode = settings.sslMode
        let library: TLSLibrary
        switch TLSLibrary.load() {
        case .success(let loaded):
            library = loaded
            timings?.lap("connect: TLS library")
        case .failure(let failure):
            if mode == .prefer || mode == .allow { return } // as libpq built without TLS: plain
            throw DatabaseFailure(.tlsUnavailable(database: displayName, reason: failure.reason))
        }
        // libpq: verify-ca/verify-full need a root certificate; require with sslrootcert given acts as verify-ca.
        var roots = settings.sslRootCert
        if roots == nil, mode.verifiesCertificate {
            let home = getenv("HOME").map { String(cString: $0) } ?? ""
            let fallback = home + "/.postgresql/root.crt"
            var info = stat()
            guard !home.isEmpty, stat(fallback, &info) == 0 else {
                throw DatabaseFailure(
                    .tlsCertificate(
                        database: displayName,
                        reason:
                            "sslmode=\(mode.rawValue) needs the CA certificate to check against: give sslrootcert=/path/to/ca.pem (or sslrootcert=system) in the URL, or put it at ~/.postgresql/root.crt"
                    ))
            }
            roots = fallback
        }
        let verifyChain = mode.verifiesCertificate || (mode == .require && settings.sslRootCert != nil)
        try write(FrontendMessage.sslRequest().bytes, deadline: deadline, seconds: seconds)
        var answer: UInt8 = 0
        let socket = self.socket
        let result: Result<Int, Socket.Failure> = withUnsafeMutableBytes(of: &answer) { raw in
            do throws(Socket.Failure) { return .success(try socket.read(into: raw, deadline: deadline)) } catch { return .failure(error) }
        }
        if case .failure(let error) = result {
            throw DatabaseFailure(failure(error, seconds: seconds, connecting: true))
        }
        bytesRead += 1
        switch answer {
        case UInt8(ascii: "S"):
            break
        case UInt8(ascii: "N"):
            if mode == .prefer || mode == .allow { return }
            throw DatabaseFailure(.tlsRefusedByServer(database: displayName, mode: mode.rawValue))
        default:
            throw DatabaseFailure(.protocolViolation(database: displayName, reason: "answered the TLS request with byte \(answer)"))
        }
        let verification = TLSSession.Verification(
            rootCertificates: roots, checkHostName: mode == .verifyFull ? host : nil, verifyChain: verifyChain)
        do {
            tls = try TLSSession(library: library, socket: socket, serverName: host, verification: verification, deadline: deadline, timings: timings)
        } catch {
            switch error {
            case .certificate(let reason): throw DatabaseFailure(.tlsCertificate(database: displayName, reason: reason))
            case .handshake(let reason): throw DatabaseFailure(.tlsHandshake(database: displayName, reason: reason))
            case .io(let io): throw DatabaseFailure(failure(io, seconds: seconds, connecting: true))
            }
        }
    }

    // MARK: - Startup and authentication

    private func startUp(deadline: Double, seconds: Double) throws(DatabaseFailure) {
        var parameters: [(String, String)] = [
            ("user", credentials.user), ("database", credentials.database),
            ("application_name", settings.applicationName ?? "chartc"),
            // Results as chartc reads them: UTF-8, ISO dates, timestamps with time zone in UTC, shortest exact floats.
            ("client_encoding", "UTF8"), ("DateStyle", "ISO, YMD"), ("TimeZone", "UTC")
        ]
        if floatDigitsAtStartup { parameters.append(("extra_float_digits", "3")) }
        if settings.applicationName == nil { parameters[2].1 = "chartc" }
        try write(FrontendMessage.startup(parameters).bytes, deadline: deadline, seconds: seconds)
        var scram: SCRAMClient?
        while true {
            let message = try readMessage(deadline: deadline, seconds: seconds, connecting: true)
            switch message.type {
            case UInt8(ascii: "R"):
                var cursor = MessageCursor(message.body)
                guard let code = cursor.int32() else { throw protocolError("a short authentication request") }
                switch code {
                case 0:
                    timings?.lap("connect: authentication")
                    continue
                case 3:
                    guard tls != nil else {
                        throw DatabaseFailure(
                            .authenticationUnsupported(
                                database: displayName,
                                method: "a cleartext password over a connection without TLS (chartc sends one only over TLS: use sslmode=require)"))
                    }
                    try write(FrontendMessage.password(try password()).bytes, deadline: deadline, seconds: seconds)
                case 5:
                    timings?.lap("connect: backend start")
                    guard let salt = cursor.take(4) else { throw protocolError("a short md5 salt") }
                    let response = MD5.passwordResponse(user: credentials.user, password: try password(), salt: Array(salt))
                    try write(FrontendMessage.password(response).bytes, deadline: deadline, seconds: seconds)
                case 10:
                    timings?.lap("connect: backend start")
                    var mechanisms: [String] = []
                    while let name = cursor.cString(), !name.isEmpty { mechanisms.append(name) }
                    guard mechanisms.contains("SCRAM-SHA-256") else {
                        throw DatabaseFailure(.authenticationUnsupported(database: displayName, method: "SASL " + mechanisms.joined(separator: ", ")))
                    }
                    var client = SCRAMClient(password: try password(), clientNonce: Self.nonce())
                    let first = client.firstMessage()
                    scram = client
                    try write(
                        FrontendMessage.saslInitialResponse(mechanism: "SCRAM-SHA-256", data: first).bytes, deadline: deadline, seconds: seconds)
                case 11:
                    guard var client = scram else { throw protocolError("SASL continue without SASL start") }
                    timings?.lap("connect: authentication")
                    let final: [UInt8]
                    // Over TLS libcrypto is loaded already: its PBKDF2 (SHA instructions) computes the salted password.
                    let library = tls?.library
                    do {
                        final = try client.finalMessage(
                            serverFirst: Array(cursor.rest()),
                            saltedPassword: library.map { library in
                                { library.pbkdf2HMACSHA256(password: $0, salt: $1, iterations: $2) }
                            })
                    } catch {
                        if let iterations = error.iterations {
                            throw DatabaseFailure(
                                .scramIterations(database: displayName, iterations: iterations, limit: DatabaseLimits.scramIterations))
                        }
                        throw DatabaseFailure(.authenticationFailed(database: displayName, user: credentials.user, serverMessage: error.reason))
                    }
                    scram = client
                    timings?.lap("connect: SCRAM proof")
                    try write(FrontendMessage.saslResponse(final).bytes, deadline: deadline, seconds: seconds)
                case 12:
                    guard let client = scram else { throw protocolError("SASL final without SASL start") }
                    do { try client.verify(serverFinal: Array(cursor.rest())) } catch {
                        throw DatabaseFailure(.authenticationFailed(database: displayName, user: credentials.user, serverMessage: error.reason))
                    }
                default:
                    let names: [Int32: String] = [2: "Kerberos", 6: "SCM credentials", 7: "GSSAPI", 9: "SSPI"]
                    throw DatabaseFailure(.authenticationUnsupported(database: displayName, method: names[code] ?? "method \(code)"))
                }
            case UInt8(ascii: "K"):
                var cursor = MessageCursor(message.body)
                processID = cursor.int32() ?? 0
                secretKey = Array(cursor.rest())
            case UInt8(ascii: "S"):
                // ParameterStatus. A role or server may set IntervalStyle (`sql_standard` prints a day as `1 2:00:00`);
                // it is not a startup parameter every pooler passes on, so statements set it back (`readSettings`).
                var cursor = MessageCursor(message.body)
                if cursor.cString() == "IntervalStyle" { intervalStyle = cursor.cString() }
            case UInt8(ascii: "Z"):
                timings?.lap("connect: session ready")
                return
            case UInt8(ascii: "E"):
                throw serverFailure(ServerMessage(message.body))
            case UInt8(ascii: "v"):
                continue // NegotiateProtocolVersion: chartc asks only for 3.0, which every server speaks
            default:
                throw protocolError("message '\(Character(Unicode.Scalar(message.type)))' during startup")
            }
        }
    }

    private func password() throws(DatabaseFailure) -> String {
        guard let password = credentials.password() else {
            throw DatabaseFailure(.passwordMissing(database: displayName, user: credentials.user))
        }
        return password
    }

    /// 18 random bytes, base64: the SCRAM client nonce.
    private static func nonce() -> String {
        Base64.encode(randomBytes(18))
    }

    // MARK: - Statements

    /// Settings for the transaction (`SET LOCAL`, undone by its `ROLLBACK`, so a transaction-pooling proxy hands
    /// on a clean connection) that chartc relies on but does not send at startup: the `postgres` IntervalStyle,
    /// only when the server says the session has another one; `extra_float_digits = 3` (every float8 exact: PostgreSQL
    /// 11 and older print 15 digits otherwise, and a role may set 0 on any version) when a pooler refused it at startup.
    private var readSettings: [FrontendMessage] {
        var settings: [FrontendMessage] = []
        if !floatDigitsAtStartup { settings += [.parse("SET LOCAL extra_float_digits = 3"), .bind([]), .execute()] }
        if let intervalStyle, intervalStyle != "postgres" { settings += [.parse("SET LOCAL IntervalStyle = 'postgres'"), .bind([]), .execute()] }
        return settings
    }

    /// The columns `sql` would return, without running it (Parse + Describe, in a read-only transaction).
    func describe(_ sql: String, deadline: Double, seconds: Double) throws(DatabaseFailure) -> [ResultField] {
        let messages = [
            FrontendMessage.parse("BEGIN TRANSACTION READ ONLY"), .bind([]), .execute(),
            .parse(sql), .describe(statement: true),
            .parse("ROLLBACK"), .bind([]), .execute(), .sync()
        ]
        startStatement()
        try write(messages.flatMap(\.bytes), deadline: deadline, seconds: seconds)
        var fields: [ResultField]?
        try readUntilReady(deadline: deadline, seconds: seconds) { message throws(DatabaseFailure) in
            switch message.type {
            case UInt8(ascii: "T"):
                fields = ResultField.parseDescription(message.body)
                if fields == nil { throw protocolError("a malformed row description") }
            case UInt8(ascii: "n"):
                fields = []
            default:
                break
            }
        }
        guard let fields else { throw protocolError("no description of the statement's columns") }
        return fields
    }

    /// Runs `sql` with `parameters` in a read-only transaction, handing every `RowDescription` and `DataRow`
    /// message to `handle` as it arrives (rows are never collected here).
    func run(_ sql: String, parameters: [String?], deadline: Double, seconds: Double, handle: (BackendMessage) throws(DatabaseFailure) -> Void)
        throws(DatabaseFailure)
    {
        let messages =
            [FrontendMessage.parse("BEGIN TRANSACTION READ ONLY"), .bind([]), .execute()] + readSettings + [
                .parse(sql), .bind(parameters), .describe(statement: false), .execute(),
                .parse("ROLLBACK"), .bind([]), .execute(), .sync()
            ]
        startStatement()
        try write(messages.flatMap(\.bytes), deadline: deadline, seconds: seconds)
        try readUntilReady(deadline: deadline, seconds: seconds) { message throws(DatabaseFailure) in
            if message.type == UInt8(ascii: "T") || message.type == UInt8(ascii: "D") { try handle(message) }
        }
    }

    /// A statement's notices are its own.
    private func startStatement() {
        notices = []
        noticeCount = 0
        bytesAtStatementStart = bytesRead
    }

    /// Reads messages up to `ReadyForQuery`, throwing the first `ErrorResponse` once the server is ready again.
    private func readUntilReady(deadline: Double, seconds: Double, _ handle: (BackendMessage) throws(DatabaseFailure) -> Void) throws(DatabaseFailure)
    {
        var firstError: ServerMessage?
        while true {
            let message: BackendMessage
            do {
                message = try readMessage(deadline: deadline, seconds: seconds, connecting: false)
            } catch let failure where failure.diagnostic.kind == .serverStoppedAnswering || failure.diagnostic.kind == .statementTimeout {
                // A server that sent anything for the statement did not stop answering: it took too long.
                throw cancel(seconds: seconds, stillSending: failure.diagnostic.kind == .statementTimeout || bytesRead > bytesAtStatementStart)
            }
            switch message.type {
            case UInt8(ascii: "Z"):
                if let firstError { throw serverFailure(firstError) }
                return
            case UInt8(ascii: "E"):
                if firstError == nil { firstError = ServerMessage(message.body) }
            default:
                if firstError == nil { try handle(message) }
            }
        }
    }

    /// The statement ran past its deadline: ask the server to cancel it (a `CancelRequest` on a new connection,
    /// as the protocol requires), wait a little for its answer, and say which of the two happened. `stillSending`:
    /// the server was sending when the deadline passed (a result without end), so it did not stop answering.
    private func cancel(seconds: Double, stillSending: Bool = false) -> DatabaseFailure {
        let grace = 2.0
        let host = settings.host ?? Self.defaultHost(port: settings.port)
        if let side = try? Socket.connect(host: host, port: settings.port, deadline: Socket.now() + grace) {
            let request = FrontendMessage.cancelRequest(processID: processID, secretKey: secretKey).bytes
            request.withUnsafeBytes { raw in _ = try? side.write(raw, deadline: Socket.now() + grace) }
            side.close()
            // A live server answers the cancel with an ErrorResponse (57014) and ReadyForQuery.
            let deadline = Socket.now() + grace
            while let message = try? readMessage(deadline: deadline, seconds: grace, connecting: false) {
                if message.type == UInt8(ascii: "E") {
                    return DatabaseFailure(.statementTimeout(database: displayName, seconds: seconds))
                }
                if message.type == UInt8(ascii: "Z") { break }
            }
        }
        socket.close()
        if stillSending { return DatabaseFailure(.statementTimeout(database: displayName, seconds: seconds)) }
        return DatabaseFailure(.serverStoppedAnswering(database: displayName, seconds: seconds))
    }

    private func serverFailure(_ error: ServerMessage) -> DatabaseFailure {
        let name = displayName
        let diagnostic: DatabaseDiagnostic
        switch error.code {
        case "28P01", "28000": diagnostic = .authenticationFailed(database: name, user: credentials.user, serverMessage: error.message)
        case "42P01", "3F000": diagnostic = .unknownTable(database: name, message: error.message)
        case "42703": diagnostic = .unknownColumn(database: name, message: error.message)
        case "42601": diagnostic = .querySyntax(database: name, message: error.message)
        default: diagnostic = .serverError(database: name, code: error.code, message: error.message)
        }
        return DatabaseFailure(diagnostic, serverError: error)
    }

    private func protocolError(_ reason: String) -> DatabaseFailure {
        DatabaseFailure(.protocolViolation(database: displayName, reason: reason))
    }

    // MARK: - Bytes

    private func failure(_ failure: Socket.Failure, seconds: Double, connecting: Bool) -> DatabaseDiagnostic {
        switch failure {
        case .timedOut:
            connecting ? .connectTimeout(database: displayName, seconds: seconds) : .serverStoppedAnswering(database: displayName, seconds: seconds)
        case .closed: .connectionLost(database: displayName)
        case .refused: .connectionRefused(database: displayName)
        case .unknownHost: .connectionLost(database: displayName)
        case .other(let reason): .connectionFailed(database: displayName, reason: reason)
        }
    }

    private func write(_ bytes: [UInt8], deadline: Double, seconds: Double = 0) throws(DatabaseFailure) {
        let result: Result<Void, Socket.Failure> = bytes.withUnsafeBytes { raw in
            do throws(Socket.Failure) {
                if let tls { try tls.write(raw, deadline: deadline) } else { try socket.write(raw, deadline: deadline) }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = result {
            throw DatabaseFailure(failure(error, seconds: seconds, connecting: false))
        }
    }

    /// Reads one whole message. The deadline is checked before every read (`fill`), so a server that never stops
    /// sending is stopped at it as one that stops answering is; a message longer than a whole result
    /// may be (while connecting: than `DatabaseLimits.startupMessageBytes`) is refused before its body is read.
    /// Notices are counted and the first few kept (`DatabaseLimits`).
    private func readMessage(deadline: Double, seconds: Double, connecting: Bool) throws(DatabaseFailure) -> BackendMessage {
        while true {
            let available = buffer.count - bufferStart
            if available >= 5 {
                let length = Int(
                    UInt32(buffer[bufferStart + 1]) << 24 | UInt32(buffer[bufferStart + 2]) << 16
                        | UInt32(buffer[bufferStart + 3]) << 8 | UInt32(buffer[bufferStart + 4]))
                guard length >= 4 else { throw protocolError("a message length of \(length)") }
                if connecting && length > DatabaseLimits.startupMessageBytes {
                    throw protocolError("a message of \(length) bytes while connecting")
                }
                if length > DatabaseLimits.resultBytes {
                    throw DatabaseFailure(
                        .resultTooLarge(
                            database: displayName,
                            what:
                                "has a message of \(FileSystem.describeSize(length)); the limit is \(FileSystem.describeSize(DatabaseLimits.resultBytes))"
                        ))
                }
                if available >= length + 1 {
                    let type = buffer[bufferStart]
                    let body = buffer[(bufferStart + 5)..<(bufferStart + 1 + length)]
                    bufferStart += 1 + length
                    if type == UInt8(ascii: "N") {
                        noticeCount += 1
                        if noticeCount > DatabaseLimits.notices {
                            throw DatabaseFailure(.tooManyNotices(database: displayName, limit: DatabaseLimits.notices))
                        }
                        if notices.count < DatabaseLimits.noticesKept { notices.append(ServerMessage(body)) }
                        continue
                    }
                    if type == UInt8(ascii: "A") { continue } // NotificationResponse
                    return BackendMessage(type: type, body: body)
                }
            }
            try fill(deadline: deadline, seconds: seconds, connecting: connecting)
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: 64 * 1024)

    private func fill(deadline: Double, seconds: Double, connecting: Bool) throws(DatabaseFailure) {
        // Past the deadline with bytes still arriving: the statement (or the startup) took too long; a server
        // that sends nothing at all times out in the socket's wait instead (`db-server-silent`).
        if Socket.now() >= deadline {
            throw DatabaseFailure(
                connecting ? .connectTimeout(database: displayName, seconds: seconds) : .statementTimeout(database: displayName, seconds: seconds))
        }
        if bufferStart > 0 && bufferStart >= buffer.count / 2 {
            buffer.removeSubrange(0..<bufferStart)
            bufferStart = 0
        }
        let chunk = 64 * 1024
        let oldCount = buffer.count
        // Grown from an array of zeros (one copy), not element by element.
        buffer.append(contentsOf: Self.zeros)
        let result: Result<Int, Socket.Failure> = buffer.withUnsafeMutableBytes { raw in
            let target = UnsafeMutableRawBufferPointer(rebasing: raw[oldCount...])
            do throws(Socket.Failure) {
                if let tls { return .success(try tls.read(into: target, deadline: deadline)) }
                return .success(try socket.read(into: target, deadline: deadline))
            } catch {
                return .failure(error)
            }
        }
        let count: Int
        switch result {
        case .success(let read): count = read
        case .failure(let error):
            buffer.removeSubrange(oldCount...)
            throw DatabaseFailure(failure(error, seconds: seconds, connecting: connecting))
        }
        buffer.removeSubrange((oldCount + count)...)
        bytesRead += count
    }
}

/// `count` bytes from the kernel's random source (the SCRAM nonce must be unpredictable).
private func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    if descriptor >= 0 {
        _ = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
    return bytes
}
