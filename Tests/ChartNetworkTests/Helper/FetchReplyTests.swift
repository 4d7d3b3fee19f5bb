@testable import ChartNetwork
import Testing

/// The reply format between `chartc-fetch` and chartc: exact bytes, round trips, and every kind of broken reply
/// becoming a `Malformed` with a reason (never a crash).
@Suite struct FetchReplyTests {
    static let url = "http://127.0.0.1:8080/members.csv"

    static func decode(_ text: String) -> Result<FetchReply, FetchReply.Malformed> {
        decode(Array(text.utf8))
    }

    static func decode(_ bytes: [UInt8]) -> Result<FetchReply, FetchReply.Malformed> {
        do {
            return .success(try FetchReply.decode(bytes, url: url))
        } catch {
            return .failure(error)
        }
    }

    static func reason(_ text: String) -> String? {
        if case .failure(let malformed) = decode(text) { return malformed.reason }
        return nil
    }

    @Test func aResponseIsWrittenExactlyAsDocumented() {
        let response = HTTPResponse(status: 200, headers: ["etag": "\"v1\"", "content-type": "text/csv"], body: Array("a,b\n1,2\n".utf8))
        let bytes = FetchReply.response(response).encoded()
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "chartc-fetch 1\nstatus 200\nheader content-type text/csv\nheader etag \"v1\"\nlength 8\n\na,b\n1,2\n")
    }

    @Test func aFailureIsWrittenExactlyAsDocumented() {
        let error = FetchError(.timedOut, url: Self.url, "timed out after 1 s waiting for \(Self.url)", notes: ["--timeout sets it", "second\nline"])
        let bytes = FetchReply.failure(error).encoded()
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "chartc-fetch 1\nerror timedOut\nmessage timed out after 1 s waiting for \(Self.url)\nnote --timeout sets it\nnote second\\nline\nlength 0\n\n"
        )
    }

    @Test func responsesRoundTrip() throws {
        // A body with empty lines and every byte value; header values with the escaped characters.
        let body = Array("x\n\n".utf8) + (0...255).map { UInt8($0) }
        let response = HTTPResponse(
            status: 203, headers: ["x-odd": "back\\slash, line\nfeed, return\r, end\\", "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT"], body: body)
        #expect(try FetchReply.decode(FetchReply.response(response).encoded(), url: Self.url) == .response(response))

        let empty = HTTPResponse(status: 304, headers: [:], body: [])
        #expect(try FetchReply.decode(FetchReply.response(empty).encoded(), url: Self.url) == .response(empty))
    }

    @Test func failuresRoundTripForEveryKind() throws {
        for kind in FetchError.Kind.allCases {
            let error = FetchError(
                kind, url: Self.url, "what happened to \(Self.url) \\ with\r\nbreaks", status: kind == .httpStatus ? 503 : nil,
                notes: ["one", "", "three\\n"])
            #expect(try FetchReply.decode(FetchReply.failure(error).encoded(), url: Self.url) == .failure(error))
        }
    }

    @Test func headerNamesAreReadInLowerCase() throws {
        let reply = try FetchReply.decode(Array("chartc-fetch 1\nstatus 200\nheader ETag \"v1\"\nlength 0\n\n".utf8), url: Self.url)
        #expect(reply == .response(HTTPResponse(status: 200, headers: ["etag": "\"v1\""], body: [])))
    }

    @Test func unknownFieldsAreSkipped() throws {
        let reply = try FetchReply.decode(Array("chartc-fetch 1\nstatus 200\nelapsed 0.25\nlength 2\n\nok".utf8), url: Self.url)
        #expect(reply == .response(HTTPResponse(status: 200, headers: [:], body: Array("ok".utf8))))
    }

    @Test func brokenRepliesSayWhatIsWrong() {
        #expect(Self.reason("") == "the reply is empty")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nlength 0\n") == "the reply ends before the empty line that closes its head")
        #expect(Self.reason("<html>\n\n") == "it does not start with 'chartc-fetch 1' (the first line is '<html>')")
        #expect(Self.reason("chartc-fetch 2\nstatus 200\nlength 0\n\n") == "it is in version 2 of the reply format; this chartc reads version 1")
        #expect(Self.reason("chartc-fetch one\n\n") == "'one' is not a version number")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\n\n") == "the head has no 'length' line")
        #expect(Self.reason("chartc-fetch 1\nlength 0\n\n") == "the head has neither 'status' nor 'error'")
        #expect(Self.reason("chartc-fetch 1\nstatus OK\nlength 0\n\n") == "line 2: 'OK' is not an HTTP status")
        #expect(Self.reason("chartc-fetch 1\nstatus 99999999999999999999\nlength 0\n\n") == "line 2: '99999999999999999999' is not an HTTP status")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nstatus 201\nlength 0\n\n") == "line 3 repeats 'status'")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nheader etag\nlength 0\n\n") == "line 3: a header line needs a name and a value")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nheader etag \\x\nlength 0\n\n") == "line 3 has an unknown escape '\\x'")
        #expect(Self.reason("chartc-fetch 1\nerror exploded\nmessage m\nlength 0\n\n") == "line 2: 'exploded' is not a kind of fetch error")
        #expect(Self.reason("chartc-fetch 1\nerror failed\nlength 0\n\n") == "the 'error' has no 'message' line")
        #expect(Self.reason("chartc-fetch 1\nerror failed\nmessage m\\\nlength 0\n\n") == "line 3 ends inside an escape")
        #expect(Self.reason("chartc-fetch 1\nerror failed\nmessage m\nlength 2\n\nab") == "a failure carries a 2-byte body")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nlength -1\n\n") == "line 3: '-1' is not a byte count")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nlength 10\n\nabc") == "the body is cut short: 3 of 10 bytes")
        #expect(Self.reason("chartc-fetch 1\nstatus 200\nlength 1\n\nabc") == "2 bytes follow the 1-byte body")
        #expect(Self.reason("chartc-fetch 1\n status 200\nlength 0\n\n") == "line 2 starts with a space")
    }

    /// Every prefix of a valid reply (a helper killed while writing) and every single-byte corruption of its head
    /// is either read or refused; none traps.
    @Test func cutAndCorruptedRepliesNeverTrap() {
        let response = HTTPResponse(status: 200, headers: ["content-type": "text/csv", "etag": "\"a\\b\""], body: Array("a,b\n1,2\n".utf8))
        let bytes = FetchReply.response(response).encoded()
        for count in 0..<bytes.count {
            guard case .failure = Self.decode(Array(bytes[0..<count])) else {
                Issue.record("a reply cut to \(count) of \(bytes.count) bytes was accepted")
                continue
            }
        }
        let headLength = FetchReply.response(response).encodedHead().count
        for index in 0..<headLength {
            for replacement: UInt8 in [0, 10, 32, 92, 0xFF] {
                var corrupted = bytes
                corrupted[index] = replacement
                _ = Self.decode(corrupted)
            }
        }
    }
}
