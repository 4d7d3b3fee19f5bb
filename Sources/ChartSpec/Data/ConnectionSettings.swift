/// Where and how to reach a PostgreSQL server, parsed from a connection URL the way libpq parses one
/// (`postgresql://` or `postgres://`, `user[:password]@host[:port]/dbname?param=value&…`, every part
/// percent-decoded). Only what chartc uses is accepted; any other query parameter is an error, as in libpq.
public struct ConnectionSettings: Sendable, Equatable {
    /// libpq's `sslmode`: how hard to insist on TLS and what to check of the server's certificate.
    public enum SSLMode: String, Sendable, Equatable, CaseIterable {
        /// Never TLS.
        case disable
        /// Plain first; TLS only if the server insists (chartc: plain, then TLS when the server refuses plain).
        case allow
        /// TLS when the server offers it, plain otherwise (libpq's default).
        case prefer
        /// TLS or fail; the certificate is not checked (unless `sslrootcert` is given: then as `verify-ca`).
        case require
        /// TLS, certificate signed by a trusted CA.
        case verifyCA = "verify-ca"
        /// TLS, trusted certificate whose name matches the host.
        case verifyFull = "verify-full"

        /// Whether the server's certificate chain must be checked.
        public var verifiesCertificate: Bool { self == .verifyCA || self == .verifyFull }
    }

    public var user: String?
    /// Only ever set from a URL read from the environment, never from a spec.
    public var password: String?
    /// A host name or address; one starting with `/` is a folder holding a Unix-domain socket. Nil: the default
    /// (`/var/run/postgresql`, then `localhost`).
    public var host: String?
    public var port: Int
    public var database: String?
    public var sslMode: SSLMode
    public var sslRootCert: String?
    /// Seconds; nil: chartc's default.
    public var connectTimeout: Double?
    public var applicationName: String?

    public init(
        user: String? = nil, password: String? = nil, host: String? = nil, port: Int = 5432, database: String? = nil,
        sslMode: SSLMode = .prefer, sslRootCert: String? = nil, connectTimeout: Double? = nil, applicationName: String? = nil
    ) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.sslMode = sslMode
        self.sslRootCert = sslRootCert
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
    }

    /// The query parameters chartc understands (libpq's names).
    public static let parameters = ["user", "password", "host", "port", "dbname", "sslmode", "sslrootcert", "connect_timeout", "application_name"]

    /// Whether the URL was written with a password, in `user:password@` or as `?password=`.
    public private(set) var hasWrittenPassword = false

    /// Parses a `postgresql://` / `postgres://` URL.
    public static func parse(_ url: String) throws(ConnectionURLError) -> ConnectionSettings {
        var settings = ConnectionSettings()
        let bytes = Array(url.utf8)
        var rest: ArraySlice<UInt8>
        if let tail = dropPrefix("postgresql://", of: bytes) ?? dropPrefix("postgres://", of: bytes) {
            rest = tail
        } else {
            throw ConnectionURLError("it does not start with postgresql:// or postgres://")
        }
        // Split off ?query, then /dbname.
        var query: ArraySlice<UInt8> = []
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[(mark + 1)...]
            rest = rest[..<mark]
        }
        var authority = rest
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
            authority = rest[..<slash]
            let name = try decode(rest[(slash + 1)...], part: "database name")
            if !name.isEmpty { settings.database = name }
        }
        // userinfo@hostspec (the last @: a user name may not hold one unencoded, but be lenient like libpq).
        var hostspec = authority
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let userinfo = authority[authority.startIndex..<at]
            hostspec = authority[(at + 1)...]
            if let colon = userinfo.firstIndex(of: UInt8(ascii: ":")) {
                settings.hasWrittenPassword = true
                settings.password = try decode(userinfo[(colon + 1)...], part: "password")
                let user = try decode(userinfo[..<colon], part: "user name")
                if !user.isEmpty { settings.user = user }
            } else {
                let user = try decode(userinfo, part: "user name")
                if !user.isEmpty { settings.user = user }
            }
        }
        try settings.parseHost(hostspec)
        if !query.isEmpty {
            for pair in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                    throw ConnectionURLError("the parameter '\(String(decoding: pair, as: UTF8.self))' has no '=value'")
                }
                let key = try decode(pair[..<equals], part: "parameter name")
                let value = try decode(pair[(equals + 1)...], part: "value of '\(key)'")
                try settings.set(key, value)
            }
        }
        return settings
    }

    private mutating func parseHost(_ spec: ArraySlice<UInt8>) throws(ConnectionURLError) {
        guard !spec.isEmpty else { return }
        if spec.contains(UInt8(ascii: ",")) {
            throw ConnectionURLError("it names several hosts; chartc connects to one server: give one host")
        }
        var hostPart = spec
        var portPart: ArraySlice<UInt8>?
        if spec.first == UInt8(ascii: "[") {
            guard let close = spec.firstIndex(of: UInt8(ascii: "]")) else {
                throw ConnectionURLError("the IPv6 address has no closing ']'")
            }
            hostPart = spec[(spec.startIndex + 1)..<close]
            let after = spec[(close + 1)...]
            if let first = after.first {
                guard first == UInt8(ascii: ":") else { throw ConnectionURLError("unexpected text after the IPv6 address ']'") }
                portPart = after.dropFirst()
            }
        } else if let colon = spec.lastIndex(of: UInt8(ascii: ":")) {
            hostPart = spec[..<colon]
            portPart = spec[(colon + 1)...]
        }
        let host = try ConnectionSettings.decode(hostPart, part: "host")
        if !host.isEmpty { self.host = host }
        if let portPart, !portPart.isEmpty {
            try set("port", String(decoding: portPart, as: UTF8.self))
        }
    }

    private mutating func set(_ key: String, _ value: String) throws(ConnectionURLError) {
        switch key {
        case "user": user = value.isEmpty ? nil : value
        case "password":
            hasWrittenPassword = true
            password = value
        case "host": host = value.isEmpty ? nil : value
        case "dbname": database = value.isEmpty ? nil : value
        case "port":
            guard let number = Int(value), number > 0, number < 65536 else {
                throw ConnectionURLError("the port '\(value)' is not a number from 1 to 65535")
            }
            port = number
        case "sslmode":
            guard let mode = SSLMode(rawValue: value) else {
                throw ConnectionURLError("sslmode '\(value)' is not one of " + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            sslMode = mode
        case "sslrootcert": sslRootCert = value
        case "connect_timeout":
            // libpq: an integer number of seconds; 0 or less means wait forever (chartc: its default), 1 means 2.
            guard let seconds = Int(value.trimmingSpaces()) else {
                throw ConnectionURLError("connect_timeout '\(value)' is not a whole number of seconds")
            }
            connectTimeout = seconds <= 0 ? nil : Double(max(seconds, 2))
        case "application_name": applicationName = value
        default:
            var message = "it has the parameter '\(key)', which chartc does not use; the parameters are: " + Self.parameters.joined(separator: ", ")
            if let close = Self.closest(key) { message = "it has the parameter '\(key)'; did you mean '\(close)'?" }
            throw ConnectionURLError(message)
        }
    }

    /// The server as provenance and messages name it: `postgresql://host:port/db`, never a user or password.
    public var displayName: String {
        let hostText: String
        let shownHost = host ?? "localhost"
        if shownHost.contains(":") && !shownHost.hasPrefix("/") { hostText = "[\(shownHost)]" } else { hostText = shownHost }
        if shownHost.hasPrefix("/") {
            return "postgresql:///\(database ?? "")?host=\(shownHost)&port=\(port)"
        }
        return "postgresql://\(hostText):\(port)/\(database ?? "")"
    }

    private static func closest(_ key: String) -> String? {
        // A parameter one edit away (sslmod, ssl_mode): cheap, and enough for typos.
        let lowered = key.lowercased().replacingUnderscoreVariants
        return parameters.first { $0.replacingUnderscoreVariants == lowered }
    }

    private static func dropPrefix(_ prefix: String, of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let head = Array(prefix.utf8)
        guard bytes.count >= head.count else { return nil }
        for index in head.indices where bytes[index] | (bytes[index] >= 65 && bytes[index] <= 90 ? 0x20 : 0) != head[index] {
            return nil
        }
        return bytes[head.count...]
    }

    /// Percent-decoding; the result must be UTF-8.
    static func decode(_ bytes: ArraySlice<UInt8>, part: String) throws(ConnectionURLError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw ConnectionURLError("the \(part) has a '%' not followed by two hexadecimal digits") }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw ConnectionURLError("the \(part) is not UTF-8 after decoding its % escapes")
        }
        if text.utf8.contains(0) { throw ConnectionURLError("the \(part) holds a NUL byte (%00)") }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a connection URL could not be parsed: a sentence completing "the database URL is not valid: …".
public struct ConnectionURLError: Error, Sendable, Equatable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension String {
    fileprivate var replacingUnderscoreVariants: String {
        String(decoding: utf8.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }, as: UTF8.self)
    }
}
