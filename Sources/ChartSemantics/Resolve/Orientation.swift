/// Which way a mark's measure runs: up from the x axis (`vertical` bars, ordinary time series) or out from the
/// y axis (`horizontal` bars, lines with years on y). Resolved once by the checking stage (`ResolvedView`).
public enum Orientation: Sendable, Equatable {
    /// The measure is on y; categories or time on x.
    case vertical
    /// The measure is on x; categories or time on y.
    case horizontal

    /// SPEC §6–7: bars go across discrete categories; with two continuous channels, the temporal one (or a bin)
    /// is the independent axis; otherwise x is. Nil when a channel's type is not known yet.
    static func decide(x: ResolvedChannel?, y: ResolvedChannel?) -> Orientation? {
        switch (x, y) {
        case (nil, .some(let y)):
            return y.isContinuous.map { $0 ? .vertical : .horizontal }
        case (.some(let x), nil):
            return x.isContinuous.map { $0 ? .horizontal : .vertical }
        case (.some(let x), .some(let y)):
            guard let xContinuous = x.isContinuous, let yContinuous = y.isContinuous else { return nil }
            if !xContinuous && yContinuous { return .vertical }
            if xContinuous && !yContinuous { return .horizontal }
            if y.type == .temporal && x.type == .quantitative { return .horizontal }
            // A bin field (SPEC §13) is the independent axis: a histogram on its side.
            if y.binStep != nil && x.binStep == nil { return .horizontal }
            return .vertical
        case (nil, nil):
            return .vertical
        }
    }
}
