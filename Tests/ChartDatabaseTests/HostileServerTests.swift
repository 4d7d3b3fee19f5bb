import ChartDatabase
import ChartSpec
import ChartTestSupport
import Foundation
import Testing

/// Issue 30, item 2: a server that keeps sending (rows, notices), asks for a ruinous SCRAM iteration count,
/// declares a 1 GB message or sends a megabyte of error text costs chartc bounded time and memory, and says so
/// with the limit's own error (specs/limits.md). The server is `HostilePostgresServer` on loopback: no real
/// PostgreSQL is needed.
@Suite struct HostileServerTests {
    func client(_ server: HostilePostgresServer, timeout: Double) throws -> DatabaseClient {
        DatabaseClient(settings: try ConnectionSettings.parse(server.url), environment: [:], connectTimeout: 5, statementTimeout: timeout)
    }

    /// Runs `body` and returns the failure's diagnostic and the seconds it took.
    func failure(_ body: () throws -> Void) -> (diagnostic: DatabaseDiagnostic?, seconds: Double) {
        let started = Date()
        var diagnostic: DatabaseDiagnostic?
        do { try body() } catch { diagnostic = (error as? DatabaseFailure)?.diagnostic }
        return (diagnostic, Date().timeIntervalSince(started))
    }

    @Test func endlessRowsStopAtTheStatementTimeout() throws {
        let server = try HostilePostgresServer(.endlessRows)
        defer { server.stop() }
        let client = try client(server, timeout: 1)
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT n FROM t") }
        // Before the fix the deadline was checked only while waiting in poll: a server that always had more to
        // send was read until memory ran out.
        #expect(diagnostic?.kind == .statementTimeout, "\(String(describing: diagnostic))")
        #expect(diagnostic?.message.contains("ran longer than 1 s") == true)
        // The timeout, then at most the cancel's 2 s grace.
        #expect(seconds < 6, "took \(seconds) s")
    }

    @Test func endlessRowsStopAtTheResultsByteLimit() throws {
        let server = try HostilePostgresServer(.endlessRows)
        defer { server.stop() }
        var client = try client(server, timeout: 60)
        client.resultByteLimit = 1 << 20
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT n FROM t") }
        #expect(diagnostic?.kind == .resultTooLarge, "\(String(describing: diagnostic))")
        #expect(diagnostic?.message.contains("is larger than 1 MB, the limit for one result (specs/limits.md)") == true)
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func endlessRowsStopAtTheResultsRowLimit() throws {
        let server = try HostilePostgresServer(.endlessRows)
        defer { server.stop() }
        var client = try client(server, timeout: 60)
        client.resultRowLimit = 5_000
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT n FROM t") }
        #expect(diagnostic?.kind == .resultTooLarge)
        #expect(diagnostic?.message.contains("has more than 5,000 rows") == true)
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func endlessNoticesStopAtTheNoticeLimit() throws {
        let server = try HostilePostgresServer(.endlessNotices)
        defer { server.stop() }
        let client = try client(server, timeout: 60)
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT 1") }
        #expect(diagnostic == .tooManyNotices(database: "postgresql://127.0.0.1:\(server.port)/charts", limit: DatabaseLimits.notices))
        #expect(diagnostic?.message.contains("more than 10,000 notices") == true)
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func aHugeSCRAMIterationCountIsRefusedBeforeComputing() throws {
        let server = try HostilePostgresServer(.scramIterations(10_000_000))
        defer { server.stop() }
        let settings = try ConnectionSettings.parse(server.url)
        let client = DatabaseClient(settings: settings, environment: ["PGPASSWORD": "secret"], connectTimeout: 30, statementTimeout: 30)
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT 1") }
        #expect(diagnostic?.kind == .scramIterations, "\(String(describing: diagnostic))")
        #expect(diagnostic?.message.contains("asks for 10,000,000 SCRAM iterations; chartc computes at most 100,000") == true)
        // 1e7 iterations took 4.5 s outside connect_timeout.
        #expect(seconds < 2, "took \(seconds) s")
    }

    @Test func aMessageDeclaredAGigabyteLongIsRefusedAtItsLength() throws {
        let server = try HostilePostgresServer(.hugeMessage)
        defer { server.stop() }
        let client = try client(server, timeout: 30)
        let (diagnostic, seconds) = failure { _ = try client.fetch("SELECT 1") }
        #expect(diagnostic?.kind == .resultTooLarge, "\(String(describing: diagnostic))")
        #expect(diagnostic?.message.contains("has a message of 1 GB; the limit is 256 MB") == true)
        #expect(seconds < 5, "took \(seconds) s")
    }

    @Test func aMegabyteOfServerErrorIsShortenedAndLosesControlCharacters() throws {
        let server = try HostilePostgresServer(.longError(1 << 20))
        defer { server.stop() }
        let client = try client(server, timeout: 30)
        let (diagnostic, _) = failure { _ = try client.fetch("SELECT 1") }
        let message = try #require(diagnostic?.message)
        #expect(diagnostic?.kind == .unknownTable)
        #expect(message.count < 500, "\(message.count) characters")
        #expect(message.contains("more characters)"))
        #expect(!message.contains("\u{1B}"))
    }
}
