#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server asks of the site it serves: answers to requests, event streams, and the file watcher's
/// descriptor and work. Kept apart from the loop so the loop's bounds and timeouts can be tested alone.
protocol PreviewHandler: AnyObject {
    /// The answer to a request, or the topic of the event stream it opens with the first events to send.
    func handle(_ request: HTTPRequest, now: Int64) -> PreviewServer.Answer
    /// A descriptor to wait on as well (the watcher's), or nil.
    var watchDescriptor: Int32? { get }
    /// The latest time the loop may sleep until for the handler's own timers.
    func nextWake(now: Int64) -> Int64
    /// Reads what the watcher has, rebuilds what is due; returns the events to send, per topic.
    func work(now: Int64, watcherReadable: Bool) -> [(topic: String, event: [UInt8])]
}

/// The preview's HTTP/1.1 server: one thread, non-blocking sockets and `poll`, so a slow or stuck client holds
/// a buffer and a slot, never the server. Bounded: request heads (`ServerLimits`), connections (past the cap
/// the longest-idle one is closed), event streams, and time (a request head must arrive within the request
/// timeout, an answer must drain within the write timeout; 408 or a close otherwise).
final class PreviewServer {
    enum Answer {
        case response(HTTPResponse, includeBody: Bool)
        case eventStream(topic: String, policy: String, first: [UInt8])
    }

    let listener: LoopbackListener
    let limits: ServerLimits
    private unowned let handler: PreviewHandler
    private var connections: [Int32: Connection] = [:]

    init(listener: LoopbackListener, limits: ServerLimits, handler: PreviewHandler) {
        self.listener = listener
        self.limits = limits
        self.handler = handler
    }

    /// Serves until `shouldStop` says so (checked at least every 100 ms), then closes every socket.
    func run(shouldStop: () -> Bool) {
        defer {
            for connection in connections.values { POSIX.closeDescriptor(connection.descriptor) }
            connections.removeAll()
            listener.close()
        }
        while !shouldStop() {
            var now = POSIX.milliseconds()
            var descriptors: [pollfd] = listener.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let watchIndex = descriptors.count
            if let watch = handler.watchDescriptor { descriptors.append(pollfd(fd: watch, events: Int16(POLLIN), revents: 0)) }
            let firstConnection = descriptors.count
            let ordered = connections.values.sorted { $0.descriptor < $1.descriptor }
            for connection in ordered {
                var events = Int16(POLLIN)
                if connection.hasOutput { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            var wake = min(now + 100, handler.nextWake(now: now))
            for connection in ordered { wake = min(wake, connection.deadline, connection.nextHeartbeat) }
            let timeout = Int32(max(0, min(wake - now, 100)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { break }
            now = POSIX.milliseconds()

            for (index, connection) in ordered.enumerated() {
                let revents = descriptors[firstConnection + index].revents
                // Skip one that an earlier connection's request closed (its descriptor may be reused already).
                guard revents != 0, connections[connection.descriptor] === connection else { continue }
                service(connection, revents: revents, now: now)
            }
            for index in 0..<listener.descriptors.count where descriptors[index].revents & Int16(POLLIN) != 0 {
                acceptAll(on: listener.descriptors[index], now: now)
            }
            let watcherReadable = handler.watchDescriptor != nil && watchIndex < firstConnection && descriptors[watchIndex].revents != 0
            for (topic, event) in handler.work(now: now, watcherReadable: watcherReadable) {
                broadcast(event, topic: topic, now: now)
            }
            expire(now: now)
        }
    }

    // MARK: - Connections

    private func acceptAll(on descriptor: Int32, now: Int64) {
        while let client = LoopbackListener.accept(on: descriptor) {
            if connections.count >= limits.maxConnections {
                // Full: the connection that has waited longest without asking for anything makes room.
                let idle = connections.values.filter(\.isIdle).min { $0.lastActivity < $1.lastActivity }
                if let idle {
                    close(idle)
                } else {
                    _ = POSIX.send(
                        client, HTTPResponse.text(.unavailable, "Too many connections.").serialized(includeBody: true, keepAlive: false)[...])
                    POSIX.closeDescriptor(client)
                    continue
                }
            }
            connections[client] = Connection(descriptor: client, now: now, limits: limits)
        }
    }

    private func close(_ connection: Connection) {
        POSIX.closeDescriptor(connection.descriptor)
        connections[connection.descriptor] = nil
    }

    private func service(_ connection: Connection, revents: Int16, now: Int64) {
        if revents & Int16(POLLNVAL) != 0 { connections[connection.descriptor] = nil; return }
        if revents & Int16(POLLOUT) != 0 || connection.hasOutput {
            guard connection.flush(now: now) else { close(connection); return }
            if !connection.hasOutput, case .writing(let closeAfter) = connection.state {
                if closeAfter { linger(connection, now: now); return }
                connection.state = .reading
                connection.deadline = now + limits.requestTimeout
            }
        }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            guard let bytes = POSIX.receive(connection.descriptor, max: 16 * 1024) else { close(connection); return }
            if !bytes.isEmpty {
                connection.lastActivity = now
                if connection.isStreaming { return } // nothing to read on an event stream: ignore it
                if case .lingering = connection.state { return }
                if case .writing = connection.state {
                    // A pipelined request: keep it for after this answer, within the head's bound.
                    connection.input += bytes
                    if connection.input.count > limits.maxHead + limits.maxBody { close(connection) }
                    return
                }
                connection.input += bytes
            }
        }
        process(connection, now: now)
    }

    /// Parses and answers whatever complete requests the input holds.
    private func process(_ connection: Connection, now: Int64) {
        while true {
            switch connection.state {
            case .reading:
                guard !connection.input.isEmpty else { return }
                switch RequestHeadParser.parse(connection.input, limits: limits) {
                case .incomplete:
                    return
                case .rejected(let status):
                    connection.input.removeAll()
                    respond(connection, HTTPResponse.text(status, status.reason + "."), includeBody: true, keepAlive: false, now: now)
                    return
                case .complete(let request, let consumed):
                    connection.input.removeFirst(consumed)
                    connection.state = .discardingBody(remaining: request.contentLength, request: request)
                }
            case .discardingBody(let remaining, let request):
                let take = min(remaining, connection.input.count)
                connection.input.removeFirst(take)
                if remaining - take > 0 {
                    connection.state = .discardingBody(remaining: remaining - take, request: request)
                    return
                }
                answer(connection, request, now: now)
            case .writing:
                return // a pipelined request waits for this answer to drain
            case .streaming, .lingering:
                connection.input.removeAll(keepingCapacity: true)
                return
            }
        }
    }

    private func answer(_ connection: Connection, _ request: HTTPRequest, now: Int64) {
        guard let host = request.header("host").map({ $0 }) ?? (request.version == "HTTP/1.0" ? "127.0.0.1" : nil), LoopbackHost.isAllowed(host)
        else {
            respond(
                connection, HTTPResponse.text(.forbidden, "This server answers only requests addressed to localhost."), includeBody: true,
                keepAlive: false, now: now)
            return
        }
        guard SameOrigin.isAllowed(request) else {
            respond(
                connection,
                HTTPResponse.text(.forbidden, "This server accepts changes only from its own pages (Origin or Sec-Fetch-Site is another site)."),
                includeBody: true, keepAlive: false, now: now)
            return
        }
        switch handler.handle(request, now: now) {
        case .response(let response, let includeBody):
            respond(connection, response, includeBody: includeBody, keepAlive: request.keepsAlive, now: now)
        case .eventStream(let topic, let policy, let first):
            let streams = connections.values.filter(\.isStreaming)
            if streams.count >= limits.maxEventStreams, let oldest = streams.min(by: { $0.lastActivity < $1.lastActivity }) {
                close(oldest)
            }
            connection.state = .streaming(topic: topic)
            connection.input.removeAll()
            connection.queue(HTTPResponse.eventStreamHead(policy: policy) + EventStream.retry + first)
            connection.deadline = .max
            connection.nextHeartbeat = now + limits.heartbeatInterval
            if !connection.flush(now: now) { close(connection) }
        }
    }

    private func respond(_ connection: Connection, _ response: HTTPResponse, includeBody: Bool, keepAlive: Bool, now: Int64) {
        connection.queue(response.serialized(includeBody: includeBody, keepAlive: keepAlive))
        connection.state = .writing(closeAfter: !keepAlive)
        connection.deadline = now + limits.writeTimeout
        guard connection.flush(now: now) else { close(connection); return }
        if !connection.hasOutput {
            if !keepAlive { linger(connection, now: now); return }
            connection.state = .reading
            connection.deadline = now + limits.requestTimeout
            process(connection, now: now)
        }
    }

    /// Shuts our side after a final answer and drops what the client still sends, for at most two seconds.
    private func linger(_ connection: Connection, now: Int64) {
        POSIX.shutdownWriting(connection.descriptor)
        connection.state = .lingering
        connection.input.removeAll()
        connection.deadline = now + 2_000
    }

    private func broadcast(_ event: [UInt8], topic: String, now: Int64) {
        for connection in connections.values {
            guard case .streaming(let subscribed) = connection.state, subscribed == topic else { continue }
            send(event, on: connection, now: now)
        }
    }

    private func send(_ bytes: [UInt8], on connection: Connection, now: Int64) {
        if connection.queuedBytes + bytes.count > limits.maxQueuedEventBytes { close(connection); return }
        let wasEmpty = !connection.hasOutput
        connection.queue(bytes)
        if !connection.flush(now: now) { close(connection); return }
        if connection.hasOutput && wasEmpty { connection.deadline = now + limits.writeTimeout }
        if !connection.hasOutput { connection.deadline = .max }
    }

    /// Closes what took too long: a request head that did not arrive in time gets 408 first.
    private func expire(now: Int64) {
        for connection in Array(connections.values) {
            if connection.isStreaming {
                if connection.hasOutput && now >= connection.deadline { close(connection); continue }
                if now >= connection.nextHeartbeat {
                    connection.nextHeartbeat = now + limits.heartbeatInterval
                    send(EventStream.heartbeat, on: connection, now: now)
                }
                continue
            }
            guard now >= connection.deadline else { continue }
            switch connection.state {
            case .reading where !connection.input.isEmpty, .discardingBody:
                connection.input.removeAll()
                respond(
                    connection, HTTPResponse.text(.requestTimeout, "The request took too long to arrive."), includeBody: true, keepAlive: false,
                    now: now)
                // If even the 408 cannot be sent at once, give up on the client.
                if connections[connection.descriptor] != nil && connection.hasOutput { close(connection) }
            default:
                close(connection)
            }
        }
    }
}
