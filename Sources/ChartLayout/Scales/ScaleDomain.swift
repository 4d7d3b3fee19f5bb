/// Which continuous scale a domain is being resolved for: each widens a single value and applies `zero`/`nice`
/// in its own way.
public enum ContinuousScaleKind: Sendable, Hashable {
    case linear
    /// Power scales (`sqrt` is exponent ½): zero and nice as linear.
    case pow
    case log
    /// Milliseconds since the epoch, UTC.
    case time
    /// Year numbers on a temporal channel: linear with whole-year ticks.
    case years
}

/// The spec's scale options that decide a continuous domain (SPEC §7 `scale.domain`, `zero`, `nice`, and the
/// axis `tickCount`), gathered so the rules live in one place: `ScaleDomain.resolve`.
public struct DomainOptions: Sendable, Hashable {
    /// Include 0 in the domain (bars must start at zero). Ignored by log and time scales and by explicit ends.
    public var zero: Bool
    /// Extend the domain to round tick values. Nil means the default: on, unless the spec gives both ends of an
    /// explicit domain (a domain written `[1945, 2030]` is meant literally).
    public var nice: Bool?
    /// Explicit domain ends from `scale.domain`; either may be nil to take that end from the data.
    public var explicitStart: Double?
    public var explicitEnd: Double?
    /// The tick count hint (`axis.tickCount`), used to decide how round `nice` makes the ends.
    public var tickCount: Int
    /// `scale.zero: false` was written: `nice` keeps data clear of zero clear of it (SPEC §19.7).
    public var avoidsZero = false
    /// A time scale's data precision (`TimePrecision`): `nice` rounds to ticks no finer than it.
    public var finestTimeUnit: TimeTickInterval.Unit?

    public init(zero: Bool = false, nice: Bool? = nil, explicitStart: Double? = nil, explicitEnd: Double? = nil, tickCount: Int = 10) {
        self.zero = zero
        self.nice = nice
        self.explicitStart = explicitStart
        self.explicitEnd = explicitEnd
        self.tickCount = tickCount
    }

    /// Both domain ends were written in the spec.
    public var hasExplicitDomain: Bool { explicitStart != nil && explicitEnd != nil }
}

/// Turns a data extent and the spec's options into the final domain of a continuous scale. The order is:
/// data extent (or a default when there is no data) → `zero` → widen a single value → explicit ends → `nice`.
public enum ScaleDomain {
    /// The final domain, in the order its ends map to the range (an explicit `[2030, 1945]` stays reversed).
    /// - Parameter extent: min and max of the data (see `ScaleInterval.extent(of:positiveOnly:)`; for a log scale
    ///   pass the extent of the positive values only), or nil when there is no finite data value.
    /// - Throws: for a log scale, `.nonPositiveLogDomain` when an explicit end is ≤ 0; `.nonFiniteDomain` for an
    ///   explicit end that is NaN or infinite. (Data without positive values on a log scale is the checking stage's
    ///   `log-scale-no-positive-values`: it never reaches layout, which would draw the default decade.)
    public static func resolve(
        _ kind: ContinuousScaleKind, extent: ScaleInterval?, options: DomainOptions
    ) throws(ScaleError) -> ScaleInterval {
        let explicitStart = options.explicitStart
        let explicitEnd = options.explicitEnd
        if explicitStart.map({ !$0.isFinite }) ?? false || explicitEnd.map({ !$0.isFinite }) ?? false {
            throw .nonFiniteDomain(ScaleInterval(explicitStart ?? .nan, explicitEnd ?? .nan))
        }

        var domain = extent?.ascending ?? defaultDomain(kind)
        if options.zero && (kind == .linear || kind == .pow || kind == .years) {
            domain = ScaleInterval(Swift.min(domain.start, 0), Swift.max(domain.end, 0))
        }
        if domain.isDegenerate { domain = widen(domain.start, kind) }
        domain = ScaleInterval(explicitStart ?? domain.start, explicitEnd ?? domain.end)
        if domain.isDegenerate { domain = widen(domain.start, kind) }
        if kind == .log && !(domain.lower > 0) { throw .nonPositiveLogDomain(domain) }

        guard options.nice ?? !options.hasExplicitDomain else { return domain }
        let count = Swift.max(1, options.tickCount)
        let niced: ScaleInterval
        switch kind {
        case .linear, .pow: niced = LinearTicks.nice(domain, count: count, avoidingZero: options.avoidsZero)
        case .years: niced = LinearTicks.nice(domain, count: count, integer: true, avoidingZero: options.avoidsZero)
        case .log: niced = (try? LogScale(domain: domain, range: ScaleInterval(0, 1)))?.niced().domain ?? domain
        case .time:
            niced = TimeScale(domain: domain, range: ScaleInterval(0, 1), finestUnit: options.finestTimeUnit).niced(tickCount: count).domain
        }
        // `nice` only moves ends that came from the data; both keep their direction.
        return ScaleInterval(explicitStart ?? niced.start, explicitEnd ?? niced.end)
    }

    /// The domain when there is no data at all, so an empty chart still draws a sensible axis.
    public static func defaultDomain(_ kind: ContinuousScaleKind) -> ScaleInterval {
        switch kind {
        case .linear, .pow: ScaleInterval(0, 1)
        case .log: ScaleInterval(1, 10)
        case .time: ScaleInterval(0, Double(TimeTickInterval.msPerDay))
        case .years: ScaleInterval(2000, 2010)
        }
    }

    /// A domain around a single value: ±1 around 0, ±10% around other numbers, ±1 year for year numbers, a decade
    /// either way on a log scale, a day either way for instants.
    public static func widen(_ value: Double, _ kind: ContinuousScaleKind) -> ScaleInterval {
        switch kind {
        case .linear, .pow:
            if value == 0 { return ScaleInterval(-1, 1) }
            let pad = abs(value) * 0.1
            return ScaleInterval(value - pad, value + pad)
        case .years: return ScaleInterval(value - 1, value + 1)
        case .log: return value > 0 ? ScaleInterval(value / 10, value * 10) : ScaleInterval(1, 10)
        case .time:
            let day = Double(TimeTickInterval.msPerDay)
            return ScaleInterval(value - day, value + day)
        }
    }
}
