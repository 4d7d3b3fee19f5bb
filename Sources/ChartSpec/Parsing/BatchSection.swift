import ChartDiagnostics
import ChartJSON
import ChartValues

extension SpecDecoder {
    /// `each` (SPEC §23): `{ "field": F }` or `{ "values": [...], "as": NAME }`; then every placeholder in the
    /// spec's text and expressions must name its value.
    mutating func decodeEach(_ member: JSONMember, root: JSONValue, data: DataSource?) -> BatchSpec? {
        guard let object = object(member.value, path: "each", keys: SpecKeys.each) else { return nil }
        var spec: BatchSpec?
        switch (object["field"], object["values"]) {
        case (let field?, _?):
            _ = field
            report(BatchDiagnostic.fieldAndValues, at: member.keySpan)
        case (let field?, nil):
            guard let name = string(field.value, path: "each.field") else { return nil }
            if name.value.isEmpty {
                report(SpecDiagnostic.emptyFieldName(path: "each.field"), at: field.value.span)
                return nil
            }
            if let alias = object["as"] { report(BatchDiagnostic.asWithField(field: name.value), at: alias.keySpan) }
            spec = BatchSpec(source: .field(name), name: name, span: member.keySpan)
        case (nil, let values?):
            guard let items = values.value.arrayValue else {
                wrongType(values.value, path: "each.values", expected: "a list of values (strings or numbers)")
                return nil
            }
            var list: [Located<Value>] = []
            for (index, item) in items.enumerated() {
                switch item.kind {
                case .string(let text): list.append(Located(.string(text.value), at: item.span))
                case .number(let number, _): list.append(Located(.number(number), at: item.span))
                case .bool(let flag): list.append(Located(.boolean(flag), at: item.span))
                default: wrongType(item, path: "each.values[\(index)]", expected: "a string or a number")
                }
            }
            if items.isEmpty { report(BatchDiagnostic.emptyValues, at: values.value.span) }
            guard let alias = object["as"] else {
                report(BatchDiagnostic.valuesWithoutAs, at: Self.start(of: member.value.span))
                return nil
            }
            guard let name = string(alias.value, path: "each.as") else { return nil }
            if name.value.isEmpty {
                report(SpecDiagnostic.emptyFieldName(path: "each.as"), at: alias.value.span)
                return nil
            }
            if items.isEmpty || list.count != items.count { return nil }
            spec = BatchSpec(source: .values(list), name: name, span: member.keySpan)
        case (nil, nil):
            report(BatchDiagnostic.missingSource, at: Self.start(of: member.value.span))
        }
        guard let spec else { return nil }
        if data?.isDatabase == true { report(BatchDiagnostic.withDatabase, at: member.keySpan) }
        for (placeholder, inByline) in BatchPlaceholders.unknown(in: root, name: spec.name.value) {
            // The byline may hold `{updated}` too (SPEC §23).
            let names = [spec.name.value] + (inByline ? [BylineTemplate.updated] : [])
            report(
                BatchDiagnostic.unknownPlaceholder(
                    found: placeholder.value, name: spec.name.value,
                    suggestion: Suggestions.closest(to: placeholder.value, in: names)),
                at: placeholder.span)
        }
        return spec
    }
}
