import Foundation
import Testing

/// Issue 30, item 1: specs that made chartc die by a signal (a Swift Double → Int trap, SIGILL) — `bin(x)` over
/// ±1e308 and over 0 and 1e-323, `bin(x, 1e-300)` in lint and build, a binned axis over [-1, 1e308], and a logo
/// arc of radius 1e308 in a PDF. Each runs through the built binary: it exits by itself (never a signal), and
/// where the spec cannot be drawn it exits 1 with a diagnostic at the spec's line:col.
@Suite struct NumericTrapsEndToEndTests {
    /// A folder with `NAME.chart.json` holding `spec` (and any other files), removed by the caller.
    func folder(_ files: [String: String]) throws -> URL {
        let root = try makeScratchDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        return root
    }

    func histogram(values: String, calculate: String, x: String = #"{ "field": "b" }"#) -> String {
        """
        {
          "data": { "values": \(values) },
          "calculate": { "b": "\(calculate)" },
          "groupBy": ["b"],
          "aggregate": { "n": "count()" },
          "mark": "bar",
          "encoding": { "x": \(x), "y": { "field": "n" } }
        }
        """
    }

    func run(_ arguments: [String], in root: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try ChartcBinary.run(arguments, in: root)
        #expect(
            !result.signalled, "chartc \(arguments.joined(separator: " ")) died by signal \(result.status): \(result.error)",
            sourceLocation: sourceLocation)
        return result
    }

    @Test(arguments: [
        (#"[{ "v": -1e308 }, { "v": 1e308 }]"#, "±1e308"), (#"[{ "v": 0 }, { "v": 1e-323 }]"#, "0 and 1e-323"),
        (#"[{ "v": -1.7976931348623157e308 }, { "v": 1.7976931348623157e308 }]"#, "the largest doubles")
    ])
    func automaticBinsOverExtremeValuesBuild(values: String, label: String) throws {
        let root = try folder(["c.chart.json": histogram(values: values, calculate: "bin(v)")])
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["data", "c.chart.json"], ["lint", "c.chart.json"], ["build", "c.chart.json", "--format", "svg,html,pdf"]] {
            let result = try run(command, in: root)
            #expect(
                result.status == 0 || (result.status == 1 && (result.output + result.error).contains("c.chart.json:")),
                "\(label) \(command): \(result.error)")
        }
    }

    @Test func aBinStepOfTenToTheMinus300IsAnErrorNamingTheLimit() throws {
        let root = try folder(["c.chart.json": histogram(values: #"[{ "v": 0 }, { "v": 1 }, { "v": 2 }]"#, calculate: "bin(v, 1e-300)")])
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["lint", "c.chart.json"], ["build", "c.chart.json"], ["build", "c.chart.json", "--format", "pdf"]] {
            let result = try run(command, in: root)
            #expect(result.status == 1, "\(command)")
            // At the expression (line 3), naming the limit (lint prints its findings on stdout, build on stderr).
            let printed = result.output + result.error
            #expect(printed.contains("c.chart.json:3:"), "\(command): \(printed)")
            #expect(printed.contains("10,000") && printed.contains("[bin-interval-limit]"), "\(command): \(printed)")
        }
    }

    @Test func aBinnedAxisOverMinusOneTo1e308Builds() throws {
        let spec = histogram(
            values: #"[{ "v": 0 }, { "v": 1 }, { "v": 2 }]"#, calculate: "bin(v, 1)", x: #"{ "field": "b", "scale": { "domain": [-1, 1e308] } }"#)
        let root = try folder(["c.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["lint", "c.chart.json"], ["build", "c.chart.json", "--format", "svg,pdf"]] {
            let result = try run(command, in: root)
            #expect(
                result.status == 0 || (result.status == 1 && (result.output + result.error).contains("c.chart.json:")), "\(command): \(result.error)")
        }
    }

    @Test func aLogoArcOfRadius1e308DrawsInAPDF() throws {
        let root = try folder([
            "c.chart.json":
                #"{ "data": { "values": [{ "a": "x", "n": 1 }, { "a": "y", "n": 2 }] }, "mark": "bar", "encoding": { "x": { "field": "a" }, "y": { "field": "n" } } }"#,
            "chartc.theme.json": #"{ "logo": { "file": "logo.svg", "height": 22, "position": "bottom-right" } }"#,
            "logo.svg":
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M 0 0 A 1e308 1e308 0 1 1 1 0 A 1e-308 1e308 45 0 0 5 5 Z"/></svg>"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try run(["build", "c.chart.json", "--format", "pdf,svg"], in: root)
        #expect(result.status == 0, "\(result.error)")
        let pdf = try Data(contentsOf: root.appendingPathComponent("c.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
    }
}
