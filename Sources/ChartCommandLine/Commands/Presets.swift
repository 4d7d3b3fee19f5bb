import ChartDiagnostics
import ChartSpec
import ChartStyle

/// Output presets (SPEC §23) as `build --preset` and `lint` use them: the presets a chart has (the built-in `web`,
/// `social` and `print`, its theme's `outputs` over them, the spec's `outputs` over those, by name), the ones
/// `--preset` asks for, and what the build does with one (its formats, picture size, variant and scale).
enum Presets {
    /// One preset ready to build: its formats as output formats, its PNG scale (nil: `--scale`).
    struct Selected: Sendable {
        var preset: OutputPreset
        var formats: [OutputFormat]
        var name: String { preset.name }
        var scale: Double? { preset.scale.map { Double($0.value) } }
    }

    /// Every preset of a chart under `theme`, in order (the built-in ones, then the theme's new names, then the
    /// spec's), with what is wrong with the theme's `outputs` (at its line:col) and with any preset's `variant`
    /// the theme does not define.
    static func available(for spec: ChartSpec, theme: Theme) -> (presets: [OutputPreset], diagnostics: [Diagnostic]) {
        let print = theme.variantNames.contains(OutputPresets.printVariantName) ? OutputPresets.printVariantName : nil
        var presets = OutputPresets.builtIn(printVariant: print)
        var diagnostics: [Diagnostic] = []
        for outputs in theme.outputs {
            let read = OutputPresets.read(outputs, in: outputs.span.file)
            diagnostics += read.diagnostics
            presets = OutputPresets.merge(presets, read.presets)
        }
        presets = OutputPresets.merge(presets, spec.outputs)
        for preset in presets {
            guard let variant = preset.variant, !theme.variantNames.contains(variant.value) else { continue }
            let known = theme.variantNames
            let suggestion = Suggestions.closest(to: variant.value, in: known)
            diagnostics.append(
                Diagnostic(
                    ThemeDiagnostic.unknownVariant(name: variant.value, suggestion: suggestion, known: known), at: variant.span,
                    fixIt: suggestion.flatMap { name in variant.span.map { FixIt(span: $0, replacement: JSONText.quote(name)) } }))
        }
        return (presets, diagnostics)
    }

    /// The presets `names` asks for (`all`: every one), in the order asked, or an `unknown-preset` error naming the
    /// chart's presets for a name it does not have.
    static func select(_ names: [String], from presets: [OutputPreset], specPath: String) -> (selected: [Selected], diagnostics: [Diagnostic]) {
        var chosen: [OutputPreset] = []
        var diagnostics: [Diagnostic] = []
        for name in names where !name.isEmpty {
            if name == OutputPresets.all {
                for preset in presets where !chosen.contains(where: { $0.name == preset.name }) { chosen.append(preset) }
                continue
            }
            guard let preset = presets.first(where: { $0.name == name }) else {
                let known = presets.map(\.name)
                diagnostics.append(
                    Diagnostic(
                        CommandLineDiagnostic.unknownPreset(name: name, suggestion: Suggestions.closest(to: name, in: known), known: known),
                        path: specPath))
                continue
            }
            if !chosen.contains(where: { $0.name == name }) { chosen.append(preset) }
        }
        let selected = chosen.map { preset in
            let formats = preset.formats.compactMap { OutputFormat(rawValue: $0.value) }
            return Selected(preset: preset, formats: formats.isEmpty ? [.svg] : formats)
        }
        return (selected, diagnostics)
    }
}
