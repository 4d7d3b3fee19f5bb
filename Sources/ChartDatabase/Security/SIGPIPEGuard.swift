#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OpenSSL writes to the socket with plain `write`, which raises SIGPIPE when the server has already closed the
/// connection (a pg_hba.conf that refuses TLS connections does, right after the handshake), and SIGPIPE's default
/// action ends the process. Plain sockets send with `MSG_NOSIGNAL`; around every OpenSSL call that may write, this
/// blocks SIGPIPE for the calling thread and consumes one it raised, as libpq does — no process-wide handler is
/// changed, so a program embedding chartc's database client keeps its own.
enum SIGPIPEGuard {
    static func run<T>(_ body: () -> T) -> T {
        #if canImport(Glibc)
            var pipe = sigset_t()
            sigemptyset(&pipe)
            sigaddset(&pipe, SIGPIPE)
            var previous = sigset_t()
            guard pthread_sigmask(SIG_BLOCK, &pipe, &previous) == 0 else { return body() }
            var pendingBefore = sigset_t()
            sigpending(&pendingBefore)
            let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
            let result = body()
            if !wasPending {
                var pendingAfter = sigset_t()
                sigpending(&pendingAfter)
                if sigismember(&pendingAfter, SIGPIPE) == 1 {
                    var none = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipe, nil, &none)
                }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            return result
        #else
            return body()
        #endif
    }
}
