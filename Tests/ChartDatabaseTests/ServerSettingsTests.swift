import ChartData
import ChartDatabase
import ChartSpec
import ChartTestSupport
import ChartValues
import Foundation
import Testing

/// Servers are not configured like our test cluster: the settings a real server, database or role may have must
/// not change what chartc reads (the startup packet sets what chartc relies on, and those win over the server's,
/// the database's and the role's defaults), and every type reads as `specs/databases.md` says.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct ServerSettingsTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
        // A role whose defaults are as unlike chartc's as they come (role settings outrank postgresql.conf and the
        // database's: the strongest defaults a server can have below the client's own).
        let password = server.password.replacingOccurrences(of: "'", with: "''")
        try server.psql(
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'oddreader') THEN
                CREATE ROLE oddreader LOGIN PASSWORD '\(password)';
                GRANT pg_read_all_data TO oddreader;
              END IF;
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'slowreader') THEN
                CREATE ROLE slowreader LOGIN PASSWORD '\(password)';
              END IF;
            END $$;
            ALTER ROLE oddreader SET DateStyle = 'SQL, DMY';
            ALTER ROLE oddreader SET TimeZone = 'America/New_York';
            ALTER ROLE oddreader SET IntervalStyle = 'sql_standard';
            ALTER ROLE oddreader SET extra_float_digits = 0;
            ALTER ROLE oddreader SET standard_conforming_strings = off;
            ALTER ROLE oddreader SET default_transaction_read_only = on;
            ALTER ROLE oddreader SET client_min_messages = 'debug5';
            ALTER ROLE oddreader SET search_path = 'odd schema', public;
            ALTER ROLE slowreader SET statement_timeout = '200ms';
            CREATE SCHEMA IF NOT EXISTS "odd schema";
            DROP TABLE IF EXISTS "odd schema"."Found Me";
            CREATE TABLE "odd schema"."Found Me" (v float8);
            INSERT INTO "odd schema"."Found Me" VALUES (0.1), (1e300);
            """)
    }

    func client(_ user: String) throws -> DatabaseClient {
        DatabaseClient(
            settings: try ConnectionSettings.parse(server.url(user: user)), environment: ["HOME": "/nonexistent", "PGPASSWORD": server.password],
            connectTimeout: 5, statementTimeout: 5)
    }

    static let everyType = """
        SELECT 32767::int2 AS a, 2147483647::int4 AS b, 9007199254740993::int8 AS c, 0.1::float4 AS d, 0.1::float8 AS e,
               123456789012345678901234567890.123456789::numeric AS f, 'NaN'::float8 AS g, 'Infinity'::float8 AS h,
               '-Infinity'::numeric AS i, DATE '2024-02-29' AS j, TIMESTAMP '2024-01-05 13:45:00.25' AS k,
               TIMESTAMPTZ '2024-01-05 13:45:00+02' AS l, TIME '13:45:00' AS m, INTERVAL '1 day 2 hours' AS n, true AS o,
               'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS p, '{"a": [1, 2]}'::json AS q, '{"a": [1, 2]}'::jsonb AS r,
               'x y'::varchar(10) AS s, 'z'::char(3) AS t, ARRAY['a', 'b c']::text[] AS u, $1::text AS v,
               'infinity'::date AS w, '4713-01-01 BC'::date AS x, '1e308'::float8 AS y
        """

    /// The row every session reads, whatever the role's defaults are.
    func checkEveryType(_ row: [Value], label: String) {
        let expected: [Value] = [
            .number(32767), .number(2_147_483_647), .number(9_007_199_254_740_992), .number(0.1), .number(0.1),
            .number(123_456_789_012_345_678_901_234_567_890.123456789), .null, .null, .null, .date(1_709_164_800_000),
            .date(1_704_462_300_250), .date(1_704_455_100_000), .string("13:45:00"), .string("1 day 02:00:00"), .boolean(true),
            .string("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), .string(#"{"a": [1, 2]}"#), .string(#"{"a": [1, 2]}"#), .string("x y"),
            .string("z  "), .string(#"{a,"b c"}"#), .string(#"back\slash 'quote'"#), .null, .null, .number(1e308)
        ]
        #expect(row.count == expected.count, "\(label)")
        for (index, (got, want)) in zip(row, expected).enumerated() {
            #expect(got == want, "\(label): column \(index): \(got), not \(want)")
        }
    }

    /// DateStyle, TimeZone, IntervalStyle, extra_float_digits, standard_conforming_strings set for the
    /// role: the values read are those of a default session. Types read as specs/databases.md's table says.
    @Test func roleDefaultsDoNotChangeWhatIsRead() throws {
        let parameters: [String?] = [#"back\slash 'quote'"#]
        let plain = try client("reader").fetch(Self.everyType, parameters: parameters)
        checkEveryType(plain.table.row(0), label: "reader")
        let odd = try client("oddreader").fetch(Self.everyType, parameters: parameters)
        checkEveryType(odd.table.row(0), label: "oddreader")
        #expect(odd.wire == plain.wire, "the same bytes from both sessions")
    }

    /// `search_path` is the role's: an unqualified name finds a table in another schema (as `psql` would), a
    /// `default_transaction_read_only` session still runs chartc's read-only transaction, and debug notices are
    /// skipped.
    @Test func searchPathReadOnlyDefaultAndNotices() throws {
        let result = try client("oddreader").fetch(#"SELECT v FROM "Found Me""#)
        #expect(result.table.rowCount == 2)
        #expect(result.table.row(0) == [.number(0.1)])
        #expect(result.table.row(1) == [.number(1e300)])
    }

    /// A `statement_timeout` the server imposes is the server's error (57014), named as such, not a hang.
    @Test func serverSideStatementTimeout() throws {
        let start = Date()
        #expect {
            _ = try client("slowreader").fetch("SELECT pg_sleep(3)")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.serverError?.code == "57014" && "\(failure.diagnostic.message)".contains("statement timeout")
        }
        #expect(Date().timeIntervalSince(start) < 3)
    }

    /// A domain over a number reads as its base type would: the compiler and decoder see the base type's OID.
    @Test func domainsAndEnums() throws {
        try server.psql(
            """
            DROP TABLE IF EXISTS typed_things; DROP DOMAIN IF EXISTS positive_amount; DROP TYPE IF EXISTS mood;
            CREATE DOMAIN positive_amount AS numeric CHECK (VALUE > 0);
            CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
            CREATE TABLE typed_things (amount positive_amount, feeling mood);
            INSERT INTO typed_things VALUES (2.5, 'happy'), (NULL, 'sad');
            """)
        let result = try client("reader").fetch("SELECT amount, feeling FROM typed_things")
        #expect(result.table.row(0) == [.number(2.5), .string("happy")])
        #expect(result.table.row(1) == [.null, .string("sad")])
    }
}

/// Clusters configured as managed servers often are: TLS required by pg_hba.conf (`hostssl` lines only) with
/// `password_encryption = md5`, or TLS offered but refused by pg_hba.conf (`hostnossl` lines only). Each starts
/// its own server and stops it at the end.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct ServerAuthenticationSettingsTests {
    func client(_ server: PostgresTestServer, user: String = "reader", query: String) throws -> DatabaseClient {
        DatabaseClient(
            settings: try ConnectionSettings.parse(server.url(user: user, query: query)),
            environment: ["HOME": "/nonexistent", "PGPASSWORD": server.password], connectTimeout: 5, statementTimeout: 5)
    }

    /// md5-hashed passwords, TLS required: `require` and `prefer` log in over TLS, `allow` tries plain first and
    /// then TLS (as libpq), `disable` fails naming the server's reason.
    @Test func hostSSLOnlyWithMD5Passwords() throws {
        let server = try PostgresTestServer.start(
            .init(
                configuration: "password_encryption = md5\n",
                hba: """
                    local all all trust
                    hostssl all all 127.0.0.1/32 md5
                    hostnossl all all 127.0.0.1/32 reject

                    """)
        ).get()
        defer { server.stop() }
        #expect(try server.psql("SELECT left(rolpassword, 3) FROM pg_authid WHERE rolname = 'reader'") == "md5\n")
        for mode in ["require", "prefer", "allow"] {
            let result = try client(server, query: "sslmode=\(mode)").fetch("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            #expect(result.table.row(0) == [.boolean(true)], "sslmode=\(mode)")
        }
        #expect {
            _ = try client(server, query: "sslmode=disable").fetch("SELECT 1")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.serverError?.code == "28000" && "\(failure.diagnostic.message)".contains("pg_hba.conf")
        }
    }

    /// TLS offered but refused by pg_hba.conf: `prefer` falls back to a plain connection, as libpq does; SCRAM
    /// over that plain connection works.
    @Test func hostNoSSLOnly() throws {
        let server = try PostgresTestServer.start(
            .init(
                hba: """
                    local all all trust
                    hostssl all all 127.0.0.1/32 reject
                    hostnossl all all 127.0.0.1/32 scram-sha-256

                    """)
        ).get()
        defer { server.stop() }
        let result = try client(server, query: "sslmode=prefer").fetch("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        #expect(result.table.row(0) == [.boolean(false)])
        #expect {
            _ = try client(server, query: "sslmode=require").fetch("SELECT 1")
        } throws: { error in
            (error as? DatabaseFailure)?.serverError?.code == "28000"
        }
    }

    /// A server that speaks German (`lc_messages`): chartc tells errors apart by SQLSTATE and warnings by the
    /// untranslated severity (`V`), never by the text, and shows the server's own words. The locale is made
    /// for the test with `localedef` into a folder the server finds through `LOCPATH`.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE"), "needs the locales sources (Debian's libc-bin/locales)")
    )
    func serverMessagesInAnotherLanguage() throws {
        let folder = NSTemporaryDirectory() + "chartc-locales-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try PostgresTestServer.run("/usr/bin/localedef", ["-i", "de_DE", "-f", "UTF-8", folder + "/de_DE.UTF-8"])
        try #require(made.status == 0 || FileManager.default.fileExists(atPath: folder + "/de_DE.UTF-8/LC_MESSAGES"), "localedef: \(made.errors)")
        _ = try PostgresTestServer.run("/bin/chmod", ["-R", "a+rX", folder])
        let server = try PostgresTestServer.start(.init(configuration: "lc_messages = 'de_DE.UTF-8'\n", environment: ["LOCPATH": folder])).get()
        defer { server.stop() }
        #expect {
            _ = try client(server, query: "sslmode=disable").fetch("SELECT * FROM no_such_table")
        } throws: { error in
            guard let failure = error as? DatabaseFailure else { return false }
            return failure.diagnostic.kind == .unknownTable && "\(failure.diagnostic.message)".contains("existiert nicht")
        }
        // A WARNING (translated: WARNUNG) is still one: chartc passes such notices on as warnings.
        let warned = try client(server, user: "postgres", query: "sslmode=disable").fetch("SELECT pg_terminate_backend(1) AS t")
        #expect(warned.notices.contains { $0.severity == "WARNING" }, "\(warned.notices.map(\.message))")
        #expect(warned.notices.contains { !$0.message.isEmpty && !$0.message.contains("is not") }, "\(warned.notices.map(\.message))")
    }

    /// PgBouncer in transaction pooling, configured as shipped: it refuses startup parameters it does not track
    /// (`extra_float_digits`), so chartc connects again without it and sets it in each transaction (`SET LOCAL`,
    /// undone by the ROLLBACK, so nothing outlives it on the pooled server connection); floats still read exactly.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/pgbouncer"), "needs pgbouncer (apt-get install pgbouncer)"))
    func throughPgBouncerInTransactionPooling() throws {
        let server = try #require(PostgresTestServer.server)
        let folder = NSTemporaryDirectory() + "chartc-pgbouncer-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try PostgresTestServer.freePort()
        let quoted = server.password.replacingOccurrences(of: "\"", with: "\"\"")
        try "\"reader\" \"\(quoted)\"\n".write(toFile: folder + "/users.txt", atomically: true, encoding: .utf8)
        try """
        [databases]
        charts = host=127.0.0.1 port=\(server.port) dbname=charts
        [pgbouncer]
        listen_addr = 127.0.0.1
        listen_port = \(port)
        unix_socket_dir =
        auth_type = scram-sha-256
        auth_file = \(folder)/users.txt
        pool_mode = transaction
        default_pool_size = 1
        logfile = \(folder)/pgbouncer.log
        pidfile = \(folder)/pgbouncer.pid

        """.write(toFile: folder + "/pgbouncer.ini", atomically: true, encoding: .utf8)
        if getuid() == 0 { _ = try PostgresTestServer.run("/bin/chown", ["-R", "postgres", folder]) }
        let runAs = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        let command = runAs + ["/usr/sbin/pgbouncer", "-d", folder + "/pgbouncer.ini"]
        let started = try PostgresTestServer.run(command[0], Array(command.dropFirst()))
        try #require(started.status == 0, "pgbouncer: \(started.errors)")
        defer {
            if let pid = (try? String(contentsOfFile: folder + "/pgbouncer.pid", encoding: .utf8)).flatMap({
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }) {
                kill(pid, SIGTERM)
            }
        }
        usleep(300_000)
        let client = DatabaseClient(
            settings: try ConnectionSettings.parse("postgresql://reader@127.0.0.1:\(port)/charts?sslmode=disable"),
            environment: ["HOME": "/nonexistent", "PGPASSWORD": server.password], connectTimeout: 5, statementTimeout: 5)
        let session = DatabaseSession(client: client)
        let first = try session.fetch("SELECT 0.1::float8 AS a, 1e-7::float8 / 3 AS b, current_setting('extra_float_digits') AS c")
        #expect(first.table.row(0) == [.number(0.1), .number(1e-7 / 3), .string("3")])
        let second = try session.fetch("SELECT 2.5::float8 AS a")
        #expect(second.table.row(0) == [.number(2.5)])
        let log = (try? String(contentsOfFile: folder + "/pgbouncer.log", encoding: .utf8)) ?? ""
        #expect(log.contains("unsupported startup parameter"), "the retry was not needed? \(log.suffix(600))")
    }

    /// Over TLS the server offers SCRAM-SHA-256-PLUS (channel binding) and SCRAM-SHA-256; chartc, which does no
    /// channel binding, picks SCRAM-SHA-256 with the GS2 header `n,,` ("the client does not support channel
    /// binding"; `y,,` would tell a server that offered PLUS that someone stripped it). A server that requires
    /// channel binding is out of reach for such a client.
    @Test func scramOverTLSWithoutChannelBinding() throws {
        let server = try #require(PostgresTestServer.server)
        let result = try client(server, query: "sslmode=require").fetch("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        #expect(result.table.row(0) == [.boolean(true)])
        #expect(try server.psql("SELECT left(rolpassword, 13) FROM pg_authid WHERE rolname = 'reader'") == "SCRAM-SHA-256\n")
    }
}
