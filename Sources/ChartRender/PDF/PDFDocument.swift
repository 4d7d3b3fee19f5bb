/// The file structure of a PDF: numbered indirect objects written in order, then a cross-reference table with
/// each object's byte offset, then the trailer. Objects are reserved first (so dictionaries can refer to
/// objects written later) and filled in any order; the file lists them by number. Bytes, never text: streams
/// hold font files and binary glyph ids.
struct PDFDocument {
    /// One object's body (`<< … >>`, `[ … ]`, or a dictionary followed by its stream).
    private var bodies: [[UInt8]?] = []
    /// Whether streams are compressed (`/FlateDecode`, `PDFDeflate`).
    var compressStreams = true

    /// A new object number, to be filled with `set`.
    mutating func reserve() -> Int {
        bodies.append(nil)
        return bodies.count
    }

    /// Fills object `number` with `body` (PDF syntax, ASCII).
    mutating func set(_ number: Int, _ body: String) {
        bodies[number - 1] = Array(body.utf8)
    }

    /// Fills object `number` with a stream: its dictionary entries (without `/Length` and `/Filter`) and its bytes,
    /// compressed when `compressStreams` is on.
    mutating func setStream(_ number: Int, dictionary: String, data: [UInt8]) {
        var dictionary = dictionary
        var data = data
        if compressStreams {
            data = PDFDeflate.compress(data)
            dictionary = "/Filter /FlateDecode" + (dictionary.isEmpty ? "" : " " + dictionary)
        }
        var body = Array(("<< /Length " + String(data.count) + (dictionary.isEmpty ? "" : " " + dictionary) + " >>\nstream\n").utf8)
        body.append(contentsOf: data)
        body.append(contentsOf: Array("\nendstream".utf8))
        bodies[number - 1] = body
    }

    /// The whole file: header (with the binary comment that marks it as binary), objects, xref, trailer.
    func bytes(root: Int, info: Int?, id: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bodies.reduce(1024) { $0 + ($1?.count ?? 0) + 32 })
        out.append(contentsOf: Array("%PDF-1.7\n%".utf8))
        out.append(contentsOf: [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(out.count)
            out.append(contentsOf: Array((String(index + 1) + " 0 obj\n").utf8))
            out.append(contentsOf: body ?? Array("null".utf8))
            out.append(contentsOf: Array("\nendobj\n".utf8))
        }
        let xref = out.count
        var table = "xref\n0 " + String(bodies.count + 1) + "\n0000000000 65535 f\r\n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n\r\n"
        }
        table += "trailer\n<< /Size " + String(bodies.count + 1) + " /Root " + String(root) + " 0 R"
        if let info { table += " /Info " + String(info) + " 0 R" }
        table += " /ID [<" + id + "> <" + id + ">] >>\nstartxref\n" + String(xref) + "\n%%EOF\n"
        out.append(contentsOf: Array(table.utf8))
        return out
    }
}

/// PDF literal syntax: names, strings and numbers, written the same way every time.
enum PDFSyntax {
    /// A text string (document information, link targets are byte strings instead): ASCII as a literal
    /// `( … )` with escapes, anything else as UTF-16BE hex with a byte-order mark.
    static func textString(_ text: String, forceUnicode: Bool = false) -> String {
        if !forceUnicode, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return literal(Array(text.utf8)) }
        var hex = "<FEFF"
        for unit in text.utf16 { hex += hex4(unit) }
        return hex + ">"
    }

    /// A byte string as a literal, `(`, `)` and `\` escaped, control bytes as octal.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case 0x28, 0x29, 0x5C: out += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F: out += String(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }

    /// A name (`/LiberationSans-Bold`): characters outside `!`…`~` and delimiters as `#xx`.
    static func name(_ text: String) -> String {
        var out = "/"
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F, !"#()<>[]{}/%".utf8.contains(byte) {
                out += String(UnicodeScalar(byte))
            } else {
                out += "#" + hex2(byte)
            }
        }
        return out
    }

    /// A number with at most `decimals` decimals, no trailing zeros, never `-0`, `nan` or `inf`.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<min(decimals, 6) { scale *= 10 }
        let clamped = max(-1e12, min(1e12, value))
        let scaled = Int64(exactly: (abs(clamped) * Double(scale)).rounded()) ?? 0
        if scaled == 0 { return "0" }
        let whole = scaled / scale
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (clamped < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    static func hex2(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    static func hex4(_ word: UInt16) -> String {
        hex2(UInt8(word >> 8)) + hex2(UInt8(word & 0xFF))
    }
}
