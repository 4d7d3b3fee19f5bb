import ChartDiagnostics
import ChartJSON

/// A checked theme value.
public enum ThemeScalar: Sendable, Equatable {
    case number(Double)
    case text(String)
    case list([String])
    case bool(Bool)
}

/// One value of a resolved theme and where it came from (the file and the characters), for `chartc theme`'s
/// origins, relative paths (a font file is relative to the theme that names it) and errors at `line:col`.
public struct ThemeSetting: Sendable {
    public let value: ThemeScalar
    public let span: SourceSpan
    /// Each element's characters when the value is a list (a palette's colors), so a problem with one color is
    /// reported at it; empty otherwise.
    public let elementSpans: [SourceSpan]
    /// The file that wrote it (`<built-in>` for the default theme).
    public var origin: String { span.file.path }

    public init(value: ThemeScalar, span: SourceSpan, elementSpans: [SourceSpan] = []) {
        self.value = value
        self.span = span
        self.elementSpans = elementSpans
    }

    /// The characters of element `index` of a list value, else of the whole value.
    public func span(ofElement index: Int) -> SourceSpan {
        elementSpans.indices.contains(index) ? elementSpans[index] : span
    }
}

/// The keys one theme file sets (one level of an `extends` chain), and its variants, each a layer of its own.
struct ThemeLayer: Sendable {
    var settings: [String: ThemeSetting] = [:]
    var variants: [(name: String, span: SourceSpan, layer: ThemeLayer)] = []
    var extends: (path: String, span: SourceSpan)?
    /// `outputs` (SPEC §23), as written: the presets every chart using the theme has.
    var outputs: JSONValue?
}
