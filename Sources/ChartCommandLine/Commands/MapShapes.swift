import ChartData
import ChartGeo
import ChartValues

/// The shapes of a layered map (SPEC §22) in one list: the top-level data's first, then each layer's own (a
/// layer's `geometry` indexes shifted past those before it), so every layer's rows point into the one list the
/// spec carries to layout (`ChartSpec.geometries`).
enum MapShapes {
    static let geometryField = "geometry"

    static func combine(top: [GeoGeometry], layers: [(table: Table, geometries: [GeoGeometry])]) -> ([GeoGeometry], [Table]) {
        var all = top
        var tables: [Table] = []
        for (table, geometries) in layers {
            guard !geometries.isEmpty, let column = table.column(named: geometryField), column.type == .number else {
                tables.append(table)
                continue
            }
            let offset = Double(all.count)
            all += geometries
            let shifted = Column(
                name: geometryField, type: .number,
                values: (0..<column.count).map { column.isNull($0) ? .null : .number((column[$0].numberValue ?? 0) + offset) })
            tables.append(Table(columns: table.columns.map { $0.name == geometryField ? shifted : $0 }, rowCount: table.rowCount))
        }
        return (all, tables)
    }
}
