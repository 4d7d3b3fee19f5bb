import ChartDiagnostics
import ChartJSON

/// The reshaping steps (SPEC §21) that the parser can check without the data: `fold` as
/// `{ "fields": [...], "as": ["key", "value"] }` (or, as in Vega-Lite, just the list of fields). Whether the
/// fields exist and share a type is the loader's to say (`Fold`), at these spans.
extension SpecDecoder {
    mutating func decodeFold(_ member: JSONMember, data: DataSource?) -> FoldSpec? {
        if data?.isDatabase == true {
            report(SpecDiagnostic.keyWithDatabase(key: "fold"), at: member.keySpan)
            return nil
        }
        let value = member.value
        var fields: [Located<String>]
        var names: [Located<String>] = []
        var namesSpan = value.span
        if case .array = value.kind {
            fields = stringList(value, path: "fold", what: "field names")
        } else {
            guard
                let object = object(
                    value, path: "fold", keys: SpecKeys.fold,
                    expected: "an object such as { \"fields\": [\"2019\", \"2020\"], \"as\": [\"year\", \"value\"] }")
            else { return nil }
            guard let fieldsMember = object["fields"] else {
                if !object.hasMisspelling(of: "fields") { missingKey(.missingFoldFields, at: value.span) }
                return nil
            }
            fields = stringList(fieldsMember.value, path: "fold.fields", what: "field names")
            if case .array(let items) = fieldsMember.value.kind, items.isEmpty {
                report(SpecDiagnostic.foldWithoutFields, at: fieldsMember.value.span)
                return nil
            }
            if let asMember = object["as"] {
                names = stringList(asMember.value, path: "fold.as", what: "two field names")
                namesSpan = asMember.value.span
                if case .array(let items) = asMember.value.kind, items.count != 2 {
                    report(SpecDiagnostic.foldNames(count: items.count), at: asMember.value.span)
                    return nil
                }
            }
        }
        var ok = !fields.isEmpty
        var seen = Set<String>()
        for field in fields {
            if field.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: "fold.fields"), at: field.span)
                ok = false
            } else if !seen.insert(field.value).inserted {
                report(SpecDiagnostic.foldFieldTwice(field.value), at: field.span)
                ok = false
            }
        }
        if names.count == 2 {
            if names.contains(where: \.value.isEmpty) {
                report(SpecDiagnostic.emptyNameIn(path: "fold.as"), at: namesSpan)
                ok = false
            } else if names[0].value == names[1].value {
                report(SpecDiagnostic.foldFieldTwice(names[1].value), at: names[1].span)
                ok = false
            }
        }
        guard ok else { return nil }
        var fold = FoldSpec(fields: fields, span: member.keySpan)
        if names.count == 2 {
            fold.key = names[0]
            fold.value = names[1]
        }
        return fold
    }
}
