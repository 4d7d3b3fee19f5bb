import ChartData
import ChartDatabase
import ChartSpec
import ChartTestSupport
import Foundation
import Testing

/// The client against a real throwaway server (see `PostgresTestServer`).
@Suite(.enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct PostgresClientTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    func client(_ url: String, password: String? = nil) throws -> DatabaseClient {
        var environment = ["HOME": "/nonexistent"]
        environment["PGPASSWORD"] = password ?? server.password
        return DatabaseClient(settings: try ConnectionSettings.parse(url), environment: environment, connectTimeout: 5, statementTimeout: 5)
    }

    @Test func scramTypesAndNulls() throws {
        let result = try client(server.url(user: "reader")).fetch(
            """
            SELECT 1::int2 AS a, 2::int4 AS b, 3000000000::int8 AS c, 1.5::float4 AS d, 0.1::float8 AS e, 12.50::numeric AS f,
                   'x'::text AS g, 'y'::varchar AS h, 'z'::char(3) AS i, true AS j, DATE '2024-02-29' AS k,
                   TIMESTAMP '2024-01-05 13:45:00.25' AS l, TIMESTAMPTZ '2024-01-05 13:45:00+02' AS m, NULL::int AS n,
                   '{1,2}'::int[] AS o, 'NaN'::float8 AS p
            """)
        let row = result.table.row(0)
        #expect(result.table.rowCount == 1)
        #expect(row[0] == .number(1) && row[1] == .number(2) && row[2] == .number(3_000_000_000))
        #expect(row[3] == .number(1.5) && row[4] == .number(0.1) && row[5] == .number(12.5))
        #expect(row[6] == .string("x") && row[7] == .string("y") && row[8] == .string("z  "))
        #expect(row[9] == .boolean(true))
        #expect(row[10] == .date(1_709_164_800_000))
        #expect(row[11] == .date(1_704_462_300_250))
        #expect(row[12] == .date(1_704_455_100_000))
        #expect(row[13] == .null)
        #expect(row[14] == .string("{1,2}"))
        #expect(row[15] == .null)
        #expect(ResultDecoder.decode(wire: result.wire)?.row(0) == row)
        #expect(result.sha256.count == 64)
    }

    @Test func parametersAreSentApart() throws {
        let hostile = "'; DROP TABLE x; --"
        let result = try client(server.url(user: "reader")).fetch("SELECT $1::text AS s, $2::int AS n", parameters: [hostile, nil])
        #expect(result.table.row(0) == [.string(hostile), .null])
    }

    @Test func md5AndTrust() throws {
        #expect(try client(server.url(user: "md5user")).fetch("SELECT 1 AS one").table.rowCount == 1)
        #expect(try client(server.url(user: "trustuser"), password: nil).fetch("SELECT 1 AS one").table.rowCount == 1)
    }

    @Test func statementsAreReadOnly() throws {
        #expect {
            _ = try client(server.url()).fetch("CREATE TABLE should_not_exist (a int)")
        } throws: { error in
            (error as? DatabaseFailure)?.serverError?.code == "25006"
        }
    }

    @Test func badPassword() throws {
        #expect {
            _ = try client(server.url(user: "reader"), password: "wrong").fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .authenticationFailed
        }
    }

    @Test func verifyFullWithTheTestCA() throws {
        let url = server.url(user: "reader", query: "sslmode=verify-full&sslrootcert=\(server.caCertificate)").replacingOccurrences(
            of: "127.0.0.1", with: "localhost")
        let result = try client(url).fetch("SELECT ssl::text AS tls FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        #expect(result.table.row(0) == [.string("true")])
    }

    @Test func wrongCAFails() throws {
        let url = server.url(user: "reader", query: "sslmode=verify-ca&sslrootcert=\(server.otherCACertificate)")
        #expect {
            _ = try client(url).fetch("SELECT 1")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.diagnostic.kind == .tlsCertificate && failure.diagnostic.message.contains("certificate")
        }
    }

    @Test func wrongHostNameFails() throws {
        let url = server.url(user: "reader", query: "sslmode=verify-full&sslrootcert=\(server.caCertificate)")
        #expect {
            _ = try client(url).fetch("SELECT 1")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.diagnostic.kind == .tlsCertificate && failure.diagnostic.message.contains("127.0.0.1")
        }
    }

    @Test func requireAgainstServerWithoutTLS() throws {
        let plain = try PostgresTestServer.plain.get()
        let url = plain.url(user: "reader", query: "sslmode=require")
        #expect {
            _ = try client(url).fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .tlsRefusedByServer
        }
        // prefer falls back to plain.
        #expect(try client(plain.url(user: "reader", query: "sslmode=prefer")).fetch("SELECT 1 AS one").table.rowCount == 1)
    }

    @Test func statementTimeoutCancels() throws {
        var slow = try client(server.url(user: "reader"))
        slow.statementTimeout = 1
        let start = Date()
        #expect {
            _ = try slow.fetch("SELECT pg_sleep(30)")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .statementTimeout
        }
        #expect(Date().timeIntervalSince(start) < 8)
    }

    @Test func syntaxErrorHasPosition() throws {
        #expect {
            _ = try client(server.url(user: "reader")).fetch("SELECT 1 FROM WHERE x")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.diagnostic.kind == .querySyntax && failure.serverError?.position == 15
        }
    }

    @Test func refusedAndUnknownHost() throws {
        #expect {
            _ = try client("postgresql://127.0.0.1:1/db?sslmode=disable").fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .connectionRefused
        }
        #expect {
            _ = try client("postgresql://no-such-host.invalid/db").fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .unknownHost
        }
    }

    /// A server that accepts the connection and then never answers: a bounded, clear failure.
    @Test func silentServerFailsInBoundedTime() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        listen(listener, 4)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let start = Date()
        var silent = try client("postgresql://reader@127.0.0.1:\(port)/charts?sslmode=disable")
        silent.connectTimeout = 1
        #expect {
            _ = try silent.fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.diagnostic.kind == .connectTimeout
        }
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test func passwordFileIsUsedOnlyWhenPrivate() throws {
        let folder = NSTemporaryDirectory() + "chartc-pgpass-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/pgpass"
        let escaped = server.password.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
        try "127.0.0.1:\(server.port):*:reader:\(escaped)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let settings = try ConnectionSettings.parse(server.url(user: "reader"))
        let client = DatabaseClient(settings: settings, environment: ["PGPASSFILE": path], connectTimeout: 5, statementTimeout: 5)
        #expect(try client.fetch("SELECT 1 AS one").table.rowCount == 1)
        chmod(path, 0o644)
        #expect(throws: DatabaseFailure.self) { try client.fetch("SELECT 1 AS one") }
    }
}
