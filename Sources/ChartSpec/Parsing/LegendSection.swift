import ChartDiagnostics
import ChartJSON

/// `legend` (SPEC §2): `false` hides it; an object sets its position, title and the series that start hidden.
extension SpecDecoder {
    mutating func decodeLegend(_ value: JSONValue) -> LegendSpec {
        switch value.kind {
        case .bool(let visible):
            return visible
                ? LegendSpec(span: value.span)
                : LegendSpec(position: Located(LegendPosition.none, at: value.span), span: value.span)
        case .object:
            var legend = LegendSpec(span: value.span)
            guard let object = object(value, path: "legend", keys: SpecKeys.legend) else { return legend }
            legend.position = object["position"].flatMap {
                enumValue(
                    $0.value, path: "legend.position", what: "legend position",
                    aliases: ["above": "top", "below": "bottom", "inline": "direct", "end": "direct", "hidden": "none", "off": "none"])
            }
            if let member = object["title"] {
                legend.title = titleSetting(member.value, path: "legend.title")
            }
            if let member = object["hidden"] {
                legend.hidden = stringList(member.value, path: "legend.hidden", what: "series names")
            }
            return legend
        default:
            wrongType(value, path: "legend", expected: "false (no legend), or an object such as { \"position\": \"top\" }")
            return LegendSpec(span: value.span)
        }
    }
}
