#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one build's wall time went, phase by phase (`chartc build --timings`): each `lap` gives the time since
/// the previous lap to a named phase, so the phases add up to the whole. A database statement's phase is the
/// time from sending it until its last byte arrived — the server's time as chartc sees it — and what a build
/// adds to the server is the rest. One monotonic clock read per lap (`clock_gettime`, no allocation once a
/// phase is named); nothing is read when no one asked (the callers hold an optional). Output never depends on
/// it: timings go to stderr only.
public final class PhaseTimings: @unchecked Sendable {
    /// The phase that is the server's: excluded from "chartc added".
    public static let statement = "statement"

    private var mutex = pthread_mutex_t()
    private let start: UInt64
    private var last: UInt64
    private var names: [String] = []
    private var nanoseconds: [UInt64] = []
    /// CPU time the process had used when the timer started: the start-up before `main` ran (loading the
    /// program and its libraries), which no clock inside the program can see as wall time.
    public let startupCPU: UInt64

    public init() {
        pthread_mutex_init(&mutex, nil)
        start = Self.now()
        last = start
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        startupCPU = UInt64(cpu.tv_sec) * 1_000_000_000 + UInt64(cpu.tv_nsec)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// The monotonic clock, in nanoseconds.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Gives the time since the previous lap to `phase` (added to it when it already has some).
    public func lap(_ phase: String) {
        lap(phase, moving: 0, to: phase)
    }

    /// `lap(phase)`, but `moved` nanoseconds of that time (work done while waiting, measured by the caller)
    /// go to `other` instead: the statement's wait less the decoding of rows as they streamed in.
    public func lap(_ phase: String, moving moved: UInt64, to other: String) {
        let time = Self.now()
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let elapsed = time &- last
        let shifted = min(moved, elapsed)
        add(phase, elapsed - shifted)
        if shifted > 0 || other != phase { add(other, shifted) }
        last = time
    }

    private func add(_ phase: String, _ amount: UInt64) {
        if let index = names.firstIndex(of: phase) {
            nanoseconds[index] += amount
        } else {
            names.append(phase)
            nanoseconds.append(amount)
        }
    }

    /// The phases in the order first seen, with their milliseconds.
    public var phases: [(name: String, milliseconds: Double)] {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return zip(names, nanoseconds).map { ($0, Double($1) / 1e6) }
    }

    /// The report `--timings` prints: one `phase  12.345 ms` line per phase, the total, the statement's wait
    /// and what chartc added (total less the wait), headed by what was built.
    public func report(title: String) -> String {
        let phases = self.phases
        let total = phases.reduce(0) { $0 + $1.milliseconds }
        let statement = phases.filter { $0.name == Self.statement }.reduce(0) { $0 + $1.milliseconds }
        let width = max(24, phases.map(\.name.count).max() ?? 0)
        func line(_ name: String, _ value: Double, _ note: String = "") -> String {
            let padded = name + String(repeating: " ", count: max(1, width + 1 - name.count))
            return "  " + padded + Self.milliseconds(value) + " ms" + (note.isEmpty ? "" : "  " + note)
        }
        var lines = ["timings: " + title]
        lines.append(line("start-up (CPU)", Double(startupCPU) / 1e6, "before the build began: not in the total"))
        for phase in phases { lines.append(line(phase.name, phase.milliseconds)) }
        lines.append(line("total", total))
        lines.append(line("statement wait", statement, "the server's time as chartc sees it"))
        lines.append(line("chartc added", total - statement, "total − statement wait"))
        return lines.joined(separator: "\n")
    }

    /// `12.345`: three decimals.
    static func milliseconds(_ value: Double) -> String {
        let thousandths = Int(exactly: (max(0, min(value, 1e12)) * 1000).rounded()) ?? 0
        let fraction = thousandths % 1000
        let digits = String(fraction)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
