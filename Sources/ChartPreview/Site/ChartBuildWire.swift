/// A `ChartBuild` as bytes, so a build can run in a child process (`chartc` itself, see `PreviewCommand`) and a
/// crash of that build stays a crash of the child, never of the preview server. The format, version 1:
///
///     chartc-preview-build 1\n
///     FIELD LENGTH\n BYTES\n        (title, html, svg, diagnostics, dependency, batch — dependency and batch repeated; LENGTH in
///                                   UTF-8 bytes; an absent title, html or svg is left out; each of a batch's
///                                   charts as batch-chart VALUE, then its batch-svg, if any, and batch-diagnostics)
///     errors N\n warnings N\n milliseconds N\n
///
/// Anything else (a truncated reply, a wrong header) decodes to nil: the parent then reports the build as
/// failed.
extension ChartBuild {
    static let wireHeader = "chartc-preview-build 1"

    /// The build as the child writes it on standard output.
    public func encoded() -> [UInt8] {
        var out = Array((Self.wireHeader + "\n").utf8)
        func field(_ name: String, _ text: String) {
            let bytes = Array(text.utf8)
            out += Array("\(name) \(bytes.count)\n".utf8)
            out += bytes
            out.append(0x0A)
        }
        func number(_ name: String, _ value: Int64) { out += Array("\(name) \(value)\n".utf8) }
        if let title { field("title", title) }
        if let html { field("html", html) }
        if let svg { field("svg", svg) }
        field("diagnostics", diagnostics)
        for dependency in dependencies { field("dependency", dependency) }
        for value in batch { field("batch", value) }
        for chart in batchCharts {
            field("batch-chart", chart.value)
            if let svg = chart.svg { field("batch-svg", svg) }
            field("batch-diagnostics", chart.diagnostics)
        }
        number("errors", Int64(errorCount))
        number("warnings", Int64(warningCount))
        number("milliseconds", milliseconds)
        return out
    }

    /// The build a child wrote, or nil when the bytes are not a whole build in this format.
    public init?(decoding bytes: [UInt8]) {
        var index = 0
        func line() -> String? {
            guard let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        guard line() == Self.wireHeader else { return nil }
        var build = ChartBuild(title: nil, html: nil, svg: nil, diagnostics: "", errorCount: 0, warningCount: 0, dependencies: [], milliseconds: 0)
        var seen: Set<String> = []
        while index < bytes.count {
            guard let head = line() else { return nil }
            let parts = head.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int64(parts[1]), value >= 0 else { return nil }
            switch parts[0] {
            case "title", "html", "svg", "diagnostics", "dependency", "batch", "batch-chart", "batch-svg", "batch-diagnostics":
                guard value < Int64(bytes.count - index), bytes[index + Int(value)] == 0x0A else { return nil }
                let text = String(decoding: bytes[index..<(index + Int(value))], as: UTF8.self)
                index += Int(value) + 1
                switch parts[0] {
                case "title": build.title = text
                case "html": build.html = text
                case "svg": build.svg = text
                case "diagnostics": build.diagnostics = text
                case "batch": build.batch.append(text)
                case "batch-chart": build.batchCharts.append(BatchChart(value: text, svg: nil, diagnostics: ""))
                case "batch-svg", "batch-diagnostics":
                    guard !build.batchCharts.isEmpty else { return nil }
                    if parts[0] == "batch-svg" {
                        build.batchCharts[build.batchCharts.count - 1].svg = text
                    } else {
                        build.batchCharts[build.batchCharts.count - 1].diagnostics = text
                    }
                default: build.dependencies.append(text)
                }
            case "errors": build.errorCount = Int(value)
            case "warnings": build.warningCount = Int(value)
            case "milliseconds": build.milliseconds = value
            default: return nil
            }
            seen.insert(parts[0])
        }
        guard seen.isSuperset(of: ["diagnostics", "errors", "warnings", "milliseconds"]) else { return nil }
        self = build
    }
}
