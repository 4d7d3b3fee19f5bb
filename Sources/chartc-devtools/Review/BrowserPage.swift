import ChartDiagnostics
import ChartJSON

/// One tab of a `HeadlessChromium`: load a file, run JavaScript, move the mouse, press keys, take a screenshot,
/// and read back what went wrong on the page.
struct BrowserPage {
    let browser: HeadlessChromium
    let session: String
    let firstEvent: Int

    /// Loads `file` and waits for its load event.
    func load(_ file: String) throws {
        try navigate(to: HeadlessChromium.fileURL(file))
    }

    /// Loads `url` (a page of a loopback test server) and waits for its load event.
    func navigate(to url: String) throws {
        let mark = browser.events.count
        try browser.send("Page.navigate", ["url": .string(url)], session: session)
        try browser.waitForEvent("Page.loadEventFired", session: session, after: mark)
    }

    /// The value of a JavaScript expression (JSON-serializable), thrown if it throws.
    func evaluate(_ expression: String) throws -> JSONValue? {
        let result = try browser.send(
            "Runtime.evaluate", ["expression": .string(expression), "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result?["exceptionDetails"] {
            let text = exception["exception"]?["description"]?.stringValue ?? exception["text"]?.stringValue ?? "an exception"
            throw HeadlessChromium.Failure(description: "\(expression) threw: \(text)")
        }
        return result?["result"]?["value"]
    }

    func string(_ expression: String) throws -> String? { try evaluate(expression)?.stringValue }
    func bool(_ expression: String) throws -> Bool? { try evaluate(expression)?.boolValue }
    func number(_ expression: String) throws -> Double? { try evaluate(expression)?.numberValue }

    /// Moves the mouse to (x, y) in CSS px from the viewport's top left, as a real pointer would.
    func moveMouse(x: Double, y: Double) throws {
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": .number(x), "y": .number(y)], session: session)
        try nextFrame()
    }

    /// Waits until the page has drawn a frame (the page handles pointer moves once per frame).
    func nextFrame() throws {
        _ = try evaluate(
            "new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); }); })")
    }

    func click(x: Double, y: Double) throws {
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send(
                "Input.dispatchMouseEvent", ["type": .string(type), "x": .number(x), "y": .number(y), "button": "left", "clickCount": 1],
                session: session)
        }
        try nextFrame()
    }

    /// Presses a key (`Tab`, `ArrowRight`, `Enter`, ` `) the way a keyboard does.
    func press(_ key: String) throws {
        let codes: [(key: String, code: String, keyCode: Int)] = [
            ("Tab", "Tab", 9), ("Enter", "Enter", 13), (" ", "Space", 32), ("Escape", "Escape", 27),
            ("ArrowLeft", "ArrowLeft", 37), ("ArrowUp", "ArrowUp", 38), ("ArrowRight", "ArrowRight", 39), ("ArrowDown", "ArrowDown", 40)
        ]
        let code = codes.first { $0.key == key } ?? (key, key, 0)
        var down: DevToolsValue = [
            "type": "keyDown", "key": .string(key), "code": .string(code.code), "windowsVirtualKeyCode": .number(Double(code.keyCode))
        ]
        if key == " " || key == "Enter" { down = down.setting("text", .string(key == " " ? " " : "\r")) }
        try browser.send("Input.dispatchKeyEvent", down, session: session)
        try browser.send(
            "Input.dispatchKeyEvent",
            ["type": "keyUp", "key": .string(key), "code": .string(code.code), "windowsVirtualKeyCode": .number(Double(code.keyCode))],
            session: session)
    }

    /// Types `text` into the focused element the way a keyboard's characters arrive (an `input` event each).
    func insertText(_ text: String) throws {
        try browser.send("Input.insertText", ["text": .string(text)], session: session)
    }

    /// The center of the first visible element matching `selector`, in viewport px, or nil when none shows.
    func center(_ selector: String) throws -> (x: Double, y: Double)? {
        let found = try evaluate(
            """
            (function () {
              var all = document.querySelectorAll(\(JSONText.quote(selector)));
              for (var i = 0; i < all.length; i++) {
                var box = all[i].getBoundingClientRect();
                if (box.width > 0 || box.height > 0) { return [box.left + box.width / 2, box.top + box.height / 2]; }
              }
              return null;
            })()
            """)
        guard let pair = found?.arrayValue, pair.count == 2, let x = pair[0].numberValue, let y = pair[1].numberValue else { return nil }
        return (x, y)
    }

    /// A PNG of the viewport.
    func screenshot() throws -> [UInt8] {
        guard let text = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)?["data"]?.stringValue,
            let png = Base64.decode(text)
        else { throw HeadlessChromium.Failure(description: "no screenshot") }
        return png
    }

    /// Console errors and warnings, uncaught exceptions and browser log errors (a Content-Security-Policy
    /// violation is one) since the tab opened.
    var problems: [String] {
        var found: [String] = []
        for event in browser.events[firstEvent...] where event.session == session {
            switch event.method {
            case "Runtime.consoleAPICalled":
                let type = event.params?["type"]?.stringValue ?? ""
                if type == "error" || type == "warning" || type == "assert" {
                    let args = (event.params?["args"]?.arrayValue ?? []).map { argument in
                        argument["value"].map(Self.text) ?? argument["description"]?.stringValue ?? ""
                    }
                    found.append("console.\(type): " + args.joined(separator: " "))
                }
            case "Runtime.exceptionThrown":
                let details = event.params?["exceptionDetails"]
                found.append("exception: \(details?["exception"]?["description"]?.stringValue ?? details?["text"]?.stringValue ?? "")")
            case "Log.entryAdded":
                let entry = event.params?["entry"]
                if let level = entry?["level"]?.stringValue, level == "error" || level == "warning" {
                    found.append("log \(level): \(entry?["text"]?.stringValue ?? "")")
                }
            default:
                break
            }
        }
        return found
    }

    /// Every URL the tab requested since it opened (the page's own file included).
    var requests: [String] {
        browser.events[firstEvent...].compactMap { event in
            guard event.session == session, event.method == "Network.requestWillBeSent" else { return nil }
            return event.params?["request"]?["url"]?.stringValue
        }
    }

    /// A console argument as text: strings as they are, anything else as its JSON kind.
    private static func text(_ value: JSONValue) -> String {
        if let string = value.stringValue { return string }
        if let number = value.numberValue { return "\(number)" }
        if let flag = value.boolValue { return flag ? "true" : "false" }
        return value.typeName
    }
}
