import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender

/// The streaming PNG image data (`PNGImageData`, `DeflateStream`): every stream read back by Python's zlib (a
/// decoder that is not ours), for images of every shape and for data made to reach every length and distance code,
/// stored and fixed blocks, one-symbol codes and the block boundary; the checksums against known values; the code
/// lengths within their limits; a written file through `pngcheck`.
@Suite("PNG image data")
struct PNGImageDataTests {
    /// Up-filtered rows as the PNG specification defines them, byte by byte: the reference the stream must inflate to.
    static func filtered(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        var output: [UInt8] = []
        for row in 0..<height {
            output.append(row == 0 ? 0 : 2)
            for index in 0..<stride {
                let above = row == 0 ? 0 : rgba[(row - 1) * stride + index]
                output.append(rgba[row * stride + index] &- above)
            }
        }
        return output
    }

    static func imageData(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var data = PNGImageData(width: width, height: height)
        rgba.withUnsafeBufferPointer { pixels in
            for row in 0..<height { data.append(row: UnsafeBufferPointer(rebasing: pixels[(row * width * 4)..<((row + 1) * width * 4)])) }
        }
        return data.finish()
    }

    static func deflate(_ bytes: [UInt8], piece: Int = Int.max) -> [UInt8] {
        var stream = DeflateStream()
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = start + min(piece, all.count - start)
                stream.append(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
        return stream.finish()
    }

    /// The names of the cases whose stream Python's zlib does not inflate to the expected bytes (one Python run).
    static func pythonMismatches(_ cases: [(name: String, stream: [UInt8], expected: [UInt8])]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pngdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = [
            "-c",
            """
            import sys, zlib
            args = sys.argv[1:]
            for name, packed, plain in zip(args[0::3], args[1::3], args[2::3]):
                try:
                    ok = zlib.decompress(open(packed, 'rb').read()) == open(plain, 'rb').read()
                except zlib.error as error:
                    ok = False
                    print(name, error)
                if not ok:
                    print(name)
            print('checked')
            """
        ]
        for (index, item) in cases.enumerated() {
            let packed = directory.appendingPathComponent("\(index).z"), plain = directory.appendingPathComponent("\(index).bin")
            try Data(item.stream).write(to: packed)
            try Data(item.expected).write(to: plain)
            arguments += [item.name.replacingOccurrences(of: " ", with: "_"), packed.path, plain.path]
        }
        let result = try ToolProcess.run("/usr/bin/python3", arguments)
        let lines = result.output.split(separator: "\n").map(String.init)
        guard lines.last == "checked" else { return ["python: \(result.output)"] }
        return Array(lines.dropLast())
    }

    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                rgba += [r, g, b, a]
            }
        }
        return rgba
    }

    @Test(
        "images of every shape inflate to their Up-filtered rows: one colour, noise, gradients, 1 × 1, rows longer than the window, a tall strip",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func images() throws {
        var random = SeededRandom(seed: 28)
        let noise = (0..<(300 * 200 * 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let shapes: [(name: String, width: Int, height: Int, rgba: [UInt8])] = [
            ("one colour", 640, 480, Self.image(640, 480) { _, _ in (30, 120, 200, 255) }),
            ("noise", 300, 200, noise),
            ("vertical gradient", 256, 300, Self.image(256, 300) { _, y in (UInt8(y % 256), UInt8(255 - y % 256), 40, 255) }),
            ("horizontal gradient", 600, 100, Self.image(600, 100) { x, _ in (UInt8(x * 255 / 599), 0, UInt8(255 - x * 255 / 599), 200) }),
            ("1 × 1", 1, 1, [10, 20, 30, 40]),
            ("20 000 × 2", 20_000, 2, Self.image(20_000, 2) { x, y in (UInt8(x % 251), UInt8((x / 7 + y) % 256), 0, 255) }),
            ("3 × 40 000", 3, 40_000, Self.image(3, 40_000) { x, y in (UInt8((y / 100) % 256), UInt8(x * 80), 0, UInt8(y % 3 == 0 ? 255 : 128)) }),
            (
                "chart-like", 800, 600,
                Self.image(800, 600) { x, y in
                    // A white page, a plot's grid lines, an anti-aliased diagonal and a block of noise-like text.
                    if abs(x - y) < 2 { return (UInt8(40 + abs(x - y) * 90), 80, 160, 255) }
                    if x % 100 == 0 || y % 80 == 0 { return (230, 230, 230, 255) }
                    if x > 600 && y > 500 && (x * 31 + y * 17) % 7 < 3 { return (20, 20, 20, 255) }
                    return (255, 255, 255, 255)
                }
            )
        ]
        var cases: [(name: String, stream: [UInt8], expected: [UInt8])] = []
        for shape in shapes {
            let stream = Self.imageData(width: shape.width, height: shape.height, rgba: shape.rgba)
            cases.append((shape.name, stream, Self.filtered(width: shape.width, height: shape.height, rgba: shape.rgba)))
            #expect(stream == Self.imageData(width: shape.width, height: shape.height, rgba: shape.rgba), "\(shape.name): deterministic")
        }
        #expect(try Self.pythonMismatches(cases) == [])
        // One colour compresses as zlib -6 does (2 250 bytes); noise grows by no more than stored blocks' framing.
        #expect(cases[0].stream.count < 2_400)
        #expect(cases[1].stream.count < cases[1].expected.count + cases[1].expected.count / 1000 + 64)
    }

    @Test(
        "deflate reaches every length and distance code, long literal runs, one-symbol codes and the block boundary, and Python inflates it all",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func deflateCases() throws {
        var random = SeededRandom(seed: 1951)
        func noise(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        // A window of noise, then copies of every length (3…258) from every distance code's first and last distance,
        // each copy followed by fresh noise so it is a match of exactly that length.
        var codes = noise(32_768)
        var distances: [Int] = []
        for code in 0..<30 {
            distances.append(PDFDeflate.distanceBase[code])
            distances.append(code == 29 ? 32_768 : PDFDeflate.distanceBase[code + 1] - 1)
        }
        for (index, distance) in distances.enumerated() {
            for length in [3, 4, 10, 11, 12, 13, 19, 34, 35, 66, 67, 130, 131, 257, 258] where (index + length) % 3 == 0 || distance > 1000 {
                let start = codes.count - distance
                for offset in 0..<length { codes.append(codes[start + offset]) }
                codes += noise(5)
            }
        }
        for length in 3...258 {
            let start = codes.count - 1000
            for offset in 0..<length { codes.append(codes[start + offset]) }
            codes += noise(7)
        }
        let literals = noise(300_000) // stored blocks (the noise does not compress), more than 65 535 bytes each
        // Pieces of 64 random words: short matches and literals, ten dynamic Huffman blocks.
        let words = (0..<64).map { _ in noise(5) }
        var phrases: [UInt8] = []
        while phrases.count < 400_000 { phrases += words[Int(random.next() % 64)].prefix(Int(random.next() % 5) + 1) }
        let tokens = DeflateStream.blockTokens
        let cases: [(name: String, bytes: [UInt8])] = [
            ("empty", []),
            ("one byte", [42]),
            ("three bytes", Array("abc".utf8)),
            ("one symbol", [UInt8](repeating: 7, count: 1_000_000)),
            ("zeros then one byte", [UInt8](repeating: 0, count: 70_000) + [9]),
            ("two symbols alternating", (0..<100_000).map { UInt8($0 % 2) }),
            ("every code", codes),
            ("literal runs", literals),
            ("noise one block less one", noise(tokens - 1)),
            ("noise one block", noise(tokens)),
            ("noise one block and one", noise(tokens + 1)),
            ("noise two blocks", noise(2 * tokens)),
            ("dynamic blocks", phrases),
            ("text", Array(String(repeating: "the quick brown fox jumps over the lazy dog 0123456789\n", count: 3000).utf8)),
            ("noise then its copy far back", Array(literals.prefix(20_000) + [UInt8](repeating: 0, count: 12_000) + literals.prefix(20_000)))
        ]
        var streams: [(name: String, stream: [UInt8], expected: [UInt8])] = []
        for item in cases {
            let stream = Self.deflate(item.bytes)
            streams.append((item.name, stream, item.bytes))
            // Fed a byte at a time or in odd pieces, the stream is the same bytes.
            if item.bytes.count <= 100_000 { #expect(Self.deflate(item.bytes, piece: 1) == stream, "\(item.name): pieces of 1") }
            #expect(Self.deflate(item.bytes, piece: 4_099) == stream, "\(item.name): pieces of 4 099")
        }
        #expect(try Self.pythonMismatches(streams) == [])
        #expect(streams[3].stream.count < 3_000)
        #expect(streams[7].stream.count < literals.count + 128) // stored, not grown by a Huffman code
        #expect(streams[13].stream.count < 1_300) // zlib -1: 1 218 bytes
    }

    @Test("Adler-32 and CRC-32 of known strings; the deferred sums equal the sums reduced at every byte")
    func checksums() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.crc32(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        var random = SeededRandom(seed: 3)
        for bytes in [
            [UInt8](repeating: 0xFF, count: 100_003), [UInt8](repeating: 0, count: 20_000) + [1] + [UInt8](repeating: 0, count: 33),
            (0..<50_001).map { _ in UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? random.next() : 0) }
        ] {
            var a: UInt32 = 1, b: UInt32 = 0
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            #expect(Adler32.checksum(bytes) == b << 16 | a)
            // Pieces of odd sizes give the same sum.
            var pieces = Adler32()
            bytes.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = min(all.count, start + 37)
                    pieces.update(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
            #expect(pieces.value == b << 16 | a)
            #expect(PNGEncoder.crc32(bytes) == crc ^ 0xFFFF_FFFF)
        }
    }

    @Test("Huffman code lengths stay within 15 (7) bits and make a whole code; one symbol gets one bit")
    func codeLengths() {
        // Fibonacci counts make Huffman's deepest code as long as there are symbols.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (counts, limit) in [(fibonacci, 15), (Array(fibonacci.prefix(19)), 7), ([5, 0, 3, 0, 0, 9], 15), ((0..<286).map { $0 * $0 + 1 }, 15)] {
            let lengths = DeflateHuffman.lengths(counts, limit: limit)
            #expect(lengths.allSatisfy { Int($0) <= limit })
            #expect(zip(counts, lengths).allSatisfy { ($0 == 0) == ($1 == 0) })
            let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "\(counts.count) symbols, limit \(limit)")
            // The canonical codes are distinct prefixes: no code starts another.
            let codes = DeflateHuffman.codes(lengths)
            let used = lengths.indices.filter { lengths[$0] > 0 }
            for first in used {
                for second in used where first != second && lengths[first] <= lengths[second] {
                    let mask = UInt32(1) << UInt32(lengths[first]) - 1
                    #expect(codes[second] & mask != codes[first], "code \(first) prefixes \(second)")
                }
            }
        }
        #expect(DeflateHuffman.lengths([0, 0, 12, 0], limit: 15) == [0, 0, 1, 0])
        #expect(
            DeflateHuffman.runLengths([0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5] + [UInt8](repeating: 0, count: 150)).map(\.symbol) == [17, 5, 16, 5, 18, 18])
    }

    @Test("a file written from the streamed rows passes pngcheck, decodes to its pixels, and is the same bytes every time")
    func pngcheck() throws {
        let rgba = Self.image(320, 240) { x, y in (UInt8(x % 256), UInt8(y % 256), 128, x == y ? 255 : 200) }
        let png = PNGEncoder.encode(width: 320, height: 240, rgba: rgba, pixelsPerMetre: 7559, text: [("Title", "Test")])
        #expect(png == PNGEncoder.encode(width: 320, height: 240, rgba: rgba, pixelsPerMetre: 7559, text: [("Title", "Test")]))
        let chunks = try #require(PNGWriterTests.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "sRGB", "pHYs", "tEXt", "IDAT", "IEND"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pngdata-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            // Python's zlib inflates IDAT, and undoing Up (a running sum down the columns) gives the pixels back.
            let pixels = file.appendingPathExtension("rgba")
            try Data(rgba).write(to: pixels)
            defer { try? FileManager.default.removeItem(at: pixels) }
            let decode = try ToolProcess.run(
                "/usr/bin/python3",
                [
                    "-c",
                    """
                    import sys, zlib, struct
                    data = open(sys.argv[1], 'rb').read()
                    at, idat, width, height = 8, b'', 0, 0
                    while at < len(data):
                        n = struct.unpack('>I', data[at:at + 4])[0]
                        kind = data[at + 4:at + 8]
                        if kind == b'IHDR': width, height = struct.unpack('>II', data[at + 8:at + 16])
                        if kind == b'IDAT': idat += data[at + 8:at + 8 + n]
                        at += 12 + n
                    raw = zlib.decompress(idat)
                    stride = width * 4 + 1
                    rows, above = [], bytes(width * 4)
                    for y in range(height):
                        kind, line = raw[y * stride], raw[y * stride + 1:(y + 1) * stride]
                        assert kind == (0 if y == 0 else 2), kind
                        above = bytes((a + b) & 255 for a, b in zip(line, above))
                        rows.append(above)
                    print(b''.join(rows) == open(sys.argv[2], 'rb').read())
                    """, file.path, pixels.path
                ])
            #expect(decode.output == "True\n", "\(decode.output)")
        }
        guard let pngcheck = ToolProcess.find("pngcheck") else { return }
        let result = try ToolProcess.run(pngcheck, ["-v", file.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("No errors detected"))
    }

    @Test("a short row is transparent black past its end, rows past the height are ignored, missing rows are transparent black")
    func shortAndMissingRows() {
        let width = 5, height = 4
        let full = Self.image(width, height) { x, y in y == 1 && x >= 3 || y >= 2 ? (0, 0, 0, 0) : (UInt8(x * 40), UInt8(y * 60), 9, 255) }
        var data = PNGImageData(width: width, height: height)
        full.withUnsafeBufferPointer { pixels in
            data.append(row: UnsafeBufferPointer(rebasing: pixels[0..<20]))
            data.append(row: UnsafeBufferPointer(rebasing: pixels[20..<32])) // three pixels of five
            data.append(row: UnsafeBufferPointer(rebasing: pixels[40..<60]))
        }
        #expect(data.finish() == Self.imageData(width: width, height: height, rgba: full))
        var extra = PNGImageData(width: width, height: 1)
        full.withUnsafeBufferPointer { pixels in
            for _ in 0..<3 { extra.append(row: UnsafeBufferPointer(rebasing: pixels[0..<20])) }
        }
        #expect(extra.finish() == Self.imageData(width: width, height: 1, rgba: Array(full[0..<20])))
    }
}
