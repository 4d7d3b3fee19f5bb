/// Reads the CSS color syntaxes a spec may use, over UTF-8 bytes: names, hex forms, `rgb()`/`rgba()` and
/// `hsl()`/`hsla()` (comma-separated, or space-separated with `/ alpha`). Returns nil for anything else; it never
/// traps on malformed input.
enum CSSColorParser {
    static func parse(_ input: [UInt8]) -> Color? {
        var bytes = input[...]
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.count <= 200 else { return nil }
        let lowered = bytes.map(lowercase)
        if lowered[0] == UInt8(ascii: "#") { return hex(lowered.dropFirst()) }
        if let open = lowered.firstIndex(of: UInt8(ascii: "(")) {
            guard lowered.last == UInt8(ascii: ")") else { return nil }
            let name = String(decoding: lowered[..<open], as: UTF8.self)
            let arguments = lowered[(open + 1)..<(lowered.count - 1)]
            switch name {
            case "rgb", "rgba": return rgb(arguments)
            case "hsl", "hsla": return hsl(arguments)
            default: return nil
            }
        }
        let name = String(decoding: lowered, as: UTF8.self)
        if name == "transparent" { return .transparent }
        return NamedColors.lookup[name].map { Color(rgb: $0) }
    }

    // MARK: - Hex

    private static func hex(_ digits: ArraySlice<UInt8>) -> Color? {
        var values: [UInt8] = []
        for byte in digits {
            guard let value = hexValue(byte) else { return nil }
            values.append(value)
        }
        switch values.count {
        case 3, 4:
            let channels = values.map { $0 * 17 }
            return Color(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 255)
        case 6, 8:
            let channels = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            return Color(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 255)
        default:
            return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    // MARK: - Functions

    /// One argument: a number with an optional unit (`%`, `deg`, `turn`).
    private struct Argument {
        var value: Double
        var unit: String
    }

    /// The three channel arguments and the optional alpha, from either `a, b, c[, d]` or `a b c[ / d]`.
    private static func arguments(_ bytes: ArraySlice<UInt8>) -> (channels: [Argument], alpha: Argument?)? {
        var tokens: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "/") {
                if !current.isEmpty { tokens.append(current) }
                current = []
                if !isSpace(byte) { tokens.append([byte]) }
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { tokens.append(current) }

        let comma = [UInt8(ascii: ",")]
        let slash = [UInt8(ascii: "/")]
        var values: [[UInt8]]
        var alphaToken: [UInt8]?
        if tokens.contains(comma) {
            // Legacy syntax: v, v, v or v, v, v, a.
            guard tokens.count == 5 || tokens.count == 7 else { return nil }
            for index in stride(from: 1, to: tokens.count, by: 2) where tokens[index] != comma { return nil }
            values = stride(from: 0, to: tokens.count, by: 2).map { tokens[$0] }
            if values.count == 4 { alphaToken = values.removeLast() }
        } else {
            // Modern syntax: v v v or v v v / a.
            if tokens.count == 5 && tokens[3] == slash {
                alphaToken = tokens[4]
                values = Array(tokens[0..<3])
            } else if tokens.count == 3 {
                values = tokens
            } else {
                return nil
            }
        }
        var channels: [Argument] = []
        for token in values {
            guard let argument = argument(token) else { return nil }
            channels.append(argument)
        }
        var alpha: Argument?
        if let alphaToken {
            guard let parsed = argument(alphaToken) else { return nil }
            alpha = parsed
        }
        return (channels, alpha)
    }

    private static func argument(_ token: [UInt8]) -> Argument? {
        var end = token.count
        while end > 0, isLetter(token[end - 1]) || token[end - 1] == UInt8(ascii: "%") { end -= 1 }
        let number = token[..<end]
        guard !number.isEmpty, number.allSatisfy(isNumberByte), number.contains(where: isDigit) else { return nil }
        guard let value = Double(String(decoding: number, as: UTF8.self)), value.isFinite else { return nil }
        return Argument(value: value, unit: String(decoding: token[end...], as: UTF8.self))
    }

    private static func rgb(_ bytes: ArraySlice<UInt8>) -> Color? {
        guard let (channels, alphaArgument) = arguments(bytes) else { return nil }
        var components: [Double] = []
        for channel in channels {
            switch channel.unit {
            case "": components.append(channel.value / 255)
            case "%": components.append(channel.value / 100)
            default: return nil
            }
        }
        guard let alpha = alphaValue(alphaArgument) else { return nil }
        return Color(red: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    private static func hsl(_ bytes: ArraySlice<UInt8>) -> Color? {
        guard let (channels, alphaArgument) = arguments(bytes) else { return nil }
        let hue: Double
        switch channels[0].unit {
        case "", "deg": hue = channels[0].value
        case "turn": hue = channels[0].value * 360
        case "rad": hue = channels[0].value * 180 / Double.pi
        case "grad": hue = channels[0].value * 0.9
        default: return nil
        }
        // Saturation and lightness are percentages; CSS Color 4 also allows bare numbers meaning the same.
        guard channels[1].unit == "%" || channels[1].unit == "", channels[2].unit == "%" || channels[2].unit == "" else { return nil }
        let saturation = Swift.min(1, Swift.max(0, channels[1].value / 100))
        let lightness = Swift.min(1, Swift.max(0, channels[2].value / 100))
        guard let alpha = alphaValue(alphaArgument) else { return nil }
        let (r, g, b) = hslToRGB(hue: hue, saturation: saturation, lightness: lightness)
        return Color(red: r, green: g, blue: b, alpha: alpha)
    }

    private static func alphaValue(_ argument: Argument?) -> Double? {
        guard let argument else { return 1 }
        switch argument.unit {
        case "": return argument.value
        case "%": return argument.value / 100
        default: return nil
        }
    }

    /// HSL (hue in degrees, saturation and lightness 0…1) to sRGB components.
    static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * Swift.min(lightness, 1 - lightness)
            return lightness - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    // MARK: - Bytes

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d || byte == 0x0c
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Digits, a point, a sign, an exponent mark: enough for CSS numbers and nothing `Double(_:)` would read as
    /// `inf` or `nan`.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
    }
}
