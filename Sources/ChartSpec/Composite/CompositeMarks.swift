import ChartDiagnostics

/// How one composite mark expands (SPEC §21), named by its entry in the table of marks (`MarkTraits.composite`):
/// a function from the mark and the channels it draws to the simple marks that draw it and the statistics the
/// pipeline computes for them. Each composite mark is one file in this folder with one such value.
public struct CompositeExpansion: Sendable {
    /// The composite mark's file, for messages and the developer docs (`ErrorBarMark`).
    public let name: String
    let expand: @Sendable (CompositeMarkInput) -> CompositeMarkOutput

    public init(name: String, expand: @escaping @Sendable (CompositeMarkInput) -> CompositeMarkOutput) {
        self.name = name
        self.expand = expand
    }
}

/// What a composite mark is expanded from: its `mark` and the channels it draws (for a layer, the top-level
/// channels with the layer's own over them), as written.
public struct CompositeMarkInput: Sendable {
    public let mark: MarkSpec
    public let encoding: Encoding
    /// The `facet` field, which the statistics group by too (each panel has its own groups).
    public let facetField: Located<String>?
}

/// What a composite mark becomes: simple marks drawn as layers over the same scales, each with its full
/// encoding, and, when it computes statistics, the grouping and the aggregate fields the pipeline computes (in
/// memory, or in SQL when the data is in a database). Errors point at what the user wrote.
public struct CompositeMarkOutput: Sendable {
    public var layers: [(mark: MarkSpec, encoding: Encoding)] = []
    /// Empty: the marks draw the rows as they are.
    public var groupBy: [Located<String>] = []
    public var aggregate: [AggregateField] = []
    public var diagnostics: [Diagnostic] = []
    /// Layers that draw the rows as they are, not the statistics, by their index in `layers`, with the steps they
    /// run over those rows (a boxplot's outliers: window values per group, then a filter). With any, the other
    /// layers aggregate on their own (each its own pipeline) instead of the chart.
    public var rowSteps: [Int: LayerSpec.FinalSteps] = [:]

    public init() {}
}

/// Generated expression text for composite marks: fields quoted, numbers written exactly, every byte mapped to
/// the span of the field the user wrote.
enum CompositeText {
    /// A field name inside backticks: `\` and `` ` `` escaped.
    static func quoted(_ name: String) -> String {
        var result = "`"
        for character in name {
            if character == "\\" || character == "`" { result.append("\\") }
            result.append(character)
        }
        return result + "`"
    }

    /// A number as an expression constant that reads back as the same Double.
    static func number(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return "\(value)"
    }

    /// A generated expression whose every token points at `span` (the field the user wrote), so an error in it
    /// (an unknown field, a field that is not a number) names the user's line:col.
    static func source(_ text: String, at span: SourceSpan?) -> ExpressionSource {
        guard let span else { return ExpressionSource(standalone: text) }
        let length = text.utf8.count
        let offsets = Array(repeating: span.range.lowerBound, count: length) + [span.range.upperBound]
        return ExpressionSource(text: text, literalSpan: span, fileOffsets: offsets)
    }
}

/// The composite-mark stage (SPEC §21; Vega-Lite's normalizers): after parsing and before the planner and the
/// checks, every composite mark becomes layers of simple marks over the same scales, and its statistics become
/// the grouping and aggregation of the rows those layers draw. Everything later — the planner, the SQL compiler,
/// the checks, layout — only ever sees simple marks. The generated marks keep the spans of the mark and channels
/// the user wrote (and `MarkSpec.composite`), so every diagnostic points at the composite's `line:col`, and the
/// checks hold its channels and options to the composite's own entry in the table.
extension ChartSpec {
    /// The spec with every composite mark expanded, and the problems found doing it (a composite that cannot be
    /// expanded is left as written, with its error).
    public func expandingCompositeMarks() -> (spec: ChartSpec, diagnostics: [Diagnostic]) {
        if isLayered {
            guard layers.contains(where: { $0.mark.type.value.traits.composite != nil }) else { return (self, []) }
            var spec = self
            var diagnostics: [Diagnostic] = []
            var expanded: [LayerSpec] = []
            for layer in layers {
                guard let expansion = layer.mark.type.value.traits.composite else {
                    expanded.append(layer)
                    continue
                }
                let merged = encoding.merged(with: layer.encoding, removing: layer.removed.map(\.value))
                let output = expansion.expand(CompositeMarkInput(mark: layer.mark, encoding: merged, facetField: facet?.field))
                diagnostics += output.diagnostics
                guard !output.layers.isEmpty, !output.diagnostics.hasErrors else { return (self, diagnostics) }
                if !output.aggregate.isEmpty, layer.hasAggregate || !layer.groupBy.isEmpty || layer.statistics != nil {
                    diagnostics.append(Self.aggregateConflict(layer.mark, in: "this layer"))
                    return (self, diagnostics)
                }
                for (index, (mark, generated)) in output.layers.enumerated() {
                    var part = layer
                    part.mark = mark
                    part.encoding = generated
                    part.removed = Self.removedChannels(from: encoding, keeping: generated)
                    if let steps = output.rowSteps[index] {
                        part.window = steps.window
                        part.windowBy = steps.windowBy
                        part.hasWindow = true
                        part.filter = steps.filter + layer.filter
                    } else if !output.aggregate.isEmpty {
                        part.groupBy = output.groupBy
                        part.aggregate = output.aggregate
                        part.hasAggregate = true
                        if !output.rowSteps.isEmpty {
                            part.window = []
                            part.windowBy = []
                            part.hasWindow = true
                        }
                    }
                    expanded.append(part)
                }
            }
            guard expanded.count <= LayerSpec.limit else { return (self, diagnostics) }
            for index in expanded.indices { expanded[index].index = index }
            spec.layers = expanded
            spec.mark = expanded[0].mark
            return (spec, diagnostics)
        }
        guard let expansion = mark.type.value.traits.composite else { return (self, []) }
        let output = expansion.expand(CompositeMarkInput(mark: mark, encoding: encoding, facetField: facet?.field))
        guard !output.layers.isEmpty, !output.diagnostics.hasErrors else { return (self, output.diagnostics) }
        var spec = self
        var diagnostics = output.diagnostics
        if !output.aggregate.isEmpty {
            if hasAggregate || !groupBy.isEmpty || statistics != nil {
                diagnostics.append(Self.aggregateConflict(mark, in: "the spec"))
                return (self, diagnostics)
            }
            if output.rowSteps.isEmpty {
                spec.groupBy = output.groupBy
                spec.aggregate = output.aggregate
                spec.hasAggregate = true
            }
        }
        spec.layers = output.layers.enumerated().map { index, generated in
            var layer = LayerSpec(index: index, mark: generated.mark, span: mark.span)
            // Not a layer the user wrote: checks look at the top-level `mark` and `encoding` for its syntax.
            layer.writtenIndex = nil
            layer.encoding = generated.encoding
            layer.removed = Self.removedChannels(from: encoding, keeping: generated.encoding)
            if let steps = output.rowSteps[index] {
                layer.window = steps.window
                layer.windowBy = steps.windowBy
                layer.hasWindow = true
                layer.filter = steps.filter
            } else if !output.rowSteps.isEmpty, !output.aggregate.isEmpty {
                // Some layers draw the rows: the statistics are each other layer's own aggregation.
                layer.groupBy = output.groupBy
                layer.aggregate = output.aggregate
                layer.hasAggregate = true
                layer.hasWindow = true
            }
            return layer
        }
        spec.mark = output.layers[0].mark
        return (spec, diagnostics)
    }

    /// The channels of `inherited` a generated layer does not draw: removed, so nothing it did not ask for
    /// reaches its mark.
    private static func removedChannels(from inherited: Encoding, keeping generated: Encoding) -> [Located<ChannelName>] {
        ChannelName.allCases.filter { inherited[$0] != nil && generated[$0] == nil }.map { Located($0, at: nil) }
    }

    private static func aggregateConflict(_ mark: MarkSpec, in place: String) -> Diagnostic {
        Diagnostic(SpecDiagnostic.compositeAggregate(mark: mark.type.value.rawValue, place: place), at: mark.extent?.span ?? mark.span)
    }
}
