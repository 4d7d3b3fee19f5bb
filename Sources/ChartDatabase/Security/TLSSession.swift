import ChartSystem

/// One TLS client session over a connected socket, driven with non-blocking I/O and deadlines like the plain
/// socket. Created after the server answered `S` to `SSLRequest`.
final class TLSSession {
    let library: TLSLibrary
    private let context: TLSLibrary.Pointer
    private let ssl: TLSLibrary.Pointer
    private let socket: Socket

    enum Failure: Error {
        /// The certificate chain or the host name did not verify.
        case certificate(String)
        case handshake(String)
        case io(Socket.Failure)
    }

    /// What to check of the server's certificate.
    struct Verification {
        /// PEM file of trusted CAs; `system` for the system's store; nil: trust nothing (no verification).
        var rootCertificates: String?
        var checkHostName: String?
        var verifyChain: Bool
    }

    /// Performs the handshake before `deadline`.
    init(library: TLSLibrary, socket: Socket, serverName: String?, verification: Verification, deadline: Double, timings: PhaseTimings? = nil)
        throws(Failure)
    {
        self.library = library
        self.socket = socket
        guard let context = library.contextNew(library.clientMethod()) else {
            throw .handshake(library.lastError() ?? "cannot create a TLS context")
        }
        // The context is configured before the session is made from it: a session copies its verify mode.
        if verification.verifyChain {
            let loaded: Int32
            if let roots = verification.rootCertificates, roots != "system" {
                loaded = library.loadVerifyLocations(context, roots, nil)
            } else {
                loaded = library.setDefaultVerifyPaths(context)
            }
            guard loaded == 1 else {
                library.contextFree(context)
                throw .certificate(
                    "cannot read the root certificates \(verification.rootCertificates ?? "of the system") (\(library.lastError() ?? "unreadable"))")
            }
            library.setVerify(context, 1 /* SSL_VERIFY_PEER */, nil)
        }
        self.context = context
        guard let ssl = library.sslNew(context) else {
            library.contextFree(context)
            throw .handshake(library.lastError() ?? "cannot create a TLS session")
        }
        self.ssl = ssl
        if verification.verifyChain {
            if let name = verification.checkHostName, library.setHost(ssl, name) != 1 {
                throw .handshake("cannot set the host name to verify")
            }
        }
        if let serverName, !serverName.hasPrefix("/"), !Self.isAddressLiteral(serverName) {
            // SSL_set_tlsext_host_name: server name indication, which some cloud proxies route by.
            _ = serverName.withCString { library.control(ssl, 55, 0, UnsafeMutableRawPointer(mutating: $0)) }
        }
        // Key share for P-256 first: PostgreSQL's `ssl_ecdh_curve` defaults to prime256v1 alone, so OpenSSL's own
        // first choice (X25519) makes the server ask again (HelloRetryRequest): one more round trip and key
        // generation per connection. Same groups as OpenSSL's default list otherwise; a server with other
        // groups still negotiates as before. Failure to set it only costs that round trip.
        _ = Self.groups.withCString { library.control(ssl, 92 /* SSL_CTRL_SET_GROUPS_LIST */, 0, UnsafeMutableRawPointer(mutating: $0)) }
        guard library.setFD(ssl, socket.descriptor) == 1 else { throw .handshake("cannot attach TLS to the socket") }
        timings?.lap("connect: TLS set-up")
        while true {
            let result = SIGPIPEGuard.run { library.connect(ssl) }
            if result == 1 { break }
            let code = library.getError(ssl, result)
            do {
                switch code {
                case 2: try socket.wait(for: 1 /* POLLIN */, deadline: deadline)
                case 3: try socket.wait(for: 4 /* POLLOUT */, deadline: deadline)
                default:
                    let verify = library.verifyResult(ssl)
                    if verify != 0 {
                        let reason = library.verifyErrorString(verify).map { String(cString: $0) } ?? "error \(verify)"
                        _ = library.lastError()
                        throw Failure.certificate(Self.explain(reason, host: verification.checkHostName))
                    }
                    throw Failure.handshake(library.lastError() ?? "the server closed the connection during the handshake")
                }
            } catch let failure as Failure {
                throw failure
            } catch let io as Socket.Failure {
                throw .io(io)
            } catch {
                throw .handshake("\(error)")
            }
        }
    }

    deinit {
        library.sslFree(ssl)
        library.contextFree(context)
    }

    /// The key-exchange groups offered, in order (the first gets the key share of the first ClientHello).
    static let groups = "P-256:X25519:X448:P-521:P-384"

    private static func explain(_ reason: String, host: String?) -> String {
        if reason.contains("hostname mismatch"), let host {
            return "it is not issued for the host name '\(host)' (hostname mismatch; sslmode=verify-full checks it)"
        }
        return reason
    }

    private static func isAddressLiteral(_ host: String) -> Bool {
        host.contains(":") || host.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Double) throws(Socket.Failure) -> Int {
        while true {
            if Socket.now() >= deadline { throw .timedOut }
            let count = SIGPIPEGuard.run { library.read(ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
            if count > 0 { return Int(count) }
            switch library.getError(ssl, count) {
            case 2: try socket.wait(for: 1, deadline: deadline)
            case 3: try socket.wait(for: 4, deadline: deadline)
            case 6: throw .closed // SSL_ERROR_ZERO_RETURN
            default: throw .closed
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer, deadline: Double) throws(Socket.Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = SIGPIPEGuard.run { library.write(ssl, bytes.baseAddress.map { $0 + offset }, Int32(clamping: bytes.count - offset)) }
            if count > 0 { offset += Int(count); continue }
            switch library.getError(ssl, count) {
            case 2: try socket.wait(for: 1, deadline: deadline)
            case 3: try socket.wait(for: 4, deadline: deadline)
            default: throw .closed
            }
        }
    }

    func close() {
        _ = SIGPIPEGuard.run { library.shutdown(ssl) }
    }
}
