/// Decodes `glyf` outlines (TrueType): simple glyphs' contours of on- and off-curve points, with the implied
/// on-curve point between two off-curve ones, as quadratic curves; composite glyphs as their components moved
/// and scaled by each component's offsets and matrix (nested at most 8 deep, as the format's own limit).
enum TrueTypeOutlines {
    typealias Matrix = (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)

    static func append(
        glyph: Int, table: GlyphTable, data: FontBytes, transform: Matrix, depth: Int, into segments: inout [GlyphOutline.Segment]
    ) throws(FontBytes.OutOfBounds) {
        guard depth < 8, glyph >= 0, glyph + 1 < table.offsets.count else { return }
        let start = table.glyfOffset + table.offsets[glyph]
        let end = table.glyfOffset + table.offsets[glyph + 1]
        guard end - start >= 10 else { return } // no outline (a space)
        let contours = try data.i16(start, "glyf")
        if contours >= 0 {
            try simple(contours: contours, start: start, end: end, data: data, transform: transform, into: &segments)
        } else {
            try composite(start: start, end: end, table: table, data: data, transform: transform, depth: depth, into: &segments)
        }
    }

    private static func simple(
        contours: Int, start: Int, end: Int, data: FontBytes, transform m: Matrix, into segments: inout [GlyphOutline.Segment]
    ) throws(FontBytes.OutOfBounds) {
        guard contours > 0 else { return }
        var ends: [Int] = []
        ends.reserveCapacity(contours)
        var at = start + 10
        for _ in 0..<contours {
            ends.append(Int(try data.u16(at, "glyf")))
            at += 2
        }
        guard let last = ends.last, last < 65_535 else { return }
        let count = last + 1
        for index in ends.indices.dropFirst() where ends[index] < ends[index - 1] {
            throw FontBytes.OutOfBounds(table: "glyf", problem: "has contours ending out of order")
        }
        let instructions = Int(try data.u16(at, "glyf"))
        at += 2 + instructions
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        while flags.count < count {
            guard at < end else { throw FontBytes.OutOfBounds(table: "glyf", problem: "ends inside a glyph's flags") }
            let flag = try data.u8(at, "glyf")
            at += 1
            flags.append(flag)
            if flag & 0x08 != 0 {
                let repeats = Int(try data.u8(at, "glyf"))
                at += 1
                for _ in 0..<repeats where flags.count < count { flags.append(flag) }
            }
        }
        var xs = [Int](repeating: 0, count: count)
        var ys = [Int](repeating: 0, count: count)
        var value = 0
        for index in 0..<count {
            let flag = flags[index]
            if flag & 0x02 != 0 {
                let delta = Int(try data.u8(at, "glyf"))
                at += 1
                value += flag & 0x10 != 0 ? delta : -delta
            } else if flag & 0x10 == 0 {
                value += try data.i16(at, "glyf")
                at += 2
            }
            xs[index] = value
        }
        value = 0
        for index in 0..<count {
            let flag = flags[index]
            if flag & 0x04 != 0 {
                let delta = Int(try data.u8(at, "glyf"))
                at += 1
                value += flag & 0x20 != 0 ? delta : -delta
            } else if flag & 0x20 == 0 {
                value += try data.i16(at, "glyf")
                at += 2
            }
            ys[index] = value
        }
        func point(_ index: Int) -> (Double, Double) {
            let x = Double(xs[index]), y = Double(ys[index])
            return (m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f)
        }
        var first = 0
        for contourEnd in ends {
            defer { first = contourEnd + 1 }
            let n = contourEnd - first + 1
            guard n >= 2 else { continue }
            func on(_ k: Int) -> Bool { flags[first + (k % n)] & 0x01 != 0 }
            func p(_ k: Int) -> (Double, Double) { point(first + (k % n)) }
            // Start at an on-curve point, or at the midpoint of the first two off-curve points.
            var startPoint: (Double, Double)
            var offset: Int
            if let onIndex = (0..<n).first(where: { on($0) }) {
                startPoint = p(onIndex)
                offset = onIndex
            } else {
                let a = p(0), b = p(1)
                startPoint = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
                offset = 0
            }
            segments.append(.move(x: startPoint.0, y: startPoint.1))
            var control: (Double, Double)?
            for step in 1...n {
                let k = offset + step
                let current = p(k)
                if on(k) {
                    if let c = control {
                        segments.append(.quadratic(cx: c.0, cy: c.1, x: current.0, y: current.1))
                        control = nil
                    } else {
                        segments.append(.line(x: current.0, y: current.1))
                    }
                } else if let c = control {
                    let mid = ((c.0 + current.0) / 2, (c.1 + current.1) / 2)
                    segments.append(.quadratic(cx: c.0, cy: c.1, x: mid.0, y: mid.1))
                    control = current
                } else {
                    control = current
                }
            }
            if let c = control {
                segments.append(.quadratic(cx: c.0, cy: c.1, x: startPoint.0, y: startPoint.1))
            }
            segments.append(.close)
        }
    }

    private static func composite(
        start: Int, end: Int, table: GlyphTable, data: FontBytes, transform m: Matrix, depth: Int, into segments: inout [GlyphOutline.Segment]
    ) throws(FontBytes.OutOfBounds) {
        var at = start + 10
        var components = 0
        while at + 4 <= end, components < 256 {
            components += 1
            let flags = try data.u16(at, "glyf")
            let component = Int(try data.u16(at + 2, "glyf"))
            at += 4
            var dx = 0.0, dy = 0.0
            if flags & 0x0001 != 0 {
                dx = Double(try data.i16(at, "glyf"))
                dy = Double(try data.i16(at + 2, "glyf"))
                at += 4
            } else {
                dx = Double(Int8(bitPattern: try data.u8(at, "glyf")))
                dy = Double(Int8(bitPattern: try data.u8(at + 1, "glyf")))
                at += 2
            }
            // Point-matched components (ARGS_ARE_XY_VALUES clear) are rare: placed at their own origin.
            if flags & 0x0002 == 0 { dx = 0; dy = 0 }
            func f2dot14(_ offset: Int) throws(FontBytes.OutOfBounds) -> Double { Double(try data.i16(offset, "glyf")) / 16384 }
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            if flags & 0x0008 != 0 {
                a = try f2dot14(at)
                d = a
                at += 2
            } else if flags & 0x0040 != 0 {
                a = try f2dot14(at)
                d = try f2dot14(at + 2)
                at += 4
            } else if flags & 0x0080 != 0 {
                a = try f2dot14(at)
                b = try f2dot14(at + 2)
                c = try f2dot14(at + 4)
                d = try f2dot14(at + 6)
                at += 8
            }
            // The component's matrix, then its offset, then the parent's transform.
            let inner: Matrix = (
                m.a * a + m.c * b, m.b * a + m.d * b, m.a * c + m.c * d, m.b * c + m.d * d, m.a * dx + m.c * dy + m.e, m.b * dx + m.d * dy + m.f
            )
            try append(glyph: component, table: table, data: data, transform: inner, depth: depth + 1, into: &segments)
            if flags & 0x0020 == 0 { break }
        }
    }
}
