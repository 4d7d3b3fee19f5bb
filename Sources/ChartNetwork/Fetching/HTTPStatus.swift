/// Reason phrases for the HTTP statuses a data download is likely to meet (RFC 9110 §15), so an error reads
/// "HTTP 404 Not Found" rather than a bare number. Our own table: the HTTP stack's wording differs by platform.
enum HTTPStatus {
    static func reason(_ code: Int) -> String? {
        switch code {
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 305: "Use Proxy"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: nil
        }
    }

    /// `404 Not Found`, or just the number for a status without a known phrase.
    static func describe(_ code: Int) -> String {
        guard let reason = reason(code) else { return "\(code)" }
        return "\(code) \(reason)"
    }

    /// What to try next for a status, when there is something useful to say.
    static func advice(_ code: Int) -> String? {
        switch code {
        case 401, 403: "the server refuses access; chartc sends no credentials, so the file must be public"
        case 404, 410: "the server has no file at this address; check the URL (on Voteview, Congress numbers have three digits: H089, S117)"
        case 429: "the server asks for fewer requests; build again later, or use --offline with the cached copy"
        case 500...599: "the problem is on the server's side; try again later, or use --offline if the data is cached"
        default: nil
        }
    }
}
