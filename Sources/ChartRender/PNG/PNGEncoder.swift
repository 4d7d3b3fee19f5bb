/// Encodes 8-bit RGBA pixels as a PNG file (ISO/IEC 15948): the signature, `IHDR` (color type 6, no
/// interlace), `sRGB` (perceptual) with its `gAMA` and `cHRM` fallbacks left out (the sRGB chunk says it all),
/// `pHYs` (pixels per metre from the scale: 96 dpi × scale, so a viewer shows the chart at its CSS size),
/// `tEXt` for ASCII text and `iTXt` (UTF-8) otherwise, and the pixels in `IDAT`: the zlib stream
/// `PNGImageData` compresses row by row (Up filter, dynamic Huffman deflate). Every chunk ends with its CRC-32.
/// Deterministic: no time chunk.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The file around `imageData`, the finished stream of a `PNGImageData` of the same width and height.
    static func encode(width: Int, height: Int, imageData: [UInt8], pixelsPerMetre: Int, text: [(keyword: String, value: String)]) -> [UInt8] {
        var file = signature
        file.reserveCapacity(imageData.count + 256)
        var header: [UInt8] = []
        append32(UInt32(clamping: width), to: &header)
        append32(UInt32(clamping: height), to: &header)
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
        chunk("IDAT", imageData, into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// The file of a whole image of 8-bit straight RGBA, `width × height × 4` bytes, fed to `PNGImageData` row by row.
    static func encode(width: Int, height: Int, rgba: [UInt8], pixelsPerMetre: Int, text: [(keyword: String, value: String)]) -> [UInt8] {
        var data = PNGImageData(width: width, height: height)
        let stride = data.stride
        rgba.withUnsafeBufferPointer { pixels in
            for row in 0..<data.height {
                let start = min(pixels.count, row * stride)
                data.append(row: UnsafeBufferPointer(rebasing: pixels[start..<min(pixels.count, start + stride)]))
            }
        }
        return encode(width: width, height: height, imageData: data.finish(), pixelsPerMetre: pixelsPerMetre, text: text)
    }

    static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        append32(UInt32(clamping: data.count), to: &file)
        let start = file.count
        file += type.utf8
        file += data
        let crc = file.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        append32(crc, to: &file)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { CRC32.checksum($0) }
    }
}
