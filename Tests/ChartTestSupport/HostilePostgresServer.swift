import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fake PostgreSQL server on loopback that speaks just enough of protocol 3.0 to misbehave (issue 30): after
/// a trusted startup (or a SCRAM exchange that asks for too many iterations) it answers every statement with
/// what `behaviour` says — rows without end, notices without end, a message declared 1 GB long, or an error
/// with a very long message. It stops when the client hangs up or `stop()` is called; each connection runs on
/// its own thread, and a `CancelRequest` connection is read and closed.
public final class HostilePostgresServer: @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// `DataRow`s of one `int4` column, forever.
        case endlessRows
        /// `NoticeResponse`s, forever.
        case endlessNotices
        /// Asks for SCRAM-SHA-256 with this many iterations.
        case scramIterations(Int)
        /// A `DataRow` whose length says 1 GB, then nothing.
        case hugeMessage
        /// An `ErrorResponse` whose message is this long (a run of "x" and words).
        case longError(Int)
    }

    public let port: Int
    public let behaviour: Behaviour
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false

    /// Listens on 127.0.0.1 at a free port.
    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        guard listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EIO)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// The URL a client connects with (trust authentication, no TLS).
    public var url: String { "postgresql://reader@127.0.0.1:\(port)/charts?sslmode=disable" }

    /// Stops accepting; open connections end when their client hangs up or their next write fails.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in
                serve(client)
                close(client)
            }
            thread.start()
        }
    }

    // MARK: - One connection

    private func serve(_ client: Int32) {
        // The startup packet (or a CancelRequest: 16 bytes, code 80877102).
        guard let lengthBytes = readExactly(client, 4) else { return }
        let length = Int(be32(lengthBytes, 0))
        guard length >= 8, length < 10_000, let packet = readExactly(client, length - 4) else { return }
        let code = be32(packet, 0)
        if code == 80_877_102 { return } // CancelRequest: nothing to answer
        if code == 80_877_103 { // SSLRequest: no
            guard send(client, [UInt8(ascii: "N")]) else { return }
            return serve(client)
        }
        if case .scramIterations(let iterations) = behaviour {
            scram(client, iterations: iterations)
            return
        }
        // Trust: AuthenticationOk, BackendKeyData, ReadyForQuery.
        var hello = message("R", int32(0))
        hello += message("K", int32(4242) + int32(99))
        hello += message("Z", [UInt8(ascii: "I")])
        guard send(client, hello) else { return }
        // The client's statements: Parse/Bind/…/Sync in one write each. A description (Describe of a statement,
        // what the planner asks first) is answered as a server would; a statement, as `behaviour` says.
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = recv(client, &scratch, scratch.count, 0)
            guard got > 0 else { return }
            let describeStatement: [UInt8] = [UInt8(ascii: "D"), 0, 0, 0, 6, UInt8(ascii: "S")]
            let batch = Array(scratch[0..<got])
            let isDescription = (0...max(0, batch.count - describeStatement.count)).contains {
                batch.count >= describeStatement.count && Array(batch[$0..<($0 + describeStatement.count)]) == describeStatement
            }
            guard isDescription else { break }
            var reply = message("1", []) + message("2", []) + message("C", Array("BEGIN".utf8) + [0])
            reply += message("1", []) + message("t", int16(0)) + message("T", oneIntColumn)
            reply += message("1", []) + message("2", []) + message("C", Array("ROLLBACK".utf8) + [0]) + message("Z", [UInt8(ascii: "I")])
            guard send(client, reply) else { return }
        }
        answer(client)
    }

    /// A `RowDescription` body: one `int4` column named `n`.
    private var oneIntColumn: [UInt8] {
        int16(1) + Array("n".utf8) + [0] + int32(0) + int16(0) + int32(23) + int16(4) + int32(-1) + int16(0)
    }

    private func answer(_ client: Int32) {
        // BEGIN's ParseComplete, BindComplete, CommandComplete; the statement's ParseComplete and BindComplete.
        var start = message("1", []) + message("2", []) + message("C", Array("BEGIN".utf8) + [0])
        start += message("1", []) + message("2", [])
        switch behaviour {
        case .endlessRows:
            // RowDescription: one int4 column "n".
            start += message("T", oneIntColumn)
            guard send(client, start) else { return }
            var block: [UInt8] = []
            for row in 0..<2_000 {
                let text = Array(String(row).utf8)
                block += message("D", int16(1) + int32(Int32(text.count)) + text)
            }
            while !isStopped, send(client, block) {}
        case .endlessNotices:
            guard send(client, start) else { return }
            let notice = message(
                "N",
                [UInt8(ascii: "S")] + Array("NOTICE".utf8) + [0] + [UInt8(ascii: "C")] + Array("00000".utf8) + [0] + [UInt8(ascii: "M")]
                    + Array(String(repeating: "a notice that never ends ", count: 4).utf8) + [0, 0])
            let block = Array([[UInt8]](repeating: notice, count: 200).joined())
            while !isStopped, send(client, block) {}
        case .hugeMessage:
            start += [UInt8(ascii: "D")] + int32(1 << 30)
            _ = send(client, start)
            // Hold the connection open; the client must refuse the length, not wait for the body.
            var scratch = [UInt8](repeating: 0, count: 1024)
            _ = recv(client, &scratch, scratch.count, 0)
        case .longError(let count):
            var text = ""
            while text.utf8.count < count { text += "relation x\u{1B}[31m does not exist because of reasons " }
            let error = message(
                "E",
                [UInt8(ascii: "S")] + Array("ERROR".utf8) + [0] + [UInt8(ascii: "C")] + Array("42P01".utf8) + [0] + [UInt8(ascii: "M")]
                    + Array(text.utf8) + [0, 0])
            _ = send(client, start + error + message("Z", [UInt8(ascii: "I")]))
            var scratch = [UInt8](repeating: 0, count: 1024)
            _ = recv(client, &scratch, scratch.count, 0)
        case .scramIterations:
            break
        }
    }

    private func scram(_ client: Int32, iterations: Int) {
        // AuthenticationSASL: SCRAM-SHA-256.
        guard send(client, message("R", int32(10) + Array("SCRAM-SHA-256".utf8) + [0, 0])) else { return }
        // SASLInitialResponse: 'p', length, mechanism, int32 length, "n,,n=,r=NONCE".
        guard let header = readExactly(client, 5), header[0] == UInt8(ascii: "p") else { return }
        guard let body = readExactly(client, Int(be32(header, 1)) - 4) else { return }
        let text = String(decoding: body, as: UTF8.self)
        guard let range = text.range(of: "r=") else { return }
        let clientNonce = String(text[range.upperBound...].prefix { $0 != "," && $0 != "\0" })
        let first = "r=\(clientNonce)serverpart,s=c2FsdHNhbHRzYWx0,i=\(iterations)"
        guard send(client, message("R", int32(11) + Array(first.utf8))) else { return }
        var scratch = [UInt8](repeating: 0, count: 1024)
        _ = recv(client, &scratch, scratch.count, 0)
    }

    // MARK: - Bytes

    private func message(_ type: Character, _ body: [UInt8]) -> [UInt8] {
        [type.asciiValue ?? 0] + int32(Int32(body.count + 4)) + body
    }

    private func int32(_ value: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: value)
        return [UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF)]
    }

    private func int16(_ value: Int16) -> [UInt8] {
        let bits = UInt16(bitPattern: value)
        return [UInt8(bits >> 8), UInt8(bits & 0xFF)]
    }

    private func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private func readExactly(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress.map { $0 + filled }, count - filled, 0) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return nil }
            filled += got
        }
        return bytes
    }

    /// Sends every byte; false once the client is gone (never a SIGPIPE).
    private func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}
