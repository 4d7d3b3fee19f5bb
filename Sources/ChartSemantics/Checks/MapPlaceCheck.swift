import ChartDiagnostics
import ChartSpec

/// A mark placed on a map (SPEC §22) by `longitude` and `latitude` is placed by the projection: `x`/`y` beside them
/// would place it twice, one of the two alone places it nowhere, and a place must be numbers (degrees). Each is
/// refused at the channel the user wrote, rather than drawing something else than what was asked.
struct MapPlaceCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.mapPlace
    let summary = "A map place (longitude/latitude) that is half given, given beside x/y, or not numbers."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        let mark = context.spec.mark.type.value
        guard mark.traits.draws(.longitude), encoding.longitude != nil || encoding.latitude != nil else { return }
        let place = [encoding.longitude, encoding.latitude].compactMap { $0 }
        for position in [encoding.x, encoding.y, encoding.x2, encoding.y2].compactMap({ $0 }) {
            let name = position.channel.rawValue
            diagnostics.append(
                diagnostic(
                    "the \(mark.rawValue) marks are placed on the map by \"longitude\" and \"latitude\", so \"\(name)\" would place them twice: remove \"\(name)\"",
                    at: context.member("encoding", name)?.keySpan ?? position.span))
        }
        if encoding.longitude == nil || encoding.latitude == nil {
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
