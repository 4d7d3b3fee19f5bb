/// The visual order of a run's characters, as a browser draws an SVG `text` whose `direction` is the default
/// `ltr` (the Unicode bidirectional algorithm at paragraph level 0, for the cases labels meet): right-to-left
/// letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms) go at level 1, digits after a
/// right-to-left letter at level 2 (a number keeps its order inside a Hebrew phrase), spaces and punctuation
/// between two right-to-left sides take their level, everything else stays at 0; then each sequence at level 1 or
/// more is reversed, the deeper ones first (rule L2). No explicit embeddings, no mirrored brackets; Arabic letters
/// take their joined forms before reordering (`RasterArabic`).
enum RasterBidi {
    enum Kind { case left, right, number, neutral }

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .right
        case 0x30...0x39, 0x0660...0x0669, 0x06F0...0x06F9: return .number
        default: break
        }
        return scalar.properties.isAlphabetic ? .left : .neutral
    }

    /// Whether `text` has any right-to-left letter (nothing to reorder otherwise).
    static func hasRightToLeft(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { kind($0) == .right }
    }

    /// The indices of `scalars` in the order they are drawn from left to right.
    static func visualOrder(_ scalars: [Unicode.Scalar]) -> [Int] {
        let kinds = scalars.map(kind)
        var levels = [Int](repeating: 0, count: kinds.count)
        // Digits take level 2 after a right-to-left letter (W2/W7 then I2), 0 otherwise.
        var lastStrong = Kind.left
        for (index, kind) in kinds.enumerated() {
            switch kind {
            case .left:
                lastStrong = .left
            case .right:
                lastStrong = .right
                levels[index] = 1
            case .number:
                levels[index] = lastStrong == .right ? 2 : 0
            case .neutral:
                break
            }
        }
        // Neutrals between two right-to-left sides (a number counts as one, N1) take level 1; others the paragraph's.
        var index = 0
        while index < kinds.count {
            guard kinds[index] == .neutral else {
                index += 1
                continue
            }
            var end = index
            while end < kinds.count, kinds[end] == .neutral { end += 1 }
            func isRight(_ at: Int) -> Bool { kinds[at] == .right || (kinds[at] == .number && levels[at] == 2) }
            let before = index > 0 && isRight(index - 1)
            let after = end < kinds.count && isRight(end)
            if before && after { for at in index..<end { levels[at] = 1 } }
            index = end
        }
        var order = Array(kinds.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        for level in stride(from: highest, through: 1, by: -1) {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        return order
    }
}
