/// Arabic joining for the PNG rasterizer (issue 28): the browser shapes an Arabic label with the font's
/// contextual forms, each letter joined to its neighbours; the rasterizer draws glyph by glyph, so it picks the
/// same forms itself, before the right-to-left reordering (`RasterBidi`): each letter of U+0621–U+064A becomes
/// its isolated, final, initial or medial presentation form (U+FE80–U+FEF4) by whether the letters around it
/// join (Unicode's joining types: dual-joining letters join on both sides, right-joining ones only to the
/// letter before; harakat are transparent; tatweel joins both ways), and lam followed by alef becomes the
/// lam-alef ligature (U+FEF5–U+FEFC). A form the face has no glyph for leaves the letter as written.
enum RasterArabic {
    /// How a letter joins: `dual` on both sides, `right` only to the letter before it (in logical order).
    enum Joining {
        case dual, right, causing, transparent, none
    }

    /// The presentation forms of U+0621…U+064A: isolated first, then final, initial, medial (dual-joining
    /// letters have four, right-joining two); nil for letters without forms.
    static let forms: [UInt32: [UInt32]] = {
        var table: [UInt32: [UInt32]] = [0x0621: [0xFE80]]
        // (letter, first form, dual-joining)
        let letters: [(UInt32, UInt32, Bool)] = [
            (0x0622, 0xFE81, false), (0x0623, 0xFE83, false), (0x0624, 0xFE85, false), (0x0625, 0xFE87, false), (0x0626, 0xFE89, true),
            (0x0627, 0xFE8D, false), (0x0628, 0xFE8F, true), (0x0629, 0xFE93, false), (0x062A, 0xFE95, true), (0x062B, 0xFE99, true),
            (0x062C, 0xFE9D, true), (0x062D, 0xFEA1, true), (0x062E, 0xFEA5, true), (0x062F, 0xFEA9, false), (0x0630, 0xFEAB, false),
            (0x0631, 0xFEAD, false), (0x0632, 0xFEAF, false), (0x0633, 0xFEB1, true), (0x0634, 0xFEB5, true), (0x0635, 0xFEB9, true),
            (0x0636, 0xFEBD, true), (0x0637, 0xFEC1, true), (0x0638, 0xFEC5, true), (0x0639, 0xFEC9, true), (0x063A, 0xFECD, true),
            (0x0641, 0xFED1, true), (0x0642, 0xFED5, true), (0x0643, 0xFED9, true), (0x0644, 0xFEDD, true), (0x0645, 0xFEE1, true),
            (0x0646, 0xFEE5, true), (0x0647, 0xFEE9, true), (0x0648, 0xFEED, false), (0x0649, 0xFEEF, false), (0x064A, 0xFEF1, true)
        ]
        for (letter, first, dual) in letters { table[letter] = (0..<(dual ? 4 : 2)).map { first + UInt32($0) } }
        return table
    }()

    /// Lam followed by one of these alefs: the ligature's isolated form (its final form is the next code point).
    static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]

    static func joining(_ value: UInt32) -> Joining {
        if value == 0x0640 { return .causing }
        if (0x064B...0x065F).contains(value) || value == 0x0670 { return .transparent }
        guard let forms = forms[value] else { return .none }
        return forms.count == 4 ? .dual : forms.count == 2 ? .right : .none
    }

    /// Whether `scalars` hold an Arabic letter with forms (else the text is drawn as it is).
    static func hasArabic(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { forms[$0.value] != nil }
    }

    /// `scalars` (logical order) with each Arabic letter in its joined form; `drawable` says whether the face
    /// (or its fallback) has a glyph for a code point.
    static func shaped(_ scalars: [Unicode.Scalar], drawable: (UInt32) -> Bool) -> [Unicode.Scalar] {
        let values = scalars.map(\.value)
        let kinds = values.map(joining)
        /// The nearest non-transparent neighbour of `index` in `direction` (-1 before, +1 after).
        func neighbour(_ index: Int, _ direction: Int) -> Joining {
            var at = index + direction
            while at >= 0 && at < kinds.count {
                if kinds[at] != .transparent { return kinds[at] }
                at += direction
            }
            return .none
        }
        var output: [Unicode.Scalar] = []
        var index = 0
        while index < values.count {
            let value = values[index]
            guard let letterForms = forms[value] else {
                output.append(scalars[index])
                index += 1
                continue
            }
            let before = neighbour(index, -1)
            // The letter before reaches this one when it joins on its left side (dual-joining or tatweel).
            let joinsBefore = (before == .dual || before == .causing) && letterForms.count >= 2
            // Lam-alef: one ligature for the two letters (right-joining: final when the lam is joined before).
            if value == 0x0644, index + 1 < values.count, let ligature = lamAlef[values[index + 1]] {
                let form = ligature + (joinsBefore ? 1 : 0)
                if drawable(form), let scalar = Unicode.Scalar(form) {
                    output.append(scalar)
                    index += 2
                    continue
                }
            }
            let after = neighbour(index, 1)
            let joinsAfter = letterForms.count == 4 && (after == .dual || after == .right || after == .causing)
            let form: UInt32
            switch (joinsBefore, joinsAfter) {
            case (false, false): form = letterForms[0]
            case (true, false): form = letterForms[1]
            case (false, true): form = letterForms[2]
            case (true, true): form = letterForms[3]
            }
            if drawable(form), let scalar = Unicode.Scalar(form) { output.append(scalar) } else { output.append(scalars[index]) }
            index += 1
        }
        return output
    }
}
