import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// With an explicit `domain`, a scale does not stretch to an annotation (SPEC §12): a value outside it is not
/// drawn (a range is cut at the domain's end). That is usually a typo or a domain written before the annotation,
/// so lint says which value falls outside which domain.
struct AnnotationOutsideDomainRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.annotationOutsideDomain
    let summary = "An annotation value outside its axis's explicit domain: the annotation is not drawn (a range is cut at the domain's end)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for annotation in context.spec.annotations {
            for axis in [ChannelName.x, .y] {
                let values = annotation.values(on: axis)
                guard !values.isEmpty, let channel = axis == .x ? context.spec.encoding.x : context.spec.encoding.y,
                    let domain = channel.scale?.domain, let reading = AnnotationAxis.reading(of: channel, in: context), reading != .categories,
                    let ends = Self.ends(domain.value, reading: reading)
                else { continue }
                let isRange = annotation.kind.value == .range
                let outside = values.filter { item in
                    guard let number = item.value.flatMap({ AnnotationAxis.number($0, reading: reading) }) else { return false }
                    return number < ends.low || number > ends.high
                }
                guard !outside.isEmpty else { continue }
                let written = "[\(domain.value.map { $0.text ?? "null" }.joined(separator: ", "))]"
                let name = "encoding.\(axis.rawValue).scale.domain"
                for item in outside {
                    let shown = item.value.map(Self.describe) ?? "the value"
                    let effect =
                        isRange && outside.count < values.count
                        ? "the range is cut at the domain's end"
                        : "the \(annotation.kind.value.rawValue) is not drawn"
                    diagnostics.append(
                        diagnostic(
                            "\(shown) is outside '\(name)' \(written), so \(effect): widen the domain, or remove it to let the scale include the annotation",
                            at: item.span, notes: domain.span.map { [DiagnosticNote("the domain is set here", at: $0)] } ?? []))
                }
            }
        }
    }

    /// The domain's ends as positions (nil: not two usable ends, which the checks report).
    static func ends(_ domain: [Value], reading: AnnotationAxis.Reading) -> (low: Double, high: Double)? {
        guard domain.count >= 2, let first = domain.first, let last = domain.last else { return nil }
        func number(_ value: Value) -> Double? {
            if case .number(let number) = value { return number }
            return AnnotationAxis.number(value, reading: reading == .years ? .years : .dates)
        }
        guard let a = number(first), let b = number(last) else { return nil }
        return (Swift.min(a, b), Swift.max(a, b))
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .number(let number): NumberText.shortest(number)
        case .string(let text): "'\(text)'"
        case .date(let milliseconds): ISODate.format(milliseconds)
        default: value.text ?? "the value"
        }
    }
}
