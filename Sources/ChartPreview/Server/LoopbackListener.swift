#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSystem

/// The listening sockets: 127.0.0.1 and, when the machine has IPv6, ::1, on one port. Nothing else is ever
/// bound, so the preview is unreachable from other machines whatever the firewall says.
struct LoopbackListener {
    /// Listening descriptors (non-blocking).
    let descriptors: [Int32]
    let port: UInt16

    struct Failure: Error {
        var message: String
    }

    /// Binds `port` (0: a free one chosen by the system) on both loopback addresses.
    static func open(port requested: UInt16) throws(Failure) -> LoopbackListener {
        var lastError = ""
        // With port 0 the IPv6 bind can collide with another program on the port the IPv4 bind got: try again.
        for _ in 0..<(requested == 0 ? 8 : 1) {
            let v4: (descriptor: Int32, port: UInt16)
            switch bindIPv4(port: requested) {
            case .success(let bound): v4 = bound
            case .failure(let code):
                throw Failure(message: "cannot listen on 127.0.0.1:\(requested): \(FileSystem.describe(code.value))")
            }
            switch bindIPv6(port: v4.port) {
            case .success(let v6):
                return LoopbackListener(descriptors: [v4.descriptor, v6], port: v4.port)
            case .failure(let code) where code.value == EADDRNOTAVAIL || code.value == EAFNOSUPPORT:
                return LoopbackListener(descriptors: [v4.descriptor], port: v4.port) // no IPv6 here
            case .failure(let code):
                POSIX.closeDescriptor(v4.descriptor)
                lastError = FileSystem.describe(code.value)
            }
        }
        throw Failure(message: "cannot listen on [::1]:\(requested): \(lastError)")
    }

    struct Code: Error { var value: Int32 }

    private static func bindIPv4(port: UInt16) -> Result<(Int32, UInt16), Code> {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return listen(family: AF_INET, address: &address).map { descriptor in
            var actual = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &actual) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            return (descriptor, UInt16(bigEndian: actual.sin_port))
        }
    }

    private static func bindIPv6(port: UInt16) -> Result<Int32, Code> {
        var address = sockaddr_in6()
        #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        return listen(family: AF_INET6, address: &address)
    }

    /// A non-blocking socket of `family` bound to `address` and listening (IPv6 sockets take IPv6 only).
    private static func listen<Address>(family: Int32, address: inout Address) -> Result<Int32, Code> {
        let descriptor = socket(family, POSIX.streamSocket, 0)
        guard descriptor >= 0 else { return .failure(Code(value: errno)) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        #if canImport(Glibc)
            let listening = bound == 0 && Glibc.listen(descriptor, 128) == 0
        #else
            let listening = bound == 0 && Darwin.listen(descriptor, 128) == 0
        #endif
        guard listening else {
            let code = errno
            POSIX.closeDescriptor(descriptor)
            return .failure(Code(value: code))
        }
        POSIX.setNonBlocking(descriptor)
        return .success(descriptor)
    }

    /// Accepts one waiting connection (non-blocking), or nil when none is waiting.
    static func accept(on listener: Int32) -> Int32? {
        while true {
            #if canImport(Glibc)
                let descriptor = Glibc.accept(listener, nil, nil)
            #else
                let descriptor = Darwin.accept(listener, nil, nil)
            #endif
            if descriptor >= 0 {
                POSIX.setNonBlocking(descriptor)
                #if canImport(Darwin)
                    var yes: Int32 = 1
                    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                return descriptor
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    func close() {
        for descriptor in descriptors { POSIX.closeDescriptor(descriptor) }
    }
}
