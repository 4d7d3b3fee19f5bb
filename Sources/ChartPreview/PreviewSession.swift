#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics

/// `chartc preview` as a library call: builds every chart under the paths, listens on loopback, serves the
/// pages and pushes rebuilds to them until SIGINT or SIGTERM (Ctrl-C), then closes every socket and returns.
public struct PreviewSession: Sendable {
    public var paths: [String]
    /// 0: a free port chosen by the system.
    public var port: UInt16
    /// Download remote data again on every rebuild (else once, then from the cache until `r` in the page).
    public var refreshAlways: Bool
    /// Watch by polling even where inotify exists.
    public var polling: Bool
    public var limits: ServerLimits

    public init(paths: [String], port: UInt16 = 0, refreshAlways: Bool = false, polling: Bool = false, limits: ServerLimits = ServerLimits()) {
        self.paths = paths
        self.port = port
        self.refreshAlways = refreshAlways
        self.polling = polling
        self.limits = limits
    }

    /// Runs the preview. `started` receives the address once the charts are built and the port listens;
    /// `log` receives what the terminal should show (diagnostics, rebuilds). Returns the diagnostic that kept
    /// it from starting, or nil after a clean stop.
    public func run(builder: any PreviewBuilder, started: (String) -> Void, log: @escaping (String) -> Void) -> Diagnostic? {
        // The stop signals are taken by this thread when it looks for them (no handler, no global state);
        // blocked before any other thread starts, so every thread inherits the mask.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stopSignals, &previous)
        signal(SIGPIPE, SIG_IGN)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let listener: LoopbackListener
        do throws(LoopbackListener.Failure) {
            listener = try LoopbackListener.open(port: port)
        } catch {
            return Diagnostic(PreviewDiagnostic.cannotListen(reason: error.message), path: paths.first ?? ".")
        }
        let watcher: FileWatcher
        #if os(Linux)
            if !polling, let inotify = InotifyWatcher() {
                watcher = inotify
            } else {
                watcher = PollingWatcher()
            }
        #elseif canImport(Darwin)
            if !polling, let kqueue = KqueueWatcher() {
                watcher = kqueue
            } else {
                watcher = PollingWatcher()
            }
        #else
            watcher = PollingWatcher()
        #endif
        let site = PreviewSite(paths: paths, builder: builder, watcher: watcher, refreshAlways: refreshAlways, log: log)
        site.start()
        let server = PreviewServer(listener: listener, limits: limits, handler: site)
        started("http://127.0.0.1:\(listener.port)/")
        server.run {
            var pending = sigset_t()
            sigpending(&pending)
            guard sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 else { return false }
            var taken: Int32 = 0
            sigwait(&stopSignals, &taken)
            return true
        }
        return nil
    }
}
