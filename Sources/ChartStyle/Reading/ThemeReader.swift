import ChartColor
import ChartDiagnostics
import ChartJSON

/// Reads one theme file into a layer: the strict JSON reader (positions), then every key checked against
/// `ThemeKeys` (unknown keys with a did-you-mean, types, ranges, colors with the CSS color parser). It collects
/// every problem rather than stopping at the first.
struct ThemeReader {
    private(set) var diagnostics: [Diagnostic] = []

    /// The layer of `file`, or the diagnostics that make it unusable.
    static func layer(of file: SourceFile) throws(DiagnosticError) -> ThemeLayer {
        let root = try JSONReader.read(file, requireObject: true)
        var reader = ThemeReader()
        let layer = reader.read(root, prefix: "", allowsStructure: true)
        if reader.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(reader.diagnostics) }
        return layer
    }

    mutating func read(_ root: JSONValue, prefix: String, allowsStructure: Bool) -> ThemeLayer {
        var layer = ThemeLayer()
        guard case .object(let members) = root.kind else {
            wrongType(root, path: prefix, expected: "an object")
            return layer
        }
        for member in members {
            switch member.key {
            case "extends" where allowsStructure:
                if case .string(let string) = member.value.kind, !string.value.isEmpty {
                    layer.extends = (string.value, member.value.span)
                } else {
                    wrongType(member.value, path: "extends", expected: "the path of a theme file")
                }
            case "variants" where allowsStructure:
                guard case .object(let variants) = member.value.kind else {
                    wrongType(member.value, path: "variants", expected: "an object of named variants")
                    continue
                }
                for variant in variants {
                    let inner = read(variant.value, prefix: "", allowsStructure: false)
                    layer.variants.append((variant.key, variant.keySpan, inner))
                }
            case "outputs" where allowsStructure:
                // SPEC §23: the theme's output presets, checked by the spec's own reader (`OutputPresets.read`) where
                // a build or lint uses them, so a theme's and a spec's presets are worded alike.
                layer.outputs = member.value
            case "$schema", "$comment":
                continue
            default:
                readMember(member, prefix: prefix, into: &layer.settings, allowsStructure: allowsStructure)
            }
        }
        return layer
    }

    private mutating func readMember(_ member: JSONMember, prefix: String, into settings: inout [String: ThemeSetting], allowsStructure: Bool) {
        let path = prefix.isEmpty ? member.key : prefix + "." + member.key
        if let key = ThemeKeys.key(path) {
            if let value = check(member.value, key: key) {
                var elements: [SourceSpan] = []
                if case .array(let items) = member.value.kind { elements = items.map(\.span) }
                settings[path] = ThemeSetting(value: value, span: member.value.span, elementSpans: elements)
            }
            return
        }
        let children = ThemeKeys.children(of: path)
        guard !children.isEmpty else {
            var allowed = ThemeKeys.children(of: prefix)
            if prefix.isEmpty && allowsStructure { allowed += ["extends", "variants", "outputs"] }
            let place = prefix.isEmpty ? (allowsStructure ? "at the top level of the theme" : "in a variant") : "in '\(prefix)'"
            let suggestion = Suggestions.closest(to: member.key, in: allowed)
            diagnostics.append(
                Diagnostic(
                    ThemeDiagnostic.unknownKey(key: member.key, place: place, suggestion: suggestion), at: member.keySpan,
                    notes: suggestion == nil ? [DiagnosticNote("keys allowed here: " + allowed.joined(separator: ", "))] : [],
                    fixIt: suggestion.map { FixIt(span: member.keySpan, replacement: JSONText.quote($0)) }))
            return
        }
        guard case .object(let members) = member.value.kind else {
            wrongType(member.value, path: path, expected: "an object with " + children.map { "'\($0)'" }.joined(separator: ", "))
            return
        }
        for inner in members where inner.key != "$comment" {
            readMember(inner, prefix: path, into: &settings, allowsStructure: allowsStructure)
        }
    }

    private mutating func check(_ value: JSONValue, key: ThemeKey) -> ThemeScalar? {
        switch key.type {
        case .number(let range):
            guard case .number(let number, _) = value.kind else { return wrongType(value, path: key.path, expected: "a number") }
            guard number.isFinite, range.contains(number) else {
                return invalid(
                    value, path: key.path,
                    "must be between \(Self.short(range.lowerBound)) and \(Self.short(range.upperBound)), found \(Self.short(number))")
            }
            return .number(number)
        case .color:
            guard case .string(let string) = value.kind else { return wrongType(value, path: key.path, expected: "a CSS color string") }
            guard Color(css: string.value) != nil else {
                diagnostics.append(Diagnostic(ThemeDiagnostic.badColor(path: key.path, written: string.value), at: value.span))
                return nil
            }
            return .text(string.value)
        case .text, .path:
            guard case .string(let string) = value.kind else { return wrongType(value, path: key.path, expected: "a string") }
            if key.type == .path && string.value.isEmpty { return invalid(value, path: key.path, "is empty: it must name a file") }
            return .text(string.value)
        case .texts:
            if case .string(let string) = value.kind, !string.value.isEmpty { return .list([string.value]) }
            guard case .array(let items) = value.kind, !items.isEmpty else {
                return wrongType(value, path: key.path, expected: "a string or a non-empty list of strings")
            }
            var names: [String] = []
            for item in items {
                guard case .string(let string) = item.kind, !string.value.isEmpty else {
                    return wrongType(item, path: key.path, expected: "a list of non-empty strings")
                }
                names.append(string.value)
            }
            return .list(names)
        case .palette:
            if case .string(let string) = value.kind, !string.value.isEmpty { return .text(string.value) }
            guard case .array(let items) = value.kind, !items.isEmpty else {
                return wrongType(value, path: key.path, expected: "a scheme name or a non-empty list of colors")
            }
            var colors: [String] = []
            for item in items {
                guard case .string(let string) = item.kind else { return wrongType(item, path: key.path, expected: "a list of CSS colors") }
                guard Color(css: string.value) != nil else {
                    diagnostics.append(Diagnostic(ThemeDiagnostic.badColor(path: key.path, written: string.value), at: item.span))
                    return nil
                }
                colors.append(string.value)
            }
            return .list(colors)
        case .bool:
            guard case .bool(let flag) = value.kind else { return wrongType(value, path: key.path, expected: "true or false") }
            return .bool(flag)
        case .choice(let words):
            guard case .string(let string) = value.kind else {
                return wrongType(value, path: key.path, expected: "one of " + words.map { "'\($0)'" }.joined(separator: ", "))
            }
            guard words.contains(string.value) else {
                let suggestion = Suggestions.closest(to: string.value, in: words)
                diagnostics.append(
                    Diagnostic(
                        ThemeDiagnostic.badValue(
                            path: key.path,
                            problem: "must be one of " + words.map { "'\($0)'" }.joined(separator: ", ") + ", found '\(string.value)'"
                                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")),
                        at: value.span, fixIt: suggestion.map { FixIt(span: value.span, replacement: JSONText.quote($0)) }))
                return nil
            }
            return .text(string.value)
        }
    }

    @discardableResult
    private mutating func wrongType(_ value: JSONValue, path: String, expected: String) -> ThemeScalar? {
        diagnostics.append(
            Diagnostic(
                ThemeDiagnostic.wrongType(path: path.isEmpty ? "the theme" : path, expected: expected, found: Self.describe(value)), at: value.span))
        return nil
    }

    private mutating func invalid(_ value: JSONValue, path: String, _ problem: String) -> ThemeScalar? {
        diagnostics.append(Diagnostic(ThemeDiagnostic.badValue(path: path, problem: problem), at: value.span))
        return nil
    }

    static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let string): "string " + JSONText.quote(string.value)
        case .number(_, let lexeme): "number " + lexeme
        case .bool(let flag): "boolean \(flag)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func short(_ number: Double) -> String {
        abs(number) < 1e15 ? Int(exactly: number).map(String.init) ?? String(number) : String(number)
    }
}
