/// Server-Sent Events framing (`text/event-stream`): one event is `event:` and `data:` lines and a blank line;
/// a line starting with `:` is a comment the browser ignores (the heartbeat). Data never holds a raw newline
/// here: payloads are JSON on one line.
enum EventStream {
    static func event(_ name: String, data: String) -> [UInt8] {
        var text = "event: " + name + "\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: " + line + "\n" }
        text += "\n"
        return Array(text.utf8)
    }

    /// Tells the browser how long to wait before reconnecting after the stream drops.
    static let retry = Array("retry: 500\n\n".utf8)
    static let heartbeat = Array(": keep-alive\n\n".utf8)
}
