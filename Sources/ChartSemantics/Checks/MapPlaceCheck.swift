import ChartDiagnostics
import ChartSpec

/// A mark placed on a map (SPEC §22) by `longitude` and `latitude` is placed by the projection: `x`/`y` beside them
/// would place it twice, one of the two alone places it nowhere, and a place must be numbers (degrees). Each is
/// refused at the channel the user wrote, rather than drawing something else than what was asked. A `rule` on a
/// map runs from `longitude`/`latitude` to `longitude2`/`latitude2`, so it needs all four: with only one end,
/// Vega-Lite draws it to a corner of the plot, which means nothing on a map.
struct MapPlaceCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.mapPlace
    let summary = "A map place (longitude/latitude; a rule's other end, longitude2/latitude2) that is half given, given beside x/y, or not numbers."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        let mark = context.spec.mark.type.value
        let ends = [encoding.longitude2, encoding.latitude2]
        guard mark.traits.draws(.longitude), encoding.longitude != nil || encoding.latitude != nil || ends.contains(where: { $0 != nil }) else {
            return
        }
        let place = [encoding.longitude, encoding.latitude, encoding.longitude2, encoding.latitude2].compactMap { $0 }
        for position in [encoding.x, encoding.y, encoding.x2, encoding.y2].compactMap({ $0 }) {
            let name = position.channel.rawValue
            diagnostics.append(
                diagnostic(
                    "the \(mark.rawValue) marks are placed on the map by \"longitude\" and \"latitude\", so \"\(name)\" would place them twice: remove \"\(name)\"",
                    at: context.member("encoding", name)?.keySpan ?? position.span))
        }
        if mark.traits.draws(.longitude2) {
            if encoding.longitude2 == nil && encoding.latitude2 == nil, encoding.longitude != nil || encoding.latitude != nil {
                let given = encoding.longitude != nil ? "longitude" : "latitude"
                diagnostics.append(
                    diagnostic(
                        "a \(mark.rawValue) on a map runs from one place to another, and these have no other end: add \"longitude2\" and \"latitude2\" (e.g. \"longitude2\": { \"field\": \"lon_to\" }, \"latitude2\": { \"field\": \"lat_to\" }), or draw the places as points",
                        at: context.member("encoding", given)?.keySpan ?? place.first?.span ?? context.fileStart))
            } else if encoding.longitude2 == nil || encoding.latitude2 == nil {
                let (given, missing) = encoding.longitude2 == nil ? ("latitude2", "longitude2") : ("longitude2", "latitude2")
                diagnostics.append(
                    diagnostic(
                        "the \(mark.rawValue) marks have only half an end on the map: \"\(given)\" needs \"\(missing)\" beside it",
                        at: context.member("encoding", given)?.keySpan ?? place.first?.span ?? context.fileStart))
            }
        }
        if encoding.longitude == nil && encoding.latitude == nil {
            // Only the other end (a rule's `longitude2`/`latitude2`): no start.
            let given = encoding.longitude2 != nil ? "longitude2" : "latitude2"
            diagnostics.append(
                diagnostic(
                    "the \(mark.rawValue) marks have an end on the map but no start: \"\(given)\" needs \"longitude\" and \"latitude\" beside it, where each \(mark.rawValue) starts",
                    at: context.member("encoding", given)?.keySpan ?? place.first?.span ?? context.fileStart))
        } else if encoding.longitude == nil || encoding.latitude == nil {
            let (given, missing) = encoding.longitude == nil ? ("latitude", "longitude") : ("longitude", "latitude")
            diagnostics.append(
                diagnostic(
                    "the \(mark.rawValue) marks have only half a place on the map: \"\(given)\" needs \"\(missing)\" beside it, e.g. \"longitude\": { \"field\": \"lon\" }, \"latitude\": { \"field\": \"lat\" }",
                    at: context.member("encoding", given)?.keySpan ?? place.first?.span ?? context.fileStart))
        }
        for channel in place {
            guard let field = channel.field, let type = context.resolved[channel.channel]?.type, type != .quantitative else { continue }
            diagnostics.append(
                diagnostic(
                    "\"\(channel.channel.rawValue)\" is a place in degrees, so it needs numbers, and '\(field.value)' is \(type.rawValue): give the field of its degrees (e.g. -122.33, 47.61)",
                    at: channel.type?.span ?? field.span))
        }
    }
}
