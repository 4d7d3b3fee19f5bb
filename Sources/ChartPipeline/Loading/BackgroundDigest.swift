import ChartDiagnostics
import ChartNetwork
import Dispatch

/// The SHA-256 of a data file (for the SVG's provenance), computed on another thread while this one parses the
/// rows: on a large file hashing costs about as much as parsing, and the machine has a second core.
final class BackgroundDigest: @unchecked Sendable {
    // Written once by the worker before `done` is signalled, read only after `wait()` has seen the signal.
    private var hex = ""
    private let done = DispatchSemaphore(value: 0)

    init(_ file: SourceFile) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            hex = SHA256.hex(of: file.bytes)
            done.signal()
        }
    }

    /// The digest, once the worker has finished (blocks until then).
    func wait() -> String {
        done.wait()
        return hex
    }
}
