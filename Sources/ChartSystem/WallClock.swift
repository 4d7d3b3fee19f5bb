#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calendar time, in milliseconds since 1970-01-01T00:00:00Z: when data was read (SPEC §23's `{updated}`: a
/// file's modification time, the moment of a download or a query). Kept apart from `PhaseTimings`' monotonic
/// clock, which measures durations and knows no date.
public enum WallClock {
    /// Now.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return milliseconds(time)
    }

    /// When the file at `path` (following links) was last modified; nil when there is nothing there.
    public static func modificationTime(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            return milliseconds(info.st_mtimespec)
        #else
            return milliseconds(info.st_mtim)
        #endif
    }

    private static func milliseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
