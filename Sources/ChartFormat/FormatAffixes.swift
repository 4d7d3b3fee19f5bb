/// The text a spec's format object puts around every formatted value (SPEC §19.14: `"prefix": "$"`,
/// `"suffix": " bn"`), so a unit is written once in the spec and on every tick, label and tooltip alike.
///
/// The prefix goes after a leading sign, as a currency symbol does (`−$5`, `($5)`, `+$5`), and the suffix
/// before a closing parenthesis of an accounting negative (`($5 bn)`).
public struct FormatAffixes: Sendable, Equatable {
    public var prefix: String
    public var suffix: String

    public init(prefix: String = "", suffix: String = "") {
        self.prefix = prefix
        self.suffix = suffix
    }

    public static let none = FormatAffixes()

    public var isEmpty: Bool { prefix.isEmpty && suffix.isEmpty }

    /// `text` with the prefix and suffix; an empty text (nothing to label) stays empty.
    public func apply(_ text: String) -> String {
        guard !isEmpty, !text.isEmpty else { return text }
        var head = Substring(text)
        var lead = Substring("")
        // Padding, then one sign character.
        while let first = head.first, first == " " {
            lead.append(first)
            head = head.dropFirst()
        }
        var accounting = false
        if let first = head.first, first == "\u{2212}" || first == "-" || first == "+" || first == "(" {
            lead.append(first)
            head = head.dropFirst()
            accounting = first == "("
        }
        if accounting, head.last == ")" {
            return String(lead) + prefix + head.dropLast() + suffix + ")"
        }
        return String(lead) + prefix + head + suffix
    }
}
