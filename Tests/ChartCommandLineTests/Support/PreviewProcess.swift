import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `chartc preview` for end-to-end tests: started on a free port, its address read from the first
/// line it prints, stopped with SIGINT (as Ctrl-C does) and reaped.
final class PreviewProcess {
    let process = Process()
    let port: Int
    let errorURL: URL
    private let output = Pipe()

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        guard let executable = ChartcBinary.executable else { throw Failure(description: "no chartc binary") }
        errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-preview-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = ["preview"] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line: `chartc preview: serving on http://127.0.0.1:PORT/ (Ctrl-C stops)`.
        var line: [UInt8] = []
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(120)
        while !line.contains(UInt8(ascii: "\n")) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Date() < deadline else { process.terminate(); throw Failure(description: "chartc preview printed no address") }
            if poll(&poller, 1, 1000) <= 0 { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { throw Failure(description: "chartc preview exited: \(Self.text(errorURL))") }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            throw Failure(description: "unexpected first line: \(text)")
        }
        self.port = port
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGINT and waits; returns the exit status and what went to stderr.
    func stop() -> (status: Int32, error: String) {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: errorURL) }
        return (process.terminationStatus, Self.text(errorURL))
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    }

    static func text(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}

/// A raw TCP client on loopback for requests no HTTP library would send (traversal, foreign hosts, huge heads).
enum RawHTTP {
    /// A connected socket to 127.0.0.1:`port` with a receive timeout.
    static func connect(port: Int, timeout: Double = 10) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); return nil }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Writes everything it can (stopping quietly when the server has closed).
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads until the server closes or the receive timeout; the text received.
    static func receiveAll(_ descriptor: Int32) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One request with `Connection: close`; the whole answer.
    static func exchange(port: Int, _ request: String, timeout: Double = 10) -> String {
        guard let descriptor = connect(port: port, timeout: timeout) else { return "" }
        defer { close(descriptor) }
        send(descriptor, Array(request.utf8))
        return receiveAll(descriptor)
    }

    /// `GET path` with a loopback Host; the status code (0 when there was no answer).
    static func status(port: Int, _ path: String, host: String? = nil, method: String = "GET") -> Int {
        statusCode(of: exchange(port: port, "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"))
    }

    static func statusCode(of answer: String) -> Int {
        guard answer.hasPrefix("HTTP/1.1 ") else { return 0 }
        return Int(answer.dropFirst(9).prefix(3)) ?? 0
    }
}
