import ChartData
import ChartFormat
import ChartSpec
import ChartValues

/// A sparkline column's lines (SPEC §24): for each row of the table, the points of its `from` rows whose `key`
/// equals the row's, in `x` order; one x scale for every row and, unless `"scale": "independent"`, one y scale,
/// so equal values sit at equal heights in every row and rows compare.
struct SparklineSet {
    struct Point {
        var x: Double
        var y: Double
    }

    /// Per row of the table (its index in the pipeline's output): the line's points, in x order.
    let series: [[Point]]
    let xLow: Double
    let xHigh: Double
    /// The y scale every row shares (ignored by an independent column).
    let yLow: Double
    let yHigh: Double
    let independent: Bool
    /// Per row: its last value as the column's `format` writes it.
    let lastTexts: [String?]

    init(column: TableColumn, from: SparklineSource, rows: Table, table: Table, locale: ChartLocale) {
        independent = column.scale?.value == .independent
        var byKey: [String: [Int]] = [:]
        let keyColumn = rows.column(named: from.key.value)
        let xColumn = rows.column(named: from.x.value)
        let yColumn = rows.column(named: from.y.value)
        if let keyColumn {
            for row in 0..<rows.rowCount {
                guard let key = keyColumn[row].text else { continue }
                byKey[key, default: []].append(row)
            }
        }
        let tableKeys = table.column(named: from.key.value)
        var series: [[Point]] = []
        var lastValues: [Double?] = []
        for row in 0..<table.rowCount {
            var points: [Point] = []
            if let key = tableKeys?[row].text, let xColumn, let yColumn {
                for index in byKey[key] ?? [] {
                    guard let x = Self.number(xColumn[index]), let y = Self.number(yColumn[index]) else { continue }
                    points.append(Point(x: x, y: y))
                }
            }
            // Stable: points of equal x keep the file's order.
            points = points.enumerated().sorted { $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset }.map(\.element)
            series.append(points)
            lastValues.append(points.last?.y)
        }
        self.series = series
        let all = series.flatMap { $0 }
        xLow = all.map(\.x).min() ?? 0
        xHigh = all.map(\.x).max() ?? 1
        yLow = all.map(\.y).min() ?? 0
        yHigh = all.map(\.y).max() ?? 1
        let pattern = column.format?.patternText.flatMap { try? NumberFormat(parsing: $0) }
        let affixes = column.format?.affixes ?? .none
        // Without a format, large values read in the short scale (`25.5T`), the way a sparkline's label has room for.
        let compact = try? NumberFormat(parsing: ".3~S")
        lastTexts = lastValues.map { value in
            value.map { value in
                if let pattern { return affixes.apply(pattern.format(value, locale: locale)) }
                if abs(value) >= 100_000, let compact { return affixes.apply(compact.format(value, locale: locale)) }
                return affixes.apply(TooltipData.defaultNumber(value, locale: locale))
            }
        }
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .number(let number): number.isFinite ? number : nil
        case .date(let milliseconds): Double(milliseconds)
        default: nil
        }
    }

    /// The y range a row's line is drawn over: the column's, or the row's own when independent.
    func yRange(row: Int) -> (low: Double, high: Double) {
        guard independent, series.indices.contains(row), let low = series[row].map(\.y).min(), let high = series[row].map(\.y).max() else {
            return (yLow, yHigh)
        }
        return (low, high)
    }

    /// The line of one row in `box` (the line's area): its path data and its last point.
    func line(row: Int, box: Box) -> (path: String, end: (x: Double, y: Double))? {
        guard series.indices.contains(row), let last = series[row].last else { return nil }
        let (low, high) = yRange(row: row)
        func x(_ value: Double) -> Double { xHigh > xLow ? box.x + (value - xLow) / (xHigh - xLow) * box.width : box.x + box.width }
        func y(_ value: Double) -> Double { high > low ? box.maxY - (value - low) / (high - low) * box.height : box.y + box.height / 2 }
        var path = ""
        for (index, point) in series[row].enumerated() {
            path += (index == 0 ? "M" : "L") + SceneNumber.format(x(point.x)) + "," + SceneNumber.format(y(point.y))
        }
        return (path, (x(last.x), y(last.y)))
    }
}
