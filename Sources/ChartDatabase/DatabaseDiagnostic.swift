import ChartDiagnostics

/// Every diagnostic ChartDatabase reports (each id listed in specs/diagnostics.md). Each message names the
/// database as `postgresql://host:port/db` (never a user or password); the loader places it at the spec's `data`.
public enum DatabaseDiagnostic: KindedDiagnosticMessage, Equatable {
    case environmentVariableMissing(name: String)
    case environmentURLInvalid(name: String, reason: String)
    case unknownHost(database: String, host: String)
    case connectionRefused(database: String)
    case connectionFailed(database: String, reason: String)
    case connectTimeout(database: String, seconds: Double)
    case authenticationFailed(database: String, user: String, serverMessage: String)
    case passwordMissing(database: String, user: String)
    case authenticationUnsupported(database: String, method: String)
    case tlsUnavailable(database: String, reason: String)
    case tlsRefusedByServer(database: String, mode: String)
    case tlsCertificate(database: String, reason: String)
    case tlsHandshake(database: String, reason: String)
    case serverError(database: String, code: String, message: String)
    case unknownTable(database: String, message: String)
    case unknownColumn(database: String, message: String)
    case querySyntax(database: String, message: String)
    case statementTimeout(database: String, seconds: Double)
    case serverStoppedAnswering(database: String, seconds: Double)
    case connectionLost(database: String)
    case protocolViolation(database: String, reason: String)
    case notCached(database: String)
    case serverNotice(database: String, message: String)
    case resultTooLarge(database: String, what: String)
    case tooManyNotices(database: String, limit: Int)
    case scramIterations(database: String, iterations: Int, limit: Int)

    public enum Kind: String, DiagnosticKind {
        case environmentVariableMissing = "db-env-missing"
        case environmentURLInvalid = "db-env-url-invalid"
        case unknownHost = "db-unknown-host"
        case connectionRefused = "db-connection-refused"
        case connectionFailed = "db-connection-failed"
        case connectTimeout = "db-connect-timeout"
        case authenticationFailed = "db-authentication-failed"
        case passwordMissing = "db-password-missing"
        case authenticationUnsupported = "db-authentication-unsupported"
        case tlsUnavailable = "db-tls-unavailable"
        case tlsRefusedByServer = "db-tls-refused"
        case tlsCertificate = "db-tls-certificate"
        case tlsHandshake = "db-tls-handshake"
        case serverError = "db-server-error"
        case unknownTable = "db-unknown-table"
        case unknownColumn = "db-unknown-column"
        case querySyntax = "db-query-syntax"
        case statementTimeout = "db-statement-timeout"
        case serverStoppedAnswering = "db-server-silent"
        case connectionLost = "db-connection-lost"
        case protocolViolation = "db-protocol"
        case notCached = "db-not-cached"
        case serverNotice = "db-server-notice"
        case resultTooLarge = "db-result-too-large"
        case tooManyNotices = "db-too-many-notices"
        case scramIterations = "db-scram-iterations"

        public static let domain = "ChartDatabase"
        public var severity: Severity { self == .serverNotice ? .warning : .error }
    }

    public var kind: Kind {
        switch self {
        case .environmentVariableMissing: .environmentVariableMissing
        case .environmentURLInvalid: .environmentURLInvalid
        case .unknownHost: .unknownHost
        case .connectionRefused: .connectionRefused
        case .connectionFailed: .connectionFailed
        case .connectTimeout: .connectTimeout
        case .authenticationFailed: .authenticationFailed
        case .passwordMissing: .passwordMissing
        case .authenticationUnsupported: .authenticationUnsupported
        case .tlsUnavailable: .tlsUnavailable
        case .tlsRefusedByServer: .tlsRefusedByServer
        case .tlsCertificate: .tlsCertificate
        case .tlsHandshake: .tlsHandshake
        case .serverError: .serverError
        case .unknownTable: .unknownTable
        case .unknownColumn: .unknownColumn
        case .querySyntax: .querySyntax
        case .statementTimeout: .statementTimeout
        case .serverStoppedAnswering: .serverStoppedAnswering
        case .connectionLost: .connectionLost
        case .protocolViolation: .protocolViolation
        case .notCached: .notCached
        case .serverNotice: .serverNotice
        case .resultTooLarge: .resultTooLarge
        case .tooManyNotices: .tooManyNotices
        case .scramIterations: .scramIterations
        }
    }

    public var message: String {
        switch self {
        case .environmentVariableMissing(let name):
            "the environment variable \(name) named by 'data.database' is not set; set it to a postgresql:// URL"
        case .environmentURLInvalid(let name, let reason):
            "the environment variable \(name) does not hold a valid PostgreSQL URL: \(reason)"
        case .unknownHost(let database, let host):
            "\(database): the host name '\(host)' does not resolve"
        case .connectionRefused(let database):
            "\(database): connection refused (is the server running and accepting TCP connections on that port?)"
        case .connectionFailed(let database, let reason):
            "\(database): could not connect (\(reason))"
        case .connectTimeout(let database, let seconds):
            "\(database): no connection within \(Self.seconds(seconds)) (connect_timeout)"
        case .authenticationFailed(let database, let user, let serverMessage):
            "\(database): authentication failed for user '\(user)': \(QuotedText.truncated(serverMessage))"
        case .passwordMissing(let database, let user):
            "\(database): the server asks user '\(user)' for a password and none was found; give it in ~/.pgpass (mode 0600), PGPASSWORD, or the URL in the environment variable"
        case .authenticationUnsupported(let database, let method):
            "\(database): the server asks for \(method) authentication, which chartc does not support (SCRAM-SHA-256, md5, password over TLS and trust are)"
        case .tlsUnavailable(let database, let reason):
            "\(database): TLS is needed but not available: \(reason)"
        case .tlsRefusedByServer(let database, let mode):
            "\(database): the server does not offer TLS, and sslmode=\(mode) requires it"
        case .tlsCertificate(let database, let reason):
            "\(database): the server's TLS certificate is not trusted: \(reason)"
        case .tlsHandshake(let database, let reason):
            "\(database): the TLS handshake failed: \(reason)"
        case .serverError(let database, let code, let message):
            "\(database): \(QuotedText.truncated(message)) (SQLSTATE \(QuotedText.truncated(code, limit: 5)))"
        case .unknownTable(let database, let message):
            "\(database): \(QuotedText.truncated(message))"
        case .unknownColumn(let database, let message):
            "\(database): \(QuotedText.truncated(message))"
        case .querySyntax(let database, let message):
            "\(database): \(QuotedText.truncated(message))"
        case .statementTimeout(let database, let seconds):
            "\(database): the statement ran longer than \(Self.seconds(seconds)) and was cancelled"
        case .serverStoppedAnswering(let database, let seconds):
            "\(database): the server stopped answering (nothing for \(Self.seconds(seconds))); the statement was cancelled"
        case .connectionLost(let database):
            "\(database): the server closed the connection unexpectedly"
        case .protocolViolation(let database, let reason):
            "\(database): unexpected reply from the server (\(reason)); is this a PostgreSQL server?"
        case .notCached(let database):
            "\(database): this query's result is not in the cache, and --offline forbids asking the server; run once without --offline"
        case .serverNotice(let database, let message):
            "\(database): \(QuotedText.truncated(message))"
        case .resultTooLarge(let database, let what):
            "\(database): the result \(what) (specs/limits.md); aggregate or filter in the spec so that fewer rows come back"
        case .tooManyNotices(let database, let limit):
            "\(database): the server sent more than \(Self.count(limit)) notices for one statement (specs/limits.md); the statement was stopped"
        case .scramIterations(let database, let iterations, let limit):
            "\(database): the server asks for \(Self.count(iterations)) SCRAM iterations; chartc computes at most \(Self.count(limit)) (PostgreSQL's default is 4,096; specs/limits.md)"
        }
    }

    /// 10000000 → "10,000,000".
    static func count(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    static func seconds(_ value: Double) -> String {
        Int(exactly: value).map { "\($0) s" } ?? "\(value) s"
    }
}
