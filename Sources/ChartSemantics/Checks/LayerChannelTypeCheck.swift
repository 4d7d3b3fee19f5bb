import ChartDiagnostics
import ChartSpec

/// One scale per channel across layers (SPEC §11): a position, color or size channel that is quantitative in one
/// layer and categorical or temporal in another cannot share it. Reported at the later layer's channel (x2 and
/// y2 share the x and y scales). Runs over the whole chart's context, after each layer was checked on its own.
struct LayerChannelTypeCheck {
    /// What a scale holds, as far as the layers can disagree.
    enum Measure: String {
        case quantitative, temporal, categorical = "categories (nominal or ordinal)"
    }

    static func measure(_ channel: ChannelDef, in context: SemanticContext) -> Measure? {
        guard let discrete = context.isDiscrete(channel) else { return nil }
        if discrete { return .categorical }
        guard let temporal = context.isTemporal(channel) else { return nil }
        return temporal ? .temporal : .quantitative
    }

    static func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let scales: [(name: String, channels: [ChannelName])] = [
            ("x", [.x, .x2]), ("y", [.y, .y2]), ("color", [.color]), ("size", [.size])
        ]
        for scale in scales {
            var first: (layer: Int, measure: Measure)?
            for layer in context.layers {
                guard let index = layer.layerIndex else { continue }
                for name in scale.channels {
                    guard let channel = layer.spec.encoding[name], channel.field != nil,
                        !(name == .color && channel.along != nil),
                        let measure = measure(channel, in: layer)
                    else { continue }
                    guard let earlier = first else {
                        first = (index, measure)
                        continue
                    }
                    if earlier.measure != measure {
                        diagnostics.append(
                            Diagnostic(
                                LayerDiagnostic.channelTypeConflict(
                                    channel: layer.path(of: channel), layer: index, kind: measure.rawValue,
                                    earlierLayer: earlier.layer, earlierKind: earlier.measure.rawValue),
                                at: channel.type?.span ?? channel.field?.span ?? channel.span
                            ))
                    }
                }
            }
        }
    }
}
