import ChartDiagnostics
import ChartJSON

/// Several views in one graphic (SPEC §20): `concat` lists views, `repeat` makes one view per field (or per
/// `row` × `column` pair) from the chart written at the top level. Each view becomes a whole spec of its own by
/// merging JSON before decoding: the view's keys, then the top-level `data`, reshaping, `calculate` and `filter` it
/// inherits (a view with its own `data` inherits neither `fold`, `calculate` nor `filter`, like a layer, SPEC §11). Every value
/// keeps the span it was written at, so each view's problems point into the file as written.
enum ViewComposition {
    /// Page text: what spans the whole graphic and a view may not hold (a view's `title` is its heading).
    static let pageText = ["subtitle", "notes", "sources", "byline", "alt", "theme", "locale", "outputs"]
    /// The keys of a `concat` spec's top level.
    static let concatKeys = [
        "$schema", "title", "subtitle", "data", "fold", "pivot", "lookup", "flatten", "calculate", "filter", "concat", "columns", "width", "notes",
        "sources",
        "byline", "alt",
        "theme", "locale", "outputs"
    ]
    /// The keys of a `repeat` spec's top level: a chart's, plus `repeat` and `columns`.
    static let repeatKeys = SpecKeys.topLevel + ["repeat", "columns"]
    /// The most views a graphic may have: a 10 × 10 scatter-plot matrix.
    static let limit = 100

    /// Decodes a spec with `concat` or `repeat`; nil for any other spec.
    static func decode(_ root: JSONValue, file: SourceFile) -> SpecParseResult? {
        guard let members = root.objectValue, members.contains(where: { $0.key == "concat" || $0.key == "repeat" }) else { return nil }
        var decoder = SpecDecoder(file: file)
        let isConcat = members.contains { $0.key == "concat" }
        if let concat = root["concat"], let repeatMember = members.first(where: { $0.key == "repeat" }) {
            decoder.report(
                SpecDiagnostic.concatAndRepeat, at: repeatMember.keySpan,
                notes: [DiagnosticNote("'concat' is given here", at: members.first { $0.key == "concat" }?.keySpan ?? concat.span)])
        }
        guard let top = decoder.object(root, path: "", keys: isConcat ? concatKeys : repeatKeys) else { return nil }
        // SPEC §23: a batch of graphics is not built yet; say so rather than build one graphic.
        if let each = members.first(where: { $0.key == "each" }) {
            decoder.report(BatchDiagnostic.withViews(key: isConcat ? "concat" : "repeat"), at: each.keySpan)
        }
        let columns = top["columns"].flatMap {
            decoder.wholeNumber($0.value, path: "columns", in: 1...Double(limit), rule: "a whole number of views per row, 1 to \(limit)")
        }

        // Each view's JSON, and (repeat grids) where it lies.
        var badReferences: [SourceSpan] = []
        var viewObjects: [(json: JSONValue, cell: RepeatCell?)] = []
        if isConcat, let concat = top["concat"] {
            guard let items = concat.value.arrayValue else {
                decoder.wrongType(concat.value, path: "concat", expected: "a list of views")
                return SpecParseResult(spec: nil, diagnostics: decoder.sortedDiagnostics())
            }
            if items.isEmpty { decoder.report(SpecDiagnostic.emptyViews(key: "concat"), at: concat.value.span) }
            if items.count > limit { decoder.report(SpecDiagnostic.tooManyViews(count: items.count), at: concat.keySpan) }
            for (index, item) in items.prefix(limit).enumerated() {
                guard let viewMembers = item.objectValue else {
                    decoder.wrongType(item, path: "concat[\(index)]", expected: "a view: an object with 'mark' or 'layers'")
                    continue
                }
                var kept: [JSONMember] = []
                for member in viewMembers {
                    if pageText.contains(member.key) {
                        decoder.report(SpecDiagnostic.pageTextInView(key: member.key, index: index), at: member.keySpan)
                    } else {
                        kept.append(member)
                    }
                }
                if !viewMembers.contains(where: { $0.key == "mark" || $0.key == "layers" }) {
                    decoder.report(SpecDiagnostic.viewWithoutMarks(index: index), at: SpecDecoder.start(of: item.span))
                    continue
                }
                viewObjects.append((inherit(kept, span: item.span, top: members), nil))
            }
        } else if let repeatMember = top["repeat"] {
            let template = members.filter { !pageText.contains($0.key) && !["repeat", "columns", "title", "width"].contains($0.key) }
            guard template.contains(where: { $0.key == "mark" || $0.key == "layers" }) else {
                decoder.report(SpecDiagnostic.viewWithoutMarks(index: 0), at: SpecDecoder.start(of: root.span))
                return SpecParseResult(spec: nil, diagnostics: decoder.sortedDiagnostics())
            }
            let templateValue = JSONValue(kind: .object(template), span: root.span)
            if let list = repeatMember.value.arrayValue {
                let fields = repeatFields(list, path: "repeat", decoder: &decoder)
                if fields.isEmpty { decoder.report(SpecDiagnostic.emptyViews(key: "repeat"), at: repeatMember.value.span) }
                for field in fields.prefix(limit) {
                    viewObjects.append((substitute(templateValue, fields: ["true": field], decoder: &decoder, badReferences: &badReferences), nil))
                }
            } else if let grid = decoder.object(
                repeatMember.value, path: "repeat", keys: ["row", "column"], expected: "a list of fields or { \"row\": […], \"column\": […] }")
            {
                var rows: [JSONValue] = []
                var cols: [JSONValue] = []
                if let row = grid["row"] {
                    if let items = row.value.arrayValue {
                        rows = repeatFields(items, path: "repeat.row", decoder: &decoder)
                    } else {
                        decoder.wrongType(row.value, path: "repeat.row", expected: "a list of fields")
                    }
                }
                if let column = grid["column"] {
                    if let items = column.value.arrayValue {
                        cols = repeatFields(items, path: "repeat.column", decoder: &decoder)
                    } else {
                        decoder.wrongType(column.value, path: "repeat.column", expected: "a list of fields")
                    }
                }
                if rows.isEmpty && cols.isEmpty { decoder.report(SpecDiagnostic.emptyViews(key: "repeat"), at: repeatMember.value.span) }
                let rowCount = max(rows.count, 1)
                let columnCount = max(cols.count, 1)
                if rowCount * columnCount > limit {
                    decoder.report(SpecDiagnostic.tooManyViews(count: rowCount * columnCount), at: repeatMember.keySpan)
                } else if !(rows.isEmpty && cols.isEmpty) {
                    for r in 0..<rowCount {
                        for c in 0..<columnCount {
                            var fields: [String: JSONValue] = [:]
                            if !rows.isEmpty { fields["row"] = rows[r] }
                            if !cols.isEmpty { fields["column"] = cols[c] }
                            let cell = RepeatCell(row: r, column: c, rows: rowCount, columns: columnCount)
                            viewObjects.append((substitute(templateValue, fields: fields, decoder: &decoder, badReferences: &badReferences), cell))
                        }
                    }
                }
            }
            if columns != nil, repeatMember.value.arrayValue == nil, let member = top["columns"] {
                decoder.report(SpecDiagnostic.columnsOnGrid, at: member.keySpan)
            }
        }

        var diagnostics = decoder.sortedDiagnostics()
        var views: [ChartSpec] = []
        for (index, view) in viewObjects.enumerated() {
            let result = SpecParser.decodeOne(view.json, file: file)
            diagnostics += result.diagnostics
            guard var spec = result.spec else { continue }
            spec.viewIndex = index
            spec.repeatCell = view.cell
            views.append(spec)
        }
        diagnostics = unique(diagnostics).filter { diagnostic in
            !badReferences.contains { $0 == diagnostic.span }
        }
        guard views.count == viewObjects.count, let first = views.first, !diagnostics.hasErrors else {
            return SpecParseResult(spec: nil, diagnostics: diagnostics.sortedByPosition())
        }
        // The page: the page text, `width` and `theme` of the top level over the first view.
        var page = first
        page.syntax = root
        page.viewIndex = nil
        page.repeatCell = nil
        page.title = top["title"].flatMap { decoder.string($0.value, path: "title") }
        page.subtitle = top["subtitle"].flatMap { decoder.string($0.value, path: "subtitle") }
        page.notes = top["notes"].map { decoder.stringList($0.value, path: "notes", acceptsSingle: true, what: "paragraphs") } ?? []
        page.sources = top["sources"].map { decoder.decodeSources($0.value) } ?? []
        page.byline = top["byline"].flatMap { decoder.string($0.value, path: "byline") }
        page.alt = top["alt"].flatMap { decoder.string($0.value, path: "alt") }
        page.theme = top["theme"].flatMap { decoder.string($0.value, path: "theme") }
        page.outputs = top["outputs"].map { decoder.decodeOutputs($0.value) } ?? []
        page.width =
            top["width"].flatMap {
                decoder.number(
                    $0.value, path: "width", in: Double.leastNonzeroMagnitude...ChartSpec.maximumSize,
                    rule: "a positive number of pixels, at most \(Int(ChartSpec.maximumSize))")
            } ?? Located(640, at: nil)
        page.widthStep = nil
        if let locale = top["locale"].flatMap({ decoder.decodeLocale($0.value) }) {
            page.locale = locale
            for index in views.indices { views[index].locale = locale }
        }
        page.views = views
        page.viewColumns = columns
        diagnostics = unique(diagnostics + decoder.sortedDiagnostics()).sortedByPosition()
        return SpecParseResult(spec: diagnostics.hasErrors ? nil : page, diagnostics: diagnostics)
    }

    /// A view's members with what it inherits from the top level (SPEC §20, like a layer §11).
    static func inherit(_ view: [JSONMember], span: SourceSpan, top: [JSONMember]) -> JSONValue {
        var members = view
        func member(_ key: String) -> JSONMember? { top.first { $0.key == key } }
        let ownData = view.contains { $0.key == "data" }
        if !ownData {
            if let data = member("data") { members.append(data) }
            // `fold`, `pivot` and `lookup` reshape the rows as they are read (SPEC §21): a view that reads the top
            // level's data reads them reshaped, in the top level's order, unless it has a step of that kind its own.
            for step in top where ["fold", "pivot", "lookup", "flatten"].contains(step.key) && !view.contains(where: { $0.key == step.key }) {
                members.append(step)
            }
            if let calculate = member("calculate"), let topFields = calculate.value.objectValue {
                if let index = members.firstIndex(where: { $0.key == "calculate" }), let own = members[index].value.objectValue {
                    // The top-level fields first (a view's may use them), a view's own replacing one of the same name.
                    let merged = topFields.filter { field in !own.contains { $0.key == field.key } } + own
                    members[index].value = JSONValue(kind: .object(merged), span: members[index].value.span)
                } else if !members.contains(where: { $0.key == "calculate" }) {
                    members.append(calculate)
                }
            }
            if let filter = member("filter") {
                if let index = members.firstIndex(where: { $0.key == "filter" }) {
                    let own = members[index].value
                    let items = (filter.value.arrayValue ?? [filter.value]) + (own.arrayValue ?? [own])
                    members[index].value = JSONValue(kind: .array(items), span: own.span)
                } else {
                    members.append(filter)
                }
            }
        }
        return JSONValue(kind: .object(members), span: span)
    }

    /// The fields of a `repeat` list: strings, each kept with its span.
    static func repeatFields(_ items: [JSONValue], path: String, decoder: inout SpecDecoder) -> [JSONValue] {
        var fields: [JSONValue] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue else {
                decoder.wrongType(item, path: "\(path)[\(index)]", expected: "a field name")
                continue
            }
            if name.isEmpty {
                decoder.report(SpecDiagnostic.emptyFieldName(path: "\(path)[\(index)]"), at: item.span)
                continue
            }
            fields.append(item)
        }
        return fields
    }

    /// `value` with every `"field": { "repeat": … }` replaced by the field it stands for: `true` for a list's
    /// field, `"row"`/`"column"` for a grid's. A reference the repeat does not give is an error at it, collected
    /// in `badReferences` (its field then reads as empty, whose own error is left out: the reference's says it).
    static func substitute(_ value: JSONValue, fields: [String: JSONValue], decoder: inout SpecDecoder, badReferences: inout [SourceSpan])
        -> JSONValue
    {
        switch value.kind {
        case .object(let members):
            var result: [JSONMember] = []
            for var member in members {
                if member.key == "field", let reference = member.value["repeat"], member.value.objectValue?.count == 1 {
                    let key: String? =
                        switch reference.kind {
                        case .bool(true): "true"
                        case .string(let text) where text.value == "row" || text.value == "column": text.value
                        default: nil
                        }
                    if let key, let field = fields[key] {
                        member.value = field
                    } else {
                        let given = fields.keys.sorted().map { $0 == "true" ? "true" : "\"\($0)\"" }
                        let found = reference.stringValue.map { JSONText.quote($0) } ?? SpecDecoder.describe(reference)
                        decoder.report(SpecDiagnostic.repeatReference(found: found, given: given), at: reference.span)
                        // Said once: the field is not also "not a string".
                        member.value = JSONValue(kind: .string(JSONString(value: "", fileOffsets: nil)), span: member.value.span)
                        badReferences.append(member.value.span)
                    }
                } else {
                    member.value = substitute(member.value, fields: fields, decoder: &decoder, badReferences: &badReferences)
                }
                result.append(member)
            }
            return JSONValue(kind: .object(result), span: value.span)
        case .array(let items):
            var result: [JSONValue] = []
            for item in items { result.append(substitute(item, fields: fields, decoder: &decoder, badReferences: &badReferences)) }
            return JSONValue(kind: .array(result), span: value.span)
        default:
            return value
        }
    }

    /// Each diagnostic once: inherited keys are decoded in every view.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<String> = []
        return diagnostics.filter { diagnostic in
            let key = "\(diagnostic.id)|\(diagnostic.span?.range.lowerBound ?? -1)|\(diagnostic.span?.range.upperBound ?? -1)|\(diagnostic.message)"
            return seen.insert(key).inserted
        }
    }
}
