import ChartDiagnostics

/// What the layout engine itself can report besides `ScaleError` (what only the rows reveal about a scale): a
/// chart that reached layout without passing the checking stage's verdict on it. A user never sees it unless
/// chartc has a bug; it is a diagnostic rather than a crash so a build fails cleanly.
public enum LayoutDiagnostic: KindedDiagnosticMessage {
    /// A channel names a field the table does not have, which `encoding-unknown-field` should have caught.
    case uncheckedField(channel: String, field: String)
    /// A layered spec reached layout without one table per layer (a caller ran `Pipeline.run`, not `runLayers`).
    case layersWithoutRows(layers: Int, tables: Int)
    /// Labels `mark.labels` asked for that found no room, even in the smallest font (an arc's thinnest slices).
    case labelsLeftOut(count: Int, texts: [String])
    /// Labels of text marks on a map (SPEC §22) that found no place clear of the other labels and the points.
    case mapLabelsLeftOut(count: Int, texts: [String])
    /// Rows of a map's points or labels (SPEC §22) with no place (a null longitude or latitude) or a place the
    /// projection does not show (the back of a globe, outside albersUsa's boxes): not drawn, counted.
    case placesLeftOut(mark: String, missing: Int, clipped: Int, projection: String)

    public enum Kind: String, DiagnosticKind {
        case uncheckedField = "layout-unchecked-field"
        case layersWithoutRows = "layout-layers-without-rows"
        case labelsLeftOut = "labels-left-out"
        case placesLeftOut = "places-left-out"

        public static let domain = "ChartLayout"
        public var severity: Severity { self == .labelsLeftOut || self == .placesLeftOut ? .warning : .error }
    }

    public var kind: Kind {
        switch self {
        case .uncheckedField: .uncheckedField
        case .layersWithoutRows: .layersWithoutRows
        case .labelsLeftOut, .mapLabelsLeftOut: .labelsLeftOut
        case .placesLeftOut: .placesLeftOut
        }
    }

    public var message: String {
        switch self {
        case .uncheckedField(let channel, let field):
            "internal error: the \(channel) channel's field '\(field)' is not in the table the chart was checked against; please report this"
        case .layersWithoutRows(let layers, let tables):
            "internal error: the spec has \(layers) layers but layout was given rows for \(tables); please report this"
        case .labelsLeftOut(let count, let texts):
            "\(count) label\(count == 1 ? "" : "s") found no room even at the smallest size and \(count == 1 ? "is" : "are") left out ("
                + texts.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (texts.count > 5 ? ", …" : "")
                + "); the legend still names \(count == 1 ? "it" : "them"): make the chart taller, or group the smallest slices as \"Other\""
        case .mapLabelsLeftOut(let count, let texts):
            "\(count) map label\(count == 1 ? "" : "s") found no place clear of the other labels and the points and \(count == 1 ? "is" : "are") left out ("
                + texts.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (texts.count > 5 ? ", …" : "")
                + "): label fewer places (a \"filter\" on the text layer), or make the map larger"
        case .placesLeftOut(let mark, let missing, let clipped, let projection):
            Self.placesLeftOutMessage(mark: mark, missing: missing, clipped: clipped, projection: projection)
        }
    }
}

extension LayoutDiagnostic {
    /// One warning for the labels a plot left out (none when it left none), at the `mark.labels` that asked for them.
    static func labelsLeftOut(_ leftOut: [(text: String, span: SourceSpan?)], path: String) -> [Diagnostic] {
        guard let first = leftOut.first else { return [] }
        let message = LayoutDiagnostic.labelsLeftOut(count: leftOut.count, texts: leftOut.map(\.text))
        guard let span = first.span else { return [Diagnostic(message, path: path)] }
        return [Diagnostic(message, at: span)]
    }

    /// One warning for the map labels a plot left out, at the `text` channel that wrote them.
    static func mapLabelsLeftOut(_ leftOut: [(text: String, span: SourceSpan?)], path: String) -> [Diagnostic] {
        guard let first = leftOut.first else { return [] }
        let message = LayoutDiagnostic.mapLabelsLeftOut(count: leftOut.count, texts: leftOut.map(\.text))
        guard let span = first.span else { return [Diagnostic(message, path: path)] }
        return [Diagnostic(message, at: span)]
    }
}

extension LayoutDiagnostic {
    static func placesLeftOutMessage(mark: String, missing: Int, clipped: Int, projection: String) -> String {
        func rows(_ n: Int) -> String { n == 1 ? "1 row" : "\(n) rows" }
        var parts: [String] = []
        if missing > 0 { parts.append("\(rows(missing)) without a longitude or latitude") }
        if clipped > 0 {
            let where_ =
                projection == "albersUsa"
                ? "outside the United States, which albersUsa does not show"
                : projection == "orthographic" ? "on the far side of the globe" : "where the \(projection) projection shows nothing"
            parts.append("\(rows(clipped)) placed \(where_)")
        }
        let total = missing + clipped
        let fix =
            clipped > 0
            ? (projection == "orthographic" ? "turn the globe with \"rotate\"" : "choose a projection that shows them") + " or filter them out"
            : "fill in the places or filter those rows out"
        return "\(total == 1 ? "a" : String(total)) \(mark) mark\(total == 1 ? " is" : "s are") not drawn: " + parts.joined(separator: ", ")
            + "; \(fix)"
    }

    /// One warning per layer that left rows off the map, at its `longitude` channel.
    static func placesLeftOut(_ models: [PlotModel], scales: PlotScales) -> [Diagnostic] {
        guard let map = scales.map else { return [] }
        var found: [Diagnostic] = []
        for model in models {
            guard let longitude = model.longitude, let latitude = model.latitude else { continue }
            var missing = 0
            var clipped = 0
            for series in model.series {
                for row in series.rows {
                    // A route (a rule, SPEC §22) is left out when it has no two ends, or the projection shows none of it.
                    if model.markType == .rule {
                        guard let route = MapFrame.route(model, row) else {
                            missing += 1
                            continue
                        }
                        if map.path(route).parts.allSatisfy({ $0.points.isEmpty }) { clipped += 1 }
                        continue
                    }
                    guard let lon = longitude.number(row), let lat = latitude.number(row), lon.isFinite, lat.isFinite else {
                        missing += 1
                        continue
                    }
                    if map.place(lon, lat) == nil { clipped += 1 }
                }
            }
            guard missing + clipped > 0 else { continue }
            let projection = (model.spec.projection?.options.type ?? .equalEarth).rawValue
            let message = LayoutDiagnostic.placesLeftOut(
                mark: model.markType.rawValue, missing: missing, clipped: clipped, projection: projection)
            if let span = model.spec.encoding.longitude?.span {
                found.append(Diagnostic(message, at: span))
            } else {
                found.append(Diagnostic(message, path: model.spec.file.path))
            }
        }
        return found
    }
}
