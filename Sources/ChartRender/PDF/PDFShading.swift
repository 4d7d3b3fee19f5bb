import ChartColor
import ChartLayout

/// A `LinearGradient` as a PDF axial shading (type 2): the same two points, the stops as a stitching function
/// of linear color ramps, extended past both ends as SVG pads. Painted with `sh` inside a clip to the mark, so
/// every bar shows its own part of one shared ramp. Stop opacities are not carried (a shading has no alpha;
/// the layout's ramps are opaque).
enum PDFShading {
    /// The shading dictionary, in the coordinates where `sh` is used; `bounds` maps `objectBoundingBox` units.
    static func dictionary(_ gradient: LinearGradient, bounds: Box?) -> String? {
        var stops: [(offset: Double, color: Color)] = gradient.stops.compactMap { stop in
            Color(css: stop.color).map { (min(1, max(0, stop.offset.isFinite ? stop.offset : 0)), $0) }
        }
        guard let first = stops.first, let last = stops.last else { return nil }
        // SVG: each offset is at least the one before; colors before the first stop and after the last are flat.
        for index in stops.indices.dropFirst() where stops[index].offset < stops[index - 1].offset {
            stops[index].offset = stops[index - 1].offset
        }
        if first.offset > 0 { stops.insert((0, first.color), at: 0) }
        if last.offset < 1 { stops.append((1, last.color)) }
        if stops.count == 1 { stops.append((1, first.color)) }
        var x1 = gradient.x1, y1 = gradient.y1, x2 = gradient.x2, y2 = gradient.y2
        if gradient.units == .objectBoundingBox {
            guard let bounds else { return nil }
            x1 = bounds.x + x1 * bounds.width
            x2 = bounds.x + x2 * bounds.width
            y1 = bounds.y + y1 * bounds.height
            y2 = bounds.y + y2 * bounds.height
        }
        if x1 == x2 && y1 == y2 { x2 += 0.001 }
        func rgb(_ color: Color) -> String {
            "[" + [color.red, color.green, color.blue].map { PDFSyntax.number($0, decimals: 4) }.joined(separator: " ") + "]"
        }
        func ramp(_ a: Color, _ b: Color) -> String {
            "<< /FunctionType 2 /Domain [0 1] /C0 " + rgb(a) + " /C1 " + rgb(b) + " /N 1 >>"
        }
        var function: String
        if stops.count == 2 {
            function = ramp(stops[0].color, stops[1].color)
        } else {
            var functions: [String] = []
            var bounds: [String] = []
            var encode: [String] = []
            for index in 0..<(stops.count - 1) {
                functions.append(ramp(stops[index].color, stops[index + 1].color))
                encode.append("0 1")
                if index > 0 { bounds.append(PDFSyntax.number(stops[index].offset, decimals: 4)) }
            }
            function =
                "<< /FunctionType 3 /Domain [0 1] /Functions [" + functions.joined(separator: " ") + "] /Bounds ["
                + bounds.joined(separator: " ") + "] /Encode [" + encode.joined(separator: " ") + "] >>"
        }
        return "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords ["
            + [x1, y1, x2, y2].map { PDFSyntax.number($0, decimals: 3) }.joined(separator: " ")
            + "] /Function " + function + " /Extend [true true] >>"
    }
}
