/// What `chartc-fetch` sends back on its standard output: the response of its one GET, or why there is none.
/// Both sides use this type (the helper encodes, chartc decodes), so the format is defined in one place. The
/// helper exists so that chartc itself does not link Foundation's networking (libcurl, TLS, Kerberos: about 50
/// shared objects that cost every run 10-20 ms of start-up); see specs/performance.md.
///
/// Wire format, version 1. The head is UTF-8 text, one field per line, each line ending in LF:
///
///     chartc-fetch 1                      always first: the format's name and version
///     status 200                          the HTTP status after redirects
///     header content-type text/csv        one line per response header: lower-case name, a space, the value
///     header etag "v1"
///     length 27                           how many body bytes follow the empty line
///                                         an empty line ends the head
///     name,count\nalpha,1\n…              exactly `length` raw bytes, then the output ends
///
/// A failure replaces `status` and `header` with the `FetchError`:
///
///     chartc-fetch 1
///     error timedOut                      a `FetchError.Kind` raw value
///     message timed out after 1 s waiting for http://…   the sentence, as chartc prints it
///     note --connect-timeout sets how long to wait …      zero or more lines of advice, in order
///     length 0
///                                         (the empty line; no body)
///
/// A failure may also carry `status <code>` (`FetchError.status`). Values escape `\` as `\\`, LF as `\n` and CR
/// as `\r`, so a field never spans lines. A reader skips lines whose key it does not know, so a later helper may
/// add fields; any change to the meaning of an existing line raises the version, and a reader refuses versions
/// it does not know. `length` lets the reader tell a complete reply from one cut short by a crash.
package enum FetchReply: Sendable, Equatable {
    case response(HTTPResponse)
    case failure(FetchError)

    /// The first line's first word.
    package static let formatName = "chartc-fetch"
    /// The version this build writes and reads.
    package static let version = 1

    /// Why bytes are not a reply this build can read, as a phrase ("the reply ends before its empty line").
    package struct Malformed: Error, Sendable, Equatable {
        package var reason: String

        package init(_ reason: String) {
            self.reason = reason
        }
    }

    // MARK: - Writing

    /// The head, up to and including the empty line. The body (`body`) follows it unchanged.
    package func encodedHead() -> [UInt8] {
        var lines = ["\(Self.formatName) \(Self.version)"]
        switch self {
        case .response(let response):
            lines.append("status \(response.status)")
            // Sorted, so the same response always gives the same bytes.
            // HTTP header names are tokens: never empty, never with a space (which would end the name here).
            for name in response.headers.keys.sorted() where !name.isEmpty && !name.contains(" ") {
                lines.append("header \(Self.escaped(name.lowercased())) \(Self.escaped(response.headers[name] ?? ""))")
            }
        case .failure(let error):
            lines.append("error \(error.kind.rawValue)")
            lines.append("message \(Self.escaped(error.message))")
            for note in error.notes { lines.append("note \(Self.escaped(note))") }
            if let status = error.status { lines.append("status \(status)") }
        }
        lines.append("length \(body.count)")
        var head: [UInt8] = []
        for line in lines {
            head.append(contentsOf: line.utf8)
            head.append(newline)
        }
        head.append(newline)
        return head
    }

    /// The bytes after the head: the response body, or nothing for a failure.
    package var body: [UInt8] {
        if case .response(let response) = self { return response.body }
        return []
    }

    /// Head and body together (the helper writes them separately, to avoid copying a large body).
    package func encoded() -> [UInt8] { encodedHead() + body }

    // MARK: - Reading

    /// The reply in `bytes`, for the request of `url` (which a failure names). Throws `Malformed` for anything that
    /// is not a complete version-1 reply; never traps, whatever the bytes.
    package static func decode(_ bytes: consuming [UInt8], url: String) throws(Malformed) -> FetchReply {
        var position = 0
        var lineNumber = 0
        var status: Int?
        var headers: [String: String] = [:]
        var kind: FetchError.Kind?
        var message: String?
        var notes: [String] = []
        var length: Int?

        while true {
            guard let end = bytes[position...].firstIndex(of: newline) else {
                throw Malformed(bytes.isEmpty ? "the reply is empty" : "the reply ends before the empty line that closes its head")
            }
            let line = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end + 1
            lineNumber += 1
            if lineNumber == 1 {
                try checkFirstLine(line)
                continue
            }
            if line.isEmpty { break }

            let space = line.firstIndex(of: " ")
            let key = space.map { String(line[..<$0]) } ?? line
            let value = space.map { String(line[line.index(after: $0)...]) } ?? ""
            switch key {
            case "status":
                guard status == nil else { throw Malformed("line \(lineNumber) repeats 'status'") }
                guard let code = Int(value), (100...999).contains(code) else {
                    throw Malformed("line \(lineNumber): '\(value)' is not an HTTP status")
                }
                status = code
            case "header":
                guard let separator = value.firstIndex(of: " "), separator != value.startIndex else {
                    throw Malformed("line \(lineNumber): a header line needs a name and a value")
                }
                let name = try unescaped(String(value[..<separator]), line: lineNumber)
                headers[name.lowercased()] = try unescaped(String(value[value.index(after: separator)...]), line: lineNumber)
            case "error":
                guard kind == nil else { throw Malformed("line \(lineNumber) repeats 'error'") }
                guard let known = FetchError.Kind(rawValue: value) else {
                    throw Malformed("line \(lineNumber): '\(value)' is not a kind of fetch error")
                }
                kind = known
            case "message":
                guard message == nil else { throw Malformed("line \(lineNumber) repeats 'message'") }
                message = try unescaped(value, line: lineNumber)
            case "note":
                notes.append(try unescaped(value, line: lineNumber))
            case "length":
                guard length == nil else { throw Malformed("line \(lineNumber) repeats 'length'") }
                guard let count = Int(value), count >= 0 else {
                    throw Malformed("line \(lineNumber): '\(value)' is not a byte count")
                }
                length = count
            default:
                // A field from a later helper: skipped (see the format's rules above).
                guard !key.isEmpty else { throw Malformed("line \(lineNumber) starts with a space") }
            }
        }

        guard let length else { throw Malformed("the head has no 'length' line") }
        let received = bytes.count - position
        if received < length {
            throw Malformed("the body is cut short: \(received) of \(length) bytes")
        }
        if received > length {
            throw Malformed("\(received - length) bytes follow the \(length)-byte body")
        }

        if let kind {
            guard let message else { throw Malformed("the 'error' has no 'message' line") }
            guard length == 0 else { throw Malformed("a failure carries a \(length)-byte body") }
            return .failure(FetchError(kind, url: url, message, status: status, notes: notes))
        }
        guard let status else { throw Malformed("the head has neither 'status' nor 'error'") }
        // Drop the head in place: the body can be hundreds of megabytes, so it is not copied.
        bytes.removeSubrange(0..<position)
        return .response(HTTPResponse(status: status, headers: headers, body: bytes))
    }

    private static func checkFirstLine(_ line: String) throws(Malformed) {
        let prefix = formatName + " "
        guard line.hasPrefix(prefix) else {
            let shown = line.count > 40 ? String(line.prefix(40)) + "…" : line
            throw Malformed("it does not start with '\(formatName) \(version)' (the first line is '\(shown)')")
        }
        let written = line.dropFirst(prefix.count)
        guard let number = Int(written) else {
            throw Malformed("'\(written)' is not a version number")
        }
        guard number == version else {
            throw Malformed("it is in version \(number) of the reply format; this chartc reads version \(version)")
        }
    }

    // MARK: - Escaping

    /// `value` with `\`, LF and CR written as `\\`, `\n`, `\r`.
    package static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == backslash || $0 == newline || $0 == carriageReturn }) else { return value }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 {
            switch byte {
            case backslash: bytes.append(contentsOf: [backslash, backslash])
            case newline: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
            case carriageReturn: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The inverse of `escaped`; any other `\` sequence is malformed.
    package static func unescaped(_ value: String, line: Int) throws(Malformed) -> String {
        guard value.utf8.contains(backslash) else { return value }
        var bytes: [UInt8] = []
        var escaping = false
        for byte in value.utf8 {
            if escaping {
                switch byte {
                case backslash: bytes.append(backslash)
                case UInt8(ascii: "n"): bytes.append(newline)
                case UInt8(ascii: "r"): bytes.append(carriageReturn)
                default: throw Malformed("line \(line) has an unknown escape '\\\(Unicode.Scalar(byte))'")
                }
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        if escaping { throw Malformed("line \(line) ends inside an escape") }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let backslash = UInt8(ascii: "\\")
