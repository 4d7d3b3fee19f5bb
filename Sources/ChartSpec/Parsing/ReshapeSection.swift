import ChartDiagnostics
import ChartJSON
import ChartValues

/// The reshaping steps (SPEC §21) that the parser can check without the data: `fold` as
/// `{ "fields": [...], "as": ["key", "value"] }` (or, as in Vega-Lite, just the list of fields). Whether the
/// fields exist and share a type is the loader's to say (`Fold`), at these spans.
extension SpecDecoder {
    mutating func decodeFold(_ member: JSONMember, data _: DataSource?) -> FoldSpec? {
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

/// `pivot` as `{ "field", "value", "groupBy", "op" }` and `lookup` as `{ "data", "on", "key", "fields", "as" }`
/// (SPEC §21). Whether their fields exist is the loader's to say (`Pivot`, `Lookup`), at these spans.
extension SpecDecoder {
    mutating func decodePivot(_ member: JSONMember, data _: DataSource?) -> PivotSpec? {
        let example = "{ \"field\": \"symbol\", \"value\": \"price\", \"groupBy\": [\"date\"] }"
        guard let object = object(member.value, path: "pivot", keys: SpecKeys.pivot, expected: "an object such as \(example)") else { return nil }
        var ok = true
        var field: Located<String>?
        var value: Located<String>?
        for key in ["field", "value"] {
            guard let given = object[key] else {
                if !object.hasMisspelling(of: key) {
                    missingKey(.missingReshapeKey(step: "pivot", key: key, example: example), at: member.value.span)
                }
                ok = false
                continue
            }
            let name = fieldName(given.value, path: "pivot.\(key)")
            if name == nil { ok = false }
            if key == "field" { field = name } else { value = name }
        }
        let groupBy = object["groupBy"].map { stringList($0.value, path: "pivot.groupBy", acceptsSingle: true, what: "field names") } ?? []
        var seen = Set<String>()
        for name in groupBy {
            if name.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: "pivot.groupBy"), at: name.span)
                ok = false
            } else if !seen.insert(name.value).inserted {
                report(SpecDiagnostic.listedTwice(name: name.value, path: "pivot.groupBy"), at: name.span)
                ok = false
            }
        }
        var op = Located(AggregateFunction.sum, at: nil)
        if let given = object["op"] {
            let names = PivotSpec.operations.map(\.rawValue)
            if let known = enumValue(
                given.value, path: "pivot.op", what: "pivot operation", as: AggregateFunction.self, candidates: names,
                aliases: ["avg": "mean", "average": "mean"])
            {
                op = known
            } else {
                ok = false
            }
        }
        guard ok, let field, let value else { return nil }
        return PivotSpec(field: field, value: value, groupBy: groupBy, op: op, span: member.keySpan)
    }

    mutating func decodeLookup(_ member: JSONMember, data: DataSource?) -> LookupSpec? {
        let example = "{ \"data\": { \"url\": \"names.csv\" }, \"on\": \"id\", \"key\": \"fips\", \"fields\": [\"name\"] }"
        guard let object = object(member.value, path: "lookup", keys: SpecKeys.lookup, expected: "an object such as \(example)") else {
            return nil
        }
        var ok = true
        var other: DataSource?
        if let given = object["data"] {
            other = decodeData(given.value, path: "lookup.data")
            if other == nil { ok = false }
            // Database rows join in one statement only with rows of the same database (`SQLReshaping`); file data
            // with database rows has no statement to join in.
            if let other, other.isDatabase, data?.isDatabase != true {
                report(SpecDiagnostic.keyWithDatabase(key: "lookup"), at: given.keySpan)
                ok = false
            }
        } else {
            if !object.hasMisspelling(of: "data") {
                missingKey(.missingReshapeKey(step: "lookup", key: "data", example: example), at: member.value.span)
            }
            ok = false
        }
        var names: [String: Located<String>] = [:]
        for key in ["on", "key"] {
            guard let given = object[key] else {
                if !object.hasMisspelling(of: key) {
                    missingKey(.missingReshapeKey(step: "lookup", key: key, example: example), at: member.value.span)
                }
                ok = false
                continue
            }
            if let name = fieldName(given.value, path: "lookup.\(key)") { names[key] = name } else { ok = false }
        }
        var fields: [Located<String>]?
        if let given = object["fields"] {
            let list = stringList(given.value, path: "lookup.fields", acceptsSingle: true, what: "field names")
            if list.isEmpty { ok = false }
            for name in list where name.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: "lookup.fields"), at: name.span)
                ok = false
            }
            fields = list
        }
        var newNames: [Located<String>] = []
        if let given = object["as"] {
            newNames = stringList(given.value, path: "lookup.as", acceptsSingle: true, what: "field names")
            let count = fields?.count
            if let count, newNames.count != count {
                report(SpecDiagnostic.lookupNames(count: newNames.count, fields: count), at: given.value.span)
                ok = false
            } else if count == nil {
                missingKey(.missingReshapeKey(step: "lookup", key: "fields", example: example), at: given.keySpan)
                ok = false
            }
            for name in newNames where name.value.isEmpty {
                report(SpecDiagnostic.emptyNameIn(path: "lookup.as"), at: name.span)
                ok = false
            }
        }
        guard ok, let other, let on = names["on"], let key = names["key"] else { return nil }
        return LookupSpec(data: other, on: on, key: key, fields: fields, names: newNames, span: member.keySpan)
    }
}

/// `flatten` (SPEC §21) as a list of array fields, `["outliers"]`, or `{ "fields": [...], "as": [...] }`. Whether
/// the fields exist and hold arrays is the loader's to say (`Flatten`), at these spans.
extension SpecDecoder {
    mutating func decodeFlatten(_ member: JSONMember, data: DataSource?) -> FlattenSpec? {
        if data?.isDatabase == true {
            report(SpecDiagnostic.keyWithDatabase(key: "flatten"), at: member.keySpan)
            return nil
        }
        let value = member.value
        var fields: [Located<String>]
        var names: [Located<String>] = []
        var listValue = value
        if case .array = value.kind {
            fields = stringList(value, path: "flatten", what: "field names")
        } else if case .string = value.kind {
            fields = stringList(value, path: "flatten", acceptsSingle: true, what: "field names")
        } else {
            let example = "{ \"fields\": [\"outliers\"], \"as\": [\"outlier\"] }"
            guard
                let object = object(
                    value, path: "flatten", keys: SpecKeys.flatten, expected: "a list of array fields such as [\"outliers\"], or \(example)")
            else { return nil }
            guard let fieldsMember = object["fields"] else {
                if !object.hasMisspelling(of: "fields") {
                    missingKey(.missingReshapeKey(step: "flatten", key: "fields", example: example), at: value.span)
                }
                return nil
            }
            fields = stringList(fieldsMember.value, path: "flatten.fields", acceptsSingle: true, what: "field names")
            listValue = fieldsMember.value
            if let asMember = object["as"] {
                names = stringList(asMember.value, path: "flatten.as", acceptsSingle: true, what: "field names")
                if names.count != fields.count {
                    report(SpecDiagnostic.flattenNames(count: names.count, fields: fields.count), at: asMember.value.span)
                    return nil
                }
            }
        }
        if case .array(let items) = listValue.kind, items.isEmpty {
            report(SpecDiagnostic.flattenWithoutFields, at: listValue.span)
            return nil
        }
        var ok = !fields.isEmpty
        for (path, list) in [("flatten.fields", fields), ("flatten.as", names)] {
            var seen = Set<String>()
            for name in list {
                if name.value.isEmpty {
                    report(SpecDiagnostic.emptyNameIn(path: path), at: name.span)
                    ok = false
                } else if !seen.insert(name.value).inserted {
                    report(SpecDiagnostic.listedTwice(name: name.value, path: path), at: name.span)
                    ok = false
                }
            }
        }
        guard ok else { return nil }
        return FlattenSpec(fields: fields, names: names, span: member.keySpan)
    }
}
