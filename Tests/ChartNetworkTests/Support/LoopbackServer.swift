import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a port the system picks, for tests only: it never touches another
/// address. Each connection gets one request and one canned answer from `route`, then is closed — or, for
/// `.hang`, is accepted and never answered until the server stops. Every request is logged for assertions.
final class LoopbackServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        /// Header values by lower-case name.
        var headers: [String: String]
    }

    enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Accept, read the request, and say nothing until the server stops.
        case hang
        /// Accept, read the request, and close without a word.
        case close
        /// Send the status line, headers and the start of the body, then nothing more until the server stops.
        case stall(status: Int, headers: [(String, String)], body: [UInt8])

        static func ok(_ text: String, contentType: String?, headers: [(String, String)] = []) -> Reply {
            var all = headers
            if let contentType { all.insert(("Content-Type", contentType), at: 0) }
            return .respond(status: 200, headers: all, body: Array(text.utf8))
        }

        static func status(_ code: Int, _ text: String = "") -> Reply {
            .respond(status: code, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
        }
    }

    let port: Int
    private let listener: Int32
    private let route: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var log: [Request] = []
    private var openConnections: [Int32] = []
    private var stopped = false
    private let released = DispatchSemaphore(value: 0)
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    init(route: @escaping @Sendable (Request) -> Reply) throws {
        self.route = route
        let (descriptor, port) = try LoopbackServer.listenOnLoopback()
        self.listener = descriptor
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func url(_ path: String) -> String { baseURL + path }

    /// Every request so far, in arrival order.
    var requests: [Request] { lock.withLock { log } }

    /// Closes the listening socket and every open connection; hanging handlers return.
    func stop() {
        let connections: [Int32]? = lock.withLock {
            if stopped { return nil }
            stopped = true
            let open = openConnections
            openConnections = []
            return open
        }
        guard let connections else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        for _ in 0..<64 { released.signal() }
        _ = acceptLoopDone.wait(timeout: .now() + .seconds(2))
    }

    /// A port on 127.0.0.1 that nothing listens on: bound, read back, and closed again.
    static func closedPort() throws -> Int {
        let (descriptor, port) = try listenOnLoopback()
        close(descriptor)
        return port
    }

    // MARK: - Serving

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let accepted: Bool = lock.withLock {
                if stopped { return false }
                openConnections.append(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            lock.withLock { openConnections.removeAll { $0 == connection } }
            close(connection)
        }
        guard let request = readRequest(connection) else { return }
        lock.withLock { log.append(request) }
        switch route(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if status != 304 && status != 204 { head += "Content-Length: \(body.count)\r\n" }
            head += "Connection: close\r\n\r\n"
            transmit(connection, Array(head.utf8) + (status == 304 ? [] : body))
        case .stall(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            transmit(connection, Array((head + "\r\n").utf8) + body)
            released.wait()
        case .hang:
            released.wait()
        case .close:
            break
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = [13, 10, 13, 10]
        while bytes.count < 65_536 {
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if got <= 0 { return nil }
            bytes.append(contentsOf: buffer[0..<got])
            if let range = bytes.firstRange(of: end) {
                let text = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
                var lines = text.components(separatedBy: "\r\n")
                let requestLine = lines.removeFirst().split(separator: " ")
                guard requestLine.count >= 2 else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let name = line[..<colon].lowercased()
                    headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
            }
        }
        return nil
    }

    private func transmit(_ connection: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(connection, base + sent, raw.count - sent, noSignal)
            }
            if result <= 0 { return }
            sent += result
        }
    }

    private func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }

    /// A listening socket on 127.0.0.1 with a system-chosen port.
    private static func listenOnLoopback() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            close(descriptor)
            throw ServerError.socket(errno)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    enum ServerError: Error {
        case socket(Int32)
    }
}

#if canImport(Glibc)
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0
#endif
