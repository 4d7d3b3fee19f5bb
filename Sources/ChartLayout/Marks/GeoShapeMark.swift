import ChartGeo
import ChartSpec

/// `geoshape` (SPEC §22): each row's shape through the plot's map projection (`MapFrame`), as
/// `<path class="chartc-region" data-id="ID">`. Areas are filled by `color` (a choropleth) with thin borders in
/// the background's color; lines (a `mesh`, a graticule) are stroked, not filled.
enum GeoShapeMark: Mark {
    static var type: MarkType { .geoshape }

    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        guard let projection = context.scales.map else { return [] }
        let ids = context.model.table.column(named: "id")
        let strokeWidth = context.mark.strokeWidth?.value
        var nodes: [SceneNode] = []
        for row in series.rows {
            guard let geometry = MapFrame.geometry(context.model, row), let path = MapFrame.path(context.model, row, projection: projection)
            else { continue }
            let d = MapFrame.svgPath(path)
            guard !d.isEmpty else { continue }
            var data: [DataAttribute] = []
            if let ids, row < ids.count, !ids.isNull(row), let id = ids[row].text { data.append(DataAttribute("id", id)) }
            data += context.rowData(row)
            let paint = context.paint(row, series: series)
            if MapFrame.isLines(geometry) {
                nodes.append(
                    .path(
                        PathNode(
                            d: d, fill: .none, stroke: Stroke(paint, width: strokeWidth ?? 0.75, join: .round), opacity: context.opacity(),
                            classes: ["chartc-geoline"], data: data)))
            } else {
                let border = Stroke(.color(context.theme.background), width: strokeWidth ?? 0.5, join: .round)
                nodes.append(
                    .path(
                        PathNode(
                            d: d, fill: paint, stroke: (strokeWidth ?? 0.5) > 0 ? border : nil, opacity: context.opacity(),
                            classes: ["chartc-region"],
                            data: data)))
            }
        }
        return nodes
    }
}
