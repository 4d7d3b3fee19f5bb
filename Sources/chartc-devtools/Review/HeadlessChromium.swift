import ChartJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: we write
/// commands to its fd 3 and read replies and events from its fd 4, each message JSON ended by a NUL byte). No
/// port is opened and nothing but the page is loaded, so a caller sees every console message, every exception
/// and every network request the page makes. `chartc-devtools review` takes its screenshots with it, and the
/// browser tests (`Tests/ChartRenderTests`) drive the page with it.
///
/// Synchronous on purpose: `send` writes a command and reads until its reply, keeping the events that arrive
/// in between, which is all a screenshot or a test needs. Foundation-free (messages are read with ChartJSON),
/// like the rest of chartc-devtools.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One event the browser sent: its method, parameters and the session (tab) it belongs to.
    struct Event {
        var method: String
        var params: JSONValue?
        var session: String?
    }

    /// The browser binary, or nil when none is installed.
    static let executable: String? = {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        return nil
    }()

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private let profile: String
    /// Events received so far, in order.
    private(set) var events: [Event] = []

    /// `loopback`: pages may reach 127.0.0.1 (a test server such as `chartc preview`); every other name stays
    /// unresolvable.
    init(loopback: Bool = false) throws {
        guard let executable = Self.executable else {
            throw Failure(description: "chromium is not installed (apt-get install chromium fonts-liberation)")
        }
        var template = Array("/tmp/chartc-chromium-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw Failure(description: "cannot create a browser profile folder") }
        profile = String(cString: created)
        var commands: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure(description: "cannot create pipes") }
        let arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
            loopback ? "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" : "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars",
            "--mute-audio", "--font-render-hinting=none",
            "about:blank"
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        // Quiet: Chromium's own logging goes nowhere.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(commands[0])
        close(replies[1])
        guard status == 0 else {
            close(commands[1])
            close(replies[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        toBrowser = commands[1]
        fromBrowser = replies[0]
        try send("Target.setDiscoverTargets", ["discover": false])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Self.removeTree(profile)
    }

    // MARK: - Protocol

    /// Sends a command (to `session`, or the browser) and returns its result.
    @discardableResult
    func send(_ method: String, _ params: DevToolsValue = [:], session: String? = nil, timeout: Double = 30) throws -> JSONValue? {
        let id = nextID
        nextID += 1
        var message: DevToolsValue = ["id": .number(Double(id)), "method": .string(method), "params": params]
        if let session { message = message.setting("sessionId", .string(session)) }
        var bytes = Array(message.json.utf8)
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser closed its pipe while sending \(method)") }
            written += count
        }
        let deadline = Self.now() + timeout
        while true {
            let reply = try readMessage(until: deadline, waitingFor: method)
            if reply["id"]?.numberValue == Double(id) {
                if let error = reply["error"] {
                    throw Failure(description: "\(method) failed: \(error["message"]?.stringValue ?? "an error")")
                }
                return reply["result"]
            }
            record(reply)
        }
    }

    /// Reads until an event `method` arrives (or one already did after `index`), returning its parameters.
    @discardableResult
    func waitForEvent(_ method: String, session: String?, after index: Int = 0, timeout: Double = 30) throws -> JSONValue? {
        let deadline = Self.now() + timeout
        var checked = index
        while true {
            while checked < events.count {
                let event = events[checked]
                checked += 1
                if event.method == method && (session == nil || event.session == session) { return event.params }
            }
            record(try readMessage(until: deadline, waitingFor: method))
        }
    }

    private func record(_ message: JSONValue) {
        guard let method = message["method"]?.stringValue else { return }
        events.append(Event(method: method, params: message["params"], session: message["sessionId"]?.stringValue))
    }

    private func readMessage(until deadline: Double, waitingFor what: String) throws -> JSONValue {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                do {
                    return try JSONReader.read(text, path: "<browser>", requireObject: true)
                } catch {
                    throw Failure(description: "the browser sent something that is not a JSON object: \(error.diagnostics.first?.message ?? "")")
                }
            }
            let remaining = deadline - Self.now()
            guard remaining > 0 else { throw Failure(description: "timed out waiting for \(what)") }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 5) * 1000))
            if ready < 0 && errno != EINTR { throw Failure(description: "poll failed") }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser exited while waiting for \(what)") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    // MARK: - Pages

    /// A tab of `width` × `height` CSS px with the given `prefers-color-scheme`, its console, exceptions and
    /// network traffic recorded from before the page loads.
    func openPage(width: Int, height: Int, dark: Bool = false) throws -> BrowserPage {
        guard let targetID = try send("Target.createTarget", ["url": "about:blank"])?["targetId"]?.stringValue else {
            throw Failure(description: "no target id")
        }
        guard let session = try send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])?["sessionId"]?.stringValue else {
            throw Failure(description: "no session id")
        }
        for domain in ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable"] {
            try send(domain, session: session)
        }
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": .number(Double(width)), "height": .number(Double(height)), "deviceScaleFactor": 1, "mobile": false], session: session)
        try send(
            "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": .string(dark ? "dark" : "light")]]],
            session: session)
        return BrowserPage(browser: self, session: session, firstEvent: events.count)
    }

    // MARK: - Support

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `file://` URL of an absolute path (made absolute against the working folder), `%`-escaping what a URL
    /// path cannot hold.
    static func fileURL(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&folder, folder.count) != nil {
                absolute = String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
            }
        }
        var url = "file://"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                url.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                url += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return url
    }

    /// Removes a folder the browser wrote (its profile) and everything in it.
    private static func removeTree(_ path: String) {
        guard let directory = opendir(path) else {
            unlink(path)
            return
        }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        closedir(directory)
        rmdir(path)
    }
}
