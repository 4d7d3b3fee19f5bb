/// Reads a request head (request line and headers) from the bytes received so far, within the server's bounds:
/// a request line longer than `maxRequestLine` is 414, a head longer than `maxHead` or with more than
/// `maxHeaderCount` fields is 431, anything malformed is 400, so a hostile client costs a bounded buffer.
enum RequestHeadParser {
    enum Outcome: Equatable {
        /// More bytes are needed (and allowed).
        case incomplete
        /// A whole head, and how many bytes of the buffer it took.
        case complete(HTTPRequest, consumed: Int)
        /// The request cannot be served; answer with this status and close.
        case rejected(HTTPStatus)
    }

    static func parse(_ buffer: [UInt8], limits: ServerLimits) -> Outcome {
        // Where the head ends: the first empty line (CRLF CRLF, or bare LF LF from lenient clients).
        var end: Int?
        var firstLineEnd: Int?
        var index = 0
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if firstLineEnd == nil { firstLineEnd = index }
                if index + 1 < buffer.count && buffer[index + 1] == 0x0A { end = index + 2; break }
                if index + 2 < buffer.count && buffer[index + 1] == 0x0D && buffer[index + 2] == 0x0A { end = index + 3; break }
            }
            index += 1
        }
        if (firstLineEnd ?? buffer.count) > limits.maxRequestLine { return .rejected(.uriTooLong) }
        guard let end else {
            return buffer.count > limits.maxHead ? .rejected(.headersTooLarge) : .incomplete
        }
        if end > limits.maxHead { return .rejected(.headersTooLarge) }

        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for position in 0..<end where buffer[position] == 0x0A {
            var line = buffer[start..<position]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
            start = position + 1
        }
        // The last line is the empty one that ends the head.
        guard let requestLine = lines.first, lines.count >= 2 else { return .rejected(.badRequest) }
        let fields = lines.dropFirst().dropLast()
        if fields.count > limits.maxHeaderCount { return .rejected(.headersTooLarge) }

        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .rejected(.badRequest) }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy({ (0x41...0x5A).contains($0) }) else { return .rejected(.badRequest) }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else { return .rejected(.badRequest) }
        let versionText = String(decoding: version, as: UTF8.self)
        guard versionText.hasPrefix("HTTP/") else { return .rejected(.badRequest) }
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else { return .rejected(.versionNotSupported) }

        var headers: [HTTPRequest.Header] = []
        var contentLength = 0
        for field in fields {
            guard let colon = field.firstIndex(of: UInt8(ascii: ":")), colon > field.startIndex else { return .rejected(.badRequest) }
            let name = field[field.startIndex..<colon]
            guard name.allSatisfy(isTokenByte) else { return .rejected(.badRequest) }
            let value = field[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else { return .rejected(.badRequest) }
            let header = HTTPRequest.Header(
                name: String(decoding: name, as: UTF8.self).lowercased(),
                value: Substring(String(decoding: value, as: UTF8.self)).trimmingSpaces
            )
            switch header.name {
            case "host" where headers.contains { $0.name == "host" }:
                return .rejected(.badRequest)
            case "content-length":
                guard !header.value.isEmpty, header.value.utf8.count <= 9, header.value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                    let length = Int(header.value), !headers.contains(where: { $0.name == "content-length" })
                else { return .rejected(.badRequest) }
                if length > limits.maxBody { return .rejected(.contentTooLarge) }
                contentLength = length
            case "transfer-encoding":
                return .rejected(.notImplemented)
            default:
                break
            }
            headers.append(header)
        }
        let request = HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            version: versionText, headers: headers, contentLength: contentLength
        )
        if versionText == "HTTP/1.1" && request.header("host") == nil { return .rejected(.badRequest) }
        return .complete(request, consumed: end)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
