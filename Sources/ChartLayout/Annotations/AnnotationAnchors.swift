import ChartData
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// Notes anchored to rows and their placeholders (SPEC §19.13), resolved for one plot (a panel has its own):
/// a note's `at` picks one of the rows the anchored layer draws there, and becomes the `x` and `y` of that row on
/// the view's channels (the category on a band axis, the top of its segment on a stacked bar, the end on a bar
/// with `x2`/`y2`); `{x}`, `{y}` and `{FIELD}` in every note's text are filled in as the axes and the fields
/// print them. `AnnotationLayout` then draws the notes as if written by hand.
enum AnnotationAnchors {
    /// `annotations` with every `at` resolved and every note's text filled. A note whose row cannot be found
    /// here (the anchored layer draws no rows in this panel) is left without `x` and `y`, so it is not drawn.
    static func resolve(_ annotations: [Annotation], models: [PlotModel], positions: AnnotationPositions) -> [Annotation] {
        annotations.map { annotation in
            guard annotation.kind.value == .text else { return annotation }
            var resolved = annotation
            var row: (model: PlotModel, index: Int)?
            if let at = annotation.at {
                resolved.x = []
                resolved.y = []
                if let model = anchorModel(annotation, models: models), let index = Self.row(at.value, in: model) {
                    row = (model, index)
                    if let x = value(of: index, in: model, axis: .x), let y = value(of: index, in: model, axis: .y) {
                        resolved.x = [x]
                        resolved.y = [y]
                    }
                }
            }
            if let text = annotation.text?.value {
                let template = NoteTemplate(text)
                guard !template.placeholders.isEmpty || text.contains("{{") || text.contains("}}") else { return resolved }
                let filled = template.filled { name in
                    switch name {
                    case "x", "y":
                        let axis: ChannelName = name == "x" ? .x : .y
                        return resolved.values(on: axis).first.flatMap {
                            positions.text($0, axis: axis, locale: locale(models), withYear: positions.domainCrossesYears(axis))
                        }
                    default:
                        guard let row else { return nil }
                        return fieldText(name, row: row.index, model: row.model, positions: positions)
                    }
                }
                resolved.text = Located(filled, at: annotation.text?.span)
            }
            return resolved
        }
    }

    private static func locale(_ models: [PlotModel]) -> ChartLocale { models.first?.locale ?? .enUS }

    /// The layer `at` reads: `layer`, else the first with x and y bound to fields (`ChartSpec.anchorLayer`).
    static func anchorModel(_ annotation: Annotation, models: [PlotModel]) -> PlotModel? {
        if let wanted = annotation.layer?.value {
            return models.first { ($0.spec.layerIndex ?? 0) == wanted }
        }
        return models.first { $0.x != nil && $0.y != nil } ?? models.first
    }

    /// The rows the model draws here, in line order (SPEC §19.4: the order of `ResolvedView.lineOrder`'s channel,
    /// else x; rows that tie, and rows without a value there, keep the table's order, the latter last): every
    /// visible series' rows that have a place on both axes.
    static func drawnRows(_ model: PlotModel) -> [Int] {
        var rows: [Int] = []
        for series in model.series where !series.startsHidden { rows += series.rows }
        rows = Array(Set(rows)).sorted().filter { row in
            [model.x, model.y].allSatisfy { channel in
                guard let channel else { return false }
                return channel.isContinuous ? channel.number(row) != nil : channel.key(row) != nil
            }
        }
        let along = model.view.lineOrder == .y ? model.y : model.x
        guard let along else { return rows }
        if along.isContinuous {
            let keys = rows.map { along.number($0) ?? .infinity }
            return rows.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { rows[$0] }
        }
        let order = along.categories(rows: 0..<model.table.rowCount)
        var rank: [String: Int] = [:]
        for (index, key) in order.enumerated() where rank[key] == nil { rank[key] = index }
        let keys = rows.map { along.key($0).flatMap { rank[$0] } ?? Int.max }
        return rows.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { rows[$0] }
    }

    /// The row `anchor` points at among the drawn rows; nil when there is none (no rows, or no value of the field).
    static func row(_ anchor: AnnotationAnchor, in model: PlotModel) -> Int? {
        let rows = drawnRows(model)
        switch anchor {
        case .first: return rows.first
        case .last: return rows.last
        case .argmax(let field), .argmin(let field):
            guard let column = model.table.column(named: field.value) else { return nil }
            let largest: Bool
            if case .argmax = anchor { largest = true } else { largest = false }
            var best: (row: Int, key: Comparand)?
            for row in rows {
                guard let key = Comparand(column[row]) else { continue }
                // Ties: the first in line order.
                if let current = best, !(largest ? current.key < key : key < current.key) { continue }
                best = (row, key)
            }
            return best?.row
        }
    }

    /// A value ordered as argmax/argmin compare them: numbers, dates and booleans by number, text by its bytes.
    enum Comparand: Comparable {
        case number(Double)
        case text(String)

        init?(_ value: Value) {
            switch value {
            case .null: return nil
            case .number(let number):
                guard number.isFinite else { return nil }
                self = .number(number)
            case .date(let milliseconds): self = .number(Double(milliseconds))
            case .boolean(let bool): self = .number(bool ? 1 : 0)
            case .string(let text): self = .text(text)
            }
        }

        static func < (lhs: Comparand, rhs: Comparand) -> Bool {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)): a < b
            case (.text(let a), .text(let b)): Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            case (.number, .text): true
            case (.text, .number): false
            }
        }
    }

    /// The row's value on an axis as an annotation value the positions read: the category on a discrete axis;
    /// on a continuous one the number (a date as ISO 8601 text), the top of its segment when the axis stacks, the
    /// far end (`x2`/`y2`) when the mark spans a range.
    static func value(of row: Int, in model: PlotModel, axis: ChannelName) -> AnnotationValue? {
        guard let channel = axis == .x ? model.x : model.y else { return nil }
        guard channel.isContinuous else { return channel.key(row).map { AnnotationValue(.string($0), span: nil) } }
        guard var number = channel.number(row) else { return nil }
        if model.measure?.channel == axis, let segment = model.stacked[row] {
            number = segment.end
        } else if let end = (axis == .x ? model.x2 : model.y2)?.number(row) {
            // The end a bar or rect reaches, whichever way it runs.
            number = abs(end) >= abs(number) ? end : number
        }
        if channel.holdsDates {
            return AnnotationValue(.string(ISODate.format(NumberConversion.clamped(max(-8.64e15, min(8.64e15, number)), as: Int64.self))), span: nil)
        }
        return AnnotationValue(.number(number), span: nil)
    }

    /// `{FIELD}` of the anchored row as the field prints: through its x or y axis when a position channel shows it
    /// (its value as written, not stacked); with the `format` of a channel that shows it; else like an axis would
    /// print that one value (dates as a single date, text as written, null as the locale's word for missing, `n/a`).
    static func fieldText(_ name: String, row: Int, model: PlotModel, positions: AnnotationPositions) -> String? {
        guard let column = model.table.column(named: name) else { return nil }
        let value = column[row]
        if value.isNull { return model.locale.missingWord }
        for (axis, channel) in [(ChannelName.x, model.x), (.y, model.y)] {
            guard let channel, channel.field == name else { continue }
            let written: AnnotationValue
            switch value {
            case .date(let milliseconds): written = AnnotationValue(.string(ISODate.format(milliseconds)), span: nil)
            case .number(let number): written = AnnotationValue(.number(number), span: nil)
            default: written = AnnotationValue(.string(value.text ?? ""), span: nil)
            }
            if let text = positions.text(written, axis: axis, locale: model.locale, withYear: positions.domainCrossesYears(axis)) { return text }
        }
        let shown = [model.color, model.size, model.text, model.offset, model.x2, model.y2].compactMap { $0 }.first { $0.field == name }
        let format = shown?.definition.format
        switch value {
        case .number(let number):
            return TickLabels(kind: .number, format: format, locale: model.locale).labels([number]).first
        case .date(let milliseconds):
            return TickLabels(kind: .dates, format: format, locale: model.locale).labels([Double(milliseconds)]).first
        default:
            return value.text
        }
    }
}
