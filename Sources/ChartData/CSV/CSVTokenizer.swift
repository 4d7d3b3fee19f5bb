#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds field boundaries in CSV/TSV bytes (RFC 4180): one field per `next()` call, with its byte range and
/// whether it ended the record. It never allocates and never builds strings; the reader decides what to do
/// with each field's bytes. Malformed quoting is reported as a `Problem` on the field together with a
/// recovery (read on as if the quote were text), so one scan can report several mistakes.
struct CSVTokenizer {
    static let quote: UInt8 = 0x22
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    enum Problem: UInt8 {
        case none
        /// A `"` inside a field that did not start with one.
        case strayQuote
        /// Something other than a delimiter or line break right after a closing quote.
        case textAfterQuote
        /// An opening quote with no closing one: the field runs to the end of the file.
        case unterminatedQuote
    }

    struct Field {
        /// The content range: for a quoted field, between the quotes (doubled quotes still doubled).
        var start: Int
        var end: Int
        var quoted: Bool
        /// The quoted content contains `""` pairs that stand for one `"`.
        var escaped: Bool
        /// The field was followed by a line break or the end of the file.
        var endsRecord: Bool
        var problem: Problem
        /// Where the problem is (the stray quote, the first byte after the closing quote, the opening quote).
        var problemOffset: Int
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let delimiter: UInt8
    /// The offset of the next unread byte.
    var position: Int
    /// The delimiter repeated in every byte of a word, for the eight-bytes-at-a-time scan.
    private let delimiterWord: UInt64

    /// A tokenizer over `base[0..<count]` starting at `position`.
    init(base: UnsafePointer<UInt8>, count: Int, delimiter: UInt8, position: Int) {
        self.base = base
        self.count = count
        self.delimiter = delimiter
        self.position = position
        delimiterWord = UInt64(delimiter) &* Self.ones
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// High bit set in each byte of `word` that is zero (exact for the lowest such byte, which is all we use).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// The first offset at or after `index` holding the delimiter, a quote, LF or CR; `count` if none.
    /// Eight bytes at a time: fields are short, so this usually finds the end in the first word.
    @inline(__always)
    private func nextSpecial(from index: Int) -> Int {
        var index = index
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found =
                Self.zeroBytes(word ^ delimiterWord)
                | Self.zeroBytes(word ^ (UInt64(Self.quote) &* Self.ones))
                | Self.zeroBytes(word ^ (UInt64(Self.lineFeed) &* Self.ones))
                | Self.zeroBytes(word ^ (UInt64(Self.carriageReturn) &* Self.ones))
            if found != 0 {
                return index + (found.trailingZeroBitCount >> 3)
            }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == delimiter || byte == Self.quote || byte == Self.lineFeed || byte == Self.carriageReturn { return index }
            index += 1
        }
        return count
    }

    var atEnd: Bool { position >= count }

    /// Skips empty lines (a line break right where a record would start). Returns false at the end of input.
    @inline(__always)
    mutating func skipBlankLines() -> Bool {
        while position < count {
            let byte = base[position]
            if byte == Self.lineFeed {
                position += 1
            } else if byte == Self.carriageReturn {
                position += 1
            } else {
                return true
            }
        }
        return false
    }

    /// Reads the field that starts at `position` and moves past its terminator.
    @inline(__always)
    mutating func next() -> Field {
        let start = position
        if start < count && base[start] == Self.quote {
            return quotedField(opening: start)
        }
        var index = nextSpecial(from: start)
        var problem = Problem.none
        var problemOffset = 0
        while index < count && base[index] == Self.quote {
            if problem == .none {
                problem = .strayQuote
                problemOffset = index
            }
            index = nextSpecial(from: index + 1)
        }
        let endsRecord = finishField(at: index)
        return Field(start: start, end: index, quoted: false, escaped: false, endsRecord: endsRecord, problem: problem, problemOffset: problemOffset)
    }

    private mutating func quotedField(opening: Int) -> Field {
        var index = opening + 1
        var escaped = false
        while true {
            guard let found = findQuote(from: index) else {
                position = count
                return Field(
                    start: opening + 1, end: count, quoted: true, escaped: escaped, endsRecord: true, problem: .unterminatedQuote,
                    problemOffset: opening)
            }
            if found + 1 < count && base[found + 1] == Self.quote {
                escaped = true
                index = found + 2
                continue
            }
            let contentEnd = found
            let after = found + 1
            if after >= count || base[after] == delimiter || base[after] == Self.lineFeed || base[after] == Self.carriageReturn {
                let endsRecord = finishField(at: after)
                return Field(
                    start: opening + 1, end: contentEnd, quoted: true, escaped: escaped, endsRecord: endsRecord, problem: .none, problemOffset: 0)
            }
            // Recover: read on to the end of the field as unquoted text.
            var scan = after
            while scan < count {
                let byte = base[scan]
                if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                scan += 1
            }
            let endsRecord = finishField(at: scan)
            return Field(
                start: opening + 1, end: contentEnd, quoted: true, escaped: escaped, endsRecord: endsRecord, problem: .textAfterQuote,
                problemOffset: after)
        }
    }

    @inline(__always)
    private func findQuote(from index: Int) -> Int? {
        guard index < count else { return nil }
        guard let found = memchr(base + index, Int32(Self.quote), count - index) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Consumes the terminator at `index` (delimiter, LF, CRLF, a lone CR, or the end) and says whether it
    /// ended the record.
    @inline(__always)
    private mutating func finishField(at index: Int) -> Bool {
        guard index < count else {
            position = count
            return true
        }
        let byte = base[index]
        if byte == delimiter {
            position = index + 1
            return false
        }
        if byte == Self.carriageReturn && index + 1 < count && base[index + 1] == Self.lineFeed {
            position = index + 2
        } else {
            position = index + 1
        }
        return true
    }

    /// Passes over up to `wanted` fields whose contents nobody reads, stopping at the start of the next field
    /// or after the record's line break. Returns how many fields it passed, whether the record ended, and the
    /// first quoting problem (with `position` where `next()` left it).
    ///
    /// Runs of short unquoted fields are passed a word at a time: the delimiters in eight bytes are found at
    /// once, and every one before the first quote or line break ends a field. Quoted fields, long fields and the
    /// last bytes of the input go through `next()`, so the rules are exactly those of `next()`.
    @inline(__always)
    mutating func skipFields(_ wanted: Int) -> (fields: Int, endsRecord: Bool, problem: Problem) {
        var done = 0
        let raw = UnsafeRawPointer(base)
        while done < wanted {
            let start = position
            if start + 8 <= count && base[start] != Self.quote {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                let delimiters = Self.everyZeroByte(word ^ delimiterWord)
                let stops =
                    Self.everyZeroByte(word ^ (UInt64(Self.quote) &* Self.ones))
                    | Self.everyZeroByte(word ^ (UInt64(Self.lineFeed) &* Self.ones))
                    | Self.everyZeroByte(word ^ (UInt64(Self.carriageReturn) &* Self.ones))
                // Only delimiters before the first quote or line break end plain fields.
                let plain = stops == 0 ? delimiters : delimiters & ((stops & (0 &- stops)) &- 1)
                if plain != 0 {
                    // Each delimiter ends a field (no population count: baseline x86-64 has no instruction for it).
                    var mask = plain
                    var last = 0
                    repeat {
                        last = mask.trailingZeroBitCount
                        mask &= mask &- 1
                        done += 1
                    } while mask != 0 && done < wanted
                    position = start + (last >> 3) + 1
                    continue
                }
            }
            let field = next()
            if field.problem != .none { return (done, field.endsRecord, field.problem) }
            done += 1
            if field.endsRecord { return (done, true, .none) }
        }
        return (done, false, .none)
    }

    /// High bit set in every byte of `word` that is zero (unlike `zeroBytes`, exact for all eight bytes).
    @inline(__always)
    private static func everyZeroByte(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~((((word & low) &+ low) | word) | low)
    }

    /// Writes the content of an escaped quoted field with each `""` collapsed to `"` into `buffer`.
    static func unescape(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            let byte = base[index]
            buffer.append(byte)
            index += byte == quote && index + 1 < end && base[index + 1] == quote ? 2 : 1
        }
    }
}
