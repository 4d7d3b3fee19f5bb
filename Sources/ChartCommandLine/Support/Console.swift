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

/// stdout and stderr, written with `write(2)` (unbuffered, so output and error interleave in order).
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
                return // a closed pipe (`chartc data … | head`): nothing more to say
            }
            offset += written
        }
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
