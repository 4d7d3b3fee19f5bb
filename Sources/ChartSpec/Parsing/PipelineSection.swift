import ChartDiagnostics
import ChartFormat
import ChartJSON

/// The data pipeline keys of the top level (SPEC §2, §4, §5): `calculate`, `filter`, `groupBy`, `aggregate`,
/// `total`, `complete`, `sort`, and
/// `window`, `windowBy`, `keep` (SPEC §14). Expressions stay unparsed text; the checks here are about structure and about
/// keys that only make sense together.
extension SpecDecoder {
    /// What the pipeline keys decode to, before they go into the `ChartSpec`.
    struct PipelineKeys {
        var calculate: [CalculatedField] = []
        var filter: [ExpressionSource] = []
        var groupBy: [Located<String>] = []
        var aggregate: [AggregateField] = []
        var hasAggregate = false
        var total: [TotalSpec] = []
        var complete: Located<Bool>?
        var sort: [SortKey] = []
        var window: [WindowField] = []
        var windowBy: [Located<String>] = []
        var keep: [ExpressionSource] = []
    }

    /// The pipeline keys of `top` (the top level, or one layer: `prefix` is then `layers[N]`, for messages).
    mutating func decodePipeline(_ top: SpecObject, prefix: String = "") -> PipelineKeys {
        var keys = PipelineKeys()
        func path(_ key: String) -> String { Self.join(prefix, key) }
        if let member = top["calculate"] {
            keys.calculate = namedExpressions(member.value, path: path("calculate"), example: "{ \"year\": \"congress * 2 + 1787\" }")
                .map { CalculatedField(name: $0.name, expression: $0.expression) }
        }
        if let member = top["filter"] {
            keys.filter = expressions(member.value, path: path("filter"))
        }
        if let member = top["groupBy"] {
            keys.groupBy = stringList(member.value, path: path("groupBy"), what: "field names")
            for name in keys.groupBy where name.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: path("groupBy")), at: name.span)
            }
        }
        if let member = top["aggregate"] {
            keys.hasAggregate = true
            keys.aggregate = namedExpressions(member.value, path: path("aggregate"), example: "{ \"median\": \"median(nominate_dim1)\" }")
                .map { AggregateField(name: $0.name, expression: $0.expression) }
        }
        if let member = top["total"] {
            keys.total = decodeTotal(member.value, path: path("total"), groupBy: keys.groupBy, hasGroupBy: top["groupBy"] != nil)
        }
        if let member = top["complete"] {
            keys.complete = bool(member.value, path: path("complete"))
        }
        if let member = top["sort"] {
            keys.sort = decodeSort(member.value, path: path("sort"))
        }
        if let member = top["window"] {
            keys.window = namedExpressions(member.value, path: path("window"), example: "{ \"avg7\": \"rolling_mean(high, 7)\" }")
                .map { WindowField(name: $0.name, expression: $0.expression) }
            if keys.window.count > WindowField.limit {
                report(
                    SpecDiagnostic.tooManyWindowFields(path: path("window"), count: keys.window.count), at: keys.window[WindowField.limit].name.span)
                keys.window = []
            }
        }
        if let member = top["windowBy"] {
            keys.windowBy = stringList(member.value, path: path("windowBy"), what: "field names")
            for name in keys.windowBy where name.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: path("windowBy")), at: name.span)
            }
            if top["window"] == nil {
                report(SpecDiagnostic.windowByWithoutWindow, at: member.keySpan)
            }
        }
        if let member = top["keep"] {
            keys.keep = expressions(member.value, path: path("keep"))
        }
        if let groupBy = top["groupBy"], top["aggregate"] == nil {
            report(SpecDiagnostic.groupByWithoutAggregate, at: groupBy.keySpan)
        }
        return keys
    }

    /// `calculate` and `aggregate`: `{ name: expression }` in key order.
    private mutating func namedExpressions(_ value: JSONValue, path: String, example: String) -> [(
        name: Located<String>, expression: ExpressionSource
    )] {
        guard case .object(let members) = value.kind else {
            wrongType(value, path: path, expected: "an object such as \(example)")
            return []
        }
        var fields: [(name: Located<String>, expression: ExpressionSource)] = []
        for member in members where !member.key.hasPrefix("$") {
            if member.key.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: path), at: member.keySpan)
                continue
            }
            if let expression = expression(member.value, path: "\(path).\(member.key)") {
                fields.append((Located(member.key, at: member.keySpan), expression))
            }
        }
        return fields
    }

    /// `total`: `{ field: label }`; each field must be one of `groupBy`.
    private mutating func decodeTotal(_ value: JSONValue, path: String, groupBy: [Located<String>], hasGroupBy: Bool) -> [TotalSpec] {
        guard case .object(let members) = value.kind else {
            wrongType(value, path: path, expected: "an object such as { \"party\": \"All parties\" }")
            return []
        }
        let grouped = groupBy.map(\.value)
        var totals: [TotalSpec] = []
        for member in members where !member.key.hasPrefix("$") {
            guard let label = string(member.value, path: "\(path).\(member.key)") else { continue }
            totals.append(TotalSpec(field: Located(member.key, at: member.keySpan), label: label))
            guard !grouped.contains(member.key) else { continue }
            let message = SpecDiagnostic.totalNotGrouped(member.key, groupBy: hasGroupBy ? grouped : nil)
            let suggestion = hasGroupBy ? Suggestions.closest(to: member.key, in: grouped) : nil
            report(message, at: member.keySpan, fixIt: suggestion.map { FixIt(span: member.keySpan, replacement: JSONText.quote($0)) })
        }
        return totals
    }

    /// `sort`: field names, `-name` for descending.
    private mutating func decodeSort(_ value: JSONValue, path: String) -> [SortKey] {
        var keys: [SortKey] = []
        for entry in stringList(value, path: path, what: "field names (\"-name\" for descending)") {
            let descending = entry.value.hasPrefix("-")
            let field = descending ? String(entry.value.dropFirst()) : entry.value
            if field.isEmpty {
                report(SpecDiagnostic.sortEntryWithoutField(entry: entry.value), at: entry.span)
                continue
            }
            keys.append(SortKey(field: field, descending: descending, span: entry.span))
        }
        return keys
    }
}
