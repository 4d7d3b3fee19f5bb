import Foundation
import Testing

/// Specs written from SPEC §19 alone, as a new user would, built with the `chartc` binary and measured: the
/// helpers the `Section19` suites share (numbers of an axis's labels, the circles of the marks, `chartc data`
/// and `chartc lint` of a spec).
enum Section19Probe {
    /// A one-spec chart: `title` plus the given top-level JSON members (`"data": …, "mark": …`).
    static func spec(_ members: String) -> String { #"{ "title": "t", "# + members + " }" }

    /// Inline rows from `[key: value]` dictionaries (keys sorted, so the JSON is deterministic).
    static func values(_ rows: [[String: Any]]) -> String {
        let objects = rows.map { row in
            "{ " + row.keys.sorted().map { key in "\"\(key)\": \(json(row[key] as Any))" }.joined(separator: ", ") + " }"
        }
        return #""data": { "values": ["# + objects.joined(separator: ", ") + "] }"
    }

    static func json(_ value: Any) -> String {
        switch value {
        case let text as String: return "\"" + text + "\""
        case let number as Double: return String(number)
        case let number as Int: return String(number)
        case is NSNull: return "null"
        default: return "null"
        }
    }

    /// The numbers an axis prints (a real minus sign read as "-", thousands separators dropped), every panel's.
    static func numbers(_ labels: [SVGMeasure.Text]) -> [Double] {
        labels.compactMap { label in
            var text = label.joined.replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: ",", with: "")
            var scale = 1.0
            for (suffix, factor) in [("K", 1e3), ("M", 1e6), ("B", 1e9)] where text.hasSuffix(suffix) {
                text.removeLast()
                scale = factor
            }
            return Double(text).map { $0 * scale }
        }
    }

    /// Each `<circle>` of the marks: centre and radius.
    static func circles(_ svg: SVGMeasure) -> [(x: Double, y: Double, r: Double)] {
        svg.groups("chartc-marks").flatMap { group in
            group.components(separatedBy: "<circle").dropFirst().map { part in
                let tag = String(part.prefix { $0 != ">" })
                return (
                    SVGMeasure.attribute("cx", in: tag) ?? .nan, SVGMeasure.attribute("cy", in: tag) ?? .nan,
                    SVGMeasure.attribute("r", in: tag) ?? .nan
                )
            }
        }
    }

    /// A string attribute of the first element with `class="…classes"` in `source`.
    static func stringAttribute(_ name: String, of classes: String, in source: String) -> String? {
        guard let open = source.range(of: "class=\"" + classes + "\"") else { return nil }
        let tail = source[open.upperBound...]
        let tag = tail.prefix { $0 != ">" }
        guard let start = tag.range(of: " " + name + "=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }

    /// `chartc ARGUMENT spec` in a scratch folder: status, stdout and stderr.
    static func run(_ command: String, _ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chart.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        return try ChartcBinary.run([command, path.path], sourceLocation: sourceLocation)
    }

    /// The rows `chartc data` prints (CSV: header, then one line per row).
    static func data(_ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try run("data", spec, sourceLocation: sourceLocation)
        try #require(result.status == 0, "chartc data failed: \(result.error)", sourceLocation: sourceLocation)
        return result.output.split(separator: "\n").map(String.init)
    }
}
