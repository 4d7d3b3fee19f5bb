/// The keys of every object in a chart spec, in the order SPEC.md writes them. The parser uses these lists to
/// recognize keys and suggest corrections; `chartc fmt` uses the same order to lay out a spec, so a formatted
/// file reads top to bottom the way the pipeline runs (load → calculate → filter → group → mark → encode → text).
/// Keys starting with `$` are allowed anywhere and ignored; of those only `$schema` is listed, first, where `fmt`
/// puts it.
public enum SpecKeys {
    /// SPEC §2.
    public static let topLevel = [
        "$schema", "title", "subtitle", "data", "each", "fold", "pivot", "lookup", "flatten", "calculate", "filter", "quantile", "density",
        "regression",
        "groupBy",
        "aggregate", "total", "complete", "sort",
        "window", "windowBy", "keep",
        "projection", "mark", "layers", "encoding", "table", "resolve", "annotations", "facet", "legend", "notes", "sources", "byline", "alt",
        "width", "height", "theme", "locale", "outputs"
    ]
    /// SPEC §20: the keys that make a graphic of several views, after `topLevel`'s.
    public static let views = ["concat", "repeat", "columns"]
    /// SPEC §20 (one entry of `concat`): a chart's keys without the page text.
    public static let view = topLevel.filter {
        !["$schema", "each", "subtitle", "notes", "sources", "byline", "alt", "theme", "locale", "table", "outputs"].contains($0)
    }
    /// SPEC §11 (one entry of `layers`): the mark and encoding first, then the layer's own rows and pipeline in
    /// the order they run, its `filter` (applied last) at the end.
    public static let layer = [
        "mark", "encoding", "data", "calculate", "quantile", "density", "regression", "groupBy", "aggregate", "total", "complete", "sort", "window",
        "windowBy", "filter"
    ]
    /// SPEC §23: a batch, one chart per value.
    public static let each = ["field", "values", "as"]
    /// SPEC §23 (one preset of `outputs`, in a spec or a theme).
    public static let outputPreset = ["format", "width", "height", "variant", "scale"]
    /// SPEC §24 (`table`).
    public static let table = ["columns", "sort", "rows", "search"]
    /// SPEC §24 (one entry of `table.columns`).
    public static let tableColumn = ["field", "title", "format", "display", "scheme", "from", "scale", "width", "align"]
    /// SPEC §24 (a sparkline column's `from`).
    public static let sparklineFrom = ["data", "key", "x", "y"]
    /// SPEC §21: the statistics steps' options.
    public static let quantile = ["field", "probs", "groupBy"]
    public static let density = ["field", "groupBy", "bandwidth", "extent", "steps", "cumulative", "counts"]
    public static let regression = ["x", "y", "method", "order", "bandwidth", "groupBy", "steps", "ci", "params"]
    /// SPEC §20 (`resolve`): the position channels whose scales layers may keep apart.
    public static let resolve = ["x", "y"]
    /// SPEC §21 (`fold` as an object).
    public static let fold = ["fields", "as"]
    /// SPEC §21 (`flatten`).
    public static let flatten = ["fields", "as"]
    /// SPEC §21 (`pivot`).
    public static let pivot = ["field", "value", "groupBy", "op"]
    /// SPEC §22 (`projection`).
    public static let projection = ["type", "rotate", "center", "parallels", "scale", "translate"]
    /// SPEC §21 (`lookup`).
    public static let lookup = ["data", "on", "key", "fields", "as"]
    /// SPEC §3, §16 (`database` with `table` or `query`).
    public static let data = [
        "url", "values", "database", "table", "query", "basemap", "graticule", "sphere", "format", "feature", "mesh", "property", "parse"
    ]
    /// SPEC §6 (`mark` as an object).
    public static let mark = ["type"] + MarkOption.allCases.map(\.rawValue)
    /// SPEC §6 (`mark.labels` as an object).
    public static let labels = ["position", "angle", "format", "skipZero"]
    /// SPEC §21 (`mark.labels` of an `arc` as an object): the text template and the value's format.
    public static let arcLabels = ["text", "format"]
    /// SPEC §7: the channels.
    public static let encoding = [
        "x", "y", "x2", "y2", "color", "offset", "size", "opacity", "text", "detail", "order", "tooltip", "theta", "radius", "longitude", "latitude",
        "longitude2", "latitude2"
    ]
    /// SPEC §7: one channel. `value` (a constant instead of a field) follows Vega-Lite; `sort` (SPEC §20) orders
    /// `x`, `y` and `color`.
    public static let channel = ["field", "value", "type", "title", "scale", "axis", "sort", "format", "stack", "along"]
    /// SPEC §20: the `size` channel, which adds `legend` (its size legend) and has no `along`.
    public static let sizeChannel = ["field", "value", "type", "title", "scale", "axis", "legend", "format", "stack"]
    /// SPEC §20 (`legend` of the `size` channel as an object).
    public static let channelLegend = ["title", "values"]
    /// SPEC §7 (`scale`).
    public static let scale = ["type", "domain", "range", "scheme", "zero", "nice", "reverse", "bins"]
    /// SPEC §7 (`axis` as an object).
    public static let axis = ["position", "tickCount", "values", "format", "grid"]
    /// SPEC §2 (`legend` as an object).
    public static let legend = ["position", "title", "hidden"]
    /// SPEC §19.14 (`format` as an object).
    public static let format = ["number", "prefix", "suffix"]
    /// SPEC §19.8 (`width`/`height` as `{ "step": N }`).
    public static let size = ["step"]
    /// SPEC §13 (`facet`).
    public static let facet = ["field", "columns", "columnsNarrow", "sort", "x", "y"]
    /// SPEC §2 (one entry of `sources`).
    public static let source = ["title", "site", "url"]
    /// SPEC §12 (one entry of `annotations`): every key any type takes; `annotationKeys(for:)` says which apply.
    public static let annotation = [
        "type", "x", "y", "at", "layer", "text", "label", "position", "offset", "width", "connector", "style", "color", "panel"
    ]
    /// SPEC §12: the keys one type of annotation takes.
    public static func annotationKeys(for kind: Annotation.Kind) -> [String] {
        switch kind {
        case .rule: ["type", "x", "y", "label", "style", "color", "panel"]
        case .range: ["type", "x", "y", "label", "color", "panel"]
        case .text: ["type", "x", "y", "at", "layer", "text", "position", "offset", "width", "connector", "color", "panel"]
        }
    }

    /// Where a key belongs when it is written in the wrong object, for hints like "'interpolate' goes inside
    /// 'mark'". Checked in this order.
    static let homes: [(keys: [String], home: String)] = [
        (data, "'data'"),
        (mark, "'mark'"),
        (encoding, "'encoding'"),
        (channel, "a channel such as 'encoding.x'"),
        (scale, "a channel's 'scale'"),
        (axis, "a channel's 'axis'"),
        (legend, "'legend'"),
        (facet, "'facet'"),
        (layer, "a layer"),
        (topLevel, "the top level")
    ]
}
