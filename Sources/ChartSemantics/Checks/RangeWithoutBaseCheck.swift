import ChartDiagnostics
import ChartSpec

/// `x2` and `y2` end a range that `x` and `y` start: alone they have nothing to span from.
struct RangeWithoutBaseCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.rangeWithoutBase
    let summary = "x2 without x, or y2 without y: a range end with no start."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for (end, start, present) in [("x2", "x", encoding.x != nil), ("y2", "y", encoding.y != nil)] {
            guard let member = context.member("encoding", end), !present, context.member("encoding", start) == nil,
                !context.misspelled(start, among: SpecKeys.encoding, at: "encoding")
            else { continue }
            diagnostics.append(
                diagnostic(
                    "'encoding.\(end)' ends a range that 'encoding.\(start)' starts, but there is no '\(start)': add \"\(start)\" (the start of each range), or rename '\(end)' to '\(start)'",
                    at: member.keySpan,
                    fixIt: FixIt(span: member.keySpan, replacement: "\"\(start)\"")
                ))
        }
    }
}
