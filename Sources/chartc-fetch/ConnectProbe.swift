import ChartNetwork
import ChartSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds out why a TCP connection to a host fails, after URLSession has reported only "cannot connect to
/// host": recent libcurl versions say "Couldn't connect to server" whether the port is closed, the network is
/// down or there is no route. One non-blocking `connect` to the same host and port tells these apart, so the
/// message can say "connection refused" (nothing listens there: the server is down or the port is wrong)
/// rather than guess.
enum ConnectProbe {
    /// "connection refused", "network unreachable", "no route to host", "no answer"; nil when the connection now
    /// succeeds or the host does not resolve.
    static func failureReason(host: String, port: Int, timeout: Double) -> String? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        let info = first.pointee
        let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)

        var code: Int32 = 0
        if connect(descriptor, info.ai_addr, info.ai_addrlen) != 0 {
            code = errno
            if code == EINPROGRESS {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                let milliseconds = Int32(exactly: max(1, min(timeout, 10) * 1000).rounded(.down)) ?? 10_000
                let ready = poll(&poller, 1, milliseconds)
                if ready == 0 { return "no answer" }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard ready > 0, getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return nil }
                code = error
            }
        }
        switch code {
        case 0: return nil
        case ECONNREFUSED: return "connection refused"
        case ENETUNREACH: return "network unreachable"
        case EHOSTUNREACH: return "no route to host"
        case ETIMEDOUT: return "no answer"
        default: return FileSystem.describe(code)
        }
    }
}

#if canImport(Glibc)
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
    private let streamSocketType = SOCK_STREAM
#endif
