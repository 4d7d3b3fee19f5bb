import ChartLayout

extension TooltipData {
    /// `{"heading":0,"fields":["party","year"],"rows":[["Democrats","1949"],…]}`, safe inside a `<script>`.
    var json: String {
        var out = "{\"heading\":" + (heading.map(String.init) ?? "null") + ",\"fields\":["
        out += fields.map { PageEscaping.scriptJSONString($0.label) }.joined(separator: ",")
        out += "],\"rows\":[\n"
        for (index, row) in values.enumerated() {
            let missing = absent.indices.contains(index) ? absent[index] : []
            out +=
                "["
                + row.enumerated().map { position, value in
                    missing.contains(position) ? "false" : value.map(PageEscaping.scriptJSONString) ?? "null"
                }.joined(separator: ",") + "]"
            out += index + 1 < values.count ? ",\n" : "\n"
        }
        out += "]}"
        return out
    }
}
