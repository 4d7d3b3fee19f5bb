/// Greedy line breaking, so subtitles, notes, legends and long axis titles wrap to the width they are given.
///
/// - Lines break at spaces (a run of spaces or tabs counts as one, and never starts or ends a line), after
///   hyphens that join words (`well-known`, not `-5` or `1948-2025`), after en and em dashes, and on either side of
///   ideographs. No-break spaces (U+00A0, U+202F, U+2007) hold their neighbours together.
/// - Explicit line breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029) are kept; blank lines between paragraphs are
///   kept, blank lines at the start and end are dropped.
/// - A word wider than the whole line is broken as a last resort: after `/`, `_`, `.`, `?`, `&`, `=` or `-` when
///   one is in the second half of what fits (URLs), else after the last character that fits. A line holds at
///   least one character, so a single glyph wider than the width is the only way a line can be too wide.
/// - No text is lost: the lines hold every non-space character of the input, in order.
///
/// Each line's `width` is exactly `TextMeasurer.width(line.text, style:)`.
public enum LineBreaker {
    public static func wrap(_ text: String, width: Double, style: TextStyle) -> [TextLine] {
        let face = FontFace.of(style)
        var builder = Builder(face: face, budget: face.budget(width: width, size: style.size), size: style.size)
        var paragraphs = splitParagraphs(text)
        while let first = paragraphs.first, first.allSatisfy(isCollapsibleSpace) { paragraphs.removeFirst() }
        while let last = paragraphs.last, last.allSatisfy(isCollapsibleSpace) { paragraphs.removeLast() }
        for paragraph in paragraphs {
            builder.paragraph(paragraph)
        }
        return builder.lines
    }

    // MARK: Segmenting

    private static func splitParagraphs(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { character in
            character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2028}" || character == "\u{2029}"
        }
    }

    /// Spaces that separate words and collapse: not the no-break ones.
    static func isCollapsibleSpace(_ character: Character) -> Bool {
        switch character {
        case " ", "\t", "\u{3000}": return true
        case "\u{00A0}", "\u{202F}", "\u{2007}", "\u{2060}": return false
        default:
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
            return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    private static func isWideCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return FontFace.isWide(scalar.value)
    }

    /// Splits one word (no spaces inside) into the pieces a line may end after.
    static func segments(of word: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let character = word[index]
            let next = word.index(after: index)
            var breakBefore = false
            var breakAfter = false
            switch character {
            case "\u{2010}", "\u{2013}", "\u{2014}":
                breakAfter = true
            case "-":
                // A hyphen joining two words; not a leading minus, and not before a digit (`1948-2025`, `-5`).
                if index > word.startIndex {
                    if next < word.endIndex, !isDigit(word[next]), word[next] != "-" { breakAfter = true }
                }
            default:
                if isWideCharacter(character) {
                    breakBefore = true
                    breakAfter = true
                }
            }
            if breakBefore && index > start {
                result.append(word[start..<index])
                start = index
            }
            if breakAfter && next < word.endIndex {
                result.append(word[start..<next])
                start = next
            }
            index = next
        }
        if start < word.endIndex { result.append(word[start...]) }
        return result
    }

    // MARK: Filling lines

    private struct Builder {
        let face: FontFace
        let budget: Int
        let size: Double
        let spaceUnits: Int
        var lines: [TextLine] = []
        var current = ""
        var currentUnits = 0

        init(face: FontFace, budget: Int, size: Double) {
            self.face = face
            self.budget = budget
            self.size = size
            self.spaceUnits = face.units(" ")
        }

        mutating func paragraph(_ paragraph: Substring) {
            let words = paragraph.split(whereSeparator: LineBreaker.isCollapsibleSpace)
            for word in words {
                for (position, segment) in LineBreaker.segments(of: word).enumerated() {
                    place(segment, afterSpace: position == 0)
                }
            }
            flush()
        }

        mutating func place(_ segment: Substring, afterSpace: Bool) {
            let units = face.units(segment)
            let joiner = afterSpace && !current.isEmpty ? spaceUnits : 0
            if current.isEmpty || currentUnits + joiner + units <= budget {
                if units > budget && current.isEmpty {
                    breakCharacters(segment)
                    return
                }
                if joiner > 0 { current += " " }
                current += segment
                currentUnits += joiner + units
                return
            }
            flush()
            if units > budget {
                breakCharacters(segment)
            } else {
                current = String(segment)
                currentUnits = units
            }
        }

        /// The last resort for a piece wider than a whole line: fill lines character by character. The last part
        /// stays open so the next words can follow it.
        mutating func breakCharacters(_ segment: Substring) {
            var rest = segment[...]
            while !rest.isEmpty {
                var used = 0
                var fitEnd = rest.startIndex
                var preferredEnd: Substring.Index?
                var fitCount = 0
                var preferredCount = 0
                for index in rest.indices {
                    let characterUnits = face.units(rest[index])
                    if used + characterUnits > budget && fitCount > 0 { break }
                    used += characterUnits
                    fitEnd = rest.index(after: index)
                    fitCount += 1
                    if "/_.?&=-".contains(rest[index]) {
                        preferredEnd = fitEnd
                        preferredCount = fitCount
                    }
                }
                if fitEnd == rest.endIndex {
                    current = String(rest)
                    currentUnits = face.units(rest)
                    return
                }
                let end = (preferredEnd != nil && preferredCount * 2 >= fitCount) ? (preferredEnd ?? fitEnd) : fitEnd
                let piece = rest[..<end]
                lines.append(TextLine(text: String(piece), width: face.pixels(face.units(piece), size: size)))
                rest = rest[end...]
            }
        }

        mutating func flush() {
            lines.append(TextLine(text: current, width: face.pixels(currentUnits, size: size)))
            current = ""
            currentUnits = 0
        }
    }
}
