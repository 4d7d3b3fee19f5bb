import ChartSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One measured run of another program: wall time and the child's peak resident memory, the two figures the
/// benchmark reports. Whole process: start, work, exit.
struct Measurement: Sendable {
    var seconds: Double
    /// Peak RSS in bytes (`ru_maxrss` of the waited-for child).
    var peakBytes: Int
    var exitStatus: Int32
    /// User + system CPU time of the child: less disturbed than wall time by other work on the machine.
    var cpuSeconds: Double = 0
}

/// Runs a program with `posix_spawnp` and waits with `wait4`, whose `rusage` gives the child's own peak RSS
/// (not the sum over every child this benchmark has run, as `RUSAGE_CHILDREN` would).
enum ChildProcess {
    /// Runs `arguments[0]` (looked up in PATH) with its output and errors sent to `/dev/null`, or errors to
    /// `errorPath` when given, so a failing case can be shown (and output to `outputPath`).
    static func run(_ arguments: [String], errorPath: String? = nil, outputPath: String? = nil) -> Measurement? {
        // `posix_spawn` starts the child in this process's memory (vfork), and Linux counts that memory into the
        // child's `ru_maxrss` when it execs: a benchmark holding 40 MB of generated data would see every child
        // peak at 40 MB. GNU time forks the program from its own small process and reports its true peak.
        let timePath = "/usr/bin/time"
        guard access(timePath, X_OK) == 0, let peakFile = peakPath() else { return spawn(arguments, errorPath: errorPath, outputPath: outputPath) }
        defer { unlink(peakFile) }
        // The CPU time stays wait4's: it includes the children `time` waited for, to the microsecond.
        guard var measured = spawn([timePath, "-q", "-f", "%M", "-o", peakFile] + arguments, errorPath: errorPath, outputPath: outputPath) else {
            return nil
        }
        if let text = FileSystem.readIfPresent(peakFile, limit: .output).map({ String(decoding: $0, as: UTF8.self) }),
            let kilobytes = Int(text.split(separator: "\n").last ?? "")
        {
            measured.peakBytes = kilobytes * 1024
        }
        return measured
    }

    private static func peakPath() -> String? {
        var template = Array("/tmp/chartc-bench-peak-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return String(cString: template)
    }

    private static func spawn(_ arguments: [String], errorPath: String?, outputPath: String?) -> Measurement? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", outputPath == nil ? O_WRONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }

        let start = now()
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let seconds = now() - start
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss) // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024 // kilobytes on Linux
        #endif
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Measurement(seconds: seconds, peakBytes: peak, exitStatus: code, cpuSeconds: cpu)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
