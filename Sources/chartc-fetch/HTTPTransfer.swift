import ChartNetwork
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One blocking HTTP GET through URLSession (FoundationNetworking on Linux, which follows redirects), with
/// chartc's own limits on top: no response headers within `connectTimeout` or no whole body within
/// `totalTimeout` cancels the request, and so does a body past `maxBytes`. URLSession's own failures come
/// back as `URLError` codes; they are turned into sentences that name the URL, host and port.
///
/// It runs inside the helper program `chartc-fetch` (see `FetchHelper`), never in chartc itself, so that chartc
/// does not load FoundationNetworking and libcurl. Blocking is deliberate: the helper does this one GET and exits.
enum HTTPTransfer {
    static func get(_ address: RemoteAddress, headers extraHeaders: [(name: String, value: String)], options: FetchOptions) throws(FetchError)
        -> HTTPResponse
    {
        let connectTimeout = max(0.001, min(options.connectTimeout, options.totalTimeout))
        let totalTimeout = max(0.001, options.totalTimeout)

        // URLSession's own timers (whole seconds on Linux) are set past ours, so ours decide and say which limit hit.
        let backstop = (totalTimeout + 2).rounded(.up)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop

        guard let url = URL(string: address.text) else {
            throw FetchError(.invalidURL, url: address.text, "'\(address.text)' is not a valid URL (expected http://HOST/PATH or https://HOST/PATH)")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: backstop)
        request.httpMethod = "GET"
        request.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("text/csv, text/tab-separated-values, application/json;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        for header in extraHeaders { request.setValue(header.value, forHTTPHeaderField: header.name) }

        let transfer = Transfer(maxBytes: options.maxBytes)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        transfer.attach(task)

        let start = DispatchTime.now()
        let connectDeadline = start + .nanoseconds(nanoseconds(connectTimeout))
        let totalDeadline = start + .nanoseconds(nanoseconds(totalTimeout))
        task.resume()
        while true {
            let now = transfer.snapshot()
            if now.finished { break }
            if now.stop != nil {
                // Already cancelled (too large): give URLSession a moment to report the cancellation.
                _ = transfer.events.wait(timeout: .now() + .seconds(2))
                break
            }
            let waitingForHeaders = now.response == nil
            let deadline = waitingForHeaders ? connectDeadline : totalDeadline
            if transfer.events.wait(timeout: deadline) == .timedOut {
                let later = transfer.snapshot()
                if later.finished { break }
                if later.response == nil && waitingForHeaders || later.response != nil && !waitingForHeaders {
                    transfer.stop(waitingForHeaders ? .connectTimeout : .totalTimeout)
                    _ = transfer.events.wait(timeout: .now() + .seconds(2))
                    break
                }
            }
        }

        let result = transfer.snapshot()
        switch result.stop {
        case .tooLarge(let announced)?:
            var message = "\(address.text) is larger than the \(QuantityText.bytes(Int64(options.maxBytes))) download limit"
            if let announced { message += " (the server announces \(QuantityText.bytes(announced)))" }
            throw FetchError(
                .tooLarge, url: address.text, message,
                notes: [
                    "download the file yourself, keep only the rows and columns the chart needs, and point url at the smaller local file"
                ])
        case .connectTimeout?:
            throw FetchError(
                .timedOut, url: address.text,
                "timed out after \(QuantityText.seconds(connectTimeout)) waiting for \(address.text) (no response from \(address.hostAndPort))",
                notes: [
                    "--connect-timeout sets how long to wait for a server to answer"
                ])
        case .totalTimeout?:
            throw FetchError(
                .timedOut, url: address.text,
                "timed out after \(QuantityText.seconds(totalTimeout)) waiting for \(address.text) to finish downloading (\(QuantityText.bytes(Int64(result.received))) received)",
                notes: [
                    "--timeout sets how long a whole download may take"
                ])
        case nil:
            break
        }
        if let error = result.error {
            throw describe(error, address: address, options: options)
        }
        guard let response = result.response else {
            if result.finished {
                throw FetchError(
                    .failed, url: address.text, "\(address.hostAndPort) closed the connection without an HTTP response for \(address.text)")
            }
            throw FetchError(
                .timedOut, url: address.text,
                "timed out after \(QuantityText.seconds(connectTimeout)) waiting for \(address.text) (no response from \(address.hostAndPort))")
        }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            guard let name = key as? String, let text = value as? String else { continue }
            headers[name.lowercased()] = text
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: result.body)
    }

    private static func nanoseconds(_ seconds: Double) -> Int {
        Int(exactly: (max(0, min(seconds, 1e9)) * 1e9).rounded(.down)) ?? 1_000_000_000 * 1_000_000_000
    }

    /// A sentence for an error URLSession reported.
    static func describe(_ error: any Error, address: RemoteAddress, options: FetchOptions) -> FetchError {
        let url = address.text
        guard let urlError = error as? URLError else {
            return FetchError(.failed, url: url, "could not fetch \(url): \(error.localizedDescription)")
        }
        let detail = (urlError as NSError).localizedDescription
        switch urlError.code {
        case .cannotFindHost, .dnsLookupFailed:
            return FetchError(
                .dnsFailure, url: url, "DNS lookup failed for host \(address.host) (\(url))",
                notes: [
                    "check the host name for typos, and that this machine is online"
                ])
        case .cannotConnectToHost:
            let lowered = detail.lowercased()
            let reason =
                lowered.contains("refused")
                ? "connection refused"
                : ConnectProbe.failureReason(host: address.host, port: address.port, timeout: options.connectTimeout) ?? "cannot connect"
            return FetchError(.connectionRefused, url: url, "could not connect to \(address.hostAndPort) (\(reason)) for \(url)")
        case .notConnectedToInternet:
            return FetchError(.connectionFailed, url: url, "could not connect to \(address.hostAndPort) (this machine is offline) for \(url)")
        case .networkConnectionLost:
            return FetchError(.connectionFailed, url: url, "the connection to \(address.hostAndPort) closed before \(url) was complete")
        case .timedOut:
            return FetchError(
                .timedOut, url: url, "timed out after \(QuantityText.seconds(options.totalTimeout)) waiting for \(url)",
                notes: [
                    "--timeout sets how long a whole download may take"
                ])
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return FetchError(
                .tlsFailure, url: url, "TLS handshake failed with \(address.hostAndPort) for \(url)\(tlsReason(urlError.code))",
                notes: [
                    "check the URL's scheme (http or https) and the system's certificate store"
                ])
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return FetchError(
                .tooManyRedirects, url: url, "\(url) redirects too many times (or to nowhere); open it in a browser to see where it leads")
        case .badURL, .unsupportedURL:
            return FetchError(.invalidURL, url: url, "'\(url)' is not a URL chartc can fetch")
        case .badServerResponse where detail.lowercased().contains("empty reply"):
            return FetchError(.failed, url: url, "\(address.hostAndPort) closed the connection without answering \(url)")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return FetchError(
                .failed, url: url,
                "\(address.hostAndPort) sent a response chartc cannot read for \(url) (not valid HTTP, or a broken compressed body)")
        default:
            return FetchError(.failed, url: url, "could not fetch \(url): \(detail) (URLError \(urlError.code.rawValue))")
        }
    }

    private static func tlsReason(_ code: URLError.Code) -> String {
        switch code {
        case .serverCertificateHasBadDate: ": the server's certificate has expired"
        case .serverCertificateNotYetValid: ": the server's certificate is not valid yet"
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot: ": the server's certificate is not trusted"
        case .clientCertificateRejected, .clientCertificateRequired: ": the server wants a client certificate"
        default: ""
        }
    }
}

/// Why chartc cancelled a request itself.
enum StopReason: Sendable, Equatable {
    /// The body passed the size limit; the announced `Content-Length` when there was one.
    case tooLarge(announced: Int64?)
    case connectTimeout
    case totalTimeout
}

/// The URLSession delegate of one request: collects the response and body under a lock and signals the
/// waiting thread on every event that can end the wait (headers arrived, transfer finished).
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct State {
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var received = 0
        var error: (any Error)?
        var finished = false
        var stop: StopReason?
    }

    let events = DispatchSemaphore(value: 0)
    private let maxBytes: Int
    private let lock = NSLock()
    private var state = State()
    private var task: URLSessionTask?

    init(maxBytes: Int) {
        self.maxBytes = max(0, maxBytes)
    }

    func attach(_ task: URLSessionTask) {
        lock.withLock { self.task = task }
    }

    func snapshot() -> State {
        lock.withLock { state }
    }

    /// Cancels the request for `reason` (the first reason wins).
    func stop(_ reason: StopReason) {
        let task: URLSessionTask? = lock.withLock {
            guard state.stop == nil, !state.finished else { return nil }
            state.stop = reason
            state.body = []
            return self.task
        }
        task?.cancel()
        events.signal()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let announced = response.expectedContentLength
        lock.withLock { state.response = http }
        events.signal()
        if announced > Int64(maxBytes) {
            stop(.tooLarge(announced: announced))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit: Bool = lock.withLock {
            guard state.stop == nil else { return false }
            state.received += data.count
            if state.received > maxBytes { return true }
            state.body.append(contentsOf: data)
            return false
        }
        if overLimit { stop(.tooLarge(announced: nil)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            state.error = error
            state.finished = true
            if state.response == nil, let http = task.response as? HTTPURLResponse { state.response = http }
        }
        events.signal()
    }
}
