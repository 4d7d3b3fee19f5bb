import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartValues

/// `annotations` (SPEC §12): rules, ranges and notes. Strict like the rest of the spec: unknown keys with a
/// did-you-mean, keys of another type named as such ("'connector' is for text annotations"), the values each type
/// needs. Whether a value suits its scale (a date on a band axis) needs the data, so the checking stage says it
/// (`annotation-value-type`).
extension SpecDecoder {
    /// - Parameter layerCount: how many `layers` the chart has (0: one mark), for `layer`.
    mutating func decodeAnnotations(_ value: JSONValue, layerCount: Int) -> [Annotation] {
        guard case .array(let items) = value.kind else {
            wrongType(value, path: "annotations", expected: "an array of annotations such as [{ \"type\": \"rule\", \"y\": 0 }]")
            return []
        }
        if items.count > Annotation.limit {
            report(SpecDiagnostic.tooManyAnnotations(count: items.count), at: items[Annotation.limit].span)
            return []
        }
        let annotations = items.enumerated().compactMap { index, item in decodeAnnotation(item, path: "annotations[\(index)]", layerCount: layerCount)
        }
        // Each text note is placed clear of every note before it: the notes a chart can hold are fewer.
        let notes = annotations.filter { $0.kind.value == .text }
        if notes.count > Annotation.noteLimit {
            report(SpecDiagnostic.tooManyNotes(count: notes.count), at: notes[Annotation.noteLimit].span)
            return []
        }
        return annotations
    }

    private mutating func decodeAnnotation(_ value: JSONValue, path: String, layerCount: Int) -> Annotation? {
        guard let object = object(value, path: path, keys: SpecKeys.annotation, expected: "an object such as { \"type\": \"rule\", \"y\": 0 }") else {
            return nil
        }
        guard let typeMember = object["type"] else {
            if !object.hasMisspelling(of: "type") {
                missingKey(.missingAnnotationType(path: path), at: value.span)
            }
            return nil
        }
        guard
            let kind = enumValue(
                typeMember.value, path: object.path("type"), what: "annotation type", as: Annotation.Kind.self,
                aliases: ["line": "rule", "band": "range", "note": "text", "label": "text", "shade": "range"])
        else { return nil }
        var annotation = Annotation(kind: kind, span: value.span)

        // Keys another type takes.
        let allowed = SpecKeys.annotationKeys(for: kind.value)
        for member in object.members where !allowed.contains(member.key) && SpecKeys.annotation.contains(member.key) {
            let owners = Annotation.Kind.allCases.filter { SpecKeys.annotationKeys(for: $0).contains(member.key) }.map { "'\($0.rawValue)'" }
            report(
                Diagnostic(
                    AnnotationDiagnostic.keyNotForType(key: member.key, kind: kind.value.rawValue, owners: owners),
                    at: member.keySpan,
                    notes: [DiagnosticNote("a '\(kind.value.rawValue)' annotation takes: " + allowed.filter { $0 != "type" }.joined(separator: ", "))]
                ))
        }

        let isRange = kind.value == .range
        if let member = object["x"], allowed.contains("x") {
            annotation.x = values(member.value, path: object.path("x"), pair: isRange)
            annotation.xSpan = member.value.span
        }
        if let member = object["y"], allowed.contains("y") {
            annotation.y = values(member.value, path: object.path("y"), pair: isRange)
            annotation.ySpan = member.value.span
        }
        let hasX = object["x"] != nil, hasY = object["y"] != nil
        switch kind.value {
        case .rule, .range:
            if hasX && hasY {
                if let member = object["y"] {
                    report(Diagnostic(AnnotationDiagnostic.bothAxes(kind: kind.value.rawValue), at: member.keySpan))
                }
            } else if !hasX && !hasY && !object.hasMisspelling(of: "x") && !object.hasMisspelling(of: "y") {
                let example = isRange ? "\"x\": [\"2020-02-01\", \"2020-04-30\"]" : "\"y\": 0"
                report(
                    Diagnostic(
                        AnnotationDiagnostic.missingValue(kind: kind.value.rawValue, needs: "'x' or 'y' (\(example))"), at: Self.start(of: value.span)
                    ))
            }
        case .text:
            // SPEC §19.13: `at` stands for both `x` and `y`.
            if let at = object["at"] {
                for key in ["x", "y"] {
                    guard let member = object[key] else { continue }
                    report(
                        SpecDiagnostic.noteAtAndPosition(key: key), at: member.keySpan, notes: [DiagnosticNote("'at' is given here", at: at.keySpan)])
                }
            }
            var missing: [String] = []
            let needed = object["at"] == nil ? ["x", "y", "text"] : ["text"]
            for key in needed where object[key] == nil && !object.hasMisspelling(of: key) { missing.append("'\(key)'") }
            if !missing.isEmpty {
                report(Diagnostic(AnnotationDiagnostic.missingValue(kind: "text", needs: Self.allOf(missing)), at: Self.start(of: value.span)))
            }
        }

        if allowed.contains("label") { annotation.label = object["label"].flatMap { string($0.value, path: object.path("label")) } }
        if allowed.contains("text"), let member = object["text"] {
            annotation.text = string(member.value, path: object.path("text"))
            if annotation.text != nil { annotation.textSource = expression(member.value, path: object.path("text")) }
        }
        if allowed.contains("at"), let member = object["at"] {
            annotation.at = anchor(member.value, path: object.path("at"))
        }
        if allowed.contains("layer"), let member = object["layer"] {
            annotation.layer = layerIndex(member.value, path: object.path("layer"), layerCount: layerCount)
            if annotation.layer != nil, object["at"] == nil {
                report(
                    Diagnostic(
                        AnnotationDiagnostic.layerWithoutAt, at: member.keySpan,
                        notes: [DiagnosticNote("a note placed by 'x' and 'y' sits on the scales every layer shares")]))
            }
        }
        if allowed.contains("style") {
            annotation.style = object["style"].flatMap {
                enumValue(
                    $0.value, path: object.path("style"), what: "line style", as: Annotation.LineStyle.self,
                    aliases: ["dash": "dashed", "dotted": "dashed", "dot": "dashed"])
            }
        }
        annotation.color = object["color"].flatMap { string($0.value, path: object.path("color")) }
        if allowed.contains("position") {
            annotation.position = object["position"].flatMap {
                enumValue(
                    $0.value, path: object.path("position"), what: "note position", as: Annotation.NotePosition.self,
                    aliases: [
                        "above": "top", "below": "bottom", "topleft": "top-left", "topright": "top-right", "bottomleft": "bottom-left",
                        "bottomright": "bottom-right", "left-top": "top-left", "right-top": "top-right", "left-bottom": "bottom-left",
                        "right-bottom": "bottom-right"
                    ])
            }
        }
        if allowed.contains("offset") {
            annotation.offset = object["offset"].flatMap {
                number($0.value, path: object.path("offset"), in: 0...1_000, rule: "a distance in px from 0 to 1000")
            }
        }
        if allowed.contains("width") {
            annotation.width = object["width"].flatMap {
                number($0.value, path: object.path("width"), in: 20...ChartSpec.maximumSize, rule: "a width in px of at least 20")
            }
        }
        if allowed.contains("connector") {
            annotation.connector = object["connector"].flatMap {
                enumValue(
                    $0.value, path: object.path("connector"), what: "connector", as: Annotation.Connector.self,
                    aliases: ["arrows": "arrow", "lines": "line", "false": "none", "off": "none"])
            }
        }
        if let member = object["panel"] {
            switch member.value.kind {
            case .string(let text): annotation.panel = Located(.string(text.value), at: member.value.span)
            case .number(let number, _): annotation.panel = Located(.number(number), at: member.value.span)
            case .bool(let bool): annotation.panel = Located(.boolean(bool), at: member.value.span)
            default: wrongType(member.value, path: object.path("panel"), expected: "a panel value (a string, number or boolean)")
            }
        }
        return annotation
    }

    /// `at` (SPEC §19.13): `argmax(FIELD)`, `argmin(FIELD)`, `first` or `last`; a problem points inside the string.
    private mutating func anchor(_ value: JSONValue, path: String) -> Located<AnnotationAnchor>? {
        guard case .string = value.kind, let source = expression(value, path: path) else {
            wrongType(value, path: path, expected: "\"argmax(FIELD)\", \"argmin(FIELD)\", \"first\" or \"last\"")
            return nil
        }
        switch AnchorSyntax.parse(source.text) {
        case .success(let parsed):
            switch parsed {
            case .first: return Located(.first, at: value.span)
            case .last: return Located(.last, at: value.span)
            case .call(let function, let field, let range):
                let located = Located(field, at: source.span(for: range))
                return Located(function == "argmax" ? .argmax(field: located) : .argmin(field: located), at: value.span)
            }
        case .failure(let problem):
            report(Diagnostic(AnnotationDiagnostic.invalidAnchor(problem.message), at: source.span(for: problem.range)))
            return nil
        }
    }

    /// `layer`: the index of one of the chart's layers.
    private mutating func layerIndex(_ value: JSONValue, path: String, layerCount: Int) -> Located<Int>? {
        guard case .number(let number, _) = value.kind, number >= 0, number.rounded() == number, number < 1_000_000 else {
            wrongType(value, path: path, expected: "a layer index (0 is the first of 'layers')")
            return nil
        }
        let index = NumberConversion.clamped(number, as: Int.self)
        guard index < max(layerCount, 1) else {
            report(SpecDiagnostic.layerIndexOutOfRange(path: path, index: index, layerCount: layerCount), at: value.span)
            return nil
        }
        return Located(index, at: value.span)
    }

    /// One value, or (`pair`) `[from, to]`.
    private mutating func values(_ value: JSONValue, path: String, pair: Bool) -> [AnnotationValue] {
        if pair {
            guard case .array(let items) = value.kind else {
                wrongType(value, path: path, expected: "[from, to], e.g. [\"2020-02-01\", \"2020-04-30\"] or [0, 10]")
                return []
            }
            guard items.count == 2 else {
                report(Diagnostic(AnnotationDiagnostic.rangeNotPair(path: path, count: items.count), at: value.span))
                return []
            }
            let both = items.enumerated().compactMap { index, item in annotationValue(item, path: "\(path)[\(index)]") }
            return both.count == 2 ? both : []
        }
        if case .array = value.kind {
            wrongType(
                value, path: path, expected: "one value (a number, a date, a category, or { \"aggregate\": … })",
                advice: .spanIsRange)
            return []
        }
        return annotationValue(value, path: path).map { [$0] } ?? []
    }

    /// A number, a string, or `{ "aggregate": expr }`.
    private mutating func annotationValue(_ value: JSONValue, path: String) -> AnnotationValue? {
        switch value.kind {
        case .number(let number, _):
            return AnnotationValue(.number(number), span: value.span)
        case .string(let text):
            return AnnotationValue(.string(text.value), span: value.span)
        case .object:
            guard let object = object(value, path: path, keys: ["aggregate", "rows"]) else { return nil }
            guard let member = object["aggregate"] else {
                if !object.hasMisspelling(of: "aggregate") {
                    missingKey(.missingAnnotationAggregate(path: path), at: value.span)
                }
                return nil
            }
            guard let source = expression(member.value, path: object.path("aggregate")) else { return nil }
            var result = AnnotationValue(.aggregate(source), span: member.value.span)
            if let rows = object["rows"] {
                // SPEC §19.13: "input", the rows before `groupBy`; "output" (the default), the drawn rows.
                guard let chosen = enumValue(rows.value, path: object.path("rows"), what: "rows", as: AnnotationValue.Rows.self) else { return nil }
                result.rows = chosen.value
            }
            return result
        default:
            wrongType(value, path: path, expected: "a number, a date or category string, or { \"aggregate\": \"mean(field)\" }")
            return nil
        }
    }
}

extension SpecDecoder {
    /// `a, b and c`.
    static func allOf(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return last }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
