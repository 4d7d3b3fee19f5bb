/// The file names of a batch's charts (SPEC §23): `NAME-VALUE`, the value as a lowercase ASCII slug (letters
/// and digits, accented Latin letters without their accents, every other run of characters one `-`), and a
/// value whose slug an earlier value already took gets `-2`, `-3`, ….
public enum BatchFileNames {
    /// `"São Paulo"` → `"sao-paulo"`; `"value"` when nothing is left.
    public static func slug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let folded = fold(scalar)
            if folded.isEmpty {
                pendingDash = !slug.isEmpty
                continue
            }
            if pendingDash { slug += "-" }
            pendingDash = false
            slug += folded
        }
        return slug.isEmpty ? "value" : slug
    }

    /// The slugs of `values` in order, each unique: a repeated slug gets the first free `-2`, `-3`, ….
    public static func unique(_ values: [String]) -> [String] {
        var used: Set<String> = []
        var names: [String] = []
        for value in values {
            let base = slug(value)
            var name = base
            var counter = 2
            while used.contains(name) {
                name = "\(base)-\(counter)"
                counter += 1
            }
            used.insert(name)
            names.append(name)
        }
        return names
    }

    /// A scalar as lowercase ASCII letters or digits; empty for anything else.
    static func fold(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: return String(scalar)
        case 0x41...0x5A: return String(Unicode.Scalar(scalar.value + 32) ?? scalar)
        default: break
        }
        for (letters, ascii) in accents where letters.unicodeScalars.contains(scalar) { return ascii }
        return ""
    }

    /// Latin letters with diacritics and ligatures, and their ASCII spelling.
    static let accents: [(String, String)] = [
        ("àáâãäåāăąÀÁÂÃÄÅĀĂĄ", "a"), ("æÆ", "ae"), ("çćĉċčÇĆĈĊČ", "c"), ("ďđĎĐ", "d"), ("èéêëēĕėęěÈÉÊËĒĔĖĘĚ", "e"),
        ("ĝğġģĜĞĠĢ", "g"), ("ĥħĤĦ", "h"), ("ìíîïĩīĭįıÌÍÎÏĨĪĬĮİ", "i"), ("ĵĴ", "j"), ("ķĶ", "k"), ("ĺļľŀłĹĻĽĿŁ", "l"),
        ("ñńņňÑŃŅŇ", "n"), ("òóôõöøōŏőÒÓÔÕÖØŌŎŐ", "o"), ("œŒ", "oe"), ("ŕŗřŔŖŘ", "r"), ("śŝşšŚŜŞŠ", "s"), ("ß", "ss"),
        ("ţťŧŢŤŦ", "t"), ("ùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲ", "u"), ("ŵŴ", "w"), ("ýÿŷÝŸŶ", "y"), ("źżžŹŻŽ", "z"), ("þÞ", "th"),
        ("ðÐ", "d")
    ]
}
