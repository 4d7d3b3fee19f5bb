#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one program to completion, without a shell, and collects what it writes: `posix_spawn` with standard
/// input from `/dev/null` and standard output and error into pipes (socket pairs on Linux; see `makePipe`). Both pipes are read together (`poll`), so
/// a child that fills one while chartc waits on the other cannot stall; a child still running at the time limit,
/// or writing more than the output limit, is killed. The child is always waited for, so none is left behind as
/// a zombie. Safe to call from several threads at once: the pipes are close-on-exec and the child closes every
/// descriptor past the standard three, so one thread's child never holds another's pipe open.
package struct ChildProcess {
    /// How the child ended.
    package enum Ending: Sendable, Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal ended it (a crash, or someone else's `kill`).
        case signalled(Int32)
        /// It was still running at the time limit, and chartc killed it.
        case killedAtTimeLimit
        /// It wrote more than the output limit, and chartc killed it.
        case killedForOutput
    }

    /// What the child wrote and how it ended.
    package struct Outcome: Sendable {
        package var output: [UInt8]
        /// Standard error, up to `errorLimit` bytes (the rest is read and dropped).
        package var errorOutput: [UInt8]
        package var ending: Ending
    }

    /// `posix_spawn` or a pipe failed: the `errno` value.
    package struct SpawnFailure: Error, Sendable {
        package var code: Int32
    }

    /// Runs `path` with `arguments` (argv[0] is `path`) and this process's environment.
    package static func run(_ path: String, arguments: [String], timeLimit: Double, outputLimit: Int, errorLimit: Int = 64 * 1024)
        throws(SpawnFailure)
        -> Outcome
    {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(exactly: (max(0, min(timeLimit, 1e9)) * 1000).rounded(.down)) ?? 1_000_000_000_000)

        let output = try makePipe()
        let errors: (read: Int32, write: Int32)
        do {
            errors = try makePipe()
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        let pid: pid_t
        do {
            pid = try spawn(path, arguments: arguments, output: output.write, errors: errors.write)
        } catch {
            for descriptor in [output.read, output.write, errors.read, errors.write] { close(descriptor) }
            throw error
        }
        // The child has its own copies; closing ours lets a read see end-of-file when the child is done.
        close(output.write)
        close(errors.write)
        defer {
            close(output.read)
            close(errors.read)
        }

        var outcome = Outcome(output: [], errorOutput: [], ending: .exited(0))
        var killedFor: Ending?
        var watched = [
            pollfd(fd: output.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errors.read, events: Int16(POLLIN), revents: 0)
        ]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while watched.contains(where: { $0.fd >= 0 }) {
            let remaining = deadline - clock.now
            if remaining <= .zero {
                killedFor = .killedAtTimeLimit
                break
            }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                killedFor = .killedAtTimeLimit
                break
            }
            for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
                let got = buffer.withUnsafeMutableBytes { read(watched[index].fd, $0.baseAddress, $0.count) }
                if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if got <= 0 {
                    watched[index].fd = -1 // end of file (or an error): poll ignores negative descriptors
                    continue
                }
                if index == 0 {
                    outcome.output.append(contentsOf: buffer[0..<got])
                    if outcome.output.count > outputLimit { killedFor = .killedForOutput }
                } else if outcome.errorOutput.count < errorLimit {
                    outcome.errorOutput.append(contentsOf: buffer[0..<min(got, errorLimit - outcome.errorOutput.count)])
                }
            }
            if killedFor != nil { break }
        }

        // Both pipes are closed (or chartc gave up on them): collect the child's status.
        if killedFor == nil {
            while true {
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid {
                    outcome.ending = ending(status)
                    return outcome
                }
                if result < 0 && errno != EINTR {
                    // Not our child any more (someone else reaped it); nothing is left to wait for.
                    outcome.ending = .signalled(0)
                    return outcome
                }
                if clock.now >= deadline {
                    killedFor = .killedAtTimeLimit
                    break
                }
                usleep(2000)
            }
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        outcome.ending = killedFor ?? .killedAtTimeLimit
        return outcome
    }

    /// Decodes a `waitpid` status (the `WIFEXITED` family are macros Swift cannot call).
    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// A one-way channel whose two ends are close-on-exec from the start. Glibc's `pipe2` is not visible to
    /// Swift, and `pipe` followed by `fcntl` leaves a moment in which another thread's spawn inherits the ends,
    /// so on Linux it is a Unix socket pair created with `SOCK_CLOEXEC` (reads and `poll` behave as on a pipe).
    /// Darwin has no such flag, but `POSIX_SPAWN_CLOEXEC_DEFAULT` (in `spawn`) keeps every child from inheriting
    /// descriptors other than its three standard ones.
    private static func makePipe() throws(SpawnFailure) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0 else {
                throw SpawnFailure(code: errno)
            }
            shutdown(descriptors[0], Int32(SHUT_WR))
            shutdown(descriptors[1], Int32(SHUT_RD))
        #else
            guard pipe(&descriptors) == 0 else { throw SpawnFailure(code: errno) }
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return (descriptors[0], descriptors[1])
    }

    private static func spawn(_ path: String, arguments: [String], output: Int32, errors: Int32) throws(SpawnFailure) -> pid_t {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        #if os(Linux)
            // Nothing else this process has open (a cache file being written, another download's pipe) reaches the
            // child. glibc 2.34 added the call; looked up at run time so chartc still runs on older systems.
            if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
                typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
                _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
        #endif

        // The child starts with no blocked signals and SIGPIPE at its default, whatever this process changed.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        guard result == 0 else { throw SpawnFailure(code: result) }
        return pid
    }
}
