import ChartColor
import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Colors the spec writes (`mark.color`, a color scale's `range`, a constant color `value`) must be CSS colors
/// chartc can draw: a name (`steelblue`), `#rgb`/`#rrggbb`, `rgb()` or `hsl()`.
struct InvalidColorCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.colorInvalid
    let summary = "A color that is not a CSS color name, #rrggbb, rgb() or hsl() (in mark.color, a color range or value)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        if let color = context.spec.mark.color {
            check(.string(color.value), at: color.span, path: "mark.color", into: &diagnostics)
        }
        for (index, annotation) in context.spec.annotations.enumerated() {
            if let color = annotation.color { check(.string(color.value), at: color.span, path: "annotations[\(index)].color", into: &diagnostics) }
        }
        guard let channel = context.spec.encoding.color else { return }
        if let value = channel.value {
            check(value.value, at: value.span, path: "encoding.color.value", into: &diagnostics)
        }
        if let range = channel.scale?.range {
            for (index, value) in range.value.enumerated() {
                check(value, at: context.element(index, of: range.span), path: "encoding.color.scale.range[\(index)]", into: &diagnostics)
            }
        }
    }

    private func check(_ value: Value, at span: SourceSpan?, path: String, into diagnostics: inout [Diagnostic]) {
        guard case .string(let text) = value else {
            diagnostics.append(
                diagnostic("'\(path)' must be a color such as \"steelblue\" or \"#1f77b4\", found \(DomainShapeCheck.describe(value))", at: span))
            return
        }
        guard Color(css: text) == nil else { return }
        var message = "'\(path)' is not a color: \(JSONText.quote(text))"
        var fixIt: FixIt?
        if let suggestion = Self.suggestion(for: text) {
            message += "; did you mean '\(suggestion)'?"
            if let span { fixIt = FixIt(span: span, replacement: JSONText.quote(suggestion)) }
        } else {
            message += " (use a CSS color name such as \"steelblue\", #rrggbb, rgb() or hsl())"
        }
        diagnostics.append(diagnostic(message, at: span, fixIt: fixIt))
    }

    /// `#1f77b` → nil; `1f77b4` → `#1f77b4`; `stelblue` → `steelblue`; `light grey` → `lightgrey`.
    static func suggestion(for text: String) -> String? {
        let hexDigits = Set("0123456789abcdefABCDEF")
        if !text.hasPrefix("#"), [3, 6, 8].contains(text.count), text.allSatisfy({ hexDigits.contains($0) }) {
            return "#" + text
        }
        let squeezed = String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
        if squeezed != text, Color(css: squeezed) != nil { return squeezed }
        guard !text.hasPrefix("#") else { return nil }
        return Suggestions.closest(to: text, in: Color.names)
    }
}
