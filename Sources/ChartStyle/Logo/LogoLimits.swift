/// How large a logo may be. A logo is inlined into every chart, so a file past these is refused with an error
/// that names the limit (specs/limits.md) rather than slowing every build: a real logo has a few hundred
/// elements nested a dozen deep in well under a megabyte.
public struct LogoLimits: Sendable, Equatable {
    /// The file's size in bytes.
    public var bytes: Int
    /// Elements of any kind, dropped ones included.
    public var elements: Int
    /// Levels of nesting, the root element being the first.
    public var depth: Int

    public init(bytes: Int, elements: Int, depth: Int) {
        self.bytes = bytes
        self.elements = elements
        self.depth = depth
    }

    /// The limits chartc applies: 1 MiB, 20,000 elements, 64 levels.
    public static let standard = LogoLimits(bytes: 1 << 20, elements: 20_000, depth: 64)
}

/// Why a logo cannot be used at all (the theme's `theme-logo-unreadable` or `theme-logo-too-large`).
public enum LogoFailure: Error, Sendable, Equatable {
    /// No element, or a root without a positive size or `viewBox`.
    case notSVG
    /// Past one of `LogoLimits`.
    case tooLarge(LogoLimit)
}

/// The limit a logo went past, with its value.
public enum LogoLimit: Sendable, Equatable {
    case bytes(Int)
    case elements(Int)
    case depth(Int)

    /// What was too large, in words that name the limit: "it has more than 20,000 elements (the limit)".
    public var description: String {
        switch self {
        case .bytes(let limit): "it is larger than \(Self.grouped(limit)) bytes, the limit for a logo"
        case .elements(let limit): "it has more than \(Self.grouped(limit)) elements, the limit for a logo"
        case .depth(let limit): "it nests elements more than \(limit) levels deep, the limit for a logo"
        }
    }

    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
