import ChartDiagnostics

/// What the checking stage finds wrong across the layers of a chart (SPEC §11) that no single layer shows: one
/// scale serves each channel in every layer, so the layers must agree on what the channel measures.
public enum LayerDiagnostic: KindedDiagnosticMessage {
    /// A channel is `kind` in this layer but `earlierKind` in layer `earlierLayer`.
    case channelTypeConflict(channel: String, layer: Int, kind: String, earlierLayer: Int, earlierKind: String)

    public enum Kind: String, DiagnosticKind {
        case channelTypeConflict = "layer-channel-type-conflict"

        public static let domain = "ChartSemantics"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .channelTypeConflict: .channelTypeConflict
        }
    }

    public var message: String {
        switch self {
        case .channelTypeConflict(let channel, let layer, let kind, let earlierLayer, let earlierKind):
            "'\(channel)' is \(kind) in layer \(layer), but layer \(earlierLayer) draws it as \(earlierKind): layers share one scale per channel, so it must measure the same kind of values in every layer (make the fields agree, or set \"type\" the same in both)"
        }
    }
}
