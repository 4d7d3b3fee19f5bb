import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless Chromium driven (shared by the HTML writer's tests and `chartc preview`'s end-to-end tests) over the DevTools protocol on a pipe (`--remote-debugging-pipe`: we write
/// commands to its fd 3 and read replies and events from its fd 4, each message JSON ended by a NUL byte). No
/// port is opened and nothing but the page is loaded, so tests see every console message, every exception and
/// every network request the page makes.
///
/// Synchronous on purpose: `send` writes a command and reads until its reply, keeping the events that arrive
/// in between, which is all a test needs.
public final class HeadlessChromium {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The browser binary, or nil when none is installed.
    public static let executable: String? = {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"] where FileManager.default.isExecutableFile(atPath: candidate) {
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
    /// Events received so far, in order, with the session they belong to.
    public private(set) var events: [(method: String, params: [String: Any], session: String?)] = []

    /// `loopback`: let the pages reach 127.0.0.1 (a test server); every other name stays unresolvable.
    public init(loopback: Bool = false) throws {
        guard let executable = Self.executable else { throw Failure(description: "chromium is not installed") }
        profile = NSTemporaryDirectory() + "chartc-chromium-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        var commands: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure(description: "cannot create pipes") }
        let arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
            loopback ? "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" : "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--mute-audio", "--font-render-hinting=none",
            "about:blank",
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
        _ = try send("Target.setDiscoverTargets", ["discover": false])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: profile)
    }

    // MARK: - Protocol

    /// Sends a command (to `session`, or the browser) and returns its result.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser closed its pipe while sending \(method)") }
            written += count
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try readMessage(until: deadline, waitingFor: method)
            if let replyID = reply["id"] as? Int, replyID == id {
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method) failed: \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            record(reply)
        }
    }

    /// Reads until an event `method` arrives (or one already did after `index`), returning its parameters.
    @discardableResult
    public func waitForEvent(_ method: String, session: String?, after index: Int = 0, timeout: Double = 30) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
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

    private func record(_ message: [String: Any]) {
        guard let method = message["method"] as? String else { return }
        events.append((method, message["params"] as? [String: Any] ?? [:], message["sessionId"] as? String))
    }

    private func readMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure(description: "the browser sent something that is not a JSON object")
                }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
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
    public func openPage(width: Int, height: Int, dark: Bool = false) throws -> BrowserPage {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target id") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session id") }
        for domain in ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable"] {
            try send(domain, session: session)
        }
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]], session: session)
        return BrowserPage(browser: self, session: session, firstEvent: events.count)
    }
}

/// One tab of a `HeadlessChromium`.
public struct BrowserPage {
    public let browser: HeadlessChromium
    public let session: String
    public let firstEvent: Int

    /// Loads `file` and waits for its load event.
    public func load(_ file: String) throws {
        try navigate(to: URL(fileURLWithPath: file).absoluteString)
    }

    /// Loads `url` (an `http://127.0.0.1:…` page of a test server) and waits for its load event.
    public func navigate(to url: String) throws {
        let mark = browser.events.count
        try browser.send("Page.navigate", ["url": url], session: session)
        try browser.waitForEvent("Page.loadEventFired", session: session, after: mark)
    }

    /// The value of a JavaScript expression (JSON-serializable), thrown if it throws.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw HeadlessChromium.Failure(description: "\(expression) threw: \(text)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    public func string(_ expression: String) throws -> String? { try evaluate(expression) as? String }
    public func bool(_ expression: String) throws -> Bool? { try evaluate(expression) as? Bool }
    public func number(_ expression: String) throws -> Double? { (try evaluate(expression) as? NSNumber)?.doubleValue }

    /// Moves the mouse to (x, y) in CSS px from the viewport's top left, as a real pointer would.
    public func moveMouse(x: Double, y: Double) throws {
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], session: session)
        try nextFrame()
    }

    /// Waits until the page has drawn a frame (the page handles pointer moves once per frame).
    public func nextFrame() throws {
        _ = try evaluate("new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); }); })")
    }

    public func click(x: Double, y: Double) throws {
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1], session: session)
        }
        try nextFrame()
    }

    /// Presses a key (`Tab`, `ArrowRight`, `Enter`, ` `) the way a keyboard does.
    public func press(_ key: String) throws {
        let codes: [String: (code: String, keyCode: Int)] = [
            "Tab": ("Tab", 9), "Enter": ("Enter", 13), " ": ("Space", 32), "Escape": ("Escape", 27),
            "ArrowLeft": ("ArrowLeft", 37), "ArrowUp": ("ArrowUp", 38), "ArrowRight": ("ArrowRight", 39), "ArrowDown": ("ArrowDown", 40),
        ]
        let code = codes[key] ?? (key, 0)
        var down: [String: Any] = ["type": "keyDown", "key": key, "code": code.code, "windowsVirtualKeyCode": code.keyCode]
        if key == " " || key == "Enter" { down["text"] = key == " " ? " " : "\r" }
        try browser.send("Input.dispatchKeyEvent", down, session: session)
        try browser.send("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code.code, "windowsVirtualKeyCode": code.keyCode], session: session)
    }

    /// A PNG of the viewport.
    public func screenshot() throws -> Data {
        let result = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else { throw HeadlessChromium.Failure(description: "no screenshot") }
        return data
    }

    /// Console errors and warnings, uncaught exceptions and browser log errors (a Content-Security-Policy
    /// violation is one) since the tab opened.
    public var problems: [String] {
        var found: [String] = []
        for event in browser.events[firstEvent...] where event.session == session {
            switch event.method {
            case "Runtime.consoleAPICalled":
                let type = event.params["type"] as? String ?? ""
                if type == "error" || type == "warning" || type == "assert" {
                    let args = (event.params["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
                    found.append("console.\(type): " + args.joined(separator: " "))
                }
            case "Runtime.exceptionThrown":
                let details = event.params["exceptionDetails"] as? [String: Any] ?? [:]
                found.append("exception: \((details["exception"] as? [String: Any])?["description"] ?? details["text"] ?? "")")
            case "Log.entryAdded":
                let entry = event.params["entry"] as? [String: Any] ?? [:]
                if let level = entry["level"] as? String, level == "error" || level == "warning" {
                    found.append("log \(level): \(entry["text"] ?? "")")
                }
            default:
                break
            }
        }
        return found
    }

    /// Every URL the tab requested since it opened (the page's own file included).
    public var requests: [String] {
        browser.events[firstEvent...].compactMap { event in
            guard event.session == session, event.method == "Network.requestWillBeSent" else { return nil }
            return (event.params["request"] as? [String: Any])?["url"] as? String
        }
    }
}
