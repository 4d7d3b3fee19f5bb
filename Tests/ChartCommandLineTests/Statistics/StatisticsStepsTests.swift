import ChartTestSupport
import Foundation
import Testing

/// The statistics steps (SPEC §21) through the built binary: `chartc data`'s rows against independent
/// computations in NumPy/SciPy (type-7 quantiles and `norm.ppf`; `gaussian_kde` with Scott's rule; `lm`'s
/// coefficients and confidence band from its normal equations; loess as a small NumPy implementation of R's
/// `loess(degree = 1, family = "gaussian", surface = "direct", statistics = "exact")`), the plan line, and every
/// error at its line:col. Tolerances: 1e-9 relative (the computations differ only in summation order).
@Suite struct StatisticsStepsTests {
    /// Noisy points with a curve in them: x = 1…40, y = 0.05x² − x + 3 + a deterministic wobble; a group field.
    static let points: String = {
        var lines = ["x,y,g,label"]
        for i in 1...40 {
            let x = Double(i)
            let wobble = sin(x * 1.7) * 2.5 + cos(x * 0.3) * 1.5
            lines.append("\(i),\(0.05 * x * x - x + 3 + wobble),\(i % 3 == 0 ? "b" : "a"),p\(i)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Runs `chartc arguments` on `spec` written beside `points.csv`.
    func run(_ arguments: [String], _ spec: String) throws -> ProcessResult {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.points.write(to: scratch.appendingPathComponent("points.csv"), atomically: true, encoding: .utf8)
        let file = scratch.appendingPathComponent("stats.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return try ChartcBinary.run(arguments + [file.path], in: scratch)
    }

    static func spec(_ step: String, x: String = "x", y: String = "y") -> String {
        """
        { "title": "Statistics", "data": { "url": "points.csv" },
          \(step),
          "mark": "line", "encoding": { "x": { "field": "\(x)" }, "y": { "field": "\(y)" } } }
        """
    }

    /// `chartc data`'s rows as columns of numbers by name (text columns are left out).
    func data(_ spec: String) throws -> (header: [String], columns: [String: [Double]], text: [[String]]) {
        let result = try run(["data"], spec)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.first ?? []
        var columns: [String: [Double]] = [:]
        for (index, name) in header.enumerated() {
            columns[name] = lines.dropFirst().map { Double($0[index]) ?? .nan }
        }
        return (header, columns, Array(lines.dropFirst()))
    }

    /// Python that defines `x`, `y`, `g` from the same points, then runs `body`, which prints numbers one a line.
    func python(_ body: String) throws -> [Double] {
        let prelude = """
            import numpy as np
            from scipy import stats
            x = np.arange(1, 41, dtype=float)
            y = 0.05 * x * x - x + 3 + np.sin(x * 1.7) * 2.5 + np.cos(x * 0.3) * 1.5
            g = np.where(np.arange(1, 41) % 3 == 0, 'b', 'a')
            def out(values):
                for v in np.atleast_1d(values): print(repr(float(v)))

            """
        return try runPython(prelude + body).split(separator: "\n").compactMap { Double($0) }
    }

    func expectClose(_ got: [Double]?, _ want: [Double], _ what: String, tolerance: Double = 1e-9) {
        guard let got else {
            Issue.record("\(what): no column")
            return
        }
        #expect(got.count == want.count, "\(what): \(got.count) rows, expected \(want.count)")
        for (index, (a, b)) in zip(got, want).enumerated() {
            #expect(abs(a - b) <= tolerance * max(1, abs(b)), "\(what)[\(index)]: \(a), expected \(b)")
        }
    }

    // MARK: quantile

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func quantilesAreTypeSevenPerGroupWithTheNormalQuantile() throws {
        let table = try data(Self.spec(#""quantile": { "field": "y", "probs": 7, "groupBy": ["g"] }"#, x: "normal", y: "value"))
        #expect(table.header == ["g", "prob", "value", "normal"])
        #expect(table.text.map { $0[0] } == Array(repeating: "a", count: 7) + Array(repeating: "b", count: 7))
        let probs = (0..<7).map { (Double($0) + 0.5) / 7 }
        expectClose(table.columns["prob"], probs + probs, "prob")
        let expected = try python(
            """
            p = (np.arange(7) + 0.5) / 7
            out(np.quantile(y[g == 'a'], p)); out(np.quantile(y[g == 'b'], p))
            out(stats.norm.ppf(p)); out(stats.norm.ppf(p))
            """)
        expectClose(table.columns["value"], Array(expected[0..<14]), "value")
        expectClose(table.columns["normal"], Array(expected[14...]), "normal", tolerance: 1e-13)
    }

    @Test func aListOfProbabilitiesIsUsedAsWrittenAndTheEndsHaveNoNormalQuantile() throws {
        let table = try data(Self.spec(#""quantile": { "field": "x", "probs": [0, 0.25, 1] }"#, x: "prob", y: "value"))
        #expect(table.text.map { $0[0] } == ["0", "0.25", "1"])
        // Type 7 over 1…40: 1 + 0.25 · 39 = 10.75.
        #expect(table.text.map { $0[1] } == ["1", "10.75", "40"])
        #expect(table.text.map { $0[2] } == ["", "-0.6744897501960817", ""])
    }

    // MARK: density

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func densitiesAreSciPysGaussianKDEWithScottsBandwidth() throws {
        let table = try data(Self.spec(#""density": { "field": "y", "groupBy": ["g"], "steps": 9 }"#, x: "value", y: "density"))
        #expect(table.header == ["g", "value", "density"])
        let expected = try python(
            """
            grid = np.linspace(y.min(), y.max(), 9)
            out(grid); out(grid)
            out(stats.gaussian_kde(y[g == 'a'])(grid)); out(stats.gaussian_kde(y[g == 'b'])(grid))
            """)
        expectClose(table.columns["value"], Array(expected[0..<18]), "value")
        expectClose(table.columns["density"], Array(expected[18...]), "density")
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func aCumulativeDensityWithCountsAndAGivenBandwidthAndExtent() throws {
        let table = try data(
            Self.spec(
                #""density": { "field": "y", "bandwidth": 2.5, "extent": [-10, 80], "steps": 7, "cumulative": true, "counts": true }"#,
                x: "value", y: "density"))
        let expected = try python(
            """
            grid = np.linspace(-10, 80, 7)
            out(grid)
            out([stats.norm.cdf((v - y) / 2.5).sum() for v in grid])
            """)
        expectClose(table.columns["value"], Array(expected[0..<7]), "value")
        expectClose(table.columns["density"], Array(expected[7...]), "cumulative counts")
    }

    @Test func aDensityIntegratesToOne() throws {
        let table = try data(Self.spec(#""density": { "field": "y", "extent": [-60, 140], "steps": 2001 }"#, x: "value", y: "density"))
        let values = try #require(table.columns["value"])
        let density = try #require(table.columns["density"])
        var area = 0.0
        for index in 1..<values.count { area += (values[index] - values[index - 1]) * (density[index] + density[index - 1]) / 2 }
        #expect(abs(area - 1) < 1e-6, "\(area)")
    }

    // MARK: regression

    /// lm's fit and confidence band from the normal equations, for a design built in Python.
    static let lm = """
        def lm(X, v, X0, level):
            beta = np.linalg.lstsq(X, v, rcond=None)[0]
            n, p = X.shape
            s = np.sqrt(((v - X @ beta) ** 2).sum() / (n - p))
            cov = np.linalg.inv(X.T @ X)
            fit = X0 @ beta
            se = s * np.sqrt(np.einsum('ij,jk,ik->i', X0, cov, X0))
            t = stats.t.ppf((1 + level) / 2, n - p)
            r2 = 1 - ((v - X @ beta) ** 2).sum() / ((v - v.mean()) ** 2).sum()
            return beta, fit, fit - t * se, fit + t * se, r2

        """

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func aLinearFitAndItsConfidenceBandAreLms() throws {
        let table = try data(Self.spec(#""regression": { "x": "x", "y": "y", "steps": 5, "ci": 0.9 }"#))
        #expect(table.header == ["x", "y", "lower", "upper"])
        let expected = try python(
            Self.lm + """
                grid = np.linspace(1, 40, 5)
                X = np.column_stack([np.ones(40), x]); X0 = np.column_stack([np.ones(5), grid])
                beta, fit, lo, hi, r2 = lm(X, y, X0, 0.9)
                out(grid); out(fit); out(lo); out(hi)
                """)
        expectClose(table.columns["x"], Array(expected[0..<5]), "x")
        expectClose(table.columns["y"], Array(expected[5..<10]), "fit")
        expectClose(table.columns["lower"], Array(expected[10..<15]), "lower")
        expectClose(table.columns["upper"], Array(expected[15..<20]), "upper")
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func coefficientsAndRSquaredOfEveryLeastSquaresMethod() throws {
        let cases: [(method: String, names: [String], python: String)] = [
            ("\"linear\"", ["a", "b"], "beta, *_, r2 = lm(np.column_stack([np.ones(40), x]), y, np.ones((1, 2)), 0.95); out(beta); out(r2)"),
            (
                "\"poly\", \"order\": 3", ["b0", "b1", "b2", "b3"],
                "beta, *_, r2 = lm(np.vander(x, 4, increasing=True), y, np.ones((1, 4)), 0.95); out(beta); out(r2)"
            ),
            ("\"log\"", ["a", "b"], "beta, *_, r2 = lm(np.column_stack([np.ones(40), np.log(x)]), y, np.ones((1, 2)), 0.95); out(beta); out(r2)"),
            (
                "\"exp\"", ["a", "b"],
                "k = y > 0\nbeta, *_, r2 = lm(np.column_stack([np.ones(k.sum()), x[k]]), np.log(y[k]), np.ones((1, 2)), 0.95); out([np.exp(beta[0]), beta[1]]); out(r2)"
            ),
            (
                "\"pow\"", ["a", "b"],
                "k = y > 0\nbeta, *_, r2 = lm(np.column_stack([np.ones(k.sum()), np.log(x[k])]), np.log(y[k]), np.ones((1, 2)), 0.95); out([np.exp(beta[0]), beta[1]]); out(r2)"
            )
        ]
        for (method, names, program) in cases {
            let table = try data(Self.spec(#""regression": { "x": "x", "y": "y", "method": \#(method), "params": true }"#, x: names[0], y: names[1]))
            #expect(table.header == names + ["rSquared"], "\(method)")
            let expected = try python(Self.lm + program)
            expectClose((names + ["rSquared"]).compactMap { table.columns[$0]?.first }, expected, method, tolerance: 1e-8)
        }
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func aPowerCurvesBandIsTheLogScaleBandTransformedBack() throws {
        let table = try data(Self.spec(#""regression": { "x": "x", "y": "y", "method": "pow", "steps": 4, "ci": 0.95 }"#))
        let expected = try python(
            Self.lm + """
                k = y > 0
                grid = np.linspace(x[k].min(), x[k].max(), 4)
                beta, fit, lo, hi, r2 = lm(np.column_stack([np.ones(k.sum()), np.log(x[k])]), np.log(y[k]), np.column_stack([np.ones(4), np.log(grid)]), 0.95)
                out(grid); out(np.exp(fit)); out(np.exp(lo)); out(np.exp(hi))
                """)
        expectClose(table.columns["x"], Array(expected[0..<4]), "x")
        expectClose(table.columns["y"], Array(expected[4..<8]), "fit")
        expectClose(table.columns["lower"], Array(expected[8..<12]), "lower")
        expectClose(table.columns["upper"], Array(expected[12..<16]), "upper")
    }

    /// R's loess (degree 1, gaussian, direct, exact statistics), written out in NumPy.
    static let loess = """
        def operator(x0, xs, q):
            d = np.abs(xs - x0)
            h = np.sort(d)[q - 1]
            w = np.where(d < h, (1 - (d / h) ** 3) ** 3, 0.0)
            X = np.column_stack([np.ones(len(xs)), xs - x0])
            W = np.diag(w)
            return (np.linalg.inv(X.T @ W @ X) @ X.T @ W)[0]
        def loess(xs, ys, span, grid, level):
            n = len(xs); q = int(np.floor(n * span))
            L = np.array([operator(v, xs, q) for v in xs])
            A = np.eye(n) - L
            M = A.T @ A
            d1 = np.trace(M); d2 = np.trace(M @ M)
            s = np.sqrt(((A @ ys) ** 2).sum() / d1)
            rows = np.array([operator(v, xs, q) for v in grid])
            fit = rows @ ys
            se = s * np.sqrt((rows ** 2).sum(axis=1))
            t = stats.t.ppf((1 + level) / 2, d1 * d1 / d2)
            return fit, fit - t * se, fit + t * se

        """

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func loessAndItsBandAreRsLocalLinearFit() throws {
        let table = try data(Self.spec(#""regression": { "x": "x", "y": "y", "method": "loess", "bandwidth": 0.4, "steps": 6, "ci": 0.95 }"#))
        #expect(table.header == ["x", "y", "lower", "upper"])
        let expected = try python(
            Self.loess + """
                grid = np.linspace(1, 40, 6)
                fit, lo, hi = loess(x, y, 0.4, grid, 0.95)
                out(grid); out(fit); out(lo); out(hi)
                """)
        expectClose(table.columns["x"], Array(expected[0..<6]), "x")
        expectClose(table.columns["y"], Array(expected[6..<12]), "fit")
        expectClose(table.columns["lower"], Array(expected[12..<18]), "lower")
        expectClose(table.columns["upper"], Array(expected[18..<24]), "upper")
    }

    @Test(.enabled(if: sciPyAvailable, "needs python3 with scipy (CI installs it)"))
    func loessPerGroup() throws {
        let table = try data(Self.spec(#""regression": { "x": "x", "y": "y", "method": "loess", "bandwidth": 0.5, "groupBy": ["g"], "steps": 3 }"#))
        #expect(table.header == ["g", "x", "y"])
        let expected = try python(
            Self.loess + """
                for key in ['a', 'b']:
                    xs, ys = x[g == key], y[g == key]
                    grid = np.linspace(xs.min(), xs.max(), 3)
                    out(loess(xs, ys, 0.5, grid, 0.95)[0])
                """)
        expectClose(table.columns["y"], expected, "fit")
    }

    // MARK: plan and errors

    @Test func thePlanShowsTheStepAndWhatItReplaces() throws {
        let plan = try run(["plan"], Self.spec(#""regression": { "x": "x", "y": "y", "method": "loess", "ci": 0.95 }"#))
        #expect(plan.status == 0, "\(plan.error)")
        #expect(plan.output.contains("(csv; 2 of 4 columns: x, y)\n"), "\(plan.output)")
        #expect(
            plan.output.hasSuffix(
                """
                regression y ~ x, loess  (local linear, tricube weights, span 0.3; 100 points over the x extent; lower/upper: 95% confidence band; replaces the rows)
                output  x, y, lower, upper

                """), "\(plan.output)")
    }

    @Test func errorsAreReportedAtTheirLineAndColumn() throws {
        let cases: [(step: String, x: String, y: String, position: String, message: String)] = [
            (#""quantile": { "field": "vy" }"#, "value", "normal", "2:26", "unknown quantile field 'vy'; did you mean 'y'?"),
            (#""density": { "field": "label" }"#, "value", "density", "2:25", "'density' computes over numbers, but 'label' holds text"),
            (
                #""regression": { "x": "x", "y": "y", "order": 2 }"#, "x", "y", "2:39",
                "'regression.order' does not apply to the method 'linear': only poly take it"
            ),
            (
                #""regression": { "x": "x", "y": "y", "method": "poly", "bandwidth": 0.5 }"#, "x", "y", "2:57",
                "'regression.bandwidth' does not apply to the method 'poly': only loess take it"
            ),
            (#""quantile": { "field": "y" }, "density": { "field": "y" }"#, "value", "density", "2:33", "'density' and 'quantile' are both given"),
            (#""quantile": { "field": "y", "groupBy": ["gg"] }"#, "value", "prob", "2:43", "unknown quantile.groupBy field 'gg'; did you mean 'g'?"),
            (#""regression": { "x": "x", "y": "y", "params": true, "ci": 0.9 }"#, "a", "b", "2:55", "'regression.ci' shapes the fitted curve")
        ]
        for (step, x, y, position, message) in cases {
            for command in ["data", "lint"] {
                let result = try run([command], Self.spec(step, x: x, y: y))
                #expect(result.status == 1, "\(step) \(command): \(result.error)")
                let printed = result.output + result.error
                #expect(printed.contains("stats.chart.json:\(position): error: \(message)"), "\(step) \(command): \(printed)")
            }
        }
    }

    @Test func aChannelMustShowAFieldOfTheNewRows() throws {
        let result = try run(["lint"], Self.spec(#""quantile": { "field": "y" }"#, x: "normal", y: "y"))
        #expect(result.status == 1)
        #expect((result.output + result.error).contains("'quantile' replaces the rows"), "\(result.output + result.error)")
    }

    @Test func pointsAndTheirFitAreTwoLayersOverTheSameData() throws {
        let spec = """
            { "title": "Fit", "data": { "url": "points.csv" }, "filter": "x <= 30",
              "layers": [
                { "mark": "point" },
                { "mark": "line", "regression": { "x": "x", "y": "y", "steps": 3 } }
              ],
              "encoding": { "x": { "field": "x" }, "y": { "field": "y" } } }
            """
        let result = try run(["data", "--layer", "1"], spec)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("x,y\n1,"), "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 4)
        #expect(result.output.contains("\n30,"), "the top-level filter applies before the fit: \(result.output)")
        let build = try run(["lint"], spec)
        #expect(build.status == 0, "\(build.output + build.error)")
    }
}
