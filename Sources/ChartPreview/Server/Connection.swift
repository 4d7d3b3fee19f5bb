/// One client connection: the bytes read but not yet parsed, the answer not yet sent, what it is doing and
/// until when it may take to do it. The server's loop owns every `Connection`; nothing here blocks.
final class Connection {
    enum State {
        /// Waiting for (the rest of) a request head.
        case reading
        /// Discarding a small request body before answering.
        case discardingBody(remaining: Int, request: HTTPRequest)
        /// Sending an answer; afterwards read the next request, or close.
        case writing(closeAfter: Bool)
        /// An open event stream for `topic` (a chart id, or "" for the index).
        case streaming(topic: String)
        /// After an answer that ends the connection: our side is shut, what the client still sends is read and
        /// dropped until it closes or the deadline, so the answer is not lost to a reset (a "lingering close").
        case lingering
    }

    let descriptor: Int32
    var state: State = .reading
    var input: [UInt8] = []
    var output: [UInt8] = []
    var outputOffset = 0
    /// When the current step must be done (milliseconds on the monotonic clock).
    var deadline: Int64
    /// When it last made progress, to pick which idle connection to close first.
    var lastActivity: Int64
    var nextHeartbeat: Int64 = .max

    init(descriptor: Int32, now: Int64, limits: ServerLimits) {
        self.descriptor = descriptor
        self.deadline = now + limits.requestTimeout
        self.lastActivity = now
    }

    var hasOutput: Bool { outputOffset < output.count }

    var isStreaming: Bool {
        if case .streaming = state { return true }
        return false
    }

    /// Waiting for a request and not in the middle of one: the first to go when the server is full.
    var isIdle: Bool {
        switch state {
        case .reading: input.isEmpty
        case .lingering: true
        default: false
        }
    }

    func queue(_ bytes: [UInt8]) {
        if outputOffset > 0 && outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        output += bytes
    }

    /// Sends what the socket takes. False when the peer is gone.
    func flush(now: Int64) -> Bool {
        while hasOutput {
            guard let sent = POSIX.send(descriptor, output[outputOffset...]) else { return false }
            if sent == 0 { return true }
            outputOffset += sent
            lastActivity = now
        }
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        return true
    }

    var queuedBytes: Int { output.count - outputOffset }
}
