import ChartCommandLine
import Foundation
import Testing

/// SPEC §19.7: `axis.values` outside the data stretch the axis unless its domain is explicit (then the domain is
/// kept, and lint warns: `axis-values-outside-domain`).
@Suite struct AxisValuesDomainTests {
    typealias T = MarkCombinationTests

    /// The tick labels of the x axis.
    static func xTickLabels(_ svg: String) -> [String] {
        guard let start = svg.range(of: "chartc-axis chartc-axis-x") else { return [] }
        let axis = svg[start.upperBound...].prefix { _ in true }
        let group = axis.components(separatedBy: "</g>").first ?? ""
        return group.components(separatedBy: "<text ").dropFirst().filter { !$0.contains("chartc-axis-title") }.compactMap { chunk in
            guard let open = chunk.firstIndex(of: ">"), let close = chunk.range(of: "</text>") else { return nil }
            return String(chunk[chunk.index(after: open)..<close.lowerBound])
        }
    }

    @Test func valuesOutsideTheDataStretchTheAxis() throws {
        // The data's v runs 5…48; 100 is asked for.
        let built = try T.build(mark: #""point""#, encoding: ["x": #"{ "field": "v", "axis": { "values": [0, 100] } }"#, "y": #"{ "field": "w" }"#])
        guard case .output(let svg) = built else {
            Issue.record("\(built)")
            return
        }
        #expect(Self.xTickLabels(svg) == ["0", "100"], "\(Self.xTickLabels(svg))")
    }

    @Test func anExplicitDomainIsKeptAndLintWarns() throws {
        let encoding = ["x": #"{ "field": "v", "scale": { "domain": [0, 50] }, "axis": { "values": [0, 100] } }"#, "y": #"{ "field": "w" }"#]
        let built = try T.build(mark: #""point""#, encoding: encoding)
        guard case .output(let svg) = built else {
            Issue.record("\(built)")
            return
        }
        #expect(Self.xTickLabels(svg) == ["0"], "\(Self.xTickLabels(svg))")
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let channels = encoding.keys.sorted().map { "\"\($0)\": \(encoding[$0] ?? "null")" }.joined(separator: ", ")
        let path = directory.appendingPathComponent("values.chart.json")
        try Data("{ \"data\": { \"values\": \(T.rows) }, \"mark\": \"point\", \"encoding\": { \(channels) } }".utf8).write(to: path)
        let console = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: console)
        let output = console.output + console.error
        #expect(output.contains("[axis-values-outside-domain]") && output.contains("values.chart.json:1:"), "\(output)")
    }
}
