import ChartDiagnostics
import ChartJSON

/// `resolve` (SPEC §20): `{ "x"/"y": "shared" | "independent" }`, strictly. `independent` is drawn over exactly
/// two layers that have the channel (the first on the left or bottom axis, the second on the right or top), so
/// anywhere else it is an error at its line:col (`resolve-layers`), never a key that passes and changes nothing.
extension SpecDecoder {
    mutating func decodeResolve(_ member: JSONMember, layers: [LayerSpec], encoding: Encoding) -> ResolveSpec? {
        let value = member.value
        guard
            let object = object(value, path: "resolve", keys: SpecKeys.resolve, expected: "an object such as { \"y\": \"independent\" }")
        else { return nil }
        var resolve = ResolveSpec(span: value.span)
        let aliases = [
            "same": "shared", "common": "shared", "free": "independent", "separate": "independent", "own": "independent", "dual": "independent"
        ]
        for name in [ChannelName.x, .y] {
            guard let entry = object[name.rawValue],
                let sharing = enumValue(
                    entry.value, path: "resolve.\(name.rawValue)", what: "scale sharing", as: FacetScaleSharing.self, aliases: aliases)
            else { continue }
            var channel = ResolveSpec.Channel(sharing: sharing)
            if sharing.value == .independent {
                if layers.isEmpty {
                    report(SpecDiagnostic.resolveWithoutLayers(channel: name.rawValue), at: entry.value.span)
                    continue
                }
                for layer in layers {
                    let removed = layer.removed.contains { $0.value == name }
                    guard let definition = layer.encoding[name] ?? (removed ? nil : encoding[name]) else { continue }
                    channel.layers.append(layer.writtenIndex ?? layer.index)
                    channel.fields.append(definition.field)
                }
                if channel.layers.count != 2 {
                    report(SpecDiagnostic.resolveLayerCount(channel: name.rawValue, count: channel.layers.count), at: entry.value.span)
                    continue
                }
            }
            if name == .x { resolve.x = channel } else { resolve.y = channel }
        }
        return resolve
    }
}
