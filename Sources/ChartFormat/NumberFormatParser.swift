extension NumberFormat {
    /// The widest padding a format may ask for; anything larger is a typo (and would build huge strings).
    public static let maximumWidth = 200

    /// Parses a d3-format pattern (see `NumberFormat`). Errors say which character is wrong and what was expected.
    public init(parsing pattern: String) throws(FormatError) {
        self.init()
        var scanner = PatternScanner(pattern)

        // [[fill]align]
        if let second = scanner.peek(1), let alignment = Alignment(rawValue: second), let first = scanner.peek(0) {
            fill = first
            self.alignment = alignment
            scanner.advance(2)
        } else if let first = scanner.peek(0), let alignment = Alignment(rawValue: first) {
            self.alignment = alignment
            scanner.advance(1)
        }
        // [sign]
        if let character = scanner.peek(0), let sign = Sign(rawValue: character) {
            self.sign = sign
            scanner.advance(1)
        }
        // [$]
        if scanner.peek(0) == "$" {
            currency = true
            scanner.advance(1)
        } else if scanner.peek(0) == "#" {
            throw FormatError(
                message: "the '#' flag (a 0b/0o/0x prefix) is not supported: chartc formats only decimal numbers",
                offset: scanner.offset)
        }
        // [0]
        if scanner.peek(0) == "0" {
            zeroPadding = true
            scanner.advance(1)
        }
        // [width]
        let widthStart = scanner.offset
        if let digits = scanner.digits() {
            guard let value = Int(digits), value <= Self.maximumWidth else {
                throw FormatError(message: "width \(digits) is too large; the most is \(Self.maximumWidth)", offset: widthStart)
            }
            width = value
        }
        // [,]
        if scanner.peek(0) == "," {
            grouping = true
            scanner.advance(1)
        }
        // [.precision]
        if scanner.peek(0) == "." {
            scanner.advance(1)
            let precisionStart = scanner.offset
            guard let digits = scanner.digits() else {
                throw FormatError(message: "expected digits after '.' (the precision, as in \".2f\")", offset: precisionStart)
            }
            precision = Int(digits).map { min($0, 100) } ?? 100
        }
        // [~]
        if scanner.peek(0) == "~" {
            trimZeros = true
            scanner.advance(1)
        }
        // [type]
        if let character = scanner.peek(0) {
            if let kind = Kind(rawValue: String(character)), kind != .automatic {
                self.kind = kind
                scanner.advance(1)
            } else if "bBoxXcn".contains(character) {
                throw FormatError(
                    message: "the format type '\(character)' is not supported; use one of f d e % p s S r g (or none)",
                    offset: scanner.offset)
            } else if character.isLetter && scanner.peek(1) == nil,
                let lower = Kind(rawValue: character.lowercased()), lower != .automatic
            {
                throw FormatError(message: "unknown format type '\(character)'; did you mean '\(lower.rawValue)'?", offset: scanner.offset)
            } else if character.isLetter && scanner.peek(1) == nil {
                throw FormatError(
                    message:
                        "unknown format type '\(character)'; expected one of f (fixed), d (integer), e (exponent), % (percent), p, s (SI prefix), S (short scale: 2.8B), r, g, or none",
                    offset: scanner.offset)
            }
        }
        if let character = scanner.peek(0) {
            throw FormatError(
                message:
                    "unexpected '\(character)' in number format \"\(pattern)\"; the parts go in the order [[fill]align][sign][$][0][width][,][.precision][~][type], as in \",.2f\" or \"$,.0f\"",
                offset: scanner.offset)
        }
        if zeroPadding || (fill == "0" && alignment == .afterSign) {
            zeroPadding = true
            fill = "0"
            alignment = .afterSign
        }
    }
}

/// Walks a format pattern by characters while keeping the UTF-8 byte offset for error positions.
struct PatternScanner {
    private let characters: [Character]
    private var index = 0
    /// UTF-8 byte offset of the current character.
    private(set) var offset = 0

    init(_ pattern: String) {
        characters = Array(pattern)
    }

    var isAtEnd: Bool { index >= characters.count }

    func peek(_ ahead: Int) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    mutating func advance(_ count: Int) {
        for _ in 0..<count where index < characters.count {
            offset += characters[index].utf8.count
            index += 1
        }
    }

    /// A run of ASCII digits, or nil if there is none here.
    mutating func digits() -> String? {
        var text = ""
        while let character = peek(0), character.isASCII, character.isNumber {
            text.append(character)
            advance(1)
        }
        return text.isEmpty ? nil : text
    }
}
