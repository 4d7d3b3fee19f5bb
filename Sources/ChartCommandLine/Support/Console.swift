#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which of the two output streams a command writes to: results on `output`, diagnostics and summaries on
/// `error`, so `chartc data spec.chart.json > table.csv` stays clean.
public enum ConsoleStream: Sendable {
    case output
    case error
}

/// Where commands print. The real program writes to file descriptors 1 and 2; tests capture into strings.
/// Commands print only from the thread that runs them (parallel work returns its text instead).
public protocol Console: AnyObject {
    func write(_ text: String, to stream: ConsoleStream)
}

extension Console {
    public func print(_ text: String) { write(text + "\n", to: .output) }
    public func printError(_ text: String) { write(text + "\n", to: .error) }
}

/// stdout and stderr, written with `write(2)` (unbuffered, so output and error interleave in order). Every
/// byte is written: a pipe another program made non-blocking (`O_NONBLOCK` is shared by every process holding
/// it, as when stdout and stderr share one pipe) answers `EAGAIN` while it is full, and then we wait until it
/// drains instead of dropping the rest — which once cut lint's diagnostics short and glued its summary to a
/// half-written line ("…, text, tooltip1 error, 3 warnings in 1 file").
public final class StandardConsole: Console {
    public init() {}

    public func write(_ text: String, to stream: ConsoleStream) {
        let descriptor: Int32 = stream == .output ? 1 : 2
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    Self.waitUntilWritable(descriptor)
                    continue
                }
                return // a closed pipe (`chartc data … | head`): nothing more to say
            }
            offset += written
        }
    }

    /// Blocks until `descriptor` takes more bytes (or is closed: the next write then fails and ends the text).
    private static func waitUntilWritable(_ descriptor: Int32) {
        var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&request, 1, -1) < 0 && errno == EINTR {}
    }
}

/// Keeps everything written, for tests.
public final class BufferConsole: Console {
    public private(set) var output = ""
    public private(set) var error = ""

    public init() {}

    public func write(_ text: String, to stream: ConsoleStream) {
        switch stream {
        case .output: output += text
        case .error: error += text
        }
    }
}

/// Output indented by two spaces (each view's plan under its heading, SPEC §20); errors pass through as they are.
final class IndentingConsole: Console {
    let inner: any Console

    init(_ inner: any Console) { self.inner = inner }

    func write(_ text: String, to stream: ConsoleStream) {
        guard stream == .output else { return inner.write(text, to: stream) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indented = lines.enumerated().map { index, line in line.isEmpty ? String(line) : "  " + line }.joined(separator: "\n")
        inner.write(indented, to: stream)
    }
}
