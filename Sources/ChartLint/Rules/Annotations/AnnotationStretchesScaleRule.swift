import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues

/// A scale without an explicit domain stretches to include annotation values (SPEC §12). A value far outside
/// the data — a target line at 100 over values near 10, a date years away — squeezes the data into a corner of
/// the plot to show an empty stretch of axis. Lint warns when the data would then cover less than half of the
/// axis, so the author decides whether the annotation is worth it.
struct AnnotationStretchesScaleRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.annotationStretchesScale
    let summary = "An annotation value so far outside the data that the stretched axis leaves the data less than half of it."

    /// The share of the axis the data must keep.
    static let minimumShare = 0.5

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.table else { return }
        let encoding = context.spec.encoding
        for (axis, channel, partner) in [(ChannelName.x, encoding.x, encoding.x2), (ChannelName.y, encoding.y, encoding.y2)] {
            guard let channel, channel.scale?.domain == nil, let field = channel.field?.value,
                let reading = AnnotationAxis.reading(of: channel, in: context), reading != .categories,
                let data = Self.extent(table, fields: [field, partner?.field?.value].compactMap { $0 })
            else { continue }
            var low = data.low, high = data.high
            // Bars and areas start at zero unless told otherwise: zero is part of what the data needs.
            let mark = context.spec.mark.type.value
            if mark.traits.growsFromZero && reading == .numbers && channel.scale?.zero?.value != false && partner == nil {
                low = Swift.min(low, 0)
                high = Swift.max(high, 0)
            }
            let dataSpan = high - low
            var stretched = (low: low, high: high)
            var farthest: (item: AnnotationValue, distance: Double)?
            for annotation in context.spec.annotations {
                for item in annotation.values(on: axis) {
                    guard let number = item.value.flatMap({ AnnotationAxis.number($0, reading: reading) }) else { continue }
                    stretched = (Swift.min(stretched.low, number), Swift.max(stretched.high, number))
                    let distance = number < low ? low - number : (number > high ? number - high : 0)
                    if distance > 0 && distance > (farthest?.distance ?? 0) { farthest = (item, distance) }
                }
            }
            let total = stretched.high - stretched.low
            guard let farthest, total > 0, dataSpan > 0, dataSpan / total < Self.minimumShare else { continue }
            let share = Int(exactly: (dataSpan / total * 100).rounded()) ?? 0
            diagnostics.append(
                diagnostic(
                    "this annotation value is far outside the data (\(channel.field?.value ?? axis.rawValue)): to show it, the \(axis.rawValue) axis stretches so the data keeps only \(share)% of it; check the value, or set the axis's domain to leave the annotation out",
                    at: farthest.item.span))
        }
    }

    /// The smallest and largest value of the fields, as positions (dates in milliseconds).
    static func extent(_ table: Table, fields: [String]) -> (low: Double, high: Double)? {
        var low = Double.infinity, high = -Double.infinity
        for field in fields {
            guard let column = table.column(named: field) else { continue }
            for row in 0..<column.count where !column.isNull(row) {
                let number: Double?
                switch column[row] {
                case .number(let value): number = value.isFinite ? value : nil
                case .date(let value): number = Double(value)
                default: number = nil
                }
                if let number {
                    low = Swift.min(low, number)
                    high = Swift.max(high, number)
                }
            }
        }
        return low <= high ? (low, high) : nil
    }
}
