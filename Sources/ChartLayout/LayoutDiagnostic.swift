import ChartDiagnostics

/// What the layout engine itself can report besides `ScaleError` (what only the rows reveal about a scale): a
/// chart that reached layout without passing the checking stage's verdict on it. A user never sees it unless
/// chartc has a bug; it is a diagnostic rather than a crash so a build fails cleanly.
public enum LayoutDiagnostic: KindedDiagnosticMessage {
    /// A channel names a field the table does not have, which `encoding-unknown-field` should have caught.
    case uncheckedField(channel: String, field: String)
    /// A layered spec reached layout without one table per layer (a caller ran `Pipeline.run`, not `runLayers`).
    case layersWithoutRows(layers: Int, tables: Int)

    public enum Kind: String, DiagnosticKind {
        case uncheckedField = "layout-unchecked-field"
        case layersWithoutRows = "layout-layers-without-rows"

        public static let domain = "ChartLayout"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .uncheckedField: .uncheckedField
        case .layersWithoutRows: .layersWithoutRows
        }
    }

    public var message: String {
        switch self {
        case .uncheckedField(let channel, let field):
            "internal error: the \(channel) channel's field '\(field)' is not in the table the chart was checked against; please report this"
        case .layersWithoutRows(let layers, let tables):
            "internal error: the spec has \(layers) layers but layout was given rows for \(tables); please report this"
        }
    }
}
