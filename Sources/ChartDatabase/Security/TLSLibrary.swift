#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's OpenSSL (libssl 3), loaded with `dlopen` only when a connection uses TLS: chartc links no TLS
/// library, so a chart from a CSV file pays nothing for it, and nothing is needed at build time
/// (specs/databases.md explains the choice). Only the dozen functions a TLS client needs are looked up.
struct TLSLibrary {
    typealias Pointer = OpaquePointer
    let handle: UnsafeMutableRawPointer
    let clientMethod: @convention(c) () -> Pointer?
    let contextNew: @convention(c) (Pointer?) -> Pointer?
    let contextFree: @convention(c) (Pointer?) -> Void
    let loadVerifyLocations: @convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let setDefaultVerifyPaths: @convention(c) (Pointer?) -> Int32
    let setVerify: @convention(c) (Pointer?, Int32, UnsafeRawPointer?) -> Void
    let sslNew: @convention(c) (Pointer?) -> Pointer?
    let sslFree: @convention(c) (Pointer?) -> Void
    let setFD: @convention(c) (Pointer?, Int32) -> Int32
    let setHost: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let control: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let connect: @convention(c) (Pointer?) -> Int32
    let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let getError: @convention(c) (Pointer?, Int32) -> Int32
    let shutdown: @convention(c) (Pointer?) -> Int32
    let verifyResult: @convention(c) (Pointer?) -> Int
    let verifyErrorString: @convention(c) (Int) -> UnsafePointer<CChar>?
    let errorGet: @convention(c) () -> UInt
    let errorString: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    /// libcrypto's `PKCS5_PBKDF2_HMAC` and `EVP_sha256` (libssl's own dependency, so already loaded): SCRAM's
    /// salted password with the CPU's SHA instructions where it has them. Optional: without them chartc uses its
    /// own `HMACSHA256.hi`.
    let pbkdf2:
        (@convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Pointer?, Int32, UnsafeMutablePointer<UInt8>?) -> Int32)?
    let sha256Digest: (@convention(c) () -> Pointer?)?

    /// The library names tried in turn.
    static let candidates = ["libssl.so.3", "libssl.so", "libssl.3.dylib", "/usr/lib/libssl.dylib"]

    /// Loads libssl, or says why it could not.
    static func load() -> Result<TLSLibrary, TLSLoadFailure> {
        var handle: UnsafeMutableRawPointer?
        for name in candidates {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle != nil { break }
        }
        guard let handle else {
            return .failure(
                TLSLoadFailure(reason: "the system's OpenSSL library (libssl.so.3) could not be loaded; install it (Debian: apt-get install libssl3)")
            )
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard
            let clientMethod = symbol("TLS_client_method", as: (@convention(c) () -> Pointer?).self),
            let contextNew = symbol("SSL_CTX_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let contextFree = symbol("SSL_CTX_free", as: (@convention(c) (Pointer?) -> Void).self),
            let loadVerifyLocations = symbol(
                "SSL_CTX_load_verify_locations", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            let setDefaultVerifyPaths = symbol("SSL_CTX_set_default_verify_paths", as: (@convention(c) (Pointer?) -> Int32).self),
            let setVerify = symbol("SSL_CTX_set_verify", as: (@convention(c) (Pointer?, Int32, UnsafeRawPointer?) -> Void).self),
            let sslNew = symbol("SSL_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let sslFree = symbol("SSL_free", as: (@convention(c) (Pointer?) -> Void).self),
            let setFD = symbol("SSL_set_fd", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
            let setHost = symbol("SSL_set1_host", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
            let control = symbol("SSL_ctrl", as: (@convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
            let connect = symbol("SSL_connect", as: (@convention(c) (Pointer?) -> Int32).self),
            let read = symbol("SSL_read", as: (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
            let write = symbol("SSL_write", as: (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
            let getError = symbol("SSL_get_error", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
            let shutdown = symbol("SSL_shutdown", as: (@convention(c) (Pointer?) -> Int32).self),
            let verifyResult = symbol("SSL_get_verify_result", as: (@convention(c) (Pointer?) -> Int).self),
            let verifyErrorString = symbol("X509_verify_cert_error_string", as: (@convention(c) (Int) -> UnsafePointer<CChar>?).self),
            let errorGet = symbol("ERR_get_error", as: (@convention(c) () -> UInt).self),
            let errorString = symbol("ERR_error_string_n", as: (@convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void).self)
        else {
            dlclose(handle)
            return .failure(TLSLoadFailure(reason: "the system's libssl lacks a function chartc needs (OpenSSL 1.1.1 or later is required)"))
        }
        return .success(
            TLSLibrary(
                handle: handle, clientMethod: clientMethod, contextNew: contextNew, contextFree: contextFree,
                loadVerifyLocations: loadVerifyLocations, setDefaultVerifyPaths: setDefaultVerifyPaths, setVerify: setVerify,
                sslNew: sslNew, sslFree: sslFree, setFD: setFD, setHost: setHost, control: control, connect: connect, read: read,
                write: write, getError: getError, shutdown: shutdown, verifyResult: verifyResult,
                verifyErrorString: verifyErrorString, errorGet: errorGet, errorString: errorString,
                pbkdf2: symbol(
                    "PKCS5_PBKDF2_HMAC",
                    as: (@convention(c) (
                        UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Pointer?, Int32, UnsafeMutablePointer<UInt8>?
                    ) -> Int32).self),
                sha256Digest: symbol("EVP_sha256", as: (@convention(c) () -> Pointer?).self)))
    }

    /// PBKDF2-HMAC-SHA-256 with 32 bytes of output (SCRAM's `Hi`) by libcrypto, or nil when this libcrypto
    /// lacks the functions or fails (the caller then uses `HMACSHA256.hi`, which gives the same bytes).
    func pbkdf2HMACSHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8]? {
        guard let pbkdf2, let sha256Digest, let digest = sha256Digest(), iterations > 0, iterations <= Int(Int32.max),
            password.count <= Int(Int32.max), salt.count <= Int(Int32.max)
        else { return nil }
        var output = [UInt8](repeating: 0, count: 32)
        let status = password.withUnsafeBytes { passwordBytes in
            salt.withUnsafeBufferPointer { saltBytes in
                output.withUnsafeMutableBufferPointer { out in
                    pbkdf2(
                        passwordBytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(password.count), saltBytes.baseAddress,
                        Int32(salt.count), Int32(iterations), digest, 32, out.baseAddress)
                }
            }
        }
        return status == 1 ? output : nil
    }

    /// The oldest queued OpenSSL error as text (and the queue emptied), or nil.
    func lastError() -> String? {
        var first: UInt = 0
        while true {
            let code = errorGet()
            if code == 0 { break }
            if first == 0 { first = code }
        }
        guard first != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        errorString(first, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why libssl could not be used.
struct TLSLoadFailure: Error {
    var reason: String
}
