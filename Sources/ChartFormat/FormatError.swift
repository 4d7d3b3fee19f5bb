/// A number or date format pattern (`",.2f"`, `"%b %Y"`) that cannot be parsed. Says what is wrong and where: a
/// UTF-8 byte offset into the pattern, so the spec parser can point at the bad character inside the JSON string.
public struct FormatError: Error, Sendable, Equatable {
    public var message: String
    /// Byte offset of the offending character in the pattern's UTF-8 (the pattern's length when something is
    /// missing at the end).
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}
