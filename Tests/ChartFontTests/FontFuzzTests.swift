import ChartTestSupport
import Foundation
import Testing

@testable import ChartFont

/// Mutated font files — truncated, bytes flipped, huge offsets and counts written into the table directory
/// and the tables themselves — must give a `FontDiagnostic` or a usable face, never a crash or a hang.
@Suite("Font reader fuzz")
struct FontFuzzTests {
    /// Exercises everything a caller may do with a face that parsed.
    static func use(_ face: OpenTypeFace) {
        var total = 0
        for scalar in UInt32(0)...0x2FF { total &+= face.advance(scalar) ?? 0 }
        total &+= face.advance(0x1F600) ?? 0
        // The lookups read the file's own cmap and hmtx: walk them, and search far and wide.
        face.forEachAdvance(below: 0x500) { scalar, advance in total &+= Int(scalar) &+ advance }
        for scalar in stride(from: UInt32(0), through: 0x10FFFF, by: 0x1111) { total &+= Int(face.glyph(for: scalar)) }
        for glyph in stride(from: 0, through: 0xFFFF, by: 97) { total &+= face.advance(glyph: UInt16(glyph)) }
        total &+= face.kerning(face.glyph(for: 0x41), face.glyph(for: 0x56))
        let used = Set((0x20...0x7E).map { face.glyph(for: UInt32($0)) })
        if let subset = face.subset(glyphs: used) { _ = try? OpenTypeFace(bytes: subset, path: "subset") }
        _ = total
    }

    @Test("seeded mutations never crash", .enabled(if: InstalledFonts.present))
    func mutations() throws {
        let sources = try [InstalledFonts.liberationRegular, InstalledFonts.dejaVuSans].map { try OpenTypeFace.read(path: $0) }
        var random = SeededRandom(seed: 0xF0_47)
        var parsed = 0
        var rejected = 0
        for iteration in 0..<900 {
            let source = sources[iteration % sources.count]
            var bytes = source.bytes
            // Aim at the header, the directory and the start of the tables most of the time.
            let hot = min(bytes.count, 12 + 16 * 24)
            switch random.below(6) {
            case 5:
                // Inside cmap: segment counts, ends, starts, deltas, range offsets and glyph ids.
                if let cmap = source.directory.record("cmap") {
                    for _ in 0..<(1 + random.below(24)) {
                        let at = cmap.offset + random.below(max(1, min(cmap.length, 4096)))
                        if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
                    }
                }
            case 0:
                bytes.removeLast(random.below(bytes.count))
            case 1:
                for _ in 0..<(1 + random.below(16)) {
                    let at = random.below(4) == 0 ? random.below(bytes.count) : random.below(hot)
                    bytes[at] ^= UInt8(truncatingIfNeeded: 1 + random.below(255))
                }
            case 2:
                // A huge offset or length in a directory record.
                let record = 12 + 16 * random.below(max(1, (hot - 12) / 16))
                let field = record + 8 + 4 * random.below(2)
                if field + 4 <= bytes.count { for k in 0..<4 { bytes[field + k] = 0xFF - UInt8(random.below(2) * k) } }
            case 3:
                // Huge counts at the start of a table (cmap subtables, name records, kern pairs, hmtx metrics).
                let record = 12 + 16 * random.below(max(1, (hot - 12) / 16))
                if record + 12 <= bytes.count {
                    let offset = Int(bytes[record + 8]) << 24 | Int(bytes[record + 9]) << 16 | Int(bytes[record + 10]) << 8 | Int(bytes[record + 11])
                    let at = offset + 2 * random.below(20)
                    if at + 2 <= bytes.count { bytes[at] = 0xFF; bytes[at + 1] = 0xFF }
                }
            default:
                for _ in 0..<(1 + random.below(64)) {
                    bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            do {
                let face = try OpenTypeFace(bytes: bytes, path: "mutant-\(iteration).ttf")
                Self.use(face)
                parsed += 1
            } catch {
                #expect(error.diagnostic.path == "mutant-\(iteration).ttf")
                rejected += 1
            }
        }
        #expect(parsed > 0 && rejected > 0)
    }

    @Test("a collection header with a huge face count or offset is an error")
    func collections() throws {
        var bytes = Array("ttcf".utf8) + [0, 1, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: FontDiagnostic.self) { try OpenTypeFace(bytes: bytes, path: "c.ttc", faceIndex: 3) }
        bytes = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0x7F, 0xFF, 0xFF, 0xFF]
        #expect(throws: FontDiagnostic.self) { try OpenTypeFace(bytes: bytes, path: "c.ttc") }
    }
}
