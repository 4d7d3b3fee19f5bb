import ChartDiagnostics

/// A statistics step (SPEC §21): `quantile`, `density` or `regression`, written at the top level or in a layer.
/// It runs after `filter` and replaces the rows with the ones it computes (per `groupBy` group), so the marks,
/// `sort`, `window` and `chartc data` see those rows. One per spec or layer; it does not combine with `aggregate`.
public struct StatisticsSpec: Sendable {
    /// Which step, with the span of its key (where problems with the step as a whole are reported).
    public var step: Located<StatisticsStepKind>
    /// Groups computed apart; their fields lead each output row.
    public var groupBy: [Located<String>] = []
    public var quantile: QuantileOptions?
    public var density: DensityOptions?
    public var regression: RegressionOptions?

    public init(step: Located<StatisticsStepKind>) {
        self.step = step
    }

    /// The fields the step reads (besides `groupBy`), with where they are written.
    public var inputFields: [Located<String>] {
        if let quantile { return [quantile.field] }
        if let density { return [density.field] }
        if let regression { return [regression.x, regression.y] }
        return []
    }

    /// The fields the step computes, after the `groupBy` fields (SPEC §21's "rows out").
    public var outputNames: [String] {
        switch step.value {
        case .quantile:
            return ["prob", "value", "normal"]
        case .density:
            return ["value", "density"]
        case .regression:
            guard let regression else { return [] }
            if regression.params.value { return regression.method.value.parameterNames(order: regression.order?.value ?? 2) + ["rSquared"] }
            return [regression.x.value, regression.y.value] + (regression.ci == nil ? [] : ["lower", "upper"])
        }
    }
}

/// The three statistics steps' keys.
public enum StatisticsStepKind: String, Sendable, CaseIterable {
    case quantile, density, regression
}

/// `quantile`: type-7 quantiles of `field` at `probs`.
public struct QuantileOptions: Sendable {
    public var field: Located<String>
    public var probabilities: Located<[Double]>

    public init(field: Located<String>, probabilities: Located<[Double]>) {
        self.field = field
        self.probabilities = probabilities
    }

    /// `"probs": N`: N evenly spaced probabilities, the midpoints (i + 0.5) / N of N equal parts of [0, 1] (as
    /// Vega's `step`/2 start does), so none is 0 or 1, where the normal quantile of a Q-Q plot is infinite.
    public static func evenlySpaced(_ count: Int) -> [Double] {
        (0..<max(count, 0)).map { (Double($0) + 0.5) / Double(count) }
    }
}

/// `density`: a Gaussian kernel density estimate of `field`.
public struct DensityOptions: Sendable {
    public var field: Located<String>
    /// The kernel's standard deviation; nil: Scott's rule, σ̂ · n^(−1/5) (σ̂ with n − 1), per group.
    public var bandwidth: Located<Double>?
    /// Where the curve is sampled; nil: from the least to the greatest value of every group's rows together.
    public var extent: Located<[Double]>?
    /// Points along the extent (200 unless written).
    public var steps: Int = 200
    /// The CDF instead of the density.
    public var cumulative = false
    /// Scaled by each group's number of values (an expected count per unit of x).
    public var counts = false

    public init(field: Located<String>) {
        self.field = field
    }
}

/// `regression`: a fitted curve of `y` on `x`.
public struct RegressionOptions: Sendable {
    public var x: Located<String>
    public var y: Located<String>
    public var method: Located<RegressionMethod> = Located(.linear, at: nil)
    /// `poly`'s degree (2 unless written).
    public var order: Located<Int>?
    /// `loess`'s span, the share of the points each local fit uses (0.3 unless written).
    public var bandwidth: Located<Double>?
    /// Points along the x extent (100 unless written).
    public var steps: Int = 100
    /// The confidence level of the `lower`/`upper` band (0.95 for 95%); nil: no band.
    public var ci: Located<Double>?
    /// The coefficients and R² instead of the curve.
    public var params: Located<Bool> = Located(false, at: nil)

    public init(x: Located<String>, y: Located<String>) {
        self.x = x
        self.y = y
    }
}

/// The regression methods (SPEC §21).
public enum RegressionMethod: String, Sendable, CaseIterable {
    case linear, poly, log, exp, pow, loess

    /// The coefficient fields `"params": true` prints, in order.
    public func parameterNames(order: Int) -> [String] {
        switch self {
        case .linear, .log, .exp, .pow: ["a", "b"]
        case .poly: (0...max(order, 1)).map { "b\($0)" }
        case .loess: []
        }
    }

    /// The options besides `x`, `y`, `method`, `groupBy`, `steps`, `ci` and `params` that this method takes.
    public var options: [String] {
        switch self {
        case .poly: ["order"]
        case .loess: ["bandwidth"]
        default: []
        }
    }
}
