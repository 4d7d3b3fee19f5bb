import ChartNetwork
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole of the `chartc-fetch` program: read the request from the arguments, perform the one GET, write the
/// reply to standard output in the format `FetchReply` defines. chartc runs it for every download (see
/// `HelperTransfer` in ChartNetwork), so that chartc itself never loads FoundationNetworking. Every outcome of
/// the GET, failures included, is a reply and exit status 0; status 2 means the arguments were wrong.
package enum FetchHelper {
    /// Runs the helper with its arguments (without the program name) and returns the exit status. Usage errors go
    /// to `standardError` (a descriptor; tests pass one of their own).
    package static func main(arguments: [String], standardError: Int32 = 2) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            write(Array((FetchRequest.usage + "\n").utf8), to: 1)
            return 0
        }
        let request: FetchRequest
        do {
            request = try FetchRequest(arguments: arguments)
        } catch {
            write(Array("chartc-fetch: error: \(error.message)\n\(FetchRequest.usage)\n".utf8), to: standardError)
            return 2
        }
        let reply = reply(to: request)
        // Head and body are written one after the other: a body of hundreds of megabytes is not copied.
        guard write(reply.encodedHead(), to: 1), write(reply.body, to: 1) else { return 1 }
        return 0
    }

    /// The reply to `request`: the response, or the `FetchError` that says why there is none.
    package static func reply(to request: FetchRequest) -> FetchReply {
        do throws(FetchError) {
            let address = try RemoteAddress(request.url)
            let headers = request.headers.map { (name: $0.name, value: $0.value) }
            return .response(try HTTPTransfer.get(address, headers: headers, options: request.options))
        } catch {
            return .failure(error)
        }
    }

    /// Writes all of `bytes` to `descriptor`; false when the reader has gone away.
    @discardableResult
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let result = systemWrite(descriptor, base + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
    }
}

/// POSIX `write`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
