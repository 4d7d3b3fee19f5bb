import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartSpec
import ChartValues

/// An annotation value (SPEC §12) must be what its axis holds: a number on a linear axis, an ISO 8601 date on a
/// time axis (a year on a year axis), a category name on a band axis; and the axis must exist. Checked against
/// the data once its types are known, at the value's `line:col`.
struct AnnotationValueCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.annotationValueType
    let summary =
        "An annotation value that its axis cannot hold (a date on a band axis, a category on a linear one, text that is not an ISO date on a time axis), or an annotation on an axis the chart does not have."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for annotation in context.spec.annotations {
            for axis in [ChannelName.x, .y] {
                let values = annotation.values(on: axis)
                guard !values.isEmpty else { continue }
                guard let channel = axis == .x ? context.spec.encoding.x : context.spec.encoding.y, channel.field != nil else {
                    diagnostics.append(
                        diagnostic(
                            "this annotation is placed on '\(axis.rawValue)', but the chart has no \(axis.rawValue) channel with a field to place it on",
                            at: (axis == .x ? annotation.xSpan : annotation.ySpan) ?? annotation.span
                        ))
                    continue
                }
                guard let reading = AnnotationAxis.reading(of: channel, in: context) else { continue }
                for item in values {
                    if let problem = problem(item, reading: reading, axis: axis, channel: channel, context: context) {
                        diagnostics.append(diagnostic(problem.message, at: item.span, fixIt: problem.fixIt))
                    }
                }
            }
        }
    }

    private func problem(_ item: AnnotationValue, reading: AnnotationAxis.Reading, axis: ChannelName, channel: ChannelDef, context: SemanticContext)
        -> (message: String, fixIt: FixIt?)?
    {
        // An aggregate not resolved yet (lint without the rows) cannot be judged.
        guard let value = item.value else { return nil }
        let what = item.isAggregate ? "the aggregate gives \(Self.describe(value))" : "found \(Self.describe(value))"
        let place = "annotations on '\(axis.rawValue)' (\(channel.field?.value ?? axis.rawValue))"
        switch reading {
        case .numbers:
            if AnnotationAxis.number(value, reading: .numbers) != nil { return nil }
            if case .string(let text) = value, let number = Double(text.trimmingASCIISpaces()), number.isFinite, !item.isAggregate,
                let span = item.span
            {
                return (
                    "\(place) are numbers on a linear axis, \(what); write it without quotes",
                    FixIt(span: span, replacement: text.trimmingASCIISpaces())
                )
            }
            let kind = ISODate.parse(value.text ?? "") != nil ? "a date" : "a category"
            return ("\(place) are numbers on a linear axis, \(what) (\(kind) cannot be placed on it)", nil)
        case .dates:
            if AnnotationAxis.number(value, reading: .dates) != nil { return nil }
            if case .string(let text) = value, let reason = ISODate.impossibility(text) {
                return ("\(place) are dates on a time axis, but '\(text)' names none that exists: \(reason)", nil)
            }
            return ("\(place) are dates on a time axis, written in ISO 8601 such as \"2015-08-12\", \(what)", nil)
        case .years:
            if AnnotationAxis.number(value, reading: .years) != nil { return nil }
            return ("\(place) are years on a time axis, such as 1995 (or an ISO 8601 date), \(what)", nil)
        case .categories:
            if item.isAggregate, value.stringValue == nil {
                return (
                    "\(place) are category names on a band axis, \(what); an aggregate can only name a category with first() or last() of a text field",
                    nil
                )
            }
            guard let name = AnnotationAxis.category(value) else {
                return ("\(place) are category names on a band axis, \(what)", nil)
            }
            guard let categories = Self.categories(channel, context: context) else { return nil }
            if categories.contains(name) { return nil }
            let suggestion = Suggestions.closest(to: name, in: categories)
            var message = "'\(name)' is not a category on the \(axis.rawValue) axis (\(channel.field?.value ?? axis.rawValue))"
            if ISODate.parse(name) != nil, !categories.contains(where: { ISODate.parse($0) != nil }) {
                message =
                    "a date cannot be placed on the \(axis.rawValue) axis: it is a band of categories (\(channel.field?.value ?? axis.rawValue)), found \(Self.describe(value))"
            }
            if let suggestion {
                message += "; did you mean '\(suggestion)'?"
                if !item.isAggregate, let span = item.span {
                    return (
                        message,
                        FixIt(
                            span: span, replacement: value.numberValue != nil && Double(suggestion) != nil ? suggestion : JSONText.quote(suggestion))
                    )
                }
            } else {
                let shown = categories.prefix(12).joined(separator: ", ")
                message += " (categories: \(shown)\(categories.count > 12 ? ", …" : ""))"
            }
            return (message, nil)
        }
    }

    /// The categories of a discrete channel, when they can be known: the explicit domain, else the table's values.
    static func categories(_ channel: ChannelDef, context: SemanticContext) -> [String]? {
        if let domain = channel.scale?.domain?.value, !domain.isEmpty {
            return domain.compactMap(\.text)
        }
        guard let field = channel.field?.value, let table = context.table, let column = table.column(named: field) else { return nil }
        var seen = Set<String>()
        var names: [String] = []
        for row in 0..<column.count where !column.isNull(row) {
            if let text = column[row].text, seen.insert(text).inserted { names.append(text) }
        }
        return names
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .number(let number): "number \(NumberText.shortest(number))"
        case .string(let text): "string \(JSONText.quote(text))"
        case .date(let milliseconds): "date \(ISODate.format(milliseconds))"
        case .boolean(let bool): "boolean \(bool)"
        case .null: "null"
        }
    }
}
