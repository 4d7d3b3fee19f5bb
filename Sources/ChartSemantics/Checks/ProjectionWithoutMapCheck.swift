import ChartDiagnostics
import ChartSpec

/// A `projection` (SPEC §22) only changes a chart whose marks draw map shapes (`geoshape`) or are placed by
/// `longitude`/`latitude` (a symbol or locator map): on any other chart it would be accepted and draw nothing
/// different, so it is refused where it is written (SPEC §19: what is accepted is drawn). Runs over the whole
/// chart, since one projection serves every layer.
struct ProjectionWithoutMapCheck {
    static let kind = SemanticDiagnostic.Kind.projectionWithoutMap

    static func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let spec = context.spec
        guard let projection = spec.projection else { return }
        let marks = spec.layers.isEmpty ? [spec.mark.type.value] : spec.layers.map(\.mark.type.value)
        guard !marks.contains(.geoshape) else { return }
        let views = context.layers.isEmpty ? [context] : context.layers
        guard !views.contains(where: { $0.spec.encoding.longitude != nil || $0.spec.encoding.latitude != nil }) else { return }
        let drawn = Set(marks.map(\.rawValue)).sorted().joined(separator: ", ")
        diagnostics.append(
            Diagnostic(
                kind,
                "'projection' places map shapes and points, and this chart draws none (its marks: \(drawn)): draw the shapes with \"mark\": \"geoshape\" over map data, place points by \"longitude\" and \"latitude\", or remove 'projection'",
                at: projection.keySpan ?? projection.span))
    }
}
