import ChartDiagnostics
import ChartJSON

extension SpecDecoder {
    /// `outputs` (SPEC §23): `{ "NAME": { "format", "width", "height", "variant", "scale" } }`.
    mutating func decodeOutputs(_ value: JSONValue) -> [OutputPreset] {
        guard case .object(let members) = value.kind else {
            wrongType(value, path: "outputs", expected: "an object of named presets such as { \"social\": { \"format\": \"png\" } }")
            return []
        }
        var presets: [OutputPreset] = []
        for member in members where !member.key.hasPrefix("$") {
            if !OutputPresets.isValidName(member.key) {
                report(
                    SpecDiagnostic.outOfRange(
                        path: "outputs", rule: "a preset name of letters, digits, '-' and '_' (it is part of file names), not 'all'",
                        found: JSONText.quote(member.key)),
                    at: member.keySpan)
                continue
            }
            if let preset = decodePreset(member) { presets.append(preset) }
        }
        return presets
    }

    private mutating func decodePreset(_ member: JSONMember) -> OutputPreset? {
        let path = "outputs." + member.key
        guard let object = object(member.value, path: path, keys: SpecKeys.outputPreset) else { return nil }
        var preset = OutputPreset(name: member.key, span: member.keySpan)
        if let format = object["format"] {
            for name in stringList(format.value, path: object.path("format"), acceptsSingle: true, what: "formats") {
                if OutputPresets.formats.contains(name.value) {
                    if !preset.formats.contains(where: { $0.value == name.value }) { preset.formats.append(name) }
                } else {
                    let suggestion = Suggestions.closest(to: name.value, in: OutputPresets.formats)
                    report(
                        SpecDiagnostic.unknownValue(
                            what: "format", value: name.value, path: object.path("format"), suggestion: suggestion, names: OutputPresets.formats),
                        at: name.span, fixIt: suggestion.flatMap { word in name.span.map { FixIt(span: $0, replacement: JSONText.quote(word)) } })
                }
            }
            if case .array(let items) = format.value.kind, items.isEmpty {
                report(SpecDiagnostic.emptyList(path: object.path("format")), at: format.value.span)
            }
        }
        let sizeRule = "a positive number of pixels, at most \(Int(Self.maximumSize))"
        preset.width = object["width"].flatMap { number($0.value, path: object.path("width"), in: 1...Self.maximumSize, rule: sizeRule) }
        preset.height = object["height"].flatMap { number($0.value, path: object.path("height"), in: 1...Self.maximumSize, rule: sizeRule) }
        if let variant = object["variant"], let name = string(variant.value, path: object.path("variant")) {
            if name.value.isEmpty {
                report(
                    SpecDiagnostic.outOfRange(path: object.path("variant"), rule: "the name of a variant of the theme", found: "\"\""), at: name.span)
            } else {
                preset.variant = name
            }
        }
        if let scale = object["scale"] {
            let limit = Double(OutputPresets.maximumScale)
            if let number = number(
                scale.value, path: object.path("scale"), in: 1...limit, rule: "a whole number from 1 to \(OutputPresets.maximumScale)")
            {
                if let whole = Int(exactly: number.value) {
                    preset.scale = Located(whole, at: number.span)
                } else {
                    report(SpecDiagnostic.notWholeNumber(path: object.path("scale"), found: Self.lexeme(scale.value)), at: scale.value.span)
                }
            }
        }
        return preset
    }
}
