import ChartDiagnostics
import ChartSpec

/// A mark needs at least one position channel; without x and y there is nowhere to draw it. An arc (SPEC §21) is
/// placed by its `theta` instead: without it a slice has no angle.
struct MissingPositionCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.missingPosition
    let summary = "The chart has no x, y, x2 or y2 channel (an arc: no theta; a map mark: no longitude/latitude), so its marks have no position."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        // A map's shapes (SPEC §22) are placed by their geometry through the projection.
        if context.spec.mark.type.value == .geoshape { return }
        // A point or text on a map (SPEC §22) is placed by longitude/latitude (`MapPlaceCheck` wants both).
        if encoding.longitude != nil || encoding.latitude != nil || encoding.longitude2 != nil || encoding.latitude2 != nil { return }
        if context.spec.mark.type.value.traits.required.contains(.theta) {
            guard encoding.theta == nil, context.member("encoding", "theta") == nil else { return }
            if context.misspelled("encoding", among: SpecKeys.topLevel) { return }
            if context.misspelled("theta", among: SpecKeys.encoding, at: "encoding") { return }
            diagnostics.append(
                diagnostic(
                    #"the arc marks have no angle: add "theta" to "encoding", e.g. "theta": { "field": "votes" }, "color": { "field": "party" }"#,
                    at: context.member("encoding")?.keySpan ?? context.spec.mark.type.span ?? context.fileStart
                ))
            return
        }
        guard encoding.x == nil, encoding.y == nil, encoding.x2 == nil, encoding.y2 == nil else { return }
        // A channel the user wrote but the parser rejected was already reported.
        for channel in ["x", "y", "x2", "y2"] where context.member("encoding", channel) != nil { return }
        if context.misspelled("encoding", among: SpecKeys.topLevel) { return }
        for channel in ["x", "y"] where context.misspelled(channel, among: SpecKeys.encoding, at: "encoding") { return }
        let mark = context.spec.mark.type.value.rawValue
        let example =
            context.spec.mark.type.value == .bar
            ? #""x": { "field": "category" }, "y": { "field": "count" }"# : #""x": { "field": "year" }, "y": { "field": "value" }"#
        diagnostics.append(
            diagnostic(
                "the \(mark) marks have no position: add \"x\" and/or \"y\" to \"encoding\", e.g. \(example)",
                at: context.member("encoding")?.keySpan ?? context.spec.mark.type.span ?? context.fileStart
            ))
    }
}
