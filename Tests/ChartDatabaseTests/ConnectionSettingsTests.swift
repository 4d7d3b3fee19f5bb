import ChartDatabase
import ChartSpec
import Testing

@Suite struct ConnectionSettingsTests {
    @Test func fullURL() throws {
        let settings = try ConnectionSettings.parse(
            "postgresql://reader@db.example.org:6543/voteview?sslmode=verify-full&sslrootcert=%2Ftmp%2Fca.pem&connect_timeout=5&application_name=chart%20c"
        )
        #expect(settings.user == "reader")
        #expect(settings.host == "db.example.org")
        #expect(settings.port == 6543)
        #expect(settings.database == "voteview")
        #expect(settings.sslMode == .verifyFull)
        #expect(settings.sslRootCert == "/tmp/ca.pem")
        #expect(settings.connectTimeout == 5)
        #expect(settings.applicationName == "chart c")
        #expect(!settings.hasWrittenPassword)
        #expect(settings.displayName == "postgresql://db.example.org:6543/voteview")
    }

    @Test func shortSchemeDefaultsAndIPv6() throws {
        let settings = try ConnectionSettings.parse("postgres://[::1]/db")
        #expect(settings.host == "::1")
        #expect(settings.port == 5432)
        #expect(settings.sslMode == .prefer)
        #expect(settings.user == nil)
        #expect(settings.displayName == "postgresql://[::1]:5432/db")
        let empty = try ConnectionSettings.parse("postgresql://")
        #expect(empty.host == nil && empty.database == nil)
        let socket = try ConnectionSettings.parse("postgresql:///db?host=%2Fvar%2Frun%2Fpostgresql")
        #expect(socket.host == "/var/run/postgresql")
    }

    @Test func passwordsAreNoticed() throws {
        let inUserInfo = try ConnectionSettings.parse("postgresql://u:s%40cret@h/db")
        #expect(inUserInfo.hasWrittenPassword)
        #expect(inUserInfo.password == "s@cret")
        #expect(inUserInfo.user == "u")
        #expect(try ConnectionSettings.parse("postgresql://h/db?password=x").hasWrittenPassword)
    }

    @Test func errors() {
        #expect(throws: ConnectionURLError.self) { try ConnectionSettings.parse("mysql://h/db") }
        #expect(throws: ConnectionURLError.self) { try ConnectionSettings.parse("postgresql://h:99999/db") }
        #expect(throws: ConnectionURLError.self) { try ConnectionSettings.parse("postgresql://h/db?sslmode=sometimes") }
        #expect(throws: ConnectionURLError.self) { try ConnectionSettings.parse("postgresql://h/d%zzb") }
        #expect(throws: ConnectionURLError.self) { try ConnectionSettings.parse("postgresql://h1,h2/db") }
        do {
            _ = try ConnectionSettings.parse("postgresql://h/db?ssl_mode=require")
            Issue.record("accepted ssl_mode")
        } catch {
            #expect(error.reason.contains("did you mean 'sslmode'"))
        }
    }

    @Test func passwordFileMatchesLikeLibpq() {
        let text = """
            # comment
            other:5432:*:*:wrong
            db.example.org:*:vote\\:view:reader:pa\\:ss\\\\word
            *:*:*:reader:fallback
            """
        let file = PasswordFile(text: Array(text.utf8))
        #expect(file.password(host: "db.example.org", port: 5432, database: "vote:view", user: "reader") == "pa:ss\\word")
        #expect(file.password(host: "elsewhere", port: 1, database: "x", user: "reader") == "fallback")
        #expect(file.password(host: "elsewhere", port: 1, database: "x", user: "nobody") == nil)
        #expect(file.password(host: "/var/run/postgresql", port: 5432, database: "x", user: "reader") == "fallback")
    }
}
