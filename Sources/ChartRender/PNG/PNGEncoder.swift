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
    static func filtered(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        var output: [UInt8] = []
        output.reserveCapacity((stride + 1) * height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 5)
        let zeros = [UInt8](repeating: 0, count: stride)
        rgba.withUnsafeBufferPointer { pixels in
            for row in 0..<height {
                let line = row * stride
                let above = row - 1
                var best = 0
                var bestCost = Int.max
                for filter in 0..<5 {
                    var cost = 0
                    candidates[filter].withUnsafeMutableBufferPointer { out in
                        zeros.withUnsafeBufferPointer { zero in
                            for index in 0..<stride {
                                let x = pixels[line + index]
                                let a = index >= 4 ? pixels[line + index - 4] : 0
                                let b = above >= 0 ? pixels[above * stride + index] : zero[index]
                                let c = index >= 4 && above >= 0 ? pixels[above * stride + index - 4] : 0
                                let predicted: UInt8
                                switch filter {
                                case 0: predicted = 0
                                case 1: predicted = a
                                case 2: predicted = b
                                case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                                default: predicted = paeth(a, b, c)
                                }
                                let value = x &- predicted
                                out[index] = value
                                cost += value < 128 ? Int(value) : 256 - Int(value)
                            }
                        }
                    }
                    if cost < bestCost {
                        bestCost = cost
                        best = filter
                    }
                }
                output.append(UInt8(best))
                output += candidates[best]
            }
        }
        return output
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
