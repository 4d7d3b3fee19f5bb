#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The page's drawing operators, in px coordinates with y down (the page's first operator flips and scales
/// user space: 1 px = 0.75 pt). Numbers have 2 decimals, as in the SVG, so the same scene gives the same bytes.
struct PDFContentStream {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64 << 10) }

    /// Appends operators (ASCII) and a line break.
    mutating func op(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    /// Appends raw bytes (a hex glyph string is ASCII too, but built as bytes to avoid copies).
    mutating func raw(_ data: [UInt8]) {
        bytes.append(contentsOf: data)
    }

    static func n(_ value: Double) -> String { PDFSyntax.number(value) }

    mutating func save() { op("q") }
    mutating func restore() { op("Q") }

    mutating func transform(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        op([a, b, c, d, e, f].map { PDFSyntax.number($0, decimals: 5) }.joined(separator: " ") + " cm")
    }

    mutating func translate(_ dx: Double, _ dy: Double) {
        op("1 0 0 1 " + Self.n(dx) + " " + Self.n(dy) + " cm")
    }

    mutating func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        op(Self.n(x) + " " + Self.n(y) + " " + Self.n(width) + " " + Self.n(height) + " re")
    }

    /// A non-stroking (fill) and stroking color from 0…1 sRGB components.
    mutating func fillColor(_ red: Double, _ green: Double, _ blue: Double) {
        op(PDFSyntax.number(red, decimals: 4) + " " + PDFSyntax.number(green, decimals: 4) + " " + PDFSyntax.number(blue, decimals: 4) + " rg")
    }

    mutating func strokeColor(_ red: Double, _ green: Double, _ blue: Double) {
        op(PDFSyntax.number(red, decimals: 4) + " " + PDFSyntax.number(green, decimals: 4) + " " + PDFSyntax.number(blue, decimals: 4) + " RG")
    }
}

/// A path outline from SVG path data (`M L H V C S Q T A Z`, absolute and relative, as `PathBuilder` and
/// hand-written paths use them) to PDF path operators: arcs become cubic Béziers, quadratic curves are raised
/// to cubic. It also keeps the outline's bounding box (for gradients in `objectBoundingBox` units).
struct PDFPath {
    /// One step of the outline, in the path's coordinates: what the PNG rasterizer flattens.
    enum Segment: Equatable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    /// The outline as numbers: what the PNG rasterizer flattens, and what `operators` writes out.
    private(set) var segments: [Segment] = []
    private(set) var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { segments.isEmpty }

    /// The outline as PDF path operators (`m`, `l`, `c`, `h`, a line each), written when a PDF asks for them:
    /// a PNG only reads `segments`, and formatting every glyph's numbers for it was a tenth of its drawing.
    var operators: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .move(let x, let y): text += PDFContentStream.n(x) + " " + PDFContentStream.n(y) + " m\n"
            case .line(let x, let y): text += PDFContentStream.n(x) + " " + PDFContentStream.n(y) + " l\n"
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                text += [x1, y1, x2, y2, x, y].map(PDFContentStream.n).joined(separator: " ") + " c\n"
            case .close: text += "h\n"
            }
        }
        return text
    }

    init() {}

    private mutating func include(_ x: Double, _ y: Double) {
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }

    mutating func move(_ x: Double, _ y: Double) {
        include(x, y)
        segments.append(.move(x, y))
    }

    mutating func line(_ x: Double, _ y: Double) {
        include(x, y)
        segments.append(.line(x, y))
    }

    mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        include(x1, y1); include(x2, y2); include(x, y)
        segments.append(.curve(x1, y1, x2, y2, x, y))
    }

    mutating func close() {
        segments.append(.close)
    }

    /// A rectangle with corners rounded by `radius` (clamped to half the sides), as four curves.
    static func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) -> PDFPath {
        var path = PDFPath()
        let r = max(0, min(radius, width / 2, height / 2))
        let k: Double = r * 0.5522847498
        let left: Double = x, top: Double = y, right: Double = x + width, bottom: Double = y + height
        path.move(left + r, top)
        path.line(right - r, top)
        path.curve(right - r + k, top, right, top + r - k, right, top + r)
        path.line(right, bottom - r)
        path.curve(right, bottom - r + k, right - r + k, bottom, right - r, bottom)
        path.line(left + r, bottom)
        path.curve(left + r - k, bottom, left, bottom - r + k, left, bottom - r)
        path.line(left, top + r)
        path.curve(left, top + r - k, left + r - k, top, left + r, top)
        path.close()
        return path
    }

    static func circle(cx: Double, cy: Double, r: Double) -> PDFPath {
        var path = PDFPath()
        let k = r * 0.5522847498
        path.move(cx + r, cy)
        path.curve(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
        path.curve(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
        path.curve(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
        path.curve(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
        path.close()
        return path
    }

    /// Parses SVG path data. Stops at the first thing it cannot read (as browsers do), keeping what came before.
    init(svg d: String) {
        var scanner = PathScanner(Array(d.utf8))
        var command: UInt8 = 0
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        var lastControl: (Double, Double)?
        var lastQuadratic: (Double, Double)?
        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek() else { break }
            if PathScanner.isLetter(next) {
                command = next
                scanner.advance()
            } else if command == 0 {
                break
            }
            let relative = command >= 0x61
            let dx = relative ? x : 0, dy = relative ? y : 0
            var previousControl: (Double, Double)?
            var previousQuadratic: (Double, Double)?
            switch command | 0x20 {
            case 0x6D: // m
                guard let px = scanner.number(), let py = scanner.number() else { return }
                x = px + dx; y = py + dy; startX = x; startY = y
                move(x, y)
                command = relative ? 0x6C : 0x4C // further pairs are lines
            case 0x6C: // l
                guard let px = scanner.number(), let py = scanner.number() else { return }
                x = px + dx; y = py + dy
                line(x, y)
            case 0x68: // h
                guard let px = scanner.number() else { return }
                x = px + dx
                line(x, y)
            case 0x76: // v
                guard let py = scanner.number() else { return }
                y = py + (relative ? y : 0)
                line(x, y)
            case 0x63: // c
                guard let x1 = scanner.number(), let y1 = scanner.number(), let x2 = scanner.number(), let y2 = scanner.number(),
                    let px = scanner.number(), let py = scanner.number()
                else { return }
                curve(x1 + dx, y1 + dy, x2 + dx, y2 + dy, px + dx, py + dy)
                previousControl = (x2 + dx, y2 + dy)
                x = px + dx; y = py + dy
            case 0x73: // s
                guard let x2 = scanner.number(), let y2 = scanner.number(), let px = scanner.number(), let py = scanner.number() else { return }
                let c1 = lastControl.map { (2 * x - $0.0, 2 * y - $0.1) } ?? (x, y)
                curve(c1.0, c1.1, x2 + dx, y2 + dy, px + dx, py + dy)
                previousControl = (x2 + dx, y2 + dy)
                x = px + dx; y = py + dy
            case 0x71, 0x74: // q, t
                let control: (Double, Double)
                if command | 0x20 == 0x71 {
                    guard let qx = scanner.number(), let qy = scanner.number() else { return }
                    control = (qx + dx, qy + dy)
                } else {
                    control = lastQuadratic.map { (2 * x - $0.0, 2 * y - $0.1) } ?? (x, y)
                }
                guard let px = scanner.number(), let py = scanner.number() else { return }
                let ex = px + dx, ey = py + dy
                curve(x + 2 / 3 * (control.0 - x), y + 2 / 3 * (control.1 - y), ex + 2 / 3 * (control.0 - ex), ey + 2 / 3 * (control.1 - ey), ex, ey)
                previousQuadratic = control
                x = ex; y = ey
            case 0x61: // a
                guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                    let large = scanner.flag(), let sweep = scanner.flag(), let px = scanner.number(), let py = scanner.number()
                else { return }
                arc(from: (x, y), to: (px + dx, py + dy), rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                x = px + dx; y = py + dy
            case 0x7A: // z
                close()
                x = startX; y = startY
                command = 0
            default:
                return
            }
            lastControl = previousControl
            lastQuadratic = previousQuadratic
        }
    }

    /// An SVG elliptical arc as at most four cubic Béziers (SVG 1.1 appendix F.6: endpoint to centre form).
    private mutating func arc(
        from start: (Double, Double), to end: (Double, Double), rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool
    ) {
        var rx = abs(rx), ry = abs(ry)
        if start == end { return }
        if rx == 0 || ry == 0 { line(end.0, end.1); return }
        let phi = rotation * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let mx = (start.0 - end.0) / 2, my = (start.1 - end.1) / 2
        let x1p = cosPhi * mx + sinPhi * my
        let y1p = -sinPhi * mx + cosPhi * my
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var factor = denominator == 0 ? 0 : (max(0, numerator) / denominator).squareRoot()
        if large == sweep { factor = -factor }
        let cxp = factor * rx * y1p / ry
        let cyp = -factor * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (start.0 + end.0) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (start.1 + end.1) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        // A non-finite radius makes delta NaN: one segment (its points are written as 0).
        let segments = max(1, min(4, Int(exactly: (abs(delta) / (Double.pi / 2)).rounded(.up)) ?? 1))
        let step = delta / Double(segments)
        let t = 4.0 / 3.0 * tan(step / 4)
        var angleNow = theta1
        for _ in 0..<segments {
            let cos1 = cos(angleNow), sin1 = sin(angleNow)
            let cos2 = cos(angleNow + step), sin2 = sin(angleNow + step)
            let p1 = (cos1 - t * sin1, sin1 + t * cos1)
            let p2 = (cos2 + t * sin2, sin2 - t * cos2)
            let p3 = (cos2, sin2)
            func map(_ p: (Double, Double)) -> (Double, Double) {
                (cx + rx * p.0 * cosPhi - ry * p.1 * sinPhi, cy + rx * p.0 * sinPhi + ry * p.1 * cosPhi)
            }
            let a = map(p1), b = map(p2), c = map(p3)
            curve(a.0, a.1, b.0, b.1, c.0, c.1)
            angleNow += step
        }
    }
}

/// Reads numbers and flags from SVG path data bytes.
private struct PathScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x7A && lower != 0x65 // not the exponent 'e'
    }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    mutating func advance() { index += 1 }

    mutating func skipSeparators() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x2C || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
        {
            index += 1
        }
    }

    /// An arc flag: a single `0` or `1`, which may run into the next number.
    mutating func flag() -> Bool? {
        skipSeparators()
        guard let byte = peek(), byte == 0x30 || byte == 0x31 else { return nil }
        index += 1
        return byte == 0x31
    }

    mutating func number() -> Double? {
        skipSeparators()
        let start = index
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var digits = false
        var seenDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                digits = true
            } else if byte == 0x2E, !seenDot {
                seenDot = true
            } else {
                break
            }
            index += 1
        }
        if digits, index < bytes.count, bytes[index] | 0x20 == 0x65 {
            var probe = index + 1
            if probe < bytes.count, bytes[probe] == 0x2B || bytes[probe] == 0x2D { probe += 1 }
            if probe < bytes.count, bytes[probe] >= 0x30, bytes[probe] <= 0x39 {
                index = probe
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            }
        }
        guard digits, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            return nil
        }
        return value
    }
}
