/// Categories on a position axis, each given an equal band (bars, heatmap cells). The range is divided into
/// `domain.count` steps; `paddingInner` (a fraction of a step) separates neighbouring bands, `paddingOuter` (also in
/// steps) pads both ends, and `align` says where leftover space goes (0 = start, ½ = both sides, 1 = end).
public struct BandScale: Sendable {
    /// The categories in order, without duplicates (later repeats are ignored).
    public let domain: [String]
    /// The pixel range as given (after `reverse`); a backwards range puts the first category at its start.
    public let range: ScaleInterval
    public let paddingInner: Double
    public let paddingOuter: Double
    public let align: Double
    /// Distance between the starts of neighbouring bands.
    public let step: Double
    /// Width of each band.
    public let bandwidth: Double
    /// The lower pixel edge of each band, in domain order.
    private let starts: [Double]
    private let indices: [String: Int]

    /// Vega-Lite's defaults for bars: a tenth of a step between bands, half that at the ends.
    public static let defaultPaddingInner = 0.1
    public static let defaultPaddingOuter = 0.05

    /// - Parameters:
    ///   - paddingInner: clamped to 0…1.
    ///   - paddingOuter: clamped to ≥ 0.
    ///   - align: clamped to 0…1.
    ///   - reverse: swap the range ends (the spec's `scale.reverse`).
    public init(
        domain: [String], range: ScaleInterval, paddingInner: Double = BandScale.defaultPaddingInner,
        paddingOuter: Double = BandScale.defaultPaddingOuter, align: Double = 0.5, reverse: Bool = false
    ) {
        var unique: [String] = []
        var indices: [String: Int] = [:]
        for key in domain where indices[key] == nil {
            indices[key] = unique.count
            unique.append(key)
        }
        let inner = paddingInner.isFinite ? Swift.min(1, Swift.max(0, paddingInner)) : 0
        let outer = paddingOuter.isFinite ? Swift.max(0, paddingOuter) : 0
        let align = align.isFinite ? Swift.min(1, Swift.max(0, align)) : 0.5
        let range = reverse ? range.reversed : range
        let width = range.isFinite ? range.upper - range.lower : 0
        let n = Double(unique.count)
        let step = width / Swift.max(1, n - inner + 2 * outer)
        let used = step * Swift.max(0, n - inner)
        let first = (range.isFinite ? range.lower : 0) + (width - used) * align
        var starts = (0..<unique.count).map { first + step * Double($0) }
        if range.isReversed { starts.reverse() }

        self.domain = unique
        self.range = range
        self.paddingInner = inner
        self.paddingOuter = outer
        self.align = align
        self.step = step
        self.bandwidth = step * (1 - inner)
        self.starts = starts
        self.indices = indices
    }

    /// The lower pixel edge of a category's band (the band is `position … position + bandwidth`), or nil for a
    /// value not in the domain.
    public func position(of key: String) -> Double? {
        index(of: key).map { starts[$0] }
    }

    /// Same as `position(of:)`.
    public func callAsFunction(_ key: String) -> Double? { position(of: key) }

    /// The middle of a category's band, where its tick and label go.
    public func center(of key: String) -> Double? {
        position(of: key).map { $0 + bandwidth / 2 }
    }

    /// A category's position in the domain.
    public func index(of key: String) -> Int? { indices[key] }

    /// The lower edge of the band at a domain index.
    public func position(at index: Int) -> Double? {
        starts.indices.contains(index) ? starts[index] : nil
    }

    /// The category whose step contains a pixel position (for hit testing), or nil outside every step.
    public func key(at pixel: Double) -> String? {
        guard step > 0, pixel.isFinite else { return nil }
        let gap = step - bandwidth
        for (index, start) in starts.enumerated() where pixel >= start - gap / 2 && pixel < start + bandwidth + gap / 2 {
            return domain[index]
        }
        return nil
    }
}

/// Categories as points spread evenly along an axis (a dot plot or a line over ordinal values): a band scale with
/// zero-width bands. `padding` (in steps) keeps the first and last points off the ends.
public struct PointScale: Sendable {
    private let band: BandScale

    public init(domain: [String], range: ScaleInterval, padding: Double = 0.5, align: Double = 0.5, reverse: Bool = false) {
        band = BandScale(domain: domain, range: range, paddingInner: 1, paddingOuter: padding, align: align, reverse: reverse)
    }

    public var domain: [String] { band.domain }
    public var range: ScaleInterval { band.range }
    public var padding: Double { band.paddingOuter }
    /// Distance between neighbouring points.
    public var step: Double { band.step }

    /// The pixel position of a category, or nil for a value not in the domain.
    public func position(of key: String) -> Double? { band.position(of: key) }

    public func callAsFunction(_ key: String) -> Double? { band.position(of: key) }

    public func index(of key: String) -> Int? { band.index(of: key) }
}
