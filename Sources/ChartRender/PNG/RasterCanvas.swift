/// Pixels of a rectangle of the page: 8-bit premultiplied RGBA, as browsers composite (Skia's N32), one `UInt32`
/// a pixel with red in the low byte. The page is drawn a band of rows at a time into one such canvas (`top` is
/// the band's first row), and an element drawn as a whole (a translucent shape with a stroke, a logo's clipped
/// group) into a canvas of its own over the pixels it reaches, then composited (`left`, `top` place it).
/// Colors are composited source-over in sRGB.
struct RasterCanvas {
    /// The page column and row of the first pixel.
    private(set) var left: Int
    private(set) var top: Int
    let width: Int
    private(set) var height: Int
    /// Row after row, `width` pixels each.
    private(set) var pixels: [UInt32]

    init(left: Int = 0, top: Int = 0, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// Makes this canvas rows `top ..< top + height` (at most the rows it was made with), all transparent unless
    /// `clear` is false (what will be drawn first covers them all): the next band of the page in the same memory.
    mutating func reset(top: Int, height: Int, clear: Bool = true) {
        self.top = top
        self.height = max(1, min(height, pixels.count / width))
        guard clear else { return }
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            base.update(repeating: 0, count: self.width * self.height)
        }
    }

    /// One pixel's premultiplied channels, 0…1, by page column and row; transparent outside the canvas.
    func pixel(_ x: Int, _ y: Int) -> (red: Float, green: Float, blue: Float, alpha: Float) {
        guard x >= left, x < left + width, y >= top, y < top + height else { return (0, 0, 0, 0) }
        let value = pixels[(y - top) * width + x - left]
        func channel(_ shift: UInt32) -> Float { Float(value >> shift & 0xFF) / 255 }
        return (channel(0), channel(8), channel(16), channel(24))
    }

    /// Fills the polylines (device pixels; each subpath closed) with `paint` at `opacity`, cut to `clip`, at
    /// once (the page records its fills and draws them by bands: `RasterDisplayList`).
    mutating func fill(_ outline: RasterPolylines, rule: RasterFillRule, paint: RasterPaint, opacity: Double, clip: RasterClip?) {
        guard
            var fill = RasterFill(
                outline, rule: rule, paint: paint, opacity: opacity, clip: clip, width: left + width, height: top + height)
        else { return }
        var scratch = RasterScratch()
        fill.draw(rows: top..<(top + height), into: &self, scratch: &scratch)
    }

    /// Runs `body` over the pixels with the canvas's first column, first row and width.
    mutating func withRows(_ body: (UnsafeMutableBufferPointer<UInt32>, Int, Int, Int) -> Void) {
        let left = left, top = top, width = width
        pixels.withUnsafeMutableBufferPointer { body($0, left, top, width) }
    }

    /// Composites `layer` (placed by its own `left` and `top`) over these pixels at `opacity`: how a layer drawn
    /// opaque takes its element's opacity.
    mutating func composite(_ layer: RasterCanvas, opacity: Float) {
        guard opacity > 0 else { return }
        let scale = min(1, opacity)
        let firstRow = max(top, layer.top), lastRow = min(top + height, layer.top + layer.height)
        let firstColumn = max(left, layer.left), lastColumn = min(left + width, layer.left + layer.width)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        layer.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in firstRow..<lastRow {
                    let from = (row - layer.top) * layer.width - layer.left
                    let to = (row - top) * width - left
                    for column in firstColumn..<lastColumn {
                        let value = source[from + column]
                        guard value != 0 else { continue }
                        if scale == 1 && value >> 24 == 0xFF {
                            target[to + column] = value
                            continue
                        }
                        let red = Float(value & 0xFF) * scale, green = Float(value >> 8 & 0xFF) * scale
                        let blue = Float(value >> 16 & 0xFF) * scale, alpha = Float(value >> 24) * scale
                        target[to + column] = Self.over(red, green, blue, alpha, target[to + column])
                    }
                }
            }
        }
    }

    /// Multiplies every pixel by the alpha of the same pixel of `mask` (placed by its own `left` and `top`;
    /// transparent where it does not reach): what a clip path leaves of a layer.
    mutating func mask(by mask: RasterCanvas) {
        for row in 0..<height {
            for column in 0..<width {
                let coverage = mask.pixel(left + column, top + row).alpha
                if coverage >= 1 { continue }
                let at = row * width + column
                let value = pixels[at]
                guard value != 0 else { continue }
                pixels[at] =
                    Self.level(Float(value & 0xFF) * coverage) | Self.level(Float(value >> 8 & 0xFF) * coverage) << 8
                    | Self.level(Float(value >> 16 & 0xFF) * coverage) << 16 | Self.level(Float(value >> 24) * coverage) << 24
            }
        }
    }

    /// Runs `body` with row `row` (page row) as 8-bit straight RGBA: the canvas's own bytes when the caller knows
    /// every pixel is `opaque` (on a little-endian processor a pixel's value in memory is its bytes, red first),
    /// else converted into `scratch`.
    func withStraightRow(_ row: Int, opaque: Bool, scratch: UnsafeMutableBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        #if _endian(little)
            if opaque, row >= top, row < top + height {
                let start = (row - top) * width
                pixels.withUnsafeBufferPointer { pixels in
                    UnsafeBufferPointer(rebasing: pixels[start..<(start + width)]).withMemoryRebound(to: UInt8.self) { body($0) }
                }
                return
            }
        #endif
        straightRow(row, into: scratch)
        body(UnsafeBufferPointer(scratch))
    }

    /// Row `row` (page row) as 8-bit straight (not premultiplied) RGBA, `width` × 4 bytes.
    func straightRow(_ row: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard row >= top, row < top + height, bytes.count >= width * 4, let target = UnsafeMutableRawPointer(bytes.baseAddress) else { return }
        pixels.withUnsafeBufferPointer { pixels in
            let base = (row - top) * width
            for column in 0..<width {
                // Red first in memory whatever the processor's byte order.
                target.storeBytes(of: Self.straight(pixels[base + column]).littleEndian, toByteOffset: column * 4, as: UInt32.self)
            }
        }
    }

    /// A premultiplied pixel value as straight: opaque ones as they are, and transparent ones too (their
    /// premultiplied channels are zero).
    @inline(__always)
    static func straight(_ value: UInt32) -> UInt32 {
        let alpha = value >> 24
        guard alpha != 0xFF && alpha != 0 else { return value }
        let unscale = 255 / Float(alpha)
        return level(Float(value & 0xFF) * unscale) | level(Float(value >> 8 & 0xFF) * unscale) << 8
            | level(Float(value >> 16 & 0xFF) * unscale) << 16 | alpha << 24
    }

    /// Premultiplied source channels (0…255) composited source-over onto the pixel `under`.
    @inline(__always)
    static func over(_ red: Float, _ green: Float, _ blue: Float, _ alpha: Float, _ under: UInt32) -> UInt32 {
        let keep = 1 - alpha / 255
        return level(red + Float(under & 0xFF) * keep) | level(green + Float(under >> 8 & 0xFF) * keep) << 8
            | level(blue + Float(under >> 16 & 0xFF) * keep) << 16 | level(alpha + Float(under >> 24) * keep) << 24
    }

    /// A channel value 0…255 rounded to the nearest level (half up); out of range the nearest end, NaN 0.
    @inline(__always)
    static func level(_ value: Float) -> UInt32 {
        guard value > 0 else { return 0 }
        guard value < 254.5 else { return 255 }
        return UInt32(exactly: (value + 0.5).rounded(.towardZero)) ?? 0
    }

    /// What a fill paints a pixel with, made once per fill: a solid color premultiplied by its opacity (0…255),
    /// and as one opaque pixel value when it covers what is under it; or a gradient, evaluated per pixel.
    struct Source {
        let red: Float, green: Float, blue: Float, alpha: Float
        /// The pixel a whole pixel's coverage writes, when the color is opaque.
        let opaque: UInt32?
        let gradient: RasterGradient?
        let opacity: Float

        /// Coverage this close to 1 paints as whole (within a quarter of a level of 255).
        static let whole: Float = 0.9995

        init(_ paint: RasterPaint, opacity: Float) {
            self.opacity = opacity
            switch paint {
            case .solid(let r, let g, let b, let a):
                let alpha = min(1, max(0, a)) * opacity
                red = min(1, max(0, r)) * alpha * 255
                green = min(1, max(0, g)) * alpha * 255
                blue = min(1, max(0, b)) * alpha * 255
                self.alpha = alpha * 255
                opaque = alpha >= 1 ? level(red) | level(green) << 8 | level(blue) << 16 | 0xFF00_0000 : nil
                gradient = nil
            case .gradient(let ramp):
                (red, green, blue, alpha) = (0, 0, 0, 0)
                opaque = nil
                gradient = ramp
            }
        }

        /// Paints `coverage` (0…1) of the pixel at page column `x`, row `y` over `pixel`.
        @inline(__always)
        func blend(_ coverage: Float, over pixel: inout UInt32, x: Int, y: Int) {
            if let gradient {
                let (r, g, b, a) = gradient.color(Double(x) + 0.5, Double(y) + 0.5)
                let alpha = min(1, max(0, a)) * opacity * coverage
                guard alpha > 0 else { return }
                pixel = RasterCanvas.over(
                    min(1, max(0, r)) * alpha * 255, min(1, max(0, g)) * alpha * 255, min(1, max(0, b)) * alpha * 255, alpha * 255, pixel)
                return
            }
            if coverage >= Self.whole, let opaque {
                pixel = opaque
                return
            }
            pixel = RasterCanvas.over(red * coverage, green * coverage, blue * coverage, alpha * coverage, pixel)
        }
    }
}
