/// What a fill paints with: one color, or a linear gradient evaluated at each pixel's centre. Components are
/// sRGB 0…1, not premultiplied; the canvas composites in sRGB as browsers do.
enum RasterPaint {
    case solid(red: Float, green: Float, blue: Float, alpha: Float)
    case gradient(RasterGradient)
}

/// A linear gradient in device pixels: the ramp from (x1, y1) to (x2, y2), padded past both ends as SVG's
/// `spreadMethod="pad"`; stops sorted and clamped to 0…1 with their colors and opacities.
struct RasterGradient {
    var x1: Double, y1: Double, x2: Double, y2: Double
    var stops: [(offset: Double, red: Float, green: Float, blue: Float, alpha: Float)]

    func color(_ x: Double, _ y: Double) -> (Float, Float, Float, Float) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
        let dx = x2 - x1, dy = y2 - y1
        let length = dx * dx + dy * dy
        let t = length > 0 ? ((x - x1) * dx + (y - y1) * dy) / length : 0
        if t <= first.offset { return (first.red, first.green, first.blue, first.alpha) }
        if t >= last.offset { return (last.red, last.green, last.blue, last.alpha) }
        for index in 1..<stops.count where t <= stops[index].offset {
            let a = stops[index - 1], b = stops[index]
            let span = b.offset - a.offset
            let w = Float(span > 0 ? (t - a.offset) / span : 1)
            // Interpolated premultiplied, as browsers do, then returned unpremultiplied.
            let alpha = a.alpha + (b.alpha - a.alpha) * w
            guard alpha > 0 else { return (0, 0, 0, 0) }
            func mix(_ p: Float, _ q: Float) -> Float { (p * a.alpha + (q * b.alpha - p * a.alpha) * w) / alpha }
            return (mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue), alpha)
        }
        return (last.red, last.green, last.blue, last.alpha)
    }
}
