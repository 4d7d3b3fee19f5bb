import ChartSystem

/// Encodes 8-bit RGBA pixels as a PNG file (ISO/IEC 15948): the signature, `IHDR` (color type 6, no
/// interlace), `sRGB` (perceptual) with its `gAMA` and `cHRM` fallbacks left out (the sRGB chunk says it all),
/// `pHYs` (pixels per metre from the scale: 96 dpi × scale, so a viewer shows the chart at its CSS size),
/// `tEXt` for ASCII text and `iTXt` (UTF-8) otherwise, and the pixels in `IDAT`: each row filtered with the
/// filter whose bytes sum smallest (the usual heuristic), compressed with `PDFDeflate` (zlib, Adler-32).
/// Every chunk ends with its CRC-32. Deterministic: no time chunk.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(width: Int, height: Int, rgba: [UInt8], pixelsPerMetre: Int, text: [(keyword: String, value: String)]) -> [UInt8] {
        var file = signature
        var header: [UInt8] = []
        append32(UInt32(width), to: &header)
        append32(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0] // bit depth, RGBA, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &file)
        chunk("sRGB", [0], into: &file)
        var physical: [UInt8] = []
        append32(UInt32(clamping: pixelsPerMetre), to: &physical)
        append32(UInt32(clamping: pixelsPerMetre), to: &physical)
        physical.append(1) // the unit is the metre
        chunk("pHYs", physical, into: &file)
        for (keyword, value) in text {
            if value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F || $0 == "\n" }) {
                chunk("tEXt", Array(keyword.utf8) + [0] + Array(value.utf8), into: &file)
            } else {
                // Keyword, null, compression flag and method (none), empty language tag, empty translated keyword.
                chunk("iTXt", Array(keyword.utf8) + [0, 0, 0, 0, 0] + Array(value.utf8), into: &file)
            }
        }
        chunk("IDAT", PDFDeflate.compress(filtered(width: width, height: height, rgba: rgba)), into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// Each row preceded by its filter type: of None, Sub, Up, Average and Paeth, the one whose output bytes,
    /// read as signed, have the smallest sum of magnitudes.
    /// Every candidate row is computed in its own loop over raw bytes (the filter chosen outside the loop, the
    /// row's first pixel apart), so the five trials cost a few instructions a byte: one generic loop that switched
    /// on the filter and tested the row's edges per byte was half of a PNG build's instructions.
    static func filtered(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        guard stride > 0, height > 0, rgba.count >= stride * height else { return [] }
        var output = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidates = [UInt8](repeating: 0, count: stride * 5)
        let zeros = [UInt8](repeating: 0, count: stride)
        rgba.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zero in
                candidates.withUnsafeMutableBufferPointer { trial in
                    output.withUnsafeMutableBufferPointer { out in
                        guard let pixel = pixels.baseAddress, let none = zero.baseAddress, let trials = trial.baseAddress,
                            let written = out.baseAddress
                        else { return }
                        for row in 0..<height {
                            let line = pixel + row * stride
                            let above = row > 0 ? pixel + (row - 1) * stride : none
                            let destination = written + row * (stride + 1)
                            // A row the same as the one above (a chart's margins and plot background): Up makes
                            // it all zeros, and nothing costs less; None does too when the row is all zeros, and
                            // wins the tie as the first filter. The output row is already zeros.
                            if memoryEqual(line, above, stride) {
                                destination.pointee = memoryEqual(line, none, stride) ? 0 : 2
                                continue
                            }
                            // Up first: on a chart, rows are most like the row above, so its sum is the lowest
                            // bar the other four must pass, and they stop as soon as they cannot. The choice is
                            // still the smallest sum, the lowest-numbered filter on a tie.
                            var best = 2
                            var least = filterRow(line, above, stride, into: trials + 2 * stride, limit: Int.max) { _, b, _ in b }
                            for filter in [0, 1, 3, 4] {
                                // A filter numbered below the best so far wins a tie, so it may still equal it.
                                let limit = filter < best ? least &+ 1 : least
                                let target = trials + filter * stride
                                let cost: Int
                                switch filter {
                                case 0: cost = filterRow(line, above, stride, into: target, limit: limit) { _, _, _ in 0 }
                                case 1: cost = filterRow(line, above, stride, into: target, limit: limit) { a, _, _ in a }
                                case 3:
                                    cost = filterRow(line, above, stride, into: target, limit: limit) { a, b, _ in
                                        UInt8(truncatingIfNeeded: (UInt16(a) + UInt16(b)) >> 1)
                                    }
                                default: cost = filterRow(line, above, stride, into: target, limit: limit) { a, b, c in paeth(a, b, c) }
                                }
                                if cost < limit { (best, least) = (filter, cost) }
                            }
                            destination.pointee = UInt8(truncatingIfNeeded: best)
                            (destination + 1).update(from: trials + best * stride, count: stride)
                        }
                    }
                }
            }
        }
        return output
    }

    /// One row through one filter: `line` minus the prediction from its left (`a`), upper (`b`) and upper-left
    /// (`c`) bytes, written to `out`; returns the sum of the results' magnitudes read as signed bytes. A filter
    /// whose sum reaches `limit` (the best so far) cannot win, so it stops there and returns what it has summed.
    @inline(__always)
    private static func filterRow(
        _ line: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, into out: UnsafeMutablePointer<UInt8>,
        limit: Int, _ predict: (UInt8, UInt8, UInt8) -> UInt8
    ) -> Int {
        var cost = 0
        let first = min(4, count)
        for index in 0..<first {
            let value = line[index] &- predict(0, above[index], 0)
            out[index] = value
            cost &+= Int(Int8(bitPattern: value).magnitude)
        }
        var index = first
        while index < count {
            let end = min(count, index + 256)
            while index < end {
                let value = line[index] &- predict(line[index - 4], above[index], above[index - 4])
                out[index] = value
                cost &+= Int(Int8(bitPattern: value).magnitude)
                index += 1
            }
            if cost >= limit { return cost }
        }
        return cost
    }

    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        append32(UInt32(data.count), to: &file)
        let body = Array(type.utf8) + data
        file += body
        append32(crc32(body), to: &file)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), as PNG and zip use it.
    static let crcTable: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
