@testable import ChartNetwork
import Dispatch
import Foundation
import Testing

/// `HelperTransfer` against stand-in helpers (small shell scripts) that misbehave the ways a real one could:
/// garbage on stdout, a crash, a hang, a flood of output. Each becomes a `FetchError` that says what happened,
/// in bounded time, with the child reaped. The real `chartc-fetch` is exercised by FetchTests.
@Suite struct HelperProcessTests {
    static let url = "http://127.0.0.1:9/a.csv"

    /// Writes `script` as an executable `/bin/sh` file in `folder`. Opened close-on-exec, so that no child another
    /// test spawns meanwhile keeps it open for writing (which would make running it fail with "text file busy").
    static func helper(_ script: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.file("helper.sh")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    static func get(helper: String, options: FetchOptions = testOptions(cache: nil), grace: Double = 5) throws -> Result<HTTPResponse, FetchError> {
        let address = try RemoteAddress(url)
        var attempts = 0
        while true {
            do {
                return .success(
                    try HelperTransfer.get(address, headers: [("If-None-Match", "\"v1\" $HOME `x`")], options: options, helper: helper, grace: grace))
            } catch {
                // Between another thread's spawn and its exec the child holds a copy of every descriptor, the
                // script's included, for a few microseconds: a freshly written script can be "busy". Try again.
                attempts += 1
                if error.message.hasSuffix("(text file busy)") && attempts < 50 {
                    usleep(10_000)
                    continue
                }
                return .failure(error)
            }
        }
    }

    static func error(_ result: Result<HTTPResponse, FetchError>) -> FetchError? {
        if case .failure(let error) = result { return error }
        Issue.record("expected a failure, got \(result)")
        return nil
    }

    @Test func argumentsArriveUnchangedAndTheReplyIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The body echoes the arguments, one per line: no shell ever re-reads them.
        let helper = try Self.helper(
            #"""
            body=$(printf '%s\n' "$@")
            printf 'chartc-fetch 1\nstatus 200\nheader content-type text/plain\nlength %d\n\n%s' "$(printf '%s' "$body" | wc -c)" "$body"
            """#, in: folder)
        let response = try Self.get(helper: helper, options: testOptions(cache: nil, connectTimeout: 1, totalTimeout: 2, maxBytes: 4096)).get()
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain")
        #expect(
            String(decoding: response.body, as: UTF8.self) == """
                --connect-timeout
                1.0
                --timeout
                2.0
                --max-bytes
                4096
                --user-agent
                chartc
                --header
                If-None-Match: "v1" $HOME `x`
                --
                \(Self.url)
                """)
    }

    @Test func aFailureReplyIsThrownAsIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let helper = try Self.helper(
            #"printf 'chartc-fetch 1\nerror dnsFailure\nmessage DNS lookup failed for host nowhere.invalid\nnote check the host name\nlength 0\n\n'"#,
            in: folder)
        let error = try #require(Self.error(Self.get(helper: helper)))
        #expect(error == FetchError(.dnsFailure, url: Self.url, "DNS lookup failed for host nowhere.invalid", notes: ["check the host name"]))
    }

    @Test func garbageOnStandardOutputIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let helper = try Self.helper("echo 'not a reply'; echo 'it said this' >&2", in: folder)
        let error = try #require(Self.error(Self.get(helper: helper)))
        #expect(error.kind == .failed)
        #expect(
            error.message
                == "the download helper \(helper) sent a reply chartc cannot read for \(Self.url): it does not start with 'chartc-fetch 1' (the first line is 'not a reply')"
        )
        #expect(
            error.notes == [
                "it printed: it said this",
                "chartc-fetch must come from the same build as chartc; rebuild both with `swift build`, or set CHARTC_FETCH to the right one"
            ])
    }

    @Test func aHelperFromAnotherVersionIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let helper = try Self.helper(#"printf 'chartc-fetch 2\nstatus 200\nlength 0\n\n'"#, in: folder)
        let error = try #require(Self.error(Self.get(helper: helper)))
        #expect(
            error.message
                == "the download helper \(helper) sent a reply chartc cannot read for \(Self.url): it is in version 2 of the reply format; this chartc reads version 1"
        )
    }

    @Test func aFailingHelperSaysHowItEnded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let exits = try Self.helper("echo 'chartc-fetch: error: something broke' >&2; exit 3", in: folder)
        let exited = try #require(Self.error(Self.get(helper: exits)))
        #expect(exited.message == "the download helper \(exits) exited with status 3 before answering for \(Self.url) (the reply is empty)")
        #expect(exited.notes == ["it printed: chartc-fetch: error: something broke"])

        let dies = try Self.helper(#"printf 'chartc-fetch 1\nstatus 200\n'; kill -KILL $$"#, in: folder)
        let died = try #require(Self.error(Self.get(helper: dies)))
        #expect(
            died.message
                == "the download helper \(dies) was stopped by signal 9 (killed) before answering for \(Self.url) (the reply ends before the empty line that closes its head)"
        )
    }

    @Test func aHelperThatHangsIsKilledAndReaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pidFile = folder.file("pid")
        // `exec` keeps the process id, so the recorded pid is the process chartc must kill.
        let helper = try Self.helper("echo $$ > '\(pidFile)'; exec sleep 30", in: folder)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(
            Self.error(Self.get(helper: helper, options: testOptions(cache: nil, connectTimeout: 0.2, totalTimeout: 0.3), grace: 0.4)))
        #expect(clock.now - start < .seconds(3))
        #expect(error.kind == .timedOut)
        #expect(error.message == "timed out after 0.7 s waiting for \(Self.url): the download helper \(helper) did not finish, and chartc stopped it")
        #expect(error.notes == ["--timeout sets how long a whole download may take"])

        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))
        // A zombie still answers kill(pid, 0); a reaped process is gone.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aFloodOnStandardErrorDoesNotStallTheRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 1 MB on stderr (far past a pipe's buffer) before the reply: both pipes must be drained together.
        let helper = try Self.helper(#"head -c 1000000 /dev/zero | tr '\0' 'e' >&2; printf 'chartc-fetch 1\nstatus 200\nlength 2\n\nok'"#, in: folder)
        let response = try Self.get(helper: helper).get()
        #expect(response.body == Array("ok".utf8))
    }

    @Test func endlessOutputIsCutOff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let helper = try Self.helper("printf 'chartc-fetch 1\\nstatus 200\\nlength 10\\n\\n'; exec cat /dev/zero", in: folder)
        let error = try #require(Self.error(Self.get(helper: helper, options: testOptions(cache: nil, maxBytes: 10))))
        #expect(
            error.message
                == "the download helper \(helper) sent a reply chartc cannot read for \(Self.url): it wrote more than 1 MiB, past the download limit")
    }

    @Test func aHelperThatCannotStartIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.file("not-there")
        let error = try #require(Self.error(Self.get(helper: missing)))
        #expect(error.message == "cannot fetch \(Self.url): could not start the download helper \(missing) (no such file or directory)")
    }

    @Test func manyFetchesAtOnceThroughTheRealHelper() throws {
        let server = try LoopbackServer { request in .ok("path\n\(request.path)\n", contentType: "text/csv") }
        defer { server.stop() }
        let fetcher = RemoteFetcher(options: testOptions(cache: nil))
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let fetched = try? fetcher.fetch(server.url("/\(index).csv"), expecting: .csv)
            results.set(index, fetched.map { String(decoding: $0.bytes, as: UTF8.self) })
        }
        #expect(results.all == (0..<8).map { "path\n/\($0).csv\n" })
    }
}

/// Results written from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: String] = [:]

    func set(_ index: Int, _ value: String?) {
        lock.withLock { values[index] = value }
    }

    var all: [String?] { lock.withLock { (0..<8).map { values[$0] } } }
}
