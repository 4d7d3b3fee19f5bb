#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a shape's stream through one projection can reach of its clip rectangle, proved from the shape's
/// `GeoExtent` without streaming it: albersUsa streams a county through the one inset it lands in instead of all
/// three, and its fit streams only the shapes that could move the bounds. Worked out for the conic equal-area
/// projections albersUsa is made of (rotated in longitude only); anything else is `.unknown`.
enum ExtentReach {
    /// Every point the stream could draw lies outside the clip rectangle: the clip draws nothing (no point
    /// visible, no segment crossing, the rectangle's corner outside every ring).
    case nothing
    /// Every point lies inside the rectangle: nothing is cut, and what is drawn lies in `box` (pixels).
    case inside(box: (x0: Double, y0: Double, x1: Double, y1: Double))
    /// The shape may cross the rectangle's edge, or the extent cannot tell.
    case unknown
}

extension Projection {
    /// Where the stream of a shape with `extent` can land relative to the clip rectangle.
    ///
    /// The rotation moves longitudes only, so the extent's longitudes, shifted, must stay clear of the
    /// antimeridian (then the clip on the sphere cuts nothing). The conic maps the box to an annular sector:
    /// angles n·λ, radii ρ(φ) monotonic in φ; x = ρ sin θ and y = ρ0 − ρ cos θ are bilinear in (ρ, sin θ) and
    /// (ρ, cos θ), so their extremes lie at the corners of those ranges. The pixel box is widened by a margin far
    /// above rounding before it is compared with the rectangle.
    func reach(of extent: GeoExtent) -> ExtentReach {
        guard let conic = raw as? ConicEqualAreaRaw, rotate.1 == 0, rotate.2 == 0, automaticClip == nil, let clip = clipExtent
        else { return .unknown }
        let width = extent.east - extent.west
        var west = GeoMath.remainder(extent.west + GeoMath.remainder(rotate.0, 360), 360)
        if west > 180 { west -= 360 } else if west <= -180 { west += 360 }
        let east = west + width
        guard west > -179.999, east < 179.999 else { return .unknown }
        let n = conic.n
        let pad = 1e-9
        let t0 = n * (west * GeoMath.radians - pad)
        let t1 = n * (east * GeoMath.radians + pad)
        let (thetaLow, thetaHigh) = (min(t0, t1), max(t0, t1))
        var sinLow = min(sin(thetaLow), sin(thetaHigh))
        var sinHigh = max(sin(thetaLow), sin(thetaHigh))
        if thetaLow <= GeoMath.halfPi && GeoMath.halfPi <= thetaHigh { sinHigh = 1 }
        if thetaLow <= -GeoMath.halfPi && -GeoMath.halfPi <= thetaHigh { sinLow = -1 }
        let cosLow = min(cos(thetaLow), cos(thetaHigh))
        let cosHigh = thetaLow <= 0 && 0 <= thetaHigh ? 1 : max(cos(thetaLow), cos(thetaHigh))
        func rho(_ phi: Double) -> Double { max(0, conic.c - 2 * n * sin(phi)).squareRoot() / n }
        let rhoA = rho(extent.south * GeoMath.radians - pad)
        let rhoB = rho(extent.north * GeoMath.radians + pad)
        let xs = [rhoA * sinLow, rhoA * sinHigh, rhoB * sinLow, rhoB * sinHigh]
        let rc = [rhoA * cosLow, rhoA * cosHigh, rhoB * cosLow, rhoB * cosHigh]
        guard let xLow = xs.min(), let xHigh = xs.max(), let rcLow = rc.min(), let rcHigh = rc.max() else { return .unknown }
        let o = offset
        let k = scale
        guard k > 0, k.isFinite else { return .unknown }
        let margin = 1e-6 * max(1, k)
        let box = (
            x0: o.dx + k * xLow - margin, y0: o.dy - k * (conic.r0 - rcLow) - margin,
            x1: o.dx + k * xHigh + margin, y1: o.dy - k * (conic.r0 - rcHigh) + margin
        )
        guard box.x0.isFinite, box.x1.isFinite, box.y0.isFinite, box.y1.isFinite else { return .unknown }
        if box.x1 < clip.x0 || box.x0 > clip.x1 || box.y1 < clip.y0 || box.y0 > clip.y1 { return .nothing }
        if box.x0 > clip.x0 && box.x1 < clip.x1 && box.y0 > clip.y0 && box.y1 < clip.y1 { return .inside(box: box) }
        return .unknown
    }
}
