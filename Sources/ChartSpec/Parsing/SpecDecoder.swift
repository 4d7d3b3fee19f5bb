import ChartDiagnostics
import ChartJSON
import ChartValues

/// A spec object whose keys have been checked against the keys allowed there, for looking members up by name.
struct SpecObject {
    let members: [JSONMember]
    /// The keys allowed here.
    let keys: [String]
    /// Dotted path for messages: `encoding.x.scale`; empty at the top level.
    let path: String
    let span: SourceSpan

    subscript(key: String) -> JSONMember? {
        members.first { $0.key == key }
    }

    /// The path of one of its keys.
    func path(_ key: String) -> String { SpecDecoder.join(path, key) }

    /// Whether an unknown key here was probably meant to be `key` (it was already reported with a did-you-mean),
    /// so that "missing 'field'" is not reported on top of "unknown key 'feild'; did you mean 'field'?".
    func hasMisspelling(of key: String) -> Bool {
        members.contains { $0.key != key && !keys.contains($0.key) && Suggestions.closest(to: $0.key, in: keys) == key }
    }
}

/// The state of one decode: the file and the diagnostics collected so far, plus the typed readers every section
/// shares. A reader that finds the wrong type reports it and returns nil, so each section simply skips what it
/// cannot use and carries on to the next key.
struct SpecDecoder {
    let file: SourceFile
    private(set) var diagnostics: [Diagnostic] = []

    init(file: SourceFile) {
        self.file = file
    }

    // MARK: reporting

    /// Reports a case of the catalogue (`SpecDiagnostic`, or `AnnotationDiagnostic`): the case gives the id, the
    /// severity and the wording; the call site only says where.
    mutating func report(_ message: some DiagnosticMessage, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) {
        diagnostics.append(Diagnostic(message, at: span, notes: notes, fixIt: fixIt))
    }

    /// A diagnostic from a typed catalogue (`AnnotationDiagnostic`).
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// In file order (stable for equal positions), which is how a person reads and fixes them.
    func sortedDiagnostics() -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? -1
            let right = b.element.span?.range.lowerBound ?? -1
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: names

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// `'encoding.x'`, or "the chart spec" for the root.
    static func name(_ path: String) -> String {
        path.isEmpty ? "the chart spec" : "'\(path)'"
    }

    /// `string "640"`, `number 3`, `an array`, … for "found …".
    static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let string):
            let shown = string.value.unicodeScalars.count > 40 ? String(string.value.unicodeScalars.prefix(37)) + "…" : string.value
            return "string \(JSONText.quote(shown))"
        case .number(_, let lexeme): return "number \(lexeme)"
        case .bool(let bool): return "boolean \(bool)"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number as written.
    static func lexeme(_ value: JSONValue) -> String {
        if case .number(_, let lexeme) = value.kind { return lexeme }
        return describe(value)
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return last }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The file text of a span, for fix-its that wrap what the user wrote.
    func text(of span: SourceSpan) -> String {
        let lower = min(max(span.range.lowerBound, 0), file.bytes.count)
        let upper = min(max(span.range.upperBound, lower), file.bytes.count)
        return String(decoding: file.bytes[lower..<upper], as: UTF8.self)
    }

    /// The span of the first byte of a value (its opening bracket or quote), for problems with the whole value
    /// that would otherwise underline many lines.
    static func start(of span: SourceSpan) -> SourceSpan {
        SourceSpan(file: span.file, range: span.range.lowerBound..<min(span.range.lowerBound + 1, span.range.upperBound))
    }

    // MARK: objects and keys

    /// The members of an object whose keys are checked against `keys` (keys starting with `$` are ignored), or
    /// nil with a `wrong-type` error.
    mutating func object(_ value: JSONValue, path: String, keys: [String], expected: String = "an object") -> SpecObject? {
        guard case .object(let members) = value.kind else {
            wrongType(value, path: path, expected: expected)
            return nil
        }
        for member in members where !member.key.hasPrefix("$") && !keys.contains(member.key) {
            unknownKey(member, path: path, keys: keys)
        }
        return SpecObject(members: members.filter { !$0.key.hasPrefix("$") }, keys: keys, path: path, span: value.span)
    }

    mutating func unknownKey(_ member: JSONMember, path: String, keys: [String]) {
        let candidates = keys.filter { !$0.hasPrefix("$") }
        if let suggestion = Suggestions.closest(to: member.key, in: candidates) {
            report(
                SpecDiagnostic.unknownKey(key: member.key, path: path, suggestion: suggestion, home: nil), at: member.keySpan,
                fixIt: FixIt(span: member.keySpan, replacement: JSONText.quote(suggestion)))
            return
        }
        // At the top of a `concat` graphic, a chart's own key (`mark`, `projection`) goes in each view (SPEC §20).
        let home =
            keys.contains("concat") && SpecKeys.view.contains(member.key)
            ? "each view of 'concat'" : SpecKeys.homes.first(where: { $0.keys != keys && $0.keys.contains(member.key) })?.home
        report(
            SpecDiagnostic.unknownKey(key: member.key, path: path, suggestion: nil, home: home), at: member.keySpan,
            notes: [DiagnosticNote("keys allowed here: " + candidates.joined(separator: ", "))])
    }

    mutating func wrongType(
        _ value: JSONValue, path: String, expected: String, fixIt: FixIt? = nil, advice: SpecDiagnostic.WrongTypeAdvice? = nil
    ) {
        report(SpecDiagnostic.wrongType(path: path, expected: expected, found: Self.describe(value), advice: advice), at: value.span, fixIt: fixIt)
    }

    /// A `missing-key` case, reported at the first byte of the object that lacks the key.
    mutating func missingKey(_ message: SpecDiagnostic, at span: SourceSpan) {
        report(message, at: Self.start(of: span))
    }

    // MARK: scalars

    mutating func string(_ value: JSONValue, path: String) -> Located<String>? {
        guard case .string(let string) = value.kind else {
            wrongType(value, path: path, expected: "a string")
            return nil
        }
        return Located(string.value, at: value.span)
    }

    /// A `format` (SPEC §7, §19.14): a pattern string, or `{ "number": …, "prefix": …, "suffix": … }` (each part
    /// optional; unknown keys get a did-you-mean).
    mutating func formatSpec(_ value: JSONValue, path: String) -> FormatSpec? {
        switch value.kind {
        case .string:
            return string(value, path: path).map { FormatSpec($0) }
        case .object:
            guard let object = object(value, path: path, keys: SpecKeys.format) else { return nil }
            return FormatSpec(
                pattern: object["number"].flatMap { string($0.value, path: object.path("number")) },
                prefix: object["prefix"].flatMap { string($0.value, path: object.path("prefix")) },
                suffix: object["suffix"].flatMap { string($0.value, path: object.path("suffix")) },
                isObject: true, span: value.span)
        default:
            wrongType(
                value, path: path, expected: "a format pattern such as \",.2f\", or an object such as { \"number\": \".2S\", \"prefix\": \"$\" }")
            return nil
        }
    }

    /// A string naming a data field: must not be empty.
    mutating func fieldName(_ value: JSONValue, path: String) -> Located<String>? {
        guard let name = string(value, path: path) else { return nil }
        if name.value.isEmpty {
            report(SpecDiagnostic.emptyFieldName(path: path), at: value.span)
            return nil
        }
        return name
    }

    mutating func number(_ value: JSONValue, path: String) -> Located<Double>? {
        switch value.kind {
        case .number(let number, _):
            return Located(number, at: value.span)
        case .string(let string):
            if let number = Double(string.value.trimmingSpaces()), number.isFinite {
                wrongType(
                    value, path: path, expected: "a number",
                    fixIt: FixIt(span: value.span, replacement: string.value.trimmingSpaces()),
                    advice: .withoutQuotes
                )
                return nil
            }
        default:
            break
        }
        wrongType(value, path: path, expected: "a number")
        return nil
    }

    /// A number checked against a range, with `invalid-value` naming the range when it is outside.
    mutating func number(_ value: JSONValue, path: String, in range: ClosedRange<Double>, rule: String) -> Located<Double>? {
        guard let number = number(value, path: path) else { return nil }
        guard number.value.isFinite && range.contains(number.value) else {
            report(SpecDiagnostic.outOfRange(path: path, rule: rule, found: Self.lexeme(value)), at: value.span)
            return nil
        }
        return number
    }

    mutating func bool(_ value: JSONValue, path: String) -> Located<Bool>? {
        switch value.kind {
        case .bool(let bool):
            return Located(bool, at: value.span)
        case .string(let string) where string.value == "true" || string.value == "false":
            wrongType(
                value, path: path, expected: "true or false", fixIt: FixIt(span: value.span, replacement: string.value),
                advice: .withoutQuotes)
        default:
            wrongType(value, path: path, expected: "true or false")
        }
        return nil
    }

    /// A number, string, boolean or null from a domain, range or `value`. Date strings stay strings: what they
    /// mean depends on the scale, which layout decides.
    mutating func scalar(_ value: JSONValue, path: String) -> Value? {
        switch value.kind {
        case .number(let number, _): return .number(number)
        case .string(let string): return .string(string.value)
        case .bool(let bool): return .boolean(bool)
        case .null: return .null
        case .array, .object:
            wrongType(value, path: path, expected: "a number, string, boolean or null")
            return nil
        }
    }

    /// An array of scalars (`domain`, `range`, axis `values`).
    mutating func scalars(_ value: JSONValue, path: String) -> Located<[Value]>? {
        guard case .array(let items) = value.kind else {
            wrongType(value, path: path, expected: "an array such as [0, 100] or [\"a\", \"b\"]")
            return nil
        }
        var values: [Value] = []
        for (position, item) in items.enumerated() {
            if let scalar = scalar(item, path: "\(path)[\(position)]") { values.append(scalar) }
        }
        return Located(values, at: value.span)
    }

    /// An array of strings. A lone string is reported (with a fix-it wrapping it in brackets) but still used, so
    /// that checks depending on it carry on.
    mutating func stringList(_ value: JSONValue, path: String, acceptsSingle: Bool = false, what: String = "strings") -> [Located<String>] {
        switch value.kind {
        case .string(let string):
            if !acceptsSingle {
                wrongType(
                    value, path: path, expected: "an array of \(what)",
                    fixIt: FixIt(span: value.span, replacement: "[\(text(of: value.span))]"),
                    advice: .bracket(text(of: value.span))
                )
            }
            return [Located(string.value, at: value.span)]
        case .array(let items):
            var strings: [Located<String>] = []
            for (position, item) in items.enumerated() {
                if let string = string(item, path: "\(path)[\(position)]") { strings.append(string) }
            }
            return strings
        default:
            wrongType(value, path: path, expected: acceptsSingle ? "a string or an array of \(what)" : "an array of \(what)")
            return []
        }
    }

    // MARK: expressions

    /// An expression string, kept unparsed with the literal's span and offset map.
    mutating func expression(_ value: JSONValue, path: String) -> ExpressionSource? {
        guard case .string(let string) = value.kind else {
            wrongType(value, path: path, expected: "an expression string such as \"price * 2\"")
            return nil
        }
        return ExpressionSource(text: string.value, literalSpan: value.span, fileOffsets: string.fileOffsets)
    }

    /// `filter`: one expression or an array of them.
    mutating func expressions(_ value: JSONValue, path: String) -> [ExpressionSource] {
        switch value.kind {
        case .array(let items):
            return items.enumerated().compactMap { position, item in expression(item, path: "\(path)[\(position)]") }
        case .string:
            return expression(value, path: path).map { [$0] } ?? []
        default:
            wrongType(value, path: path, expected: "an expression string or an array of them")
            return []
        }
    }

    // MARK: enumerations

    /// A string that must be one of `candidates` (default: every case). `aliases` maps words people write
    /// (lowercased) to the value they mean, for suggestions that edit distance would miss (`scatter` → `point`).
    mutating func enumValue<E: RawRepresentable & CaseIterable>(
        _ value: JSONValue,
        path: String,
        what: String,
        as type: E.Type = E.self,
        candidates: [String]? = nil,
        aliases: [String: String] = [:]
    ) -> Located<E>? where E.RawValue == String {
        let names = candidates ?? E.allCases.map(\.rawValue)
        guard case .string(let string) = value.kind else {
            wrongType(value, path: path, expected: "a string, one of \(Self.list(names))")
            return nil
        }
        if names.contains(string.value), let known = E(rawValue: string.value) {
            return Located(known, at: value.span)
        }
        unknownValue(value, text: string.value, path: path, what: what, names: names, aliases: aliases)
        return nil
    }

    mutating func unknownValue(_ value: JSONValue, text: String, path: String, what: String, names: [String], aliases: [String: String] = [:]) {
        let suggestion =
            aliases[text.lowercased()].flatMap { names.contains($0) ? $0 : nil }
            ?? Suggestions.closest(to: text, in: names)
        report(
            SpecDiagnostic.unknownValue(what: what, value: text, path: path, suggestion: suggestion, names: names), at: value.span,
            notes: suggestion == nil ? [] : [DiagnosticNote("expected one of: " + names.joined(separator: ", "))],
            fixIt: suggestion.map { FixIt(span: value.span, replacement: JSONText.quote($0)) })
    }
}

extension String {
    /// Without leading and trailing ASCII spaces.
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars = scalars.dropFirst() }
        while scalars.last == " " { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
