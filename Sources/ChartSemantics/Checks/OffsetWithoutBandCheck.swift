import ChartDiagnostics
import ChartSpec

/// `offset` places marks side by side inside a band (grouped bars); with no discrete x or y there is no band.
struct OffsetWithoutBandCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.offsetWithoutBand
    let summary = "offset is used but neither x nor y is a band (nominal or ordinal) axis to group within."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        guard let offset = encoding.offset else { return }
        var described: [String] = []
        for (name, channel) in [("x", encoding.x), ("y", encoding.y)] {
            guard let channel else {
                if context.member("encoding", name) != nil { return }
                continue
            }
            // Unknown (no type, no data): stay quiet rather than guess.
            guard let discrete = context.isDiscrete(channel) else { return }
            if discrete { return }
            let kind = context.isTemporal(channel) == true ? "temporal" : "quantitative"
            described.append("'\(name)' is \(kind)")
        }
        let detail = described.isEmpty ? "there is no x or y" : described.joined(separator: " and ")
        diagnostics.append(
            diagnostic(
                "'offset' groups marks side by side within a band, but \(detail): give the axis the groups sit on a nominal or ordinal field (e.g. \"type\": \"nominal\"), or use 'color' alone to stack",
                at: context.member("encoding", "offset")?.keySpan ?? offset.span
            ))
    }
}
