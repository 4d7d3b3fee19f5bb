import ChartData
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSpec

/// Every expression of a spec compiled the way the pipeline will run it — `calculate` in key order (each field
/// visible to the next), then `filter`, then `aggregate` with the `groupBy` fields, then `window` and `keep` over
/// the output fields — so that lint reports
/// expression mistakes with their position inside the string, and the rules know the type of every calculated
/// and aggregated field. Without the data's columns only the syntax can be checked.
///
/// The diagnostics are the expression language's own (`expr-syntax`, `unknown-field`, `expr-type`, …); when the
/// planner reports the same one at the same place, `Linter.merge` keeps one.
struct ExpressionAnalysis: Sendable {
    var diagnostics: [Diagnostic] = []
    /// Result types of calculated fields that compiled (nil type: always null).
    var calculatedTypes: [String: DataType?] = [:]
    /// Result types of aggregate fields that compiled.
    var aggregateTypes: [String: DataType?] = [:]
    /// Result types of window fields that compiled.
    var windowTypes: [String: DataType?] = [:]
    /// `groupBy` fields that are neither in the data nor calculated.
    var unknownGroupFields: [Located<String>] = []

    init(spec: ChartSpec, schema: [(name: String, type: DataType)]?) {
        let environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
        guard let schema else {
            for source in spec.calculate.map(\.expression) + spec.filter + spec.aggregate.map(\.expression) + spec.window.map(\.expression) + spec.keep {
                diagnostics += ExpressionParser.parse(source).1
            }
            return
        }
        var fields = ExpressionSchema(fields: schema)
        // Names whose definition failed: expressions that mention them are not checked, so one mistake is not
        // reported again as "unknown field" everywhere the field is used.
        var broken: [String] = []
        func mentionsBroken(_ source: ExpressionSource) -> Bool {
            broken.contains { Self.mentions(source.text, $0) }
        }

        for field in spec.calculate {
            if mentionsBroken(field.expression) {
                broken.append(field.name.value)
                continue
            }
            let (compiled, found) = ExpressionCompiler.compileRow(field.expression, schema: fields, environment: environment)
            diagnostics += found
            guard let compiled else {
                broken.append(field.name.value)
                continue
            }
            calculatedTypes[field.name.value] = .some(compiled.resultType)
            // An always-null field still exists; it reads as numbers (a column of nulls).
            fields.set(field.name.value, type: compiled.resultType ?? .number)
        }
        for source in spec.filter where !mentionsBroken(source) {
            diagnostics += ExpressionCompiler.compileFilter(source, schema: fields, environment: environment).1
        }
        var groupFields: [String] = []
        for name in spec.groupBy {
            groupFields.append(name.value)
            if !fields.contains(name.value) && !broken.contains(name.value) { unknownGroupFields.append(name) }
        }
        for field in spec.aggregate where !mentionsBroken(field.expression) {
            let (compiled, found) = ExpressionCompiler.compileAggregate(field.expression, schema: fields, groupFields: groupFields, environment: environment)
            diagnostics += found
            if let compiled { aggregateTypes[field.name.value] = .some(compiled.resultType) }
        }

        // window and keep (SPEC §14) read the output rows: the groupBy and aggregate fields, or every field.
        var output: ExpressionSchema
        if spec.hasAggregate {
            output = ExpressionSchema(fields: [])
            for name in groupFields {
                guard let type = fields.type(of: name) else { broken.append(name); continue }
                output.set(name, type: type)
            }
            for field in spec.aggregate {
                guard let type = aggregateTypes[field.name.value] else { broken.append(field.name.value); continue }
                output.set(field.name.value, type: type ?? .number)
            }
        } else {
            output = fields
        }
        for field in spec.window where !mentionsBroken(field.expression) && !output.contains(field.name.value) {
            let (compiled, found) = ExpressionCompiler.compileWindow(field.expression, schema: output, environment: environment)
            diagnostics += found
            guard let compiled else {
                broken.append(field.name.value)
                continue
            }
            windowTypes[field.name.value] = .some(compiled.resultType)
            output.set(field.name.value, type: compiled.resultType ?? .number)
        }
        for source in spec.keep where !mentionsBroken(source) {
            diagnostics += ExpressionCompiler.compileFilter(source, schema: output, environment: environment).1
        }
    }

    /// Whether `name` occurs in `text` as a whole word (not inside a longer name).
    static func mentions(_ text: String, _ name: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(name.utf8)
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            let before = start == 0 || !isNameByte(haystack[start - 1])
            let end = start + needle.count
            let after = end == haystack.count || !isNameByte(haystack[end])
            if before && after { return true }
        }
        return false
    }
}
