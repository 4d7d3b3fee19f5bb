import ChartColor
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartSpec
import ChartStyle
import ChartValues

/// What the checks and rules look at: the parsed spec, and what is known about its data. Checking runs with as
/// much as is available — the data's columns (`schema`) when the data could be read, the planner's types of the
/// calculated and aggregated fields, the table after the pipeline when a build has run it — and every question
/// here answers nil when it cannot be decided, so that a check stays quiet rather than guess.
public struct SemanticContext: Sendable {
    public let spec: ChartSpec
    /// The columns of the loaded data, before the pipeline.
    public let schema: [(name: String, type: DataType)]?
    /// The result type of each calculated, aggregated and window field that compiled (from `Planner.analyze`).
    public let fieldTypes: [String: DataType?]
    /// The rows the marks are drawn from (after calculate, filter, aggregate, total, sort, window, keep).
    public let table: Table?
    /// The canvas color series colors are drawn on.
    public let background: Color
    /// The house style the spec resolves to (SPEC §15), when lint was given one; its text colors are checked.
    public let theme: Theme?
    /// How wide text is set in the chart's fonts, when the caller can measure (lint through ChartLayout's
    /// `ThemeTextWidths`); nil: rules about text length stay quiet rather than guess.
    public var textWidths: (any TextWidths)?

    /// The spec's JSON tree (kept by the parser), to point at single elements of arrays the model keeps whole.
    var root: JSONValue? { spec.syntax }

    /// For a layered chart (SPEC §11), one context per layer: the layer as a one-mark spec
    /// (`ChartSpec.layerChart`) with what is known of its own rows. Checks and rules run over each of them;
    /// empty for a one-mark chart and for a layer's own context.
    public private(set) var layers: [SemanticContext] = []

    /// Which layer this context is (nil: the whole chart).
    public var layerIndex: Int? { spec.layerIndex }

    /// The layer's object in the spec's JSON (`layers[N]`), when this is a layer's context.
    var layerNode: JSONValue? {
        guard let index = spec.writtenLayerIndex, let items = root?["layers"]?.arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The chart's context with one context per layer: `layers[i]` holds what is known of layer `i`'s rows
    /// (its table after its pipeline, the columns of the data it reads, its planner's field types).
    public func withLayers(_ layers: [(schema: [(name: String, type: DataType)]?, fieldTypes: [String: DataType?], table: Table?)]) -> SemanticContext
    {
        var context = self
        var contexts = layers.enumerated().map { index, known in
            SemanticContext(
                spec: spec.layerChart(index), schema: known.schema, fieldTypes: known.fieldTypes, table: known.table, background: background,
                theme: theme)
        }
        // One legend for every layer: a layer's series are the chart's.
        var names: [String] = []
        var known = false
        for layer in contexts {
            guard let own = layer.seriesNames else { continue }
            known = true
            for name in own where !names.contains(name) { names.append(name) }
        }
        if known {
            for index in contexts.indices { contexts[index].chartSeries = names }
        }
        let marks = spec.layers.map(\.mark.type.value)
        let attributions = spec.basemapAttributions
        for index in contexts.indices {
            contexts[index].layerMarks = marks
            contexts[index].textWidths = textWidths
            contexts[index].chartBasemapAttributions = attributions
        }
        // A shared scale is drawn by every layer that has its channel.
        for name in ChannelName.allCases {
            let drawing = contexts.filter { $0.resolved[name]?.drawnBy.isEmpty == false }.map(\.resolved.mark)
            for index in contexts.indices where contexts[index].resolved.channels[name] != nil {
                contexts[index].resolved.channels[name]?.drawnBy = drawing
            }
        }
        // One x and one y scale serve every layer: the layer that writes its `scale` (else the first with a field)
        // decides its type, as layout does, so a layer's rows are checked against the scale they are drawn on.
        for name in [ChannelName.x, .y] {
            // `resolve` (SPEC §20): an independent channel is each layer's own scale.
            if spec.resolve?.independent(isX: name == .x) != nil { continue }
            let having = contexts.filter { $0.spec.encoding[name]?.field != nil }
            guard let lead = having.first(where: { $0.spec.encoding[name]?.scale != nil }) ?? having.first,
                let channel = lead.spec.encoding[name], let resolved = lead.resolved[name]
            else { continue }
            for index in contexts.indices { contexts[index].scaleLeads[name] = ScaleLead(channel: channel, resolved: resolved) }
            // Bands or points: the lead's `scale.type`, else points only when every layer with the channel places
            // its categories at points.
            guard resolved.isDiscrete == true else { continue }
            let placement = CategoryPlacement.decide(scaleType: resolved.scaleType, marks: having.map { $0.spec.mark.type.value })
            for index in contexts.indices where contexts[index].resolved.channels[name]?.isDiscrete == true {
                contexts[index].resolved.channels[name]?.placement = placement
            }
        }
        context.layers = contexts
        return context
    }

    /// The channel that decides a shared position scale (SPEC §11) and its resolved facts.
    public struct ScaleLead: Sendable {
        /// The channel as written in the deciding layer (its `scale` and `axis`).
        public let channel: ChannelDef
        public let resolved: ResolvedChannel
    }

    private var scaleLeads: [ChannelName: ScaleLead] = [:]

    /// The channel whose `scale` the x or y scale follows: in a layer, the layer that writes it (else the first
    /// with a field), which may be another layer; otherwise the view's own channel.
    public func scaleLead(_ name: ChannelName) -> ScaleLead? {
        if let lead = scaleLeads[name] { return lead }
        guard let channel = spec.encoding[name], let resolved = resolved[name] else { return nil }
        return ScaleLead(channel: channel, resolved: resolved)
    }

    /// In a layer's context, the series of every layer of the chart (they share one legend).
    private var chartSeries: [String]?

    /// In a layer's context, the mark of every layer of the chart, in order; empty otherwise.
    public private(set) var layerMarks: [MarkType] = []

    /// Who made the built-in basemaps the whole chart draws (SPEC §22: the source line credits them); in a
    /// layer's context, every layer's, not only its own.
    public private(set) var chartBasemapAttributions: [String]

    /// Whether a layer's channel is the top-level one it inherits (written outside the layer's object), so that
    /// its options also serve the other layers. False outside a layer's context.
    public func isInherited(_ channel: ChannelDef) -> Bool {
        guard let node = layerNode, let span = channel.span else { return false }
        return !(node.span.range.lowerBound <= span.range.lowerBound && span.range.upperBound <= node.span.range.upperBound)
    }

    /// Where a channel is written, for messages: `encoding.x`, or `layers[1].encoding.x` for a layer's own.
    public func path(of channel: ChannelDef) -> String {
        let name = "encoding." + channel.channel.rawValue
        guard let index = spec.writtenLayerIndex, let node = layerNode, let span = channel.span,
            node.span.range.lowerBound <= span.range.lowerBound, span.range.upperBound <= node.span.range.upperBound
        else { return name }
        return "layers[\(index)]." + name
    }

    public init(
        spec: ChartSpec, schema: [(name: String, type: DataType)]?, fieldTypes: [String: DataType?] = [:], table: Table?,
        background: Color = .white, theme: Theme? = nil
    ) {
        self.spec = spec
        self.schema = schema
        self.fieldTypes = fieldTypes
        self.table = table
        self.background = theme.flatMap { $0.text("background") }.flatMap { Color(css: $0) } ?? background
        self.theme = theme
        self.chartBasemapAttributions = spec.basemapAttributions
        self.resolved = resolveView()
    }

    /// The view as the checking stage resolved it: each channel's type, scale and values, the orientation,
    /// stacking and line order. Layout reads it from the `CheckedChart` and never decides them again.
    public private(set) var resolved = ResolvedView(mark: .point, channels: [:], orientation: nil, stack: nil, lineOrder: nil, colorMakesSeries: nil)

    // MARK: fields

    /// The fields of the rows the marks are drawn from, in order, when they are known: the table's columns; with
    /// `aggregate`, the `groupBy` and `aggregate` fields; otherwise the data's columns and the calculated fields.
    public var outputFields: [String]? {
        if let table { return table.columnNames }
        return fieldsBeforeWindow.map { $0 + spec.window.map(\.name.value).filter { !$0.isEmpty } }
    }

    /// The output fields without the `window` fields: what `window` and `windowBy` may read.
    public var fieldsBeforeWindow: [String]? {
        if spec.hasAggregate { return spec.groupBy.map(\.value) + spec.aggregate.map(\.name.value) }
        if let statistics = spec.statistics { return statistics.groupBy.map(\.value) + statistics.outputNames }
        guard let schema else { return nil }
        var names = schema.map(\.name)
        for field in spec.calculate where !names.contains(field.name.value) { names.append(field.name.value) }
        return names
    }

    /// The type of an output field, when it is known: from the table, from the compiled `aggregate` and
    /// `calculate` expressions, from the data's columns, or (without the data) from the aggregate function
    /// (`count`, `sum`, `mean`, … give numbers).
    public func fieldType(_ name: String) -> DataType? {
        if let table { return table.column(named: name)?.type }
        if let aggregate = spec.aggregate.first(where: { $0.name.value == name }) {
            if let compiled = fieldTypes[name] { return compiled }
            return Self.aggregateType(aggregate.expression.text, schema: schema)
        }
        if spec.window.contains(where: { $0.name.value == name }) {
            return fieldTypes[name] ?? nil
        }
        if let statistics = spec.statistics, statistics.outputNames.contains(name) {
            if let known = fieldTypes[name] { return known }
            return statistics.regression?.x.value == name ? schema?.first { $0.name == name }?.type ?? .number : .number
        }
        if spec.calculate.contains(where: { $0.name.value == name }) {
            return fieldTypes[name] ?? nil
        }
        return schema?.first { $0.name == name }?.type
    }

    /// The type of an aggregate the planner did not compile (the data is not at hand): a call of one of SPEC §5's
    /// functions on a field (`median(x)` → number; `max(date)` → the type of `date`), read from the expression
    /// language's one table (`AggregateFunction`); anything more complex → nil.
    static func aggregateType(_ text: String, schema: [(name: String, type: DataType)]?) -> DataType? {
        let trimmed = text.trimmingASCIISpaces()
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let name = String(trimmed[..<open]).trimmingASCIISpaces()
        let argument = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]).trimmingASCIISpaces()
        guard !argument.contains("("), !argument.contains(")"), let function = AggregateFunction(rawValue: name) else { return nil }
        let argumentType = argument.isEmpty ? nil : schema?.first { $0.name == argument }?.type
        // A field the schema does not know (or no schema): only a type that does not depend on it.
        guard argumentType != nil || function.resultType(argumentType: nil) != nil else { return nil }
        return function.resultType(argumentType: argumentType)
    }

    // MARK: channels

    /// Whether a channel is discrete (a band, point or ordinal scale: categories) or continuous (numbers, dates),
    /// as the checking stage resolves it (`resolve(_:)`). Nil: unknown.
    public func isDiscrete(_ channel: ChannelDef) -> Bool? { resolve(channel, values: false).isDiscrete }

    /// Whether a channel shows time (temporal: dates, or years), as resolved. Nil: unknown.
    public func isTemporal(_ channel: ChannelDef) -> Bool? { resolve(channel, values: false).isTemporal }

    // MARK: series

    /// Whether `encoding.color` splits the marks into series (a categorical legend) rather than coloring by a
    /// number (a ramp) or by position (`along`). Nil: no color field, or unknown.
    public var colorMakesSeries: Bool? {
        guard let color = spec.encoding.color, color.field != nil, color.along == nil else { return nil }
        return isDiscrete(color)
    }

    /// The series names, in order, when they can be known: the distinct values of the color field in the table,
    /// else an explicit color domain. Nil when the chart has no series or they are unknown until the data is read.
    ///
    /// In a layer's context, the series of every layer (the chart's one legend lists them all).
    public var seriesNames: [String]? {
        guard colorMakesSeries == true, let color = spec.encoding.color, let field = color.field?.value else { return nil }
        if let chartSeries { return chartSeries }
        if let table, let column = table.column(named: field) {
            var seen: Set<String> = []
            var names: [String] = []
            for row in 0..<column.count where !column.isNull(row) {
                let name = Self.seriesName(column[row])
                if seen.insert(name).inserted { names.append(name) }
            }
            return names
        }
        if let domain = color.scale?.domain?.value {
            return domain.map(Self.seriesName)
        }
        return nil
    }

    /// A value as the legend shows it (numbers in their shortest form).
    static func seriesName(_ value: Value) -> String { value.text ?? "null" }

    // MARK: positions

    /// The top-level `{` of the spec, for problems with the whole file (a missing title).
    public var fileStart: SourceSpan {
        let bytes = spec.file.bytes
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return SourceSpan(file: spec.file, range: offset..<min(offset + 1, bytes.count))
    }

    /// The span of one element of a located array value (a domain entry), when the file can be re-read there;
    /// else the whole array.
    public func element(_ index: Int, of array: SourceSpan?) -> SourceSpan? {
        guard let array else { return nil }
        guard let items = root.flatMap({ Self.node(at: array, in: $0) })?.arrayValue, items.indices.contains(index) else { return array }
        return items[index].span
    }

    /// The member at a key path of the spec's JSON (`["mark", "points"]`), for the key's span and to tell "not
    /// written" from "written but rejected by the parser" (a rule must not report a missing channel the user
    /// wrote with a typo the parser already reported).
    ///
    /// In a layer's context the layer's own object is looked at first; its `mark` is its own, everything else
    /// (an inherited channel) may also be written at the top level.
    public func member(_ path: String...) -> JSONMember? {
        if let layer = layerNode {
            if let found = Self.member(path, in: layer) { return found }
            if path.first == "mark" { return nil }
        }
        return root.flatMap { Self.member(path, in: $0) }
    }

    private static func member(_ path: [String], in root: JSONValue) -> JSONMember? {
        guard let last = path.last else { return nil }
        var node = root
        for key in path.dropLast() {
            guard let next = node[key] else { return nil }
            node = next
        }
        return node.objectValue?.first { $0.key == last }
    }

    /// Whether the user wrote `key` but misspelled it: the object at `path` has an unknown key (not in `keys`)
    /// whose closest known key is `key`. The parser already reported it with a did-you-mean, so a rule about
    /// `key` being absent would only repeat the same mistake.
    public func misspelled(_ key: String, among keys: [String], at path: String...) -> Bool {
        if let layer = layerNode, Self.misspelled(key, among: keys, at: path, in: layer) { return true }
        return root.map { Self.misspelled(key, among: keys, at: path, in: $0) } ?? false
    }

    private static func misspelled(_ key: String, among keys: [String], at path: [String], in root: JSONValue) -> Bool {
        var node = root
        for part in path {
            guard let next = node[part] else { return false }
            node = next
        }
        return node.objectValue?.contains { member in
            member.key != key && !member.key.hasPrefix("$") && !keys.contains(member.key)
                && Suggestions.closest(to: member.key, in: keys) == key
        } ?? false
    }

    /// The node of the tree written exactly at `span`.
    static func node(at span: SourceSpan, in value: JSONValue) -> JSONValue? {
        if value.span.range == span.range { return value }
        guard value.span.range.lowerBound <= span.range.lowerBound && span.range.upperBound <= value.span.range.upperBound else { return nil }
        switch value.kind {
        case .object(let members):
            for member in members {
                if let found = node(at: span, in: member.value) { return found }
            }
        case .array(let items):
            for item in items {
                if let found = node(at: span, in: item) { return found }
            }
        default:
            break
        }
        return nil
    }
}

extension String {
    func trimmingASCIISpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
