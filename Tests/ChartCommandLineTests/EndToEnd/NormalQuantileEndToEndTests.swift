import ChartTestSupport
import Foundation
import Testing

/// `quantile_normal` through `chartc data`, against SciPy's `norm.ppf` across its range, and the Q-Q plot the
/// reference describes: each sorted value against the normal quantile of its plotting position.
@Suite struct NormalQuantileEndToEndTests {
    func data(_ spec: String) throws -> [[String]] {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("q.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["data", file.path])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func theNormalQuantileMatchesSciPyAcrossItsRange() throws {
        let ps = [1e-300, 1e-100, 1e-20, 1e-9, 0.001, 0.02, 0.1, 0.3, 0.4999, 0.5, 0.5001, 0.7, 0.9, 0.975, 0.999, 0.999999, 1 - 1e-12]
        let values = ps.map { "{ \"p\": \($0) }" }.joined(separator: ", ")
        let table = try data(
            """
            { "data": { "values": [\(values)] }, "calculate": { "z": "quantile_normal(p)" }, "mark": "point",
              "encoding": { "x": { "field": "p" }, "y": { "field": "z" } } }
            """)
        let column = try #require(table.first?.firstIndex(of: "z"))
        let program = "from scipy.stats import norm\n" + ps.map { "print(repr(float(norm.ppf(\($0)))))" }.joined(separator: "\n")
        let expected = try runPython(program).split(separator: "\n").compactMap { Double($0) }
        #expect(expected.count == ps.count)
        for ((row, want), p) in zip(zip(table.dropFirst(), expected), ps) {
            let got = try #require(Double(row[column]), "\(row)")
            #expect(abs(got - want) <= 1e-13 * max(1, abs(want)), "quantile_normal(\(p)) = \(got), SciPy \(want)")
        }
    }

    @Test func aQQPlotsPlottingPositionsComeFromAWindow() throws {
        let table = try data(
            """
            { "data": { "values": [{ "v": 3 }, { "v": 1 }, { "v": 2 }, { "v": 5 }] }, "sort": ["v"],
              "window": { "normal": "quantile_normal((row_number() - 0.5) / count())" },
              "mark": "point", "encoding": { "x": { "field": "normal" }, "y": { "field": "v" } } }
            """)
        #expect(table.first == ["v", "normal"])
        let normals = table.dropFirst().compactMap { Double($0[1]) }
        #expect(table.dropFirst().map { $0[0] } == ["1", "2", "3", "5"])
        // norm.ppf of 0.125, 0.375, 0.625, 0.875.
        let scipy = [-1.1503493803760079, -0.31863936396437514, 0.31863936396437514, 1.1503493803760079]
        #expect(normals.count == 4)
        for (got, want) in zip(normals, scipy) { #expect(abs(got - want) <= 1e-14, "\(normals)") }
    }
}
