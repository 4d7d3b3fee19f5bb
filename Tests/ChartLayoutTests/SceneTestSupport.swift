import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
@testable import ChartLayout

/// Specs and tables built in code for layout tests.
enum Fixture {
    static let file = SourceFile(path: "test.chart.json", text: "{}")

    static func spec(_ mark: MarkType) -> ChartSpec {
        ChartSpec(file: file, data: DataSource(origin: .url(Located("data.csv", at: nil))), mark: MarkSpec(type: Located(mark, at: nil)))
    }

    static func channel(_ name: ChannelName, _ field: String, type: MeasureType? = nil, title: TitleSetting = .automatic) -> ChannelDef {
        var def = ChannelDef(channel: name, field: Located(field, at: nil))
        def.type = type.map { Located($0, at: nil) }
        def.title = title
        return def
    }

    static func numbers(_ name: String, _ values: [Double?]) -> Column {
        Column(name: name, type: .number, values: values.map { $0.map(Value.number) ?? .null })
    }

    static func strings(_ name: String, _ values: [String]) -> Column {
        Column(name: name, type: .string, values: values.map(Value.string))
    }

    /// Every rect with a class, in paint order, with the plot offset applied.
    static func rects(_ scene: Scene, class className: String) -> [RectNode] {
        scene.nodes(withClass: className).compactMap { node in
            if case .rect(let rect) = node { return rect }
            return nil
        }
    }

    static func paths(_ scene: Scene, class className: String) -> [PathNode] {
        scene.nodes(withClass: className).compactMap { node in
            if case .path(let path) = node { return path }
            return nil
        }
    }

    /// The first baseline line of the plot (a bar chart's zero).
    static func baseline(_ scene: Scene) -> LineNode? {
        for node in scene.nodes(withClass: "chartc-baseline") {
            if case .line(let line) = node { return line }
        }
        return nil
    }
}
