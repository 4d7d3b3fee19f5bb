/// Decodes `CFF ` outlines (OpenType with PostScript outlines, Adobe TN 5176 and TN 5177): the Top DICT's
/// CharStrings and Private DICT (or, for a CID-keyed font, the FDArray and FDSelect that pick each glyph's
/// Private DICT), the global and local subroutines, and the Type 2 charstrings themselves as moves, lines and
/// cubic curves. Hints (stems, hint and counter masks) are read past and ignored, as a rasterizer without hinting
/// does; the width a charstring may start with is dropped. Every read is bounds-checked, subroutine calls nest at
/// most 10 deep (the format's own limit) and a charstring runs at most 65 536 operators, so a broken or hostile
/// font gives a partial outline or an error, never a trap or a hang. `CFF2` (variable fonts) is not read.
enum CFFOutlines {
    static let table = "CFF "

    /// An INDEX: `count` items whose offsets follow the header, the data after them.
    struct Index: Sendable {
        let count: Int
        let offSize: Int
        let offsets: Int
        let dataStart: Int
        /// The first byte after the INDEX.
        let end: Int

        init(_ data: FontBytes, at: Int) throws(FontBytes.OutOfBounds) {
            count = Int(try data.u16(at, CFFOutlines.table))
            guard count > 0 else {
                offSize = 1
                offsets = at + 2
                dataStart = at + 2
                end = at + 2
                return
            }
            let size = Int(try data.u8(at + 2, CFFOutlines.table))
            guard (1...4).contains(size) else {
                throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "has an INDEX with offset size \(size)")
            }
            offSize = size
            offsets = at + 3
            try data.check(offsets, (count + 1) * size, CFFOutlines.table)
            dataStart = offsets + (count + 1) * size - 1
            var last = 0
            for byte in 0..<size { last = last << 8 | Int(try data.u8(offsets + count * size + byte, CFFOutlines.table)) }
            try data.check(dataStart, last, CFFOutlines.table)
            end = dataStart + last
        }

        func offset(_ data: FontBytes, _ index: Int) throws(FontBytes.OutOfBounds) -> Int {
            var value = 0
            for byte in 0..<offSize { value = value << 8 | Int(try data.u8(offsets + index * offSize + byte, CFFOutlines.table)) }
            return value
        }

        /// The byte range of item `index`.
        func item(_ data: FontBytes, _ index: Int) throws(FontBytes.OutOfBounds) -> Range<Int> {
            guard index >= 0, index < count else { throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "has no INDEX item \(index)") }
            let start = try offset(data, index), stop = try offset(data, index + 1)
            guard start >= 1, stop >= start, dataStart + stop <= end else {
                throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "has an INDEX item out of order")
            }
            return (dataStart + start)..<(dataStart + stop)
        }
    }

    /// A DICT's operators with their operands (two-byte operators as 1200 + the second byte).
    static func dict(_ data: FontBytes, _ range: Range<Int>) throws(FontBytes.OutOfBounds) -> [Int: [Double]] {
        var result: [Int: [Double]] = [:]
        var operands: [Double] = []
        var at = range.lowerBound
        while at < range.upperBound {
            let b0 = Int(try data.u8(at, table))
            switch b0 {
            case 0...21:
                var op = b0
                at += 1
                if b0 == 12 {
                    op = 1200 + Int(try data.u8(at, table))
                    at += 1
                }
                result[op] = operands
                operands = []
            case 28:
                operands.append(Double(try data.i16(at + 1, table)))
                at += 3
            case 29:
                operands.append(Double(Int32(bitPattern: try data.u32(at + 1, table))))
                at += 5
            case 30:
                // A real number: nibbles until 0xf. Only used for values outlines do not need (e.g. the matrix).
                at += 1
                var text = ""
                scan: while at < range.upperBound {
                    let byte = try data.u8(at, table)
                    at += 1
                    for nibble in [byte >> 4, byte & 0xF] {
                        switch nibble {
                        case 0...9: text.append(Character(String(nibble)))
                        case 0xA: text.append(".")
                        case 0xB: text.append("E")
                        case 0xC: text.append("E-")
                        case 0xE: text.append("-")
                        case 0xF: break scan
                        default: break
                        }
                    }
                }
                operands.append(Double(text) ?? 0)
            case 32...246:
                operands.append(Double(b0 - 139))
                at += 1
            case 247...250:
                operands.append(Double((b0 - 247) * 256 + Int(try data.u8(at + 1, table)) + 108))
                at += 2
            case 251...254:
                operands.append(Double(-(b0 - 251) * 256 - Int(try data.u8(at + 1, table)) - 108))
                at += 2
            default:
                at += 1
            }
            if operands.count > 513 { throw FontBytes.OutOfBounds(table: table, problem: "has a DICT with too many operands") }
        }
        return result
    }

    /// The tables of a face's CFF that every glyph needs, located once.
    struct Font: Sendable {
        let charStrings: Index
        let globalSubrs: Index
        /// Local subroutines per Private DICT (one, or one per font DICT of a CID-keyed font).
        let localSubrs: [Index?]
        /// For a CID-keyed font, where its FDSelect lies; nil otherwise.
        let fdSelect: Int?

        init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
            let base = record.offset
            let headerSize = Int(try data.u8(base + 2, table))
            let names = try Index(data, at: base + headerSize)
            let topDicts = try Index(data, at: names.end)
            let strings = try Index(data, at: topDicts.end)
            globalSubrs = try Index(data, at: strings.end)
            let top = try dict(data, try topDicts.item(data, 0))
            guard let charStringsOffset = top[17]?.last, charStringsOffset > 0 else {
                throw FontBytes.OutOfBounds(table: table, problem: "has no CharStrings")
            }
            if let type = top[1206]?.last, type != 2 { throw FontBytes.OutOfBounds(table: table, problem: "has Type \(Int(type)) charstrings") }
            charStrings = try Index(data, at: base + Int(charStringsOffset))
            func privateSubrs(_ dictionary: [Int: [Double]]) throws(FontBytes.OutOfBounds) -> Index? {
                guard let privateEntry = dictionary[18], privateEntry.count == 2 else { return nil }
                let size = Int(privateEntry[0]), offset = base + Int(privateEntry[1])
                guard size >= 0, privateEntry[1] >= 0 else { return nil }
                try data.check(offset, size, table)
                let privateDict = try dict(data, offset..<(offset + size))
                guard let subrs = privateDict[19]?.last, subrs > 0 else { return nil }
                return try Index(data, at: offset + Int(subrs))
            }
            if top[1230] != nil, let fdArrayOffset = top[1236]?.last, let fdSelectOffset = top[1237]?.last {
                let fdArray = try Index(data, at: base + Int(fdArrayOffset))
                var locals: [Index?] = []
                for index in 0..<min(fdArray.count, 256) { locals.append(try privateSubrs(try dict(data, try fdArray.item(data, index)))) }
                localSubrs = locals
                fdSelect = base + Int(fdSelectOffset)
            } else {
                localSubrs = [try privateSubrs(top)]
                fdSelect = nil
            }
        }

        /// Which font DICT a glyph of a CID-keyed font uses (FDSelect formats 0 and 3).
        func fontDict(_ data: FontBytes, glyph: Int) throws(FontBytes.OutOfBounds) -> Int {
            guard let at = fdSelect else { return 0 }
            let format = try data.u8(at, table)
            if format == 0 { return Int(try data.u8(at + 1 + glyph, table)) }
            guard format == 3 else { return 0 }
            let ranges = Int(try data.u16(at + 1, table))
            var low = 0, high = ranges - 1
            while low <= high {
                let mid = (low + high) / 2
                let first = Int(try data.u16(at + 3 + mid * 3, table))
                let next = Int(try data.u16(at + 3 + (mid + 1) * 3, table)) // the next range's first, or the sentinel
                if glyph < first {
                    high = mid - 1
                } else if glyph >= next {
                    low = mid + 1
                } else {
                    return Int(try data.u8(at + 3 + mid * 3 + 2, table))
                }
            }
            return 0
        }
    }

    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33_900 ? 1131 : 32_768 }

    /// The outline of `glyph`, as contours closed at each move and at the end.
    static func append(glyph: Int, font: Font, data: FontBytes, into segments: inout [GlyphOutline.Segment]) throws(FontBytes.OutOfBounds) {
        guard glyph >= 0, glyph < font.charStrings.count else { return }
        let fd = try font.fontDict(data, glyph: glyph)
        var machine = Machine(data: data, global: font.globalSubrs, local: fd < font.localSubrs.count ? font.localSubrs[fd] : nil)
        try machine.run(try font.charStrings.item(data, glyph), depth: 0)
        machine.closeContour()
        segments += machine.segments
    }

    /// The Type 2 charstring interpreter's state.
    struct Machine {
        let data: FontBytes
        let global: Index
        let local: Index?
        var stack: [Double] = []
        var x = 0.0, y = 0.0
        var stems = 0
        var sawWidth = false
        var open = false
        var finished = false
        var operations = 0
        var segments: [GlyphOutline.Segment] = []

        init(data: FontBytes, global: Index, local: Index?) {
            self.data = data
            self.global = global
            self.local = local
        }

        mutating func closeContour() {
            if open { segments.append(.close) }
            open = false
        }

        mutating func moveTo(_ dx: Double, _ dy: Double) {
            closeContour()
            x += dx
            y += dy
            segments.append(.move(x: x, y: y))
            open = true
        }

        mutating func lineTo(_ dx: Double, _ dy: Double) {
            if !open { moveTo(0, 0) }
            x += dx
            y += dy
            segments.append(.line(x: x, y: y))
        }

        mutating func curveTo(_ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double) {
            if !open { moveTo(0, 0) }
            let c1x = x + dx1, c1y = y + dy1
            let c2x = c1x + dx2, c2y = c1y + dy2
            x = c2x + dx3
            y = c2y + dy3
            segments.append(.cubic(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, x: x, y: y))
        }

        /// Drops the width a charstring's first stack-clearing operator may carry: present when the operands
        /// are one more than the operator takes (`expected` even for stems, exact for moves and `endchar`).
        mutating func dropWidth(_ hasExtra: Bool) {
            if !sawWidth, hasExtra, !stack.isEmpty { stack.removeFirst() }
            sawWidth = true
        }

        mutating func run(_ range: Range<Int>, depth: Int) throws(FontBytes.OutOfBounds) {
            guard depth <= 10 else { throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "nests subroutines more than 10 deep") }
            var at = range.lowerBound
            while at < range.upperBound, !finished {
                operations += 1
                guard operations < 65_536 else { throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "runs a charstring too long") }
                let b0 = Int(try data.u8(at, CFFOutlines.table))
                at += 1
                switch b0 {
                case 28:
                    stack.append(Double(try data.i16(at, CFFOutlines.table)))
                    at += 2
                case 32...246:
                    stack.append(Double(b0 - 139))
                case 247...250:
                    stack.append(Double((b0 - 247) * 256 + Int(try data.u8(at, CFFOutlines.table)) + 108))
                    at += 1
                case 251...254:
                    stack.append(Double(-(b0 - 251) * 256 - Int(try data.u8(at, CFFOutlines.table)) - 108))
                    at += 1
                case 255:
                    stack.append(Double(Int32(bitPattern: try data.u32(at, CFFOutlines.table))) / 65536)
                    at += 4
                case 1, 3, 18, 23: // hstem, vstem, hstemhm, vstemhm
                    dropWidth(stack.count % 2 == 1)
                    stems += stack.count / 2
                    stack.removeAll()
                case 19, 20: // hintmask, cntrmask: operands before them are vstems
                    dropWidth(stack.count % 2 == 1)
                    stems += stack.count / 2
                    stack.removeAll()
                    at += (stems + 7) / 8
                case 21: // rmoveto
                    dropWidth(stack.count > 2)
                    if stack.count >= 2 { moveTo(stack[stack.count - 2], stack[stack.count - 1]) }
                    stack.removeAll()
                case 22: // hmoveto
                    dropWidth(stack.count > 1)
                    if let dx = stack.last { moveTo(dx, 0) }
                    stack.removeAll()
                case 4: // vmoveto
                    dropWidth(stack.count > 1)
                    if let dy = stack.last { moveTo(0, dy) }
                    stack.removeAll()
                case 5: // rlineto
                    var index = 0
                    while index + 1 < stack.count {
                        lineTo(stack[index], stack[index + 1])
                        index += 2
                    }
                    stack.removeAll()
                case 6, 7: // hlineto, vlineto: alternating
                    var horizontal = b0 == 6
                    for value in stack {
                        if horizontal { lineTo(value, 0) } else { lineTo(0, value) }
                        horizontal.toggle()
                    }
                    stack.removeAll()
                case 8: // rrcurveto
                    var index = 0
                    while index + 5 < stack.count {
                        curveTo(stack[index], stack[index + 1], stack[index + 2], stack[index + 3], stack[index + 4], stack[index + 5])
                        index += 6
                    }
                    stack.removeAll()
                case 24: // rcurveline
                    var index = 0
                    while index + 5 < stack.count - 2 {
                        curveTo(stack[index], stack[index + 1], stack[index + 2], stack[index + 3], stack[index + 4], stack[index + 5])
                        index += 6
                    }
                    if index + 1 < stack.count { lineTo(stack[index], stack[index + 1]) }
                    stack.removeAll()
                case 25: // rlinecurve
                    var index = 0
                    while index + 1 < stack.count - 6 {
                        lineTo(stack[index], stack[index + 1])
                        index += 2
                    }
                    if index + 5 < stack.count {
                        curveTo(stack[index], stack[index + 1], stack[index + 2], stack[index + 3], stack[index + 4], stack[index + 5])
                    }
                    stack.removeAll()
                case 26: // vvcurveto
                    var index = 0
                    var dx1 = 0.0
                    if stack.count % 4 == 1 {
                        dx1 = stack[0]
                        index = 1
                    }
                    while index + 3 < stack.count {
                        curveTo(dx1, stack[index], stack[index + 1], stack[index + 2], 0, stack[index + 3])
                        dx1 = 0
                        index += 4
                    }
                    stack.removeAll()
                case 27: // hhcurveto
                    var index = 0
                    var dy1 = 0.0
                    if stack.count % 4 == 1 {
                        dy1 = stack[0]
                        index = 1
                    }
                    while index + 3 < stack.count {
                        curveTo(stack[index], dy1, stack[index + 1], stack[index + 2], stack[index + 3], 0)
                        dy1 = 0
                        index += 4
                    }
                    stack.removeAll()
                case 30, 31: // vhcurveto, hvcurveto: alternating, the last with an optional final delta
                    var horizontal = b0 == 31
                    var index = 0
                    while index + 3 < stack.count {
                        let last = stack.count - index == 5 ? stack[index + 4] : 0
                        if horizontal {
                            curveTo(stack[index], 0, stack[index + 1], stack[index + 2], last, stack[index + 3])
                        } else {
                            curveTo(0, stack[index], stack[index + 1], stack[index + 2], stack[index + 3], last)
                        }
                        horizontal.toggle()
                        index += 4
                    }
                    stack.removeAll()
                case 10, 29: // callsubr, callgsubr
                    guard let number = stack.popLast(), let subrs = b0 == 10 ? local : global else {
                        throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "calls a subroutine it does not have")
                    }
                    let index = Int(number) + bias(subrs.count)
                    try run(try subrs.item(data, index), depth: depth + 1)
                case 11: // return
                    return
                case 14: // endchar
                    dropWidth(stack.count == 1 || stack.count == 5)
                    stack.removeAll()
                    closeContour()
                    finished = true
                case 12:
                    let op = Int(try data.u8(at, CFFOutlines.table))
                    at += 1
                    try flex(op)
                    stack.removeAll()
                default:
                    stack.removeAll() // reserved operators
                }
                if stack.count > 513 { throw FontBytes.OutOfBounds(table: CFFOutlines.table, problem: "overflows the charstring stack") }
            }
        }

        /// The flex operators (drawn as their two curves, the flex depth ignored).
        mutating func flex(_ op: Int) throws(FontBytes.OutOfBounds) {
            let s = stack
            switch op {
            case 35 where s.count >= 12: // flex
                curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
                curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
            case 34 where s.count >= 7: // hflex
                let startY = y
                curveTo(s[0], 0, s[1], s[2], s[3], 0)
                curveTo(s[4], 0, s[5], startY - y, s[6], 0)
            case 36 where s.count >= 9: // hflex1
                let startY = y
                curveTo(s[0], s[1], s[2], s[3], s[4], 0)
                curveTo(s[5], 0, s[6], s[7], s[8], startY - (y + s[7]))
            case 37 where s.count >= 11: // flex1
                let startX = x, startY = y
                let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
                curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
                let (px, py) = (x, y)
                if abs(dx) > abs(dy) {
                    curveTo(s[6], s[7], s[8], s[9], s[10], startY - (py + s[7] + s[9]))
                } else {
                    curveTo(s[6], s[7], s[8], s[9], startX - (px + s[6] + s[8]), s[10])
                }
            default:
                break
            }
        }
    }
}
