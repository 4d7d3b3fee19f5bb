import ChartDiagnostics
import ChartSpec

/// A `mark` option the mark does not draw would change nothing (SPEC §19.1): `interpolate` on bars, `points` on
/// areas. The table of marks (`MarkTraits`) says which marks take each option; the error names them.
/// `points: false` and `labels: false` ask for nothing and pass. `mark.color` under a color field is drawn by no
/// mark either.
struct OptionNotSupportedCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.optionNotSupported
    let summary = "A mark option the mark does not draw (interpolate on bars): SPEC §19.1's table of marks says which marks take it."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        // A mark the composite stage made is held to the composite's entry (SPEC §21): the user wrote that one.
        let mark = context.spec.mark.composite ?? context.spec.mark.type.value
        let traits = mark.traits
        for option in MarkOption.allCases where !traits.takes(option) {
            guard let member = context.member("mark", option.rawValue) else { continue }
            if member.value.boolValue == false { continue }
            let taking = MarkTraits.marks(taking: option)
            diagnostics.append(
                diagnostic(
                    "\(mark.rawValue) marks do not draw 'mark.\(option.rawValue)': it applies to \(MarkTraits.describe(taking)); remove it",
                    at: member.keySpan))
        }
        // `mark.color` is the one color of marks that `encoding.color` does not color.
        if let color = context.spec.encoding.color, color.field != nil || color.value != nil, let member = context.member("mark", "color") {
            let how = color.field != nil ? "colors these by a field" : "gives them a constant color"
            diagnostics.append(
                diagnostic(
                    "'mark.color' colors marks only when there is no 'encoding.color', and '\(context.path(of: color))' \(how); remove one of them",
                    at: member.keySpan))
        }
    }
}
