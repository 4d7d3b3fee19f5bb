import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues

/// A line or area layer that removes the chart's `color` (`"color": null`), or gives it one constant color
/// (`{ "value": "gray" }`, SPEC §19.3), draws every series' rows as one path:
/// with several rows at each x it zig-zags between the series (SPEC §19.1: what is accepted is drawn as
/// meant). Quiet when the layer's rows have one row per x (its own `groupBy` summed the series away).
struct LineJoinsSeriesRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.lineJoinsSeries
    let summary = "A line or area layer with \"color\": null or a constant color joins every series' rows into one zig-zag path."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let mark = context.spec.mark.type.value
        let own = context.spec.encoding.color
        let constant = own?.value != nil && own?.field == nil
        guard context.layerIndex != nil, mark == .line || mark == .area, own == nil || constant,
            let member = context.member("encoding", "color"), member.value.isNull || constant,
            let field = context.spec.syntax?["encoding"]?["color"]?["field"]?.stringValue
        else { return }
        let along = context.spec.encoding.x ?? context.spec.encoding.y
        if let table = context.table {
            // One row per position: nothing to zig-zag between.
            guard let name = along?.field?.value, let column = table.column(named: name) else { return }
            var seen: Set<String> = []
            var repeats = false
            for row in 0..<column.count where !column.isNull(row) {
                if !seen.insert(column[row].text ?? "").inserted {
                    repeats = true
                    break
                }
            }
            guard repeats else { return }
        } else if context.spec.hasAggregate && !context.spec.groupBy.contains(where: { $0.value == field }) {
            return
        }
        let what = constant ? "a constant color" : "\"color\": null"
        diagnostics.append(
            diagnostic(
                "\(what) takes the color away from this \(mark.rawValue) layer, so it joins the rows of every '\(field)' series into one path that zig-zags between them: keep the color, give the layer its own \"groupBy\" without '\(field)', or filter it to one series",
                at: member.keySpan))
    }
}
