/// How much a PostgreSQL server may send chartc, whatever it chooses to send (specs/limits.md): past a limit the
/// statement stops with an error that names it, so a server that keeps sending costs bounded time and memory.
/// The statement's deadline (`--timeout`) is checked before every read, not only while waiting.
public enum DatabaseLimits {
    /// The most bytes of `RowDescription` and `DataRow` messages one result may have (the cached copy, which the
    /// decoded columns are about the size of).
    public static let resultBytes = 256 << 20
    /// The most rows one result may have.
    public static let resultRows = 10_000_000
    /// The most notices (`NoticeResponse`) a statement may draw from the server; the first `noticesKept` are kept.
    public static let notices = 10_000
    public static let noticesKept = 100
    /// The largest message the server may send while connecting (authentication, errors: a few hundred bytes).
    public static let startupMessageBytes = 1 << 20
    /// The most SCRAM-SHA-256 iterations chartc computes. PostgreSQL uses 4096 (`scram_iterations`, settable
    /// since version 16); each iteration costs two HMACs, so 10 million would hold the connection for seconds.
    public static let scramIterations = 100_000
}
