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

    public enum Kind: String, DiagnosticKind {
        case uncheckedField = "layout-unchecked-field"
        case layersWithoutRows = "layout-layers-without-rows"
        case labelsLeftOut = "labels-left-out"

        public static let domain = "ChartLayout"
        public var severity: Severity { self == .labelsLeftOut ? .warning : .error }
    }

    public var kind: Kind {
        switch self {
        case .uncheckedField: .uncheckedField
        case .layersWithoutRows: .layersWithoutRows
        case .labelsLeftOut: .labelsLeftOut
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
}
