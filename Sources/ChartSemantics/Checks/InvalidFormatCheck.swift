import ChartDiagnostics
import ChartFormat
import ChartSpec

/// Number formats (d3-format: `",.2f"`) and date formats (`"%b %Y"`) are parsed before the chart is drawn, so a
/// typo points at the character inside the string rather than failing the build.
struct InvalidFormatCheck: CataloguedRule, AppliesToTables {
    let kind = SemanticDiagnostic.Kind.invalidFormat
    let summary = "A number or date format (a channel's, an axis's or the labels') that cannot be parsed."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels + context.spec.encoding.tooltip {
            let temporal = context.isTemporal(channel)
            let name = context.path(of: channel)
            if let format = channel.format {
                check(format, path: name + ".format", temporal: temporal, into: &diagnostics)
            }
            if let format = channel.axis?.format {
                check(format, path: name + ".axis.format", temporal: temporal, into: &diagnostics)
            }
        }
        if let format = context.spec.mark.labels?.format {
            check(format, path: "mark.labels.format", temporal: nil, into: &diagnostics)
        }
        for (index, column) in (context.spec.table?.columns ?? []).enumerated() {
            guard let format = column.format else { continue }
            let type = column.kind == .sparkline ? nil : context.fieldType(column.field.value)
            check(format, path: "table.columns[\(index)].format", temporal: type.map { $0 == .date }, into: &diagnostics)
        }
    }

    private func check(_ spec: FormatSpec, path: String, temporal: Bool?, into diagnostics: inout [Diagnostic]) {
        guard let format = spec.pattern else { return }
        let path = spec.isObject ? path + ".number" : path
        let isDate = temporal ?? Self.looksLikeDateFormat(format.value)
        let failure: FormatError?
        do {
            if isDate {
                _ = try DateFormat(parsing: format.value)
            } else {
                _ = try NumberFormat(parsing: format.value)
            }
            failure = nil
        } catch {
            failure = error
        }
        guard let failure else { return }
        let kind = isDate ? "date format" : "number format"
        diagnostics.append(
            diagnostic(
                "invalid \(kind) \(JSONText.quote(format.value)) in '\(path)': \(failure.message)",
                at: Self.span(of: failure.offset, in: format)
            ))
    }

    /// `%` followed by a directive letter (or a padding flag) reads as a date format; `.0%` does not.
    static func looksLikeDateFormat(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        for index in scalars.indices where scalars[index] == "%" && index + 1 < scalars.count {
            let next = scalars[index + 1]
            if (next >= "a" && next <= "z") || (next >= "A" && next <= "Z") || next == "-" || next == "_" || next == "0" || next == "%" {
                return true
            }
        }
        return false
    }

    /// The character at a byte offset of the pattern, when the JSON literal has no escapes (so offsets map one
    /// to one); else the whole literal.
    static func span(of offset: Int, in format: Located<String>) -> SourceSpan? {
        guard let span = format.span else { return nil }
        let length = format.value.utf8.count
        guard span.range.count == length + 2 else { return span }
        let start = span.range.lowerBound + 1 + min(max(offset, 0), length)
        var end = min(start + 1, span.range.lowerBound + 1 + length)
        // Cover a whole UTF-8 sequence.
        let bytes = span.file.bytes
        while end < span.range.upperBound - 1, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return SourceSpan(file: span.file, range: start..<max(end, start))
    }
}
