import ChartJSON

/// Just enough of JSON Schema 2020-12 to check specs against `specs/chart.schema.json` in a normal test run,
/// without Python in CI: `type`, `enum`, `const`, `properties`, `patternProperties` (only the `^\$` pattern our
/// schema uses, and the empty pattern), `additionalProperties`, `propertyNames`, `required`, `items`,
/// `minItems`, `maxItems`, `uniqueItems` (strings and numbers compared; other items are taken as distinct), `minLength`, `pattern` (plain text only: the string contains it), `minimum`, `maximum`, `exclusiveMinimum`, `anyOf`, `oneOf`, `not` and local `$ref`s
/// (`#/$defs/name`). An unsupported keyword is itself reported, so the schema cannot silently outgrow this.
struct SchemaValidator {
    let root: JSONValue

    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "examples", "default", "$comment"]
    static let supported: Set<String> = [
        "type", "enum", "const", "properties", "patternProperties", "additionalProperties", "propertyNames", "required",
        "items", "minItems", "maxItems", "uniqueItems", "minLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "anyOf", "oneOf", "not",
        "$ref"
    ]

    /// Every violation, as `path: message`. Empty when the value is valid.
    func validate(_ value: JSONValue) -> [String] {
        var errors: [String] = []
        check(value, against: root, path: "$", errors: &errors)
        return errors
    }

    func isValid(_ value: JSONValue, against schema: JSONValue) -> Bool {
        var errors: [String] = []
        check(value, against: schema, path: "$", errors: &errors)
        return errors.isEmpty
    }

    /// `#/$defs/name` → the definition (array elements by index: `#/$defs/axis/anyOf/1`).
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            if let items = node?.arrayValue, let index = Int(part) {
                node = items.indices.contains(index) ? items[index] : nil
            } else {
                node = node?[String(part)]
            }
        }
        return node
    }

    func check(_ value: JSONValue, against schema: JSONValue, path: String, errors: inout [String]) {
        if let bool = schema.boolValue {
            if !bool { errors.append("\(path): nothing is allowed here") }
            return
        }
        guard let keywords = schema.objectValue else {
            errors.append("\(path): the schema is not an object or boolean")
            return
        }
        for keyword in keywords where !Self.supported.contains(keyword.key) && !Self.annotations.contains(keyword.key) {
            errors.append("\(path): the validator does not support '\(keyword.key)'")
        }
        if let reference = schema["$ref"]?.stringValue {
            if let target = resolve(reference) {
                check(value, against: target, path: path, errors: &errors)
            } else {
                errors.append("\(path): unresolved $ref \(reference)")
            }
        }
        if let type = schema["type"] {
            let allowed = type.stringValue.map { [$0] } ?? type.arrayValue?.compactMap(\.stringValue) ?? []
            if !allowed.contains(where: { Self.hasType(value, $0) }) {
                errors.append("\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
            }
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { Self.equal($0, value) }) {
            errors.append("\(path): not one of the allowed values")
        }
        if let constant = schema["const"], !Self.equal(constant, value) {
            errors.append("\(path): not the constant value")
        }
        if let options = schema["anyOf"]?.arrayValue, !options.contains(where: { isValid(value, against: $0) }) {
            errors.append("\(path): matches none of anyOf")
        }
        if let options = schema["oneOf"]?.arrayValue {
            let matches = options.filter { isValid(value, against: $0) }.count
            if matches != 1 { errors.append("\(path): matches \(matches) of oneOf, not exactly 1") }
        }
        if let negated = schema["not"], isValid(value, against: negated) {
            errors.append("\(path): matches a 'not' schema")
        }
        switch value.kind {
        case .object(let members):
            checkObject(members, schema: schema, path: path, errors: &errors)
        case .array(let items):
            if let minimum = schema["minItems"]?.numberValue, Double(items.count) < minimum {
                errors.append("\(path): fewer than \(minimum) items")
            }
            if let maximum = schema["maxItems"]?.numberValue, Double(items.count) > maximum {
                errors.append("\(path): more than \(maximum) items")
            }
            if case .bool(true)? = schema["uniqueItems"]?.kind {
                var seen: Set<String> = []
                for item in items {
                    let key = item.stringValue.map { "s" + $0 } ?? item.numberValue.map { "n\($0)" }
                    if let key, !seen.insert(key).inserted { errors.append("\(path): an item is listed twice") }
                }
            }
            if let itemSchema = schema["items"] {
                for (position, item) in items.enumerated() {
                    check(item, against: itemSchema, path: "\(path)[\(position)]", errors: &errors)
                }
            }
        case .string(let string):
            if let minimum = schema["minLength"]?.numberValue, Double(string.value.unicodeScalars.count) < minimum {
                errors.append("\(path): shorter than \(minimum)")
            }
            // `pattern` without regular-expression syntax: the string must contain it (the schema uses only "%").
            if let pattern = schema["pattern"]?.stringValue {
                if pattern.contains(where: { "\\^$.|?*+()[]{}".contains($0) }) {
                    errors.append("\(path): pattern \(pattern) uses regular-expression syntax the validator does not check")
                } else if !string.value.contains(pattern) {
                    errors.append("\(path): does not contain \(pattern)")
                }
            }
        case .number(let number, _):
            if let minimum = schema["minimum"]?.numberValue, number < minimum { errors.append("\(path): below \(minimum)") }
            if let maximum = schema["maximum"]?.numberValue, number > maximum { errors.append("\(path): above \(maximum)") }
            if let minimum = schema["exclusiveMinimum"]?.numberValue, number <= minimum {
                errors.append("\(path): not above \(minimum)")
            }
        default:
            break
        }
    }

    private func checkObject(_ members: [JSONMember], schema: JSONValue, path: String, errors: inout [String]) {
        let properties = schema["properties"]?.objectValue ?? []
        let patterns = schema["patternProperties"]?.objectValue ?? []
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !members.contains(where: { $0.key == name }) {
            errors.append("\(path): missing required '\(name)'")
        }
        for member in members {
            let memberPath = "\(path).\(member.key)"
            if let names = schema["propertyNames"] {
                let key = JSONValue(kind: .string(JSONString(value: member.key, fileOffsets: nil)), span: member.keySpan)
                check(key, against: names, path: memberPath + " (name)", errors: &errors)
            }
            var matched = false
            if let property = properties.first(where: { $0.key == member.key }) {
                matched = true
                check(member.value, against: property.value, path: memberPath, errors: &errors)
            }
            for pattern in patterns where Self.matches(pattern: pattern.key, member.key) {
                matched = true
                check(member.value, against: pattern.value, path: memberPath, errors: &errors)
            }
            if !matched, let additional = schema["additionalProperties"] {
                if additional.boolValue == false {
                    errors.append("\(memberPath): unknown key")
                } else {
                    check(member.value, against: additional, path: memberPath, errors: &errors)
                }
            }
        }
    }

    /// The patterns our schema uses: `^\$` (a key starting with `$`).
    static func matches(pattern: String, _ key: String) -> Bool {
        switch pattern {
        case "^\\$": return key.hasPrefix("$")
        case "": return true
        default: return false
        }
    }

    static func hasType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value.kind) {
        case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool), ("null", .null):
            return true
        case ("integer", .number(let number, _)):
            return number.isFinite && number.rounded() == number
        default:
            return false
        }
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.string(let left), .string(let right)): return left.value == right.value
        case (.number(let left, _), .number(let right, _)): return left == right
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        default: return false
        }
    }
}
