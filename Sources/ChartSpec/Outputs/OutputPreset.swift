import ChartDiagnostics
import ChartJSON

/// One output preset (SPEC §23): a name (`social`) and what `chartc build --preset NAME` makes of the chart —
/// the formats, the whole picture's size, the theme variant, the PNG scale. Written under `outputs` in a spec or a
/// theme; what a preset leaves out is the chart's own (its size, the theme as chosen, `--scale`).
public struct OutputPreset: Sendable {
    /// The name, used in the file names `NAME.PRESET.EXT`.
    public var name: String
    /// Where the name is written (its key); nil for a built-in preset.
    public var span: SourceSpan?
    /// `format`: `svg`, `html`, `pdf` or `png`, one or a list; empty: `svg`.
    public var formats: [Located<String>] = []
    /// `width`: the whole picture's width in px; nil: the chart's own.
    public var width: Located<Double>?
    /// `height`: the whole picture's height in px (the plot takes what the text leaves); nil: the chart's own.
    public var height: Located<Double>?
    /// `variant`: the theme variant the preset applies; nil: the theme as the command line chose it.
    public var variant: Located<String>?
    /// `scale`: PNG pixels per CSS px, 1 to `OutputPresets.maximumScale`; nil: `--scale`.
    public var scale: Located<Int>?

    public init(
        name: String, span: SourceSpan? = nil, formats: [Located<String>] = [], width: Located<Double>? = nil, height: Located<Double>? = nil,
        variant: Located<String>? = nil, scale: Located<Int>? = nil
    ) {
        self.name = name
        self.span = span
        self.formats = formats
        self.width = width
        self.height = height
        self.variant = variant
        self.scale = scale
    }
}

/// Reading `outputs` (SPEC §23), the one reader for a spec's presets and a theme's, and the built-in presets.
public enum OutputPresets {
    /// The formats a preset may name.
    public static let formats = ["svg", "html", "pdf", "png"]
    /// The largest `scale` (as `--scale`).
    public static let maximumScale = 8
    /// The word `--preset` takes for every preset a chart has; no preset may be named so.
    public static let all = "all"

    /// The presets every chart has unless its theme or spec defines the name: `web` (the chart's own size, SVG and
    /// HTML), `social` (a 1200 × 675 PNG card) and `print` (a PDF, in the theme's `print` variant when it has one:
    /// `printVariant`).
    public static func builtIn(printVariant: String?) -> [OutputPreset] {
        [
            OutputPreset(name: "web", formats: [Located("svg", at: nil), Located("html", at: nil)]),
            OutputPreset(name: "social", formats: [Located("png", at: nil)], width: Located(1200, at: nil), height: Located(675, at: nil)),
            OutputPreset(name: "print", formats: [Located("pdf", at: nil)], variant: printVariant.map { Located($0, at: nil) })
        ]
    }

    /// The name of the theme variant the built-in `print` preset applies when the theme has it.
    public static let printVariantName = "print"

    /// The presets of an `outputs` object written in `file` (a theme's, read by the theme's own reader, is
    /// checked here with the same words as a spec's), and what is wrong with it at line:col.
    public static func read(_ value: JSONValue, in file: SourceFile) -> (presets: [OutputPreset], diagnostics: [Diagnostic]) {
        var decoder = SpecDecoder(file: file)
        let presets = decoder.decodeOutputs(value)
        return (presets, decoder.sortedDiagnostics())
    }

    /// `base` with each of `overrides` in place of the preset of its name (a new name is added at the end).
    public static func merge(_ base: [OutputPreset], _ overrides: [OutputPreset]) -> [OutputPreset] {
        var merged = base
        for preset in overrides {
            if let index = merged.firstIndex(where: { $0.name == preset.name }) {
                merged[index] = preset
            } else {
                merged.append(preset)
            }
        }
        return merged
    }

    /// Whether `name` can be a preset's: letters, digits, `-` and `_` (it is part of file names), and not `all`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name != all
            && name.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_"
            }
    }
}
