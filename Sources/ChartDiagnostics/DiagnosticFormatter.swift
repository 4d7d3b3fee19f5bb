/// Turns diagnostics into what a person or a tool reads: `text` (compiler style, with the source line and a
/// caret), `json` (one array, stable keys) or `github` (workflow annotations).
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    case text
    case json
    case github
}

public struct DiagnosticFormatter: Sendable {
    public var format: DiagnosticFormat
    /// Show the source line with a caret under the span (text format only).
    public var showsSourceLines: Bool

    public init(format: DiagnosticFormat = .text, showsSourceLines: Bool = true) {
        self.format = format
        self.showsSourceLines = showsSourceLines
    }

    /// The whole output for a list of diagnostics. JSON output is a single array even when it is empty.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch format {
        case .text:
            return diagnostics.map(renderText).joined()
        case .github:
            return diagnostics.map(renderGitHub).joined()
        case .json:
            if diagnostics.isEmpty { return "[]\n" }
            return "[\n" + diagnostics.map { "  " + renderJSON($0) }.joined(separator: ",\n") + "\n]\n"
        }
    }

    // MARK: text

    /// `file:line:col: error: message [rule]`, the source line with carets, then `note:` lines.
    public func renderText(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let location = diagnostic.locationDescription.map { "\($0): " } ?? ""
        out += "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id)]\n"
        if showsSourceLines, let span = diagnostic.span {
            out += excerpt(span)
        }
        if let fixIt = diagnostic.fixIt {
            out += "\(fixIt.span.description): note: \(fixIt.message ?? "replace with '\(fixIt.replacement)'")\n"
        }
        for note in diagnostic.notes {
            let noteLocation = note.span.map { "\($0.description): " } ?? (diagnostic.locationDescription.map { "\($0): " } ?? "")
            out += "\(noteLocation)note: \(note.message)\n"
        }
        return out
    }

    private func excerpt(_ span: SourceSpan) -> String {
        guard !span.file.bytes.isEmpty else { return "" }
        let (lineText, lineStart) = span.file.line(containing: span.range.lowerBound)
        // Control characters (a terminal's escape sequences in a data file) become spaces, one for one, so the
        // caret stays under its column.
        let visible = QuotedText.withoutControlCharacters(lineText.replacingTabs())
        if visible.unicodeScalars.count > 200 { return "" }
        let (_, startColumn) = span.file.lineColumn(at: span.range.lowerBound)
        let lineEndOffset = lineStart + Array(lineText.utf8).count
        let endOffset = min(max(span.range.upperBound, span.range.lowerBound), lineEndOffset)
        let (_, endColumn) = span.file.lineColumn(at: endOffset)
        let width = max(1, endColumn - startColumn)
        let pad = String(repeating: " ", count: max(0, startColumn - 1))
        return "    \(visible)\n    \(pad)^\(String(repeating: "~", count: width - 1))\n"
    }

    // MARK: GitHub

    /// `::error file=…,line=…,col=…,title=rule::message` (see GitHub's workflow commands).
    public func renderGitHub(_ diagnostic: Diagnostic) -> String {
        let kind = diagnostic.severity == .error ? "error" : (diagnostic.severity == .warning ? "warning" : "notice")
        var properties: [String] = []
        if let path = diagnostic.path { properties.append("file=\(Self.githubProperty(path))") }
        if let span = diagnostic.span {
            let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
            let (endLine, endColumn) = span.file.lineColumn(at: span.range.upperBound)
            properties.append("line=\(line)")
            properties.append("col=\(column)")
            if endLine == line && endColumn > column { properties.append("endColumn=\(endColumn)") }
            if endLine != line { properties.append("endLine=\(endLine)") }
        }
        properties.append("title=\(Self.githubProperty(diagnostic.id))")
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\nnote: " + note.message }
        return "::\(kind) \(properties.joined(separator: ","))::\(Self.githubData(message))\n"
    }

    /// Percent-escapes what would end or break a workflow command, scalar by scalar: as `Character`s, a `\r\n`
    /// is one character that is neither `\r` nor `\n`, and would pass through as a raw line break.
    private static func githubData(_ text: String, property: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func githubProperty(_ text: String) -> String {
        githubData(text, property: true)
    }

    // MARK: JSON

    public func renderJSON(_ diagnostic: Diagnostic) -> String {
        var fields: [String] = []
        fields.append("\"severity\": \(JSONText.quote(diagnostic.severity.rawValue))")
        fields.append("\"rule\": \(JSONText.quote(diagnostic.id))")
        fields.append("\"message\": \(JSONText.quote(diagnostic.message))")
        fields.append(contentsOf: Self.locationFields(path: diagnostic.path, span: diagnostic.span))
        if !diagnostic.notes.isEmpty {
            let notes = diagnostic.notes.map { note -> String in
                var parts = ["\"message\": \(JSONText.quote(note.message))"]
                parts.append(contentsOf: Self.locationFields(path: note.span?.file.path, span: note.span))
                return "{" + parts.joined(separator: ", ") + "}"
            }
            fields.append("\"notes\": [" + notes.joined(separator: ", ") + "]")
        }
        if let fixIt = diagnostic.fixIt {
            var parts = ["\"replacement\": \(JSONText.quote(fixIt.replacement))"]
            parts.append(contentsOf: Self.locationFields(path: fixIt.span.file.path, span: fixIt.span))
            fields.append("\"fixIt\": {" + parts.joined(separator: ", ") + "}")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private static func locationFields(path: String?, span: SourceSpan?) -> [String] {
        var fields: [String] = []
        if let path { fields.append("\"file\": \(JSONText.quote(path))") }
        if let span {
            let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
            let (endLine, endColumn) = span.file.lineColumn(at: span.range.upperBound)
            fields.append("\"line\": \(line)")
            fields.append("\"column\": \(column)")
            fields.append("\"endLine\": \(endLine)")
            fields.append("\"endColumn\": \(endColumn)")
            fields.append("\"offset\": \(span.range.lowerBound)")
            fields.append("\"length\": \(span.range.count)")
        }
        return fields
    }
}

/// Minimal JSON text helpers shared by every writer of JSON output (diagnostics, `chartc data`, plans).
public enum JSONText {
    /// Where a JSON string literal will be read, which decides what is escaped beyond what JSON requires
    /// (`"`, `\\` and the control characters below U+0020, always).
    public enum Context: Sendable {
        /// A file people read and edit (`chartc fmt`): nothing more, with the short forms `\b` and `\f`.
        case readable
        /// Tool output (`--format json`, `chartc data`, fix-its): also `</` as `<\/` and U+2028/U+2029, so the
        /// text can sit inside an HTML `<script>` element and be read by older JavaScript.
        case standard
        /// JSON inside a page's `<script>` element: also U+2028/U+2029 and `<`, `>`, `&`, DEL as `\u00XX`, so
        /// neither `</script>` nor `<!--` can end or confuse the element.
        case htmlScript
    }

    /// A JSON string literal of `text`, escaped for `context`.
    public static func quote(_ text: String, for context: Context = .standard) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}" where context == .readable: out += "\\b"
            case "\u{0C}" where context == .readable: out += "\\f"
            case "/" where context == .standard && previous == "<": out += "\\/"
            default:
                if needsUnicodeEscape(scalar, context) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previous = scalar
        }
        out += "\""
        return out
    }

    private static func needsUnicodeEscape(_ scalar: Unicode.Scalar, _ context: Context) -> Bool {
        if scalar.value < 0x20 { return true }
        switch context {
        case .readable: return false
        case .standard: return scalar == "\u{2028}" || scalar == "\u{2029}"
        case .htmlScript:
            return scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "<" || scalar == ">" || scalar == "&" || scalar == "\u{7F}"
        }
    }
}

extension String {
    /// Replaces every occurrence of `target` (non-empty) with `replacement`, without Foundation. Matches Unicode
    /// scalars, not `Character`s: a `"` followed by a combining accent, or the `\r` of a `\r\n`, is still found.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        let scalars = Array(unicodeScalars)
        guard let first = pattern.first, scalars.count >= pattern.count else { return self }
        var result = String.UnicodeScalarView()
        var index = 0
        var changed = false
        while index < scalars.count {
            if scalars[index] == first, index + pattern.count <= scalars.count, scalars[index..<(index + pattern.count)].elementsEqual(pattern) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
                changed = true
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return changed ? String(result) : self
    }

    fileprivate func replacingTabs() -> String { replacingAll("\t", with: " ") }
}
