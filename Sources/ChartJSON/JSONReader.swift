import ChartDiagnostics

/// The strict JSON reader every spec and JSON data file goes through. It scans the file's bytes itself (rather
/// than using `JSONSerialization`) so that every value keeps its exact source span, and so that the mistakes
/// people actually make in hand-written JSON — trailing commas, comments, single quotes, unquoted keys, duplicate
/// keys — get a precise, specific message instead of "the data couldn't be read".
///
/// The reader stops at the first problem: after a syntax error the rest of the file cannot be trusted, and one
/// good message is worth more than a cascade of guesses.
public enum JSONReader {
    /// How deeply objects and arrays may nest. Specs nest about five levels and data files two or three; the
    /// limit keeps the recursive reader far from the end of the native stack on any input.
    public static let maximumDepth = 128

    /// Reads a whole document.
    ///
    /// - Parameters:
    ///   - file: the bytes; a leading UTF-8 byte order mark is skipped.
    ///   - requireObject: the top level must be an object (spec files). Data files pass `false`.
    /// - Throws: a `DiagnosticError` holding exactly one diagnostic, with an id from `JSONDiagnosticID`.
    public static func read(_ file: SourceFile, requireObject: Bool) throws(DiagnosticError) -> JSONValue {
        let result: Result<JSONValue, DiagnosticError> = file.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(file: file, bytes: buffer)
            do throws(DiagnosticError) {
                return .success(try parser.parseDocument(requireObject: requireObject))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a document from text, for tests and for JSON written inline (e.g. on the command line).
    public static func read(_ text: String, path: String = "<json>", requireObject: Bool = false) throws(DiagnosticError) -> JSONValue {
        try read(SourceFile(path: path, text: text), requireObject: requireObject)
    }
}
