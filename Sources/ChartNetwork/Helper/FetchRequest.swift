/// What chartc asks `chartc-fetch` to do: one GET of `url` with extra request headers (the conditional-GET
/// validators), the user agent and the limits. It travels as the helper's command-line arguments, so both the
/// writing (`arguments`) and the reading (`init(arguments:)`) live here, next to each other:
///
///     chartc-fetch --connect-timeout 10.0 --timeout 60.0 --max-bytes 536870912 --user-agent chartc/0.1 \
///         --header 'If-None-Match: "v1"' -- https://example.org/data.csv
///
/// Every option may be left out (the `FetchOptions` defaults apply), so the helper can also be run by hand.
package struct FetchRequest: Sendable, Equatable {
    /// One extra request header.
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package var url: String
    package var headers: [Header]
    package var userAgent: String
    package var connectTimeout: Double
    package var totalTimeout: Double
    package var maxBytes: Int

    package init(url: String, headers: [Header] = [], options: FetchOptions) {
        self.url = url
        self.headers = headers
        self.userAgent = options.userAgent
        self.connectTimeout = options.connectTimeout
        self.totalTimeout = options.totalTimeout
        self.maxBytes = options.maxBytes
    }

    /// The limits and user agent as `FetchOptions` (mode and cache play no part in one GET).
    package var options: FetchOptions {
        FetchOptions(
            connectTimeout: connectTimeout, totalTimeout: totalTimeout, maxBytes: maxBytes, mode: .normal, cacheDirectory: nil, userAgent: userAgent)
    }

    /// The helper's arguments (without the program name). Numbers are written so they read back exactly.
    package var arguments: [String] {
        var arguments = [
            "--connect-timeout", "\(connectTimeout)",
            "--timeout", "\(totalTimeout)",
            "--max-bytes", "\(maxBytes)",
            "--user-agent", userAgent
        ]
        for header in headers { arguments += ["--header", "\(header.name): \(header.value)"] }
        arguments += ["--", url]
        return arguments
    }

    /// Reads `arguments` (without the program name); the error says what is wrong with them.
    package init(arguments: [String]) throws(UsageError) {
        let defaults = FetchOptions()
        var url: String?
        var headers: [Header] = []
        var userAgent = defaults.userAgent
        var connectTimeout = defaults.connectTimeout
        var totalTimeout = defaults.totalTimeout
        var maxBytes = defaults.maxBytes

        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") {
                guard url == nil else { throw UsageError("more than one URL ('\(url ?? "")' and '\(argument)')") }
                url = argument
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            guard index < arguments.count else { throw UsageError("'\(argument)' needs a value") }
            let value = arguments[index]
            index += 1
            switch argument {
            case "--connect-timeout": connectTimeout = try Self.seconds(value, for: argument)
            case "--timeout": totalTimeout = try Self.seconds(value, for: argument)
            case "--max-bytes":
                guard let count = Int(value), count >= 0 else { throw UsageError("'\(value)' for '--max-bytes' is not a byte count") }
                maxBytes = count
            case "--user-agent": userAgent = value
            case "--header":
                guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else {
                    throw UsageError("'\(value)' for '--header' is not 'Name: value'")
                }
                let headerValue = value[value.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                headers.append(Header(String(value[..<colon]), String(headerValue)))
            default:
                throw UsageError("unknown option '\(argument)'")
            }
        }
        guard let url else { throw UsageError("no URL to fetch") }
        self.url = url
        self.headers = headers
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBytes = maxBytes
    }

    private static func seconds(_ text: String, for option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError("'\(text)' for '\(option)' is not a number of seconds")
        }
        return value
    }

    /// Arguments the helper cannot run with, said in a phrase.
    package struct UsageError: Error, Sendable, Equatable {
        package var message: String

        package init(_ message: String) {
            self.message = message
        }
    }

    /// The helper's `--help` text.
    package static let usage = """
        usage: chartc-fetch [--connect-timeout SECONDS] [--timeout SECONDS] [--max-bytes N]
                            [--user-agent TEXT] [--header 'Name: value']... [--] URL

        Performs one HTTP GET for chartc and writes the reply (status, headers, body, or the error) to standard
        output in chartc's reply format, version \(FetchReply.version). chartc runs it for every download, so that
        chartc itself does not load the networking libraries.
        """
}
