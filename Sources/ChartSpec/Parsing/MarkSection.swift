import ChartDiagnostics
import ChartJSON

/// `mark` (SPEC §6): a type name, or an object with `type` and options.
extension SpecDecoder {
    /// Chart names from other tools, mapped to our mark types for "did you mean".
    static let markAliases: [String: String] = [
        "scatter": "point", "scatterplot": "point", "dot": "point", "dots": "point", "circle": "point", "points": "point",
        "column": "bar", "columns": "bar", "histogram": "bar", "bars": "bar", "lines": "line", "linechart": "line",
        "heatmap": "rect", "cell": "rect", "label": "text", "rules": "rule", "areas": "area", "error-bar": "errorbar",
        "errorbars": "errorbar", "error_bar": "errorbar", "box": "boxplot", "box-plot": "boxplot", "box_plot": "boxplot",
        "boxandwhisker": "boxplot", "boxwhisker": "boxplot"
    ]

    /// Vega-Lite's and others' names for an errorbar's statistics.
    static let extentAliases: [String: String] = [
        "se": "stderr", "sem": "stderr", "standard-error": "stderr", "sd": "stdev", "std": "stdev", "stddev": "stdev",
        "confidence": "ci", "ci95": "ci", "quartiles": "iqr"
    ]

    static let interpolationAliases: [String: String] = [
        "smooth": "monotone", "curve": "monotone", "spline": "catmull-rom", "catmullrom": "catmull-rom",
        "catmull_rom": "catmull-rom", "straight": "linear", "steps": "step"
    ]

    mutating func decodeMark(_ value: JSONValue, path: String = "mark") -> MarkSpec? {
        if case .string = value.kind {
            guard let type: Located<MarkType> = enumValue(value, path: path, what: "mark type", aliases: Self.markAliases) else {
                return nil
            }
            return MarkSpec(type: type, span: value.span)
        }
        guard
            let mark = object(
                value, path: path, keys: SpecKeys.mark, expected: "a mark type such as \"bar\", or an object such as { \"type\": \"line\" }")
        else {
            return nil
        }
        var type: Located<MarkType>?
        if let member = mark["type"] {
            type = enumValue(member.value, path: path + ".type", what: "mark type", aliases: Self.markAliases)
        } else if !mark.hasMisspelling(of: "type") {
            missingKey(.missingMarkType(path: path), at: value.span)
        }
        let interpolate: Located<Interpolation>? = mark["interpolate"].flatMap {
            enumValue($0.value, path: path + ".interpolate", what: "interpolation", aliases: Self.interpolationAliases)
        }
        let points = mark["points"].flatMap { bool($0.value, path: path + ".points") }
        let isArc = type?.value == .arc
        let labels = mark["labels"].flatMap { decodeLabels($0.value, path: path + ".labels", arc: isArc) }
        let color = mark["color"].flatMap { string($0.value, path: path + ".color") }
        let opacity = mark["opacity"].flatMap { number($0.value, path: path + ".opacity", in: 0...1, rule: "between 0 and 1") }
        let strokeWidth = mark["strokeWidth"].flatMap {
            number($0.value, path: path + ".strokeWidth", in: 0...1000, rule: "a number of pixels, 0 or more")
        }
        let cornerRadius = mark["cornerRadius"].flatMap {
            number($0.value, path: path + ".cornerRadius", in: 0...1000, rule: "a number of pixels, 0 or more")
        }
        let width = mark["width"].flatMap {
            number($0.value, path: path + ".width", in: Double.leastNonzeroMagnitude...Self.maximumSize, rule: "a positive number of pixels")
        }
        var extent: Located<ErrorExtent>?
        var whiskers: Located<BoxWhiskers>?
        if let member = mark["extent"] {
            if type?.value == .boxplot {
                whiskers = decodeWhiskers(member.value, path: path + ".extent")
            } else {
                extent = enumValue(member.value, path: path + ".extent", what: "extent", aliases: Self.extentAliases)
            }
        }

        let innerRadius = mark["innerRadius"].flatMap {
            number($0.value, path: path + ".innerRadius", in: 0...Self.maximumSize, rule: "px, or a fraction below 1 of the radius (a donut)")
        }
        let padAngle = mark["padAngle"].flatMap { number($0.value, path: path + ".padAngle", in: 0...30, rule: "an angle in degrees from 0 to 30") }

        guard let type else { return nil }
        var spec = MarkSpec(type: type, span: value.span)
        spec.interpolate = interpolate
        spec.points = points?.value ?? false
        spec.labels = labels
        spec.color = color
        spec.opacity = opacity
        spec.strokeWidth = strokeWidth
        spec.cornerRadius = cornerRadius
        spec.width = width
        spec.extent = extent
        spec.whiskers = whiskers
        spec.innerRadius = innerRadius
        spec.padAngle = padAngle
        return spec
    }

    /// A boxplot's `extent`: a number k of interquartile ranges (0 or more), or `"min-max"`.
    private mutating func decodeWhiskers(_ value: JSONValue, path: String) -> Located<BoxWhiskers>? {
        if case .string = value.kind {
            let name: Located<BoxWhiskerName>? = enumValue(
                value, path: path, what: "boxplot extent", aliases: ["minmax": "min-max", "min_max": "min-max", "range": "min-max", "full": "min-max"]
            )
            return name.map { Located(.minMax, at: $0.span) }
        }
        guard let k = number(value, path: path, in: 0...1000, rule: "a number of interquartile ranges, 0 or more, such as 1.5; or \"min-max\"")
        else { return nil }
        return Located(.interquartile(k.value), at: k.span)
    }

    /// `labels`: `true`, `false`, or an object of options.
    /// An arc's labels (SPEC §21) take `text` and `format` only.
    private mutating func decodeLabels(_ value: JSONValue, path: String, arc: Bool) -> LabelOptions? {
        switch value.kind {
        case .bool(let on):
            return on ? LabelOptions(span: value.span) : nil
        case .object:
            guard let labels = object(value, path: path, keys: arc ? SpecKeys.arcLabels : SpecKeys.labels) else { return nil }
            var options = LabelOptions(span: value.span)
            options.position = labels["position"].flatMap {
                enumValue(
                    $0.value, path: path + ".position", what: "label position", aliases: ["above": "top", "center": "inside", "middle": "inside"])
            }
            options.angle = labels["angle"].flatMap {
                number($0.value, path: path + ".angle", in: -360...360, rule: "an angle in degrees between -360 and 360")
            }
            options.format = labels["format"].flatMap { formatSpec($0.value, path: path + ".format") }
            options.text = labels["text"].flatMap { string($0.value, path: path + ".text") }
            options.skipZero = labels["skipZero"].flatMap { bool($0.value, path: path + ".skipZero") }?.value ?? false
            return options
        default:
            wrongType(value, path: path, expected: "true, or an object such as { \"position\": \"top\" }")
            return nil
        }
    }
}
