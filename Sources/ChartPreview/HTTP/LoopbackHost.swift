/// The `Host` check against DNS rebinding: a page on a hostile site whose name is made to resolve to 127.0.0.1
/// still sends its own name in `Host`, so only loopback names (`localhost`, `*.localhost`, `127.0.0.1`,
/// `[::1]`, with or without a port) are served.
enum LoopbackHost {
    static func isAllowed(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return false }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") {
            guard isPort(name[colon...]) else { return false }
            name = name[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        return name == "localhost" || name.hasSuffix(".localhost") || name == "127.0.0.1"
    }

    /// `:8080`.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && !digits.isEmpty && digits.count <= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
