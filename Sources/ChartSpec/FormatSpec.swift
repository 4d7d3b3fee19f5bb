import ChartDiagnostics
import ChartFormat

/// A spec's `format` (SPEC §7, §19.14), wherever one is accepted (a channel, its axis, `mark.labels`, a tooltip
/// field): a pattern string (`",.2f"`, `"%b %Y"`), or an object `{ "number": ",.1S", "prefix": "$",
/// "suffix": " bn" }` whose parts are each optional. Every stage reads this one type: the checks parse the
/// pattern, layout writes ticks, labels, legends and tooltips through it.
public struct FormatSpec: Sendable, Equatable {
    /// The number pattern (`number` in the object form, the string itself otherwise). On a temporal channel it is
    /// read as a date pattern. Nil: the automatic format.
    public var pattern: Located<String>?
    public var prefix: Located<String>?
    public var suffix: Located<String>?
    /// Whether the spec wrote the object form (`{ "number": … }`).
    public var isObject: Bool
    public var span: SourceSpan?

    public init(
        pattern: Located<String>?, prefix: Located<String>? = nil, suffix: Located<String>? = nil, isObject: Bool = false,
        span: SourceSpan? = nil
    ) {
        self.pattern = pattern
        self.prefix = prefix
        self.suffix = suffix
        self.isObject = isObject
        self.span = span ?? pattern?.span
    }

    /// The string form: `"format": ",.2f"`.
    public init(_ pattern: Located<String>) {
        self.init(pattern: pattern)
    }

    /// The pattern text, if any (an empty pattern counts as none).
    public var patternText: String? {
        guard let text = pattern?.value, !text.isEmpty else { return nil }
        return text
    }

    /// The text around every value.
    public var affixes: FormatAffixes {
        FormatAffixes(prefix: prefix?.value ?? "", suffix: suffix?.value ?? "")
    }
}
