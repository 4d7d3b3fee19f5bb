#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected stream socket (TCP or Unix-domain) with deadlines on every read and write: non-blocking I/O
/// waited for with `poll`, so no call can hang past its deadline. POSIX only (chartc links no Foundation).
final class Socket {
    private(set) var descriptor: Int32

    enum Failure: Error {
        case unknownHost
        case refused
        case timedOut
        case other(String)
        case closed
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Seconds on a monotonic clock, for deadlines.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Connects to `host:port` (each resolved address in turn) or, for a host starting with `/`, the server's
    /// Unix-domain socket in that folder, before `deadline`.
    static func connect(host: String, port: Int, deadline: Double) throws(Failure) -> Socket {
        if host.hasPrefix("/") { return try connectUnix(path: host + "/.s.PGSQL.\(port)", deadline: deadline) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            if status == EAI_NONAME || status == EAI_AGAIN || status == EAI_FAIL { throw .unknownHost }
            throw .other(String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastFailure = Failure.refused
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            let candidate = Socket(descriptor: descriptor)
            do {
                try candidate.finishConnect(address.pointee.ai_addr, length: address.pointee.ai_addrlen, deadline: deadline)
                var on: Int32 = 1
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                return candidate
            } catch {
                lastFailure = error
                if case .timedOut = error { throw error }
            }
        }
        throw lastFailure
    }

    private static func connectUnix(path: String, deadline: Double) throws(Failure) -> Socket {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .other("cannot create a socket") }
        let candidate = Socket(descriptor: descriptor)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .other("the socket path \(path) is too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        try withUnsafePointer(to: &address) { (pointer) throws(Failure) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(Failure) in
                try candidate.finishConnect(raw, length: socklen_t(MemoryLayout<sockaddr_un>.size), deadline: deadline)
            }
        }
        return candidate
    }

    private func finishConnect(_ address: UnsafePointer<sockaddr>?, length: socklen_t, deadline: Double) throws(Failure) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if systemConnect(descriptor, address, length) == 0 { return }
        guard errno == EINPROGRESS else { throw Self.failure(errno) }
        try wait(for: Int16(POLLOUT), deadline: deadline)
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size)
        if error != 0 { throw Self.failure(error) }
    }

    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ECONNREFUSED, ENOENT: .refused
        case ETIMEDOUT: .timedOut
        default: .other(String(cString: strerror(code)))
        }
    }

    /// Waits until the socket is ready for `events`, or throws `.timedOut` at `deadline`.
    func wait(for events: Int16, deadline: Double) throws(Failure) {
        while true {
            let remaining = deadline - Self.now()
            if remaining <= 0 { throw .timedOut }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&entry, 1, Int32(min(remaining * 1000, 1_000_000_000)) + 1)
            if result > 0 { return }
            if result < 0 && errno != EINTR { throw .other(String(cString: strerror(errno))) }
        }
    }

    /// Reads at most `buffer.count` bytes (at least one) before `deadline`; throws `.closed` at end of stream. The
    /// deadline is checked before every read, not only while waiting: a peer that always has more to send is
    /// stopped at it too.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Double) throws(Failure) -> Int {
        while true {
            if Self.now() >= deadline { throw .timedOut }
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return count }
            if count == 0 { throw .closed }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else {
                if errno == ECONNRESET { throw .closed }
                throw .other(String(cString: strerror(errno)))
            }
            try wait(for: Int16(POLLIN), deadline: deadline)
        }
    }

    /// Writes every byte before `deadline`.
    func write(_ bytes: UnsafeRawBufferPointer, deadline: Double) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = systemSend(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count > 0 { offset += count; continue }
            if count < 0 && errno == EINTR { continue }
            guard count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else {
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .other(String(cString: strerror(errno)))
            }
            try wait(for: Int16(POLLOUT), deadline: deadline)
        }
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, buffer, count, 0)
    #endif
}
