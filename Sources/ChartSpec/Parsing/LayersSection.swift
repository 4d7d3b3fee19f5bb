import ChartDiagnostics
import ChartFormat
import ChartJSON

/// `layers` (SPEC §11): a non-empty array of layers, each `{ mark, encoding, filter, calculate, groupBy,
/// aggregate, total, complete, sort, window, windowBy, data }` with only `mark` required, as strict as the top level.
extension SpecDecoder {
    mutating func decodeLayers(_ value: JSONValue) -> [LayerSpec] {
        guard case .array(let items) = value.kind else {
            wrongType(value, path: "layers", expected: "an array of layers such as [{ \"mark\": \"line\" }, { \"mark\": \"point\" }]")
            return []
        }
        if items.isEmpty {
            report(SpecDiagnostic.emptyLayers, at: value.span)
            return []
        }
        if items.count > LayerSpec.limit {
            report(SpecDiagnostic.tooManyLayers(count: items.count), at: items[LayerSpec.limit].span)
            return []
        }
        var layers: [LayerSpec] = []
        var complete = true
        for (index, item) in items.enumerated() {
            if let layer = decodeLayer(item, index: index) {
                layers.append(layer)
            } else {
                complete = false
            }
        }
        // A layer that could not be read leaves the others unusable by index: the spec fails as a whole.
        return complete ? layers : []
    }

    private mutating func decodeLayer(_ value: JSONValue, index: Int) -> LayerSpec? {
        let path = "layers[\(index)]"
        guard let object = object(value, path: path, keys: SpecKeys.layer, expected: "a layer such as { \"mark\": \"line\" }") else { return nil }
        var mark: MarkSpec?
        if let member = object["mark"] {
            mark = decodeMark(member.value, path: object.path("mark"))
        } else if !object.hasMisspelling(of: "mark") {
            missingKey(.missingLayerMark(path: path), at: value.span)
        }
        var encoding = Encoding()
        var removed: [Located<ChannelName>] = []
        if let member = object["encoding"] {
            (encoding, removed) = decodeEncoding(member.value, path: object.path("encoding"), allowsRemoval: true)
        }
        let data = object["data"].flatMap { decodeData($0.value, path: object.path("data")) }
        let pipeline = decodePipeline(object, prefix: path)
        let statistics = decodeStatistics(object, prefix: path)
        for key in ["total", "complete"] {
            if let member = object[key], object["aggregate"] == nil {
                report(SpecDiagnostic.layerAggregationKey(path: path, key: key), at: member.keySpan)
            }
        }
        guard let mark else { return nil }
        var layer = LayerSpec(index: index, mark: mark, span: value.span)
        layer.encoding = encoding
        layer.removed = removed
        layer.filter = pipeline.filter
        layer.calculate = pipeline.calculate
        layer.groupBy = pipeline.groupBy
        layer.aggregate = pipeline.aggregate
        layer.hasAggregate = pipeline.hasAggregate
        layer.statistics = statistics
        layer.total = pipeline.total
        layer.complete = pipeline.complete
        layer.sort = pipeline.sort
        layer.window = pipeline.window
        layer.windowBy = pipeline.windowBy
        layer.hasWindow = object["window"] != nil
        layer.data = data
        return layer
    }
}
