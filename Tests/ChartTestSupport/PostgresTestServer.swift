import Foundation

/// A throwaway PostgreSQL cluster for tests: `initdb` in a temporary folder (owned by the unprivileged `postgres`
/// user when the tests run as root, since initdb refuses root), listening on a free loopback port only, SCRAM
/// passwords, TLS with a CA and a server certificate made by `openssl` for this run. A watchdog shell stops the
/// server and deletes the folder when the test process ends, however it ends (a failing or crashing test too).
///
/// One cluster per test process (`shared`); nil, with `skipReason` saying why, when none could be started.
public final class PostgresTestServer: @unchecked Sendable {
    public let port: Int
    public let folder: String
    /// The superuser and the password of every test role.
    public let superuser = "postgres"
    public let password = "s3cret pass'word"
    /// The CA that signed the server's certificate, and one that did not.
    public let caCertificate: String
    public let otherCACertificate: String
    let binaries: String
    /// Where `psql` connects for setup: loopback, or the Unix socket when the cluster has its own pg_hba.conf
    /// (which must then trust `local` connections).
    var setupHost = "127.0.0.1"

    public static let shared: Result<PostgresTestServer, StartFailure> = {
        let started = start(Options(tls: true, binaries: otherBinaries))
        // Another version's binaries may be built without TLS (the PyPI wheels are): then the TLS tests fail,
        // the rest run.
        if case .failure = started, otherBinaries != nil { return start(Options(tls: false, binaries: otherBinaries)) }
        return started
    }()
    /// A second cluster with TLS off (for `sslmode=require` against a server without TLS), started on first use.
    public static let plain: Result<PostgresTestServer, StartFailure> = start(Options(tls: false, binaries: otherBinaries))

    /// `CHARTC_TEST_PG_BIN`: a folder with another PostgreSQL version's `initdb`, `pg_ctl` and `postgres` to run
    /// the database suites against (locally: e.g. the server binaries a PyPI wheel ships); unset, Debian's.
    static let otherBinaries: String? = ProcessInfo.processInfo.environment["CHARTC_TEST_PG_BIN"].flatMap { $0.isEmpty ? nil : $0 }

    /// How a cluster differs from the default one: the settings a real server may have (`postgresql.conf` lines
    /// appended after ours, so they win), its own `pg_hba.conf`, environment for the server (`LOCPATH` for a
    /// locale made for the test), and the folder of another PostgreSQL version's binaries.
    public struct Options: Sendable {
        public var tls: Bool
        /// Extra `postgresql.conf` lines.
        public var configuration: String
        /// The whole `pg_hba.conf`; nil: trust locally, `trustuser` trust, `md5user` md5, everyone else SCRAM.
        public var hba: String?
        /// Variables set for the server process.
        public var environment: [String: String]
        /// A folder with `initdb`, `pg_ctl` and `postgres`; nil: Debian's newest under /usr/lib/postgresql.
        public var binaries: String?

        public init(
            tls: Bool = true, configuration: String = "", hba: String? = nil, environment: [String: String] = [:], binaries: String? = nil
        ) {
            self.tls = tls
            self.configuration = configuration
            self.hba = hba
            self.environment = environment
            self.binaries = binaries
        }
    }

    /// Starts a cluster of its own (stop it with `stop()`; the watchdog stops it when the test process ends anyway).
    public static func start(_ options: Options) -> Result<PostgresTestServer, StartFailure> {
        do {
            return .success(try launch(options))
        } catch let failure as StartFailure {
            return .failure(failure)
        } catch {
            return .failure(StartFailure(description: "\(error)"))
        }
    }

    /// Stops the server and deletes its folder.
    public func stop() {
        let runAs: [String] = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        let command = runAs + ["\(binaries)/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"]
        _ = try? Self.run(command[0], Array(command.dropFirst()))
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's version, e.g. `15.8`.
    public func serverVersion() -> String {
        ((try? psql("SHOW server_version")) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Why database tests skip, or nil when a server runs. CI installs `postgresql` and `openssl`, so there it
    /// must be nil.
    public static var skipReason: String? {
        if case .failure(let failure) = shared { return "no PostgreSQL could be started: \(failure.description)" }
        return nil
    }

    public static var server: PostgresTestServer? { try? shared.get() }

    private init(port: Int, folder: String, binaries: String) {
        self.port = port
        self.folder = folder
        self.binaries = binaries
        self.caCertificate = folder + "/tls/ca.crt"
        self.otherCACertificate = folder + "/tls/other-ca.crt"
    }

    /// A URL for `user` at this server (no password: tests give it through PGPASSWORD or a .pgpass file).
    public func url(user: String = "postgres", database: String = "charts", query: String = "sslmode=disable") -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?" + query)
    }

    // MARK: - Running SQL for setup (psql is fine here: chartc itself never uses it)

    /// Runs SQL through `psql` as the superuser; returns stdout, or throws with stderr.
    @discardableResult
    public func psql(_ sql: String, database: String = "charts", input: Data? = nil) throws -> String {
        let result = try Self.run(
            "/usr/bin/psql",
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", setupHost, "-p", String(port), "-U", superuser, "-d", database, "-At", "-c", sql],
            environment: ["PGPASSWORD": password, "PGSSLMODE": "disable"], input: input)
        guard result.status == 0 else { throw StartFailure(description: "psql failed: \(result.errors)") }
        return result.output
    }

    /// Creates `table` with `columns` (name, SQL type) and loads `csv` (with a header line) into it with COPY.
    public func load(table: String, columns: [(String, String)], csv: Data, database: String = "charts") throws {
        let definition = columns.map { "\(Self.quote($0.0)) \($0.1)" }.joined(separator: ", ")
        try psql("DROP TABLE IF EXISTS \(Self.quote(table)); CREATE TABLE \(Self.quote(table)) (\(definition));", database: database)
        try psql("COPY \(Self.quote(table)) FROM STDIN WITH (FORMAT csv, HEADER true)", database: database, input: csv)
    }

    public static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Starting

    private static func launch(_ options: Options) throws -> PostgresTestServer {
        let tls = options.tls
        let manager = FileManager.default
        let binaries: String
        if let given = options.binaries {
            guard manager.isExecutableFile(atPath: given + "/initdb") else { throw StartFailure(description: "no initdb in \(given)") }
            binaries = given
        } else {
            let versions = ((try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
            guard let version = versions.first(where: { manager.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }) else {
                throw StartFailure(description: "no initdb under /usr/lib/postgresql/*/bin (install Debian's postgresql)")
            }
            binaries = "/usr/lib/postgresql/\(version)/bin"
        }
        guard manager.isExecutableFile(atPath: "/usr/bin/openssl") else { throw StartFailure(description: "openssl is not installed") }
        let folder = NSTemporaryDirectory() + "chartc-pg-\(getpid())-\(tls ? "tls" : "plain")-\(UInt32.random(in: 0...UInt32.max))"
        try manager.createDirectory(atPath: folder + "/tls", withIntermediateDirectories: true)
        let port = try freePort()
        let server = PostgresTestServer(port: port, folder: folder, binaries: binaries)
        if options.hba != nil { server.setupHost = folder }
        let isRoot = getuid() == 0
        let runAs: [String] = isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []

        // Certificates: a CA, a server certificate for localhost / 127.0.0.1 signed by it, and an unrelated CA.
        let tlsFolder = folder + "/tls"
        let openssl: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=chartc test CA", "-keyout", "\(tlsFolder)/ca.key",
                "-out", "\(tlsFolder)/ca.crt"
            ],
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=another CA", "-keyout", "\(tlsFolder)/other-ca.key",
                "-out", "\(tlsFolder)/other-ca.crt"
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "\(tlsFolder)/server.key", "-out",
                "\(tlsFolder)/server.csr"
            ]
        ]
        for arguments in openssl {
            let result = try run("/usr/bin/openssl", arguments)
            guard result.status == 0 else { throw StartFailure(description: "openssl failed: \(result.errors)") }
        }
        try "subjectAltName=DNS:localhost\n".write(toFile: "\(tlsFolder)/san.ext", atomically: true, encoding: .utf8)
        let sign = try run(
            "/usr/bin/openssl",
            [
                "x509", "-req", "-in", "\(tlsFolder)/server.csr", "-CA", "\(tlsFolder)/ca.crt", "-CAkey", "\(tlsFolder)/ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", "\(tlsFolder)/san.ext", "-out", "\(tlsFolder)/server.crt"
            ])
        guard sign.status == 0 else { throw StartFailure(description: "openssl x509 failed: \(sign.errors)") }
        try server.password.write(toFile: folder + "/pwfile", atomically: true, encoding: .utf8)
        chmod(tlsFolder + "/server.key", 0o600)
        chmod(folder, 0o755)
        chmod(tlsFolder, 0o755)
        for file in ["ca.crt", "other-ca.crt", "server.crt"] { chmod("\(tlsFolder)/\(file)", 0o644) }
        if isRoot {
            let chown = try run("/bin/chown", ["-R", "postgres:postgres", folder])
            guard chown.status == 0 else { throw StartFailure(description: "chown failed: \(chown.errors)") }
        }

        let initdb = try run(
            runAs.first ?? "\(binaries)/initdb",
            Array(runAs.dropFirst()) + (isRoot ? ["\(binaries)/initdb"] : []) + [
                "-D", folder + "/data", "-U", "postgres", "--pwfile", folder + "/pwfile", "--auth", "scram-sha-256",
                "-E", "UTF8", "--locale", "C", "--no-sync"
            ])
        guard initdb.status == 0 else { throw StartFailure(description: "initdb failed: \(initdb.errors)") }
        let configuration = """

            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(folder)'
            password_encryption = 'scram-sha-256'
            fsync = off
            max_connections = 40
            ssl = \(tls ? "on" : "off")
            ssl_cert_file = '\(tlsFolder)/server.crt'
            ssl_key_file = '\(tlsFolder)/server.key'
            log_min_messages = warning
            \(options.configuration)
            """
        let confPath = folder + "/data/postgresql.conf"
        let existing = (try? String(contentsOfFile: confPath, encoding: .utf8)) ?? ""
        try (existing + configuration).write(toFile: confPath, atomically: false, encoding: .utf8)
        let hba =
            options.hba ?? """
                local all all trust
                host all trustuser 127.0.0.1/32 trust
                host all md5user 127.0.0.1/32 md5
                host all all 127.0.0.1/32 scram-sha-256

                """
        try hba.write(toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        if isRoot { _ = try run("/bin/chown", ["-R", "postgres:postgres", folder + "/data"]) }

        let pgctl = runAs + ["\(binaries)/pg_ctl", "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "30", "start"]
        // The server inherits pg_ctl's standard streams: files, not pipes, or reading them would never end.
        let serverEnvironment = options.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
        let command =
            (serverEnvironment.isEmpty ? "" : "env " + serverEnvironment) + pgctl.map { "'\($0)'" }.joined(separator: " ")
            + " >'\(folder)/pg_ctl.out' 2>&1 </dev/null"
        let started = try run("/bin/sh", ["-c", command])
        guard started.status == 0 else {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw StartFailure(description: "pg_ctl start failed: \(started.errors) \(log)")
        }
        // The watchdog: when this test process is gone, stop the server and delete the folder.
        let stop = (runAs + ["\(binaries)/pg_ctl", "-D", folder + "/data", "-m", "immediate", "stop"]).map { "'\($0)'" }.joined(separator: " ")
        let watchdog = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop) >/dev/null 2>&1; rm -rf '\(folder)'"
        _ = try run("/bin/sh", ["-c", "nohup sh -c \"$0\" >/dev/null 2>&1 </dev/null &", watchdog])

        try server.psql("CREATE DATABASE charts", database: "postgres")
        try server.psql(
            """
            CREATE ROLE reader LOGIN PASSWORD '\(server.password.replacingOccurrences(of: "'", with: "''"))';
            CREATE ROLE trustuser LOGIN;
            SET password_encryption = 'md5';
            CREATE ROLE md5user LOGIN PASSWORD '\(server.password.replacingOccurrences(of: "'", with: "''"))';
            GRANT pg_read_all_data TO reader, trustuser, md5user;
            """)
        return server
    }

    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw StartFailure(description: "no free loopback port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    public struct RunResult {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs a program (posix_spawn and waitpid: Foundation's Process can miss a child's exit while a test
    /// process winds down), feeding `input` from a file and collecting its output through files.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> RunResult {
        let scratch = NSTemporaryDirectory() + "chartc-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let (inPath, outPath, errPath) = (scratch + ".in", scratch + ".out", scratch + ".err")
        defer { for file in [inPath, outPath, errPath] { unlink(file) } }
        FileManager.default.createFile(atPath: inPath, contents: input ?? Data())
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        // The child starts with no blocked signals: a test runner's thread may block most of them, and a child
        // that inherits the mask (pgbouncer does not reset it) would never see its SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw StartFailure(description: "cannot run \(path): \(String(cString: strerror(status)))") }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let code: Int32 = (exit & 0x7f) == 0 ? (exit >> 8) & 0xff : 128 + (exit & 0x7f)
        return RunResult(status: code, output: output, errors: errors)
    }
}
