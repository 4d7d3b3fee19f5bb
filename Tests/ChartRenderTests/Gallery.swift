import ChartData
import ChartDiagnostics
import ChartLayout
import ChartSpec

/// Charts built in code (no parser needed) that the render tests lay out, serialize and check.
enum Gallery {
    static let file = SourceFile(path: "gallery.chart.json", text: "{}")

    static func spec(_ mark: MarkType, title: String? = nil, subtitle: String? = nil) -> ChartSpec {
        var spec = ChartSpec(file: file, data: DataSource(origin: .url(Located("data.csv", at: nil))), mark: MarkSpec(type: Located(mark, at: nil)))
        spec.title = title.map { Located($0, at: nil) }
        spec.subtitle = subtitle.map { Located($0, at: nil) }
        return spec
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

    /// SPEC §10: party medians by year, Congress total hidden.
    static func polarization() -> (ChartSpec, Table) {
        var years: [Double?] = []
        var parties: [String] = []
        var medians: [Double?] = []
        for (index, year) in stride(from: 1947.0, through: 2025, by: 2).enumerated() {
            let t = Double(index) / 39
            for party in ["Democrats", "Republicans", "Congress"] {
                years.append(year)
                parties.append(party)
                switch party {
                case "Democrats": medians.append(-0.3 - 0.08 * t + 0.02 * sin(Double(index)))
                case "Republicans": medians.append(0.26 + 0.28 * t * t + 0.015 * cos(Double(index)))
                default: medians.append(-0.05 + 0.12 * sin(Double(index) / 3))
                }
            }
        }
        let table = Table(columns: [numbers("year", years), strings("party", parties), numbers("median", medians)])
        var spec = spec(.line, title: "Political ideology in Congress, 1948-2025", subtitle: "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.")
        spec.mark.interpolate = Located(.catmullRom, at: nil)
        var x = channel(.x, "median", title: .text(Located("← More liberal · More conservative →", at: nil)))
        var xScale = ScaleSpec()
        xScale.domain = Located([.number(-0.6), .number(0.6)], at: nil)
        x.scale = xScale
        var y = channel(.y, "year", type: .temporal, title: .hidden)
        var yScale = ScaleSpec()
        yScale.domain = Located([.number(1945), .number(2030)], at: nil)
        y.scale = yScale
        var yAxis = AxisSpec()
        yAxis.position = Located(.left, at: nil)
        yAxis.tickCount = Located(10, at: nil)
        y.axis = yAxis
        var color = channel(.color, "party")
        var colorScale = ScaleSpec()
        colorScale.domain = Located([.string("Democrats"), .string("Republicans"), .string("Congress")], at: nil)
        colorScale.range = Located([.string("#1f5fbf"), .string("#d62728"), .string("#8c8c8c")], at: nil)
        color.scale = colorScale
        spec.encoding.x = x
        spec.encoding.y = y
        spec.encoding.color = color
        spec.legend = LegendSpec(position: Located(.top, at: nil), hidden: [Located("Congress", at: nil)])
        spec.notes = [
            Located("Using the median DW-NOMINATE score from each major party in Congress, we can track how the parties have shifted over time.", at: nil),
            Located("The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes.", at: nil),
        ]
        spec.sources = [SourceReference(title: Located("Parties at a Glance", at: nil), site: Located("Voteview", at: nil), url: Located("https://voteview.com/parties/all", at: nil))]
        return (spec, table)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
