import ChartDiagnostics
import ChartGeo
import ChartJSON

/// `projection` (SPEC §22): `{ "type": …, "rotate": [λ, φ, γ], "center": [lon, lat], "parallels": [φ1, φ2],
/// "scale": k, "translate": [x, y] }`, read into ChartGeo's `ProjectionOptions` (d3-geo's projections). Without
/// `scale`/`translate` layout fits the drawn shapes to the plot, as d3's `fitSize` does.
extension SpecDecoder {
    mutating func decodeProjection(_ member: JSONMember) -> ProjectionSpec? {
        let value = member.value
        guard
            let object = object(
                value, path: "projection", keys: SpecKeys.projection, expected: "an object such as { \"type\": \"albersUsa\" }")
        else { return nil }
        var options = ProjectionOptions()
        if let entry = object["type"] {
            guard let type: Located<ProjectionType> = enumValue(entry.value, path: "projection.type", what: "projection", aliases: [:]) else {
                return nil
            }
            options.type = type.value
        }
        func numbers(_ key: String, count: ClosedRange<Int>, example: String) -> [Double]? {
            guard let entry = object[key] else { return nil }
            guard let items = entry.value.arrayValue, count.contains(items.count) else {
                wrongType(entry.value, path: "projection.\(key)", expected: example)
                return nil
            }
            var result: [Double] = []
            for (index, item) in items.enumerated() {
                guard let number = number(item, path: "projection.\(key)[\(index)]") else { return nil }
                result.append(number.value)
            }
            return result
        }
        options.rotate = numbers("rotate", count: 2...3, example: "two or three angles in degrees, such as [96, 0] or [-10, -40, 0]")
        if let center = numbers("center", count: 2...2, example: "a longitude and a latitude in degrees, such as [-98, 39]") {
            if abs(center[1]) > 90, let entry = object["center"]?.value.arrayValue?[1] {
                report(
                    SpecDiagnostic.outOfRange(path: "projection.center[1]", rule: "a latitude from -90 to 90", found: SpecDecoder.describe(entry)),
                    at: entry.span)
            } else {
                options.center = (center[0], center[1])
            }
        }
        if let parallels = numbers("parallels", count: 2...2, example: "two latitudes in degrees, such as [29.5, 45.5]") {
            options.parallels = (parallels[0], parallels[1])
        }
        if let entry = object["scale"] {
            options.scale = number(entry.value, path: "projection.scale", in: 0.001...1_000_000, rule: "greater than 0")?.value
        }
        if let translate = numbers("translate", count: 2...2, example: "x and y in px, such as [300, 200]") {
            options.translate = (translate[0], translate[1])
        }
        return ProjectionSpec(options: options, span: value.span, keySpan: member.keySpan)
    }
}
