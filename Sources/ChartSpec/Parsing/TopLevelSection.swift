import ChartDiagnostics
import ChartFormat
import ChartJSON

/// The top level of a spec (SPEC §2): reads each section, runs the checks that span sections (`groupBy` needs
/// `aggregate`, `total` fields must be grouped), and assembles the `ChartSpec`.
extension SpecDecoder {
    /// Largest `width`/`height` accepted (`ChartSpec.maximumSize`, which layout draws up to).
    static let maximumSize = ChartSpec.maximumSize

    mutating func decodeSpec(_ root: JSONValue) -> ChartSpec? {
        guard let top = object(root, path: "", keys: SpecKeys.topLevel) else { return nil }

        let title = top["title"].flatMap { string($0.value, path: "title") }
        let subtitle = top["subtitle"].flatMap { string($0.value, path: "subtitle") }

        var data: DataSource?
        // A chart whose every layer reads its own `data` needs none at the top (SPEC §11); the steps that would
        // run on top-level rows then have none to run on, and are refused where they are written.
        let everyLayerReadsItsOwnData = top["data"] == nil && top["mark"] == nil && Self.everyLayerHasData(top["layers"]?.value)
        if let member = top["data"] {
            data = decodeData(member.value)
        } else if everyLayerReadsItsOwnData {
            for key in Self.stepsOnTopLevelRows {
                guard let member = top[key] else { continue }
                if key == "each", case .object(let members) = member.value.kind, !members.contains(where: { $0.key == "field" }) { continue }
                report(SpecDiagnostic.stepWithoutTopLevelData(key: key), at: member.keySpan)
            }
        } else {
            missingKey(.missingData, at: root.span)
        }

        // The reshaping steps (SPEC §21) run in the order the spec writes them.
        for member in top.members {
            let step: ReshapeStep?
            switch member.key {
            case "fold": step = decodeFold(member, data: data).map(ReshapeStep.fold)
            case "pivot": step = decodePivot(member, data: data).map(ReshapeStep.pivot)
            case "lookup": step = decodeLookup(member, data: data).map(ReshapeStep.lookup)
            case "flatten": step = decodeFlatten(member, data: data).map(ReshapeStep.flatten)
            default: continue
            }
            if let step { data?.reshaping.append(step) }
        }
        let pipeline = decodePipeline(top)
        let statistics = decodeStatistics(top)

        var mark: MarkSpec?
        var layers: [LayerSpec] = []
        var table: TableSpec?
        if let member = top["table"] {
            // SPEC §24: a table replaces the marks; the mark is a placeholder no stage draws.
            table = decodeTable(member, top: top)
            mark = MarkSpec(type: Located(.text, at: nil))
        } else if let member = top["mark"], let layersMember = top["layers"] {
            report(
                SpecDiagnostic.markAndLayers,
                at: layersMember.keySpan,
                notes: [DiagnosticNote("'mark' is given here", at: member.keySpan)]
            )
        } else if let member = top["layers"] {
            layers = decodeLayers(member.value)
            mark = layers.first?.mark
            if everyLayerReadsItsOwnData {
                data = Self.pageData(of: layers)
            }
        } else if let member = top["mark"] {
            mark = decodeMark(member.value)
        } else if !top.hasMisspelling(of: "mark") && !top.hasMisspelling(of: "layers") && !top.hasMisspelling(of: "table") {
            missingKey(.missingMark, at: root.span)
        }

        let encoding = top["encoding"].map { decodeEncoding($0.value) } ?? Encoding()
        let legend = top["legend"].map { decodeLegend($0.value) } ?? LegendSpec()
        let annotations = top["annotations"].map { decodeAnnotations($0.value, layerCount: layers.count) } ?? []
        let facet = top["facet"].flatMap { decodeFacet($0.value) }
        let resolve = top["resolve"].flatMap { decodeResolve($0, layers: layers, encoding: encoding) }
        let projection = top["projection"].flatMap { decodeProjection($0) }
        let notes = top["notes"].map { stringList($0.value, path: "notes", acceptsSingle: true, what: "paragraphs") } ?? []
        let sources = top["sources"].map { decodeSources($0.value) } ?? []
        let byline = top["byline"].flatMap { string($0.value, path: "byline") }
        let alt = top["alt"].flatMap { string($0.value, path: "alt") }
        let theme = top["theme"].flatMap { string($0.value, path: "theme") }
        let width = top["width"].flatMap { size($0.value, path: "width", axis: "x") }
        let height = top["height"].flatMap { size($0.value, path: "height", axis: "y") }
        let locale = top["locale"].flatMap { decodeLocale($0.value) }
        let each = top["each"].flatMap { decodeEach($0, root: root, data: data) }
        // SPEC §23: `{updated}` in the byline (a batch checks its byline with its own placeholders).
        if top["each"] == nil, let member = top["byline"] { checkBylinePlaceholders(member) }
        let outputs = top["outputs"].map { decodeOutputs($0.value) } ?? []

        guard let data, let mark else { return nil }
        if top["table"] != nil && table == nil { return nil }
        var spec = ChartSpec(file: file, data: data, mark: mark)
        spec.table = table
        spec.title = title
        spec.subtitle = subtitle
        spec.calculate = pipeline.calculate
        spec.filter = pipeline.filter
        spec.statistics = statistics
        spec.groupBy = pipeline.groupBy
        spec.aggregate = pipeline.aggregate
        spec.hasAggregate = pipeline.hasAggregate
        spec.total = pipeline.total
        spec.complete = pipeline.complete
        spec.sort = pipeline.sort
        spec.window = pipeline.window
        spec.windowBy = pipeline.windowBy
        spec.keep = pipeline.keep
        spec.encoding = encoding
        spec.layers = layers
        spec.legend = legend
        spec.annotations = annotations
        spec.facet = facet
        spec.resolve = resolve
        spec.projection = projection
        spec.notes = notes
        spec.sources = sources
        spec.byline = byline
        spec.alt = alt
        spec.theme = theme
        spec.each = each
        spec.outputs = outputs
        switch width {
        case .pixels(let px)?: spec.width = px
        case .step(let step)?: spec.widthStep = step
        case nil: break
        }
        switch height {
        case .pixels(let px)?: spec.height = px
        case .step(let step)?: spec.heightStep = step
        case nil: break
        }
        if let locale {
            spec.locale = locale
            spec.data.parseLocale = ChartLocale.named(locale.value) ?? .enUS
        }
        return spec
    }

    /// The top-level keys whose steps run on the top-level rows (SPEC §3–§6, §21, §23's `each.field`).
    static let stepsOnTopLevelRows = [
        "each", "fold", "pivot", "lookup", "flatten", "calculate", "filter", "quantile", "density", "regression", "groupBy", "aggregate",
        "total", "complete", "sort", "window", "windowBy", "keep"
    ]

    /// Whether `layers` is a non-empty array of objects that each have `data`.
    static func everyLayerHasData(_ layers: JSONValue?) -> Bool {
        guard case .array(let items)? = layers?.kind, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            guard case .object(let members) = item.kind else { return false }
            return members.contains { $0.key == "data" }
        }
    }

    /// The rows that stand for the chart in the HTML page's data table and "Get the data" when every layer reads
    /// its own: the first layer's whose rows are data, not the map's graticule or sphere outline.
    static func pageData(of layers: [LayerSpec]) -> DataSource? {
        let sources = layers.compactMap(\.data)
        return sources.first { source in
            switch source.origin {
            case .graticule, .sphere: false
            case .url, .values, .database, .basemap: true
            }
        } ?? sources.first
    }

    /// What `width` or `height` says: a size in px, or (SPEC §19.8) `{ "step": N }`, the px per category of a
    /// band or point axis along it.
    private enum Size {
        case pixels(Located<Double>)
        case step(Located<Double>)
    }

    /// `width`, `height`: positive, finite, and not absurd; or `{ "step": N }`.
    private mutating func size(_ value: JSONValue, path: String, axis: String) -> Size? {
        if case .object = value.kind {
            guard
                let object = object(
                    value, path: path, keys: SpecKeys.size, expected: "a number of pixels, or { \"step\": 20 } (px per category on \(axis))")
            else { return nil }
            guard let member = object["step"] else {
                missingKey(.missingStep(path: path, axis: axis), at: value.span)
                return nil
            }
            return number(member.value, path: path + ".step", in: 1...1000, rule: "a number of pixels per category, 1 to 1000").map { .step($0) }
        }
        return number(
            value, path: path, in: Double.leastNonzeroMagnitude...Self.maximumSize,
            rule: "a positive number of pixels, at most \(Int(Self.maximumSize))"
        ).map { .pixels($0) }
    }

    /// `locale`: a BCP 47 tag we have tables for; others warn and fall back to `en-US`.
    mutating func decodeLocale(_ value: JSONValue) -> Located<String>? {
        guard let tag = string(value, path: "locale") else { return nil }
        if ChartLocale.named(tag.value) != nil { return tag }
        let known = ChartLocale.all.map(\.identifier)
        let suggestion = Suggestions.closest(to: tag.value, in: known)
        report(
            SpecDiagnostic.unknownLocale(tag: tag.value, suggestion: suggestion),
            at: value.span,
            notes: [DiagnosticNote("locales chartc knows: " + known.joined(separator: ", "))],
            fixIt: suggestion.map { FixIt(span: value.span, replacement: JSONText.quote($0)) }
        )
        return Located("en-US", at: value.span)
    }
}
