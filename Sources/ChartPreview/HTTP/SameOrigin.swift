/// The cross-site check on every request that changes state (anything but GET and HEAD: today
/// `POST /refresh/ID`, which downloads data again and queries databases). A page on any other site can make a
/// browser send a POST to 127.0.0.1 (the `Host` check does not stop it: the host is right), but the browser
/// then says where the request comes from: `Sec-Fetch-Site` other than `same-origin` (or `none`, typed by the
/// user), or an `Origin` that is not this server's own (`http://` + the request's `Host`). Either refuses it
/// with 403. A client that sends neither (curl, a script) is not a browser a page can steer, and is served.
enum SameOrigin {
    static func isAllowed(_ request: HTTPRequest) -> Bool {
        if request.method == "GET" || request.method == "HEAD" { return true }
        if let site = request.header("sec-fetch-site")?.lowercased(), site != "same-origin" && site != "none" { return false }
        if let origin = request.header("origin") {
            guard let host = request.header("host"), LoopbackHost.isAllowed(host) else { return false }
            return origin.lowercased() == "http://" + host.lowercased()
        }
        return true
    }
}
