/// The bounds that keep one client from costing the server more than a little memory or time: the size of a
/// request head, the number of connections and event streams, and how long a client may take.
public struct ServerLimits: Sendable {
    public var maxRequestLine = 8 * 1024
    public var maxHead = 32 * 1024
    public var maxHeaderCount = 100
    public var maxBody = 4 * 1024
    /// Open connections at once; past it the one idle longest is closed to make room.
    public var maxConnections = 64
    /// Open event streams at once (each open chart page holds one).
    public var maxEventStreams = 32
    /// From a connection's first byte (or the end of its previous answer) to a whole request head.
    public var requestTimeout: Int64 = 5_000
    /// Longest time an answer may wait for the client to read it.
    public var writeTimeout: Int64 = 10_000
    /// Bytes an event stream may have queued before its client counts as stuck.
    public var maxQueuedEventBytes = 4 * 1024 * 1024
    /// A comment line on every event stream this often (milliseconds), so dead clients are noticed.
    public var heartbeatInterval: Int64 = 15_000

    public init() {}
}
