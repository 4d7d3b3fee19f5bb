import ChartDiagnostics
import ChartJSON

/// The canonical text of a spec file, for `chartc fmt`: specs live in git, and a file that always has the same
/// layout for the same meaning keeps diffs down to the lines that changed.
///
/// The layout:
/// - Two spaces of indentation, a line feed after every line (including the last), nothing else at the ends of
///   lines.
/// - Keys in the order SPEC.md writes them (`SpecKeys`), in every object whose keys the language fixes: the top
///   level, `data`, `mark`, `mark.labels`, `encoding`, each channel, `scale`, `axis`, `legend`, each source and
///   each layer (whose `mark`, `encoding` and `data` are ordered like the top level's).
///   Keys the language does not know there (`$comment`, or a typo the linter reports) keep their relative order
///   after the known ones. Objects whose keys the user names — `calculate`, `aggregate` and `window` (where order is
///   meaning), `total`, `data.parse` and the rows of `data.values` — keep the file's order.
/// - Any object but the top level, `encoding` and a layer is written on one line when it fits in `lineWidth` columns and holds only
///   scalars, arrays of scalars and such objects (`"data": { "url": "a.csv" }`,
///   `"scale": { "domain": [-0.6, 0.6] }`), as SPEC.md writes them; else one member per line. An array of
///   scalars is written on one line when it fits (`"filter": ["a > 1", "b < 2"]`); other arrays one element per
///   line. Empty containers are `{}` and `[]`.
/// - Strings are re-escaped minimally: only `"`, `\` and control characters are escaped (`\n`, `\t`, … or
///   `\u00XX`); everything else, including non-ASCII text, is written as itself. Numbers keep their lexeme
///   (`1e3` stays `1e3`), so formatting never changes a value.
///
/// Formatting works on the JSON tree, not the typed model, so it keeps everything the file says, even what the
/// parser would reject: it never changes what a spec means, and a spec with lint errors can still be formatted.
public enum SpecFormatter {
    /// Lines longer than this are broken (arrays of scalars, rows, sources).
    public static let lineWidth = 100

    /// The canonical text of a spec whose JSON has been read (`JSONReader.read(_:requireObject:)`).
    public static func format(_ root: JSONValue) -> String {
        var writer = Writer()
        writer.write(root, context: .topLevel, indent: 0, column: 0)
        writer.output += "\n"
        return writer.output
    }

    /// What an object is, which decides the order of its keys and whether it may share a line.
    enum Context {
        case topLevel, data, mark, labels, encoding, channel, scale, axis, legend, source, facet
        /// A `format` object (SPEC §19.14).
        case format
        /// One entry of `layers` (SPEC §11).
        case layer
        /// One entry of `annotations` (SPEC §12).
        case annotation
        /// Keys the user names (`calculate`, `aggregate`, `total`, `parse`), or anything the language does not
        /// describe: file order.
        case free
        /// A row of `data.values`: file order, one line when it fits.
        case row

        var keyOrder: [String]? {
            switch self {
            case .topLevel: SpecKeys.topLevel + SpecKeys.views
            case .data: SpecKeys.data
            case .mark: SpecKeys.mark
            case .labels: SpecKeys.labels
            case .encoding: SpecKeys.encoding
            case .channel: SpecKeys.channel
            case .scale: SpecKeys.scale
            case .axis: SpecKeys.axis
            case .legend: SpecKeys.legend
            case .source: SpecKeys.source
            case .facet: SpecKeys.facet
            case .format: SpecKeys.format
            case .layer: SpecKeys.layer
            case .annotation: SpecKeys.annotation
            case .free, .row: nil
            }
        }

        /// Objects that may share a line when they are short: all but the whole spec and `encoding`, whose
        /// channels keep a line each so that changing one channel changes one line.
        var mayBeInline: Bool { self != .topLevel && self != .encoding && self != .layer }

        /// The context of the value under `key` in an object of this context.
        func member(_ key: String) -> Context {
            switch (self, key) {
            case (.topLevel, "data"): .data
            case (.topLevel, "mark"): .mark
            case (.topLevel, "encoding"): .encoding
            case (.topLevel, "legend"): .legend
            case (.topLevel, "sources"): .source
            case (.topLevel, "facet"): .facet
            case (.topLevel, "layers"): .layer
            // SPEC §20: a view of `concat` is laid out like a whole chart.
            case (.topLevel, "concat"): .topLevel
            case (.layer, "data"): .data
            case (.layer, "mark"): .mark
            case (.layer, "encoding"): .encoding
            case (.topLevel, "annotations"): .annotation
            case (.data, "values"): .row
            case (.mark, "labels"): .labels
            case (.encoding, let channel) where SpecKeys.encoding.contains(channel): .channel
            case (.channel, "scale"): .scale
            case (.channel, "axis"): .axis
            case (.channel, "format"), (.axis, "format"), (.labels, "format"): .format
            default: .free
            }
        }
    }

    /// The members of an object in canonical order: known keys in `order`, then the others as written.
    static func ordered(_ members: [JSONMember], by order: [String]?) -> [JSONMember] {
        guard let order else { return members }
        var known: [JSONMember] = []
        for key in order {
            if let member = members.first(where: { $0.key == key }) { known.append(member) }
        }
        let others = members.filter { !order.contains($0.key) }
        return known + others
    }

    /// Accumulates the output. `column` arguments count Unicode scalars already on the current line.
    struct Writer {
        var output = ""

        mutating func write(_ value: JSONValue, context: Context, indent: Int, column: Int) {
            switch value.kind {
            case .object(let members):
                writeObject(members, context: context, indent: indent, column: column)
            case .array(let items):
                writeArray(items, context: context, indent: indent, column: column)
            default:
                output += SpecFormatter.scalarText(value)
            }
        }

        private mutating func writeObject(_ members: [JSONMember], context: Context, indent: Int, column: Int) {
            if members.isEmpty {
                output += "{}"
                return
            }
            let ordered = SpecFormatter.ordered(members, by: context.keyOrder)
            if context.mayBeInline, let line = SpecFormatter.inlineObject(ordered, context: context),
                column + line.unicodeScalars.count + 1 <= lineWidth
            {
                output += line
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            output += "{\n"
            for (position, member) in ordered.enumerated() {
                let key = SpecFormatter.quote(member.key) + ": "
                output += inner + key
                write(member.value, context: context.member(member.key), indent: indent + 2, column: indent + 2 + key.unicodeScalars.count)
                output += position == ordered.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }

        /// An array's elements share the context of the array: rows of `values`, entries of `sources`, channels
        /// of `tooltip`.
        private mutating func writeArray(_ items: [JSONValue], context: Context, indent: Int, column: Int) {
            if items.isEmpty {
                output += "[]"
                return
            }
            if let line = SpecFormatter.inlineArray(items), column + line.unicodeScalars.count + 1 <= lineWidth {
                output += line
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            output += "[\n"
            for (position, item) in items.enumerated() {
                output += inner
                write(item, context: context, indent: indent + 2, column: indent + 2)
                output += position == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        }
    }

    /// `[a, b, c]` when every element is a scalar.
    static func inlineArray(_ items: [JSONValue]) -> String? {
        var parts: [String] = []
        for item in items {
            switch item.kind {
            case .object, .array: return nil
            default: parts.append(scalarText(item))
            }
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// `{ "a": 1, "b": [1, 2], "c": { "d": "x" } }` when every member is a scalar, an array of scalars or such an
    /// object (nested objects in their own canonical key order); `members` are already in order.
    static func inlineObject(_ members: [JSONMember], context: Context) -> String? {
        var parts: [String] = []
        for member in members {
            let text: String?
            switch member.value.kind {
            case .object(let nested):
                let nestedContext = context.member(member.key)
                text = nested.isEmpty ? "{}" : inlineObject(ordered(nested, by: nestedContext.keyOrder), context: nestedContext)
            case .array(let items):
                text = items.isEmpty ? "[]" : inlineArray(items)
            default:
                text = scalarText(member.value)
            }
            guard let text else { return nil }
            parts.append(quote(member.key) + ": " + text)
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func scalarText(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let string): quote(string.value)
        case .number(_, let lexeme): lexeme
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        case .object: "{}"
        case .array: "[]"
        }
    }

    /// A JSON string literal with the fewest escapes: `"`, `\\` and the control characters below U+0020.
    public static func quote(_ text: String) -> String {
        JSONText.quote(text, for: .readable)
    }
}
