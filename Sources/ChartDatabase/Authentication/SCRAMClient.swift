/// The client side of SCRAM-SHA-256 (RFC 5802, RFC 7677) as PostgreSQL uses it: no channel binding (`n,,`), an
/// empty user name in the messages (the server takes the startup packet's), the password used as given (SASLprep
/// leaves ASCII passwords unchanged; PostgreSQL itself falls back to the raw bytes when SASLprep fails).
struct SCRAMClient {
    let password: String
    let clientNonce: String
    private(set) var clientFirstBare = ""
    private var expectedServerSignature: [UInt8] = []

    init(password: String, clientNonce: String) {
        self.password = password
        self.clientNonce = clientNonce
    }

    /// `n,,n=,r=<nonce>`.
    mutating func firstMessage() -> [UInt8] {
        clientFirstBare = "n=,r=" + clientNonce
        return Array(("n,," + clientFirstBare).utf8)
    }

    /// The client-final-message for the server-first-message, or why the server's message is unacceptable.
    /// `saltedPassword` may compute `Hi(password, salt, i)` faster (libcrypto, when TLS has loaded it); when it is
    /// nil or returns nil, chartc's own `HMACSHA256.hi` does.
    mutating func finalMessage(
        serverFirst: [UInt8], saltedPassword fast: ((_ password: [UInt8], _ salt: [UInt8], _ iterations: Int) -> [UInt8]?)? = nil
    ) throws(AuthenticationFailure) -> [UInt8] {
        let text = String(decoding: serverFirst, as: UTF8.self)
        var nonce: String?
        var salt: [UInt8]?
        var iterations: Int?
        for part in text.split(separator: ",") {
            guard part.count >= 2, part.dropFirst().first == "=" else { continue }
            let value = String(part.dropFirst(2))
            switch part.first {
            case "r": nonce = value
            case "s": salt = Base64.decode(value)
            case "i": iterations = Int(value)
            default: break
            }
        }
        guard let nonce, let salt, let iterations, iterations > 0 else {
            throw AuthenticationFailure("the server's SCRAM message is malformed")
        }
        guard iterations <= DatabaseLimits.scramIterations else {
            var failure = AuthenticationFailure("the server asks for \(iterations) SCRAM iterations")
            failure.iterations = iterations
            throw failure
        }
        guard nonce.hasPrefix(clientNonce), nonce.utf8.count > clientNonce.utf8.count else {
            throw AuthenticationFailure("the server's SCRAM nonce does not extend chartc's (not a genuine SCRAM exchange)")
        }
        let passwordBytes = Array(password.utf8)
        let saltedPassword =
            fast?(passwordBytes, salt, iterations).flatMap { $0.count == 32 ? $0 : nil }
            ?? HMACSHA256.hi(password: passwordBytes, salt: salt, iterations: iterations)
        let clientKey = HMACSHA256.authenticate(key: saltedPassword, message: Array("Client Key".utf8))
        let storedKey = HMACSHA256.sha256(clientKey)
        let withoutProof = "c=biws,r=" + nonce
        let authMessage = Array((clientFirstBare + "," + text + "," + withoutProof).utf8)
        let clientSignature = HMACSHA256.authenticate(key: storedKey, message: authMessage)
        let proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
        let serverKey = HMACSHA256.authenticate(key: saltedPassword, message: Array("Server Key".utf8))
        expectedServerSignature = HMACSHA256.authenticate(key: serverKey, message: authMessage)
        return Array((withoutProof + ",p=" + Base64.encode(proof)).utf8)
    }

    /// Checks the server-final-message's signature: the server, too, must know the password.
    func verify(serverFinal: [UInt8]) throws(AuthenticationFailure) {
        let text = String(decoding: serverFinal, as: UTF8.self)
        guard text.hasPrefix("v="), let signature = Base64.decode(String(text.dropFirst(2))), signature == expectedServerSignature else {
            throw AuthenticationFailure("the server's SCRAM signature is wrong (it does not know the password)")
        }
    }
}

/// Why authentication could not complete on chartc's side.
struct AuthenticationFailure: Error {
    var reason: String
    /// The server asked for more SCRAM iterations than `DatabaseLimits.scramIterations`.
    var iterations: Int?
    init(_ reason: String) { self.reason = reason }
}
