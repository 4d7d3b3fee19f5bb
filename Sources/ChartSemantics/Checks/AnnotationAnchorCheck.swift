import ChartDiagnostics
import ChartSpec

/// Notes anchored to rows and their placeholders (SPEC §19.13). `at`'s field must be a column of the rows the
/// anchored layer draws (after `groupBy`, `aggregate`, `window`: what the marks show), that layer must have x and
/// y to place the note on and rows to point at; each `{placeholder}` of a note's `text` must be `x`, `y` or
/// (with `at`) a field of those rows, and a `{` must be closed. Runs over the whole chart's context, because the
/// default layer is the first of all the layers that draws rows.
enum AnnotationAnchorCheck {
    static func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for annotation in context.spec.annotations where annotation.kind.value == .text {
            let layer = anchorContext(annotation, in: context)
            if let at = annotation.at { checkAnchor(at, annotation: annotation, layer: layer, in: context, into: &diagnostics) }
            checkPlaceholders(annotation, layer: layer, into: &diagnostics)
        }
    }

    /// The context of the layer whose rows a note's `at` reads (SPEC §19.13): `layer`, else the first layer
    /// with x and y bound to fields, else the first; a one-mark chart's own.
    static func anchorContext(_ annotation: Annotation, in context: SemanticContext) -> SemanticContext {
        guard !context.layers.isEmpty else { return context }
        let index = annotation.layer?.value ?? context.spec.anchorLayer
        return context.layers.indices.contains(index) ? context.layers[index] : context
    }

    private static func layerName(_ layer: SemanticContext) -> String {
        layer.layerIndex.map { "layers[\($0)] (\(layer.spec.mark.type.value.rawValue))" } ?? "the chart"
    }

    private static func checkAnchor(
        _ at: Located<AnnotationAnchor>, annotation: Annotation, layer: SemanticContext, in context: SemanticContext,
        into diagnostics: inout [Diagnostic]
    ) {
        for axis in [ChannelName.x, .y] where layer.spec.encoding[axis]?.field == nil {
            diagnostics.append(Diagnostic(SemanticDiagnostic.anchorWithoutPosition(layer: layerName(layer), axis: axis.rawValue), at: at.span))
        }
        if let field = at.value.field, let fields = layer.outputFields, !fields.contains(field.value) {
            let suggestion = Suggestions.closest(to: field.value, in: fields)
            let fixIt = suggestion.flatMap { suggestion in field.span.map { FixIt(span: $0, replacement: suggestion) } }
            var notes = [DiagnosticNote("its fields: " + fields.prefix(20).joined(separator: ", ") + (fields.count > 20 ? ", …" : ""))]
            // The field another layer draws: the note meant that layer's rows.
            if annotation.layer == nil, let other = context.layers.firstIndex(where: { $0.outputFields?.contains(field.value) == true }) {
                notes.append(
                    DiagnosticNote(
                        "'\(field.value)' is a field of the rows \(layerName(context.layers[other])) draws: add \"layer\": \(other) to point at them")
                )
            }
            diagnostics.append(
                Diagnostic(
                    SemanticDiagnostic.anchorUnknownField(field.value, layer: layerName(layer), suggestion: suggestion), at: field.span,
                    notes: notes, fixIt: fixIt))
        }
        if let table = layer.table, table.rowCount == 0 {
            diagnostics.append(Diagnostic(SemanticDiagnostic.anchorWithoutRows(anchor: at.value.text, layer: layerName(layer)), at: at.span))
        }
    }

    private static func checkPlaceholders(_ annotation: Annotation, layer: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let source = annotation.textSource else { return }
        let template = NoteTemplate(source.text)
        if let unclosed = template.unclosed {
            diagnostics.append(
                Diagnostic(SemanticDiagnostic.unclosedPlaceholder, at: source.span(for: unclosed.lowerBound..<(unclosed.lowerBound + 1))))
        }
        let fields = annotation.at == nil ? [] : (layer.outputFields ?? [])
        for placeholder in template.placeholders where placeholder.name != "x" && placeholder.name != "y" {
            if annotation.at == nil {
                diagnostics.append(Diagnostic(SemanticDiagnostic.placeholderWithoutRow(placeholder.name), at: source.span(for: placeholder.range)))
                continue
            }
            guard layer.outputFields != nil, !fields.contains(placeholder.name) else { continue }
            let suggestion = Suggestions.closest(to: placeholder.name, in: ["x", "y"] + fields)
            let span = source.span(for: placeholder.range)
            diagnostics.append(
                Diagnostic(
                    SemanticDiagnostic.unknownPlaceholder(placeholder.name, layer: layerName(layer), suggestion: suggestion), at: span,
                    fixIt: suggestion.map { FixIt(span: span, replacement: $0) }))
        }
    }
}
