/// What the client throws: the catalogue message to report, plus what the server said beyond its message, so the
/// loader can add notes and point a syntax error into the spec's `query` string.
public struct DatabaseFailure: Error, Sendable, Equatable {
    public var diagnostic: DatabaseDiagnostic
    /// The server's `ErrorResponse`, when there was one.
    public var serverError: ServerMessage?

    public init(_ diagnostic: DatabaseDiagnostic, serverError: ServerMessage? = nil) {
        self.diagnostic = diagnostic
        self.serverError = serverError
    }
}
