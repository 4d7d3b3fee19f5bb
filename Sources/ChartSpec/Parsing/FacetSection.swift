import ChartDiagnostics
import ChartJSON

/// `facet` (SPEC §13): `{ "field": name, "columns": n, "columnsNarrow": n, "sort": aggExpr, "x"/"y": "shared" |
/// "independent" }`, strictly: unknown keys are errors with a did-you-mean, `field` is required.
extension SpecDecoder {
    mutating func decodeFacet(_ value: JSONValue) -> FacetSpec? {
        if case .string(let name) = value.kind {
            wrongType(value, path: "facet", expected: "an object such as { \"field\": \"\(name.value)\" }")
            return nil
        }
        guard let object = object(value, path: "facet", keys: SpecKeys.facet, expected: "an object such as { \"field\": \"city\", \"columns\": 2 }")
        else { return nil }
        guard let fieldMember = object["field"] else {
            missingKey(.missingFacetField, at: value.span)
            return nil
        }
        guard let field = string(fieldMember.value, path: "facet.field") else { return nil }
        if field.value.isEmpty {
            report(SpecDiagnostic.emptyFacetField, at: fieldMember.value.span)
            return nil
        }
        var facet = FacetSpec(field: field, span: value.span)
        let range = 1.0...Double(FacetSpec.maximumColumns)
        let rule = "a whole number of panels per row, 1 to \(FacetSpec.maximumColumns)"
        if let member = object["columns"] { facet.columns = wholeNumber(member.value, path: "facet.columns", in: range, rule: rule) }
        if let member = object["columnsNarrow"] {
            facet.columnsNarrow = wholeNumber(member.value, path: "facet.columnsNarrow", in: range, rule: rule)
        }
        if let member = object["sort"] { facet.sort = expression(member.value, path: "facet.sort") }
        let aliases = [
            "same": "shared", "common": "shared", "free": "independent", "separate": "independent", "own": "independent", "resolve": "independent"
        ]
        if let member = object["x"] { facet.x = enumValue(member.value, path: "facet.x", what: "scale sharing", aliases: aliases) }
        if let member = object["y"] { facet.y = enumValue(member.value, path: "facet.y", what: "scale sharing", aliases: aliases) }
        return facet
    }

    mutating func wholeNumber(_ value: JSONValue, path: String, in range: ClosedRange<Double>, rule: String) -> Located<Int>? {
        guard let number = number(value, path: path, in: range, rule: rule) else { return nil }
        guard number.value == number.value.rounded() else {
            report(SpecDiagnostic.notWholeNumber(path: path, found: Self.lexeme(value)), at: value.span)
            return nil
        }
        return Located(Int(number.value), at: number.span)
    }
}
