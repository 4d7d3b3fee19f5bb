import ChartData
import ChartFormat
import ChartSpec
import ChartValues

/// One panel of small multiples before layout: the facet value, its title and the table rows it draws.
struct PanelRows: Sendable {
    /// `data-panel`: the value as `chartc data` writes it.
    var key: String
    /// The value formatted like an axis label (SPEC §13).
    var title: String
    var rows: [Int]
}

/// Splits the pipeline's output into panels (SPEC §13): one per value of `facet.field` in output order (first
/// appearance in the table, which follows `sort`), or in the order the pipeline gave `facet.sort`
/// (`FacetSpec.order`, from ChartPipeline's `PanelOrder`). Rows whose value is the label of a
/// `total` on the facet field are the total series: they are drawn in every panel rather than getting one.
enum FacetPanels {
    static func split(_ table: Table, facet: FacetSpec, spec: ChartSpec, locale: ChartLocale) -> [PanelRows] {
        guard let column = table.column(named: facet.field.value) else { return [] }
        let totalLabel = spec.total.first { $0.field.value == facet.field.value }?.label.value
        var order: [String] = []
        var rowsByKey: [String: [Int]] = [:]
        var valueByKey: [String: Value] = [:]
        var totalRows: [Int] = []
        for row in 0..<table.rowCount {
            let value = column[row]
            let key = value.text ?? ""
            if let totalLabel, case .string(let text) = value, text == totalLabel {
                totalRows.append(row)
                continue
            }
            if rowsByKey[key] == nil {
                order.append(key)
                valueByKey[key] = value
            }
            rowsByKey[key, default: []].append(row)
        }
        // Only total rows: they are the one panel.
        if order.isEmpty && !totalRows.isEmpty, let totalLabel {
            return [PanelRows(key: totalLabel, title: totalLabel, rows: totalRows)]
        }
        let titles = Self.titles(order.map { valueByKey[$0] ?? .null }, column: column, locale: locale)
        var panels: [PanelRows] = []
        var missing: PanelRows?
        for (index, key) in order.enumerated() {
            let rows = (rowsByKey[key] ?? []) + totalRows
            let panel = PanelRows(key: key, title: titles[index], rows: totalRows.isEmpty ? rows : rows.sorted())
            // Rows with no facet value are a panel of their own, titled with the locale's word, last (SPEC §19.9).
            if valueByKey[key]?.isNull ?? false { missing = panel } else { panels.append(panel) }
        }
        return ordered(panels, by: facet.order) + (missing.map { [$0] } ?? [])
    }

    /// `panels` in `order` (keys); panels it does not name keep their output order after those it does.
    static func ordered(_ panels: [PanelRows], by order: [String]?) -> [PanelRows] {
        guard let order else { return panels }
        var rank: [String: Int] = [:]
        for (index, key) in order.enumerated() where rank[key] == nil { rank[key] = index }
        return panels.enumerated().sorted { a, b in
            let x = rank[a.element.key] ?? order.count
            let y = rank[b.element.key] ?? order.count
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// Another table's rows (a layer's own, SPEC §11) by facet value key, and its `total` rows; nil when the
    /// table has no such field.
    static func rowsByKey(_ table: Table, field: String, totalLabel: String?) -> (rows: [String: [Int]], total: [Int])? {
        guard let column = table.column(named: field) else { return nil }
        var rows: [String: [Int]] = [:]
        var total: [Int] = []
        for row in 0..<table.rowCount {
            let value = column[row]
            if let totalLabel, case .string(let text) = value, text == totalLabel {
                total.append(row)
            } else {
                rows[value.text ?? "", default: []].append(row)
            }
        }
        return (rows, total)
    }

    /// Each value as an axis would label it: a bin as its interval, years without separators, numbers at one
    /// shared precision, dates by what changes between them, text as it is; null as the locale's word for missing
    /// (SPEC §19.9: `n/a`, `k. A.`).
    static func titles(_ values: [Value], column: Column, locale: ChartLocale) -> [String] {
        if let step = column.binStep, step > 0 {
            return values.map { $0.numberValue.map { BinnedChannel.label($0, step: step) } ?? locale.missingWord }
        }
        switch column.type {
        case .number:
            let numbers = values.compactMap(\.numberValue)
            let years = numbers.allSatisfy { $0 == $0.rounded() && $0 >= 1000 && $0 <= 2999 }
            let labels = TickLabels(kind: years ? .years : .number, locale: locale).labels(numbers)
            var next = labels.makeIterator()
            return values.map { $0.numberValue == nil ? locale.missingWord : (next.next() ?? "") }
        case .date:
            var instants: [Double] = []
            for value in values { if case .date(let ms) = value { instants.append(Double(ms)) } }
            let labels = TickLabels(kind: .dates, locale: locale).labels(instants)
            var next = labels.makeIterator()
            return values.map { value in
                if case .date = value { return next.next() ?? "" }
                return locale.missingWord
            }
        default:
            return values.map { $0.text ?? locale.missingWord }
        }
    }
}
