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
        var spec = spec(
            .line, title: "Political ideology in Congress, 1948-2025",
            subtitle: "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.")
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
            Located(
                "Using the median DW-NOMINATE score from each major party in Congress, we can track how the parties have shifted over time.", at: nil),
            Located("The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes.", at: nil)
        ]
        spec.sources = [
            SourceReference(
                title: Located("Parties at a Glance", at: nil), site: Located("Voteview", at: nil),
                url: Located("https://voteview.com/parties/all", at: nil))
        ]
        return (spec, table)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Gallery {
    static func dates(_ name: String, _ values: [Int64]) -> Column {
        Column(name: name, type: .date, values: values.map(Value.date))
    }

    static func day(_ year: Int64, _ month: Int64, _ day: Int64 = 1) -> Int64 {
        CivilDateBridge.milliseconds(year: year, month: month, day: day)
    }

    /// Every chart of the gallery, by name.
    static func all() -> [(String, ChartSpec, Table)] {
        var result: [(String, ChartSpec, Table)] = []
        let (p, t) = polarization()
        result.append(("polarization", p, t))

        // Vertical bars with a negative value.
        do {
            let table = Table(columns: [
                strings("region", ["North", "East", "South", "West", "Central"]), numbers("change", [12.5, 8.1, -3.2, 15.9, 4.4])
            ])
            var spec = spec(.bar, title: "Sales grew everywhere but the South", subtitle: "Change in sales from 2023 to 2024, percent")
            spec.encoding.x = channel(.x, "region", title: .hidden)
            spec.encoding.y = channel(.y, "change", title: .text(Located("Change (%)", at: nil)))
            spec.sources = [SourceReference(title: Located("Quarterly report", at: nil), site: Located("Example Corp", at: nil))]
            result.append(("bar-vertical", spec, table))
        }
        // Stacked bars.
        do {
            var years: [String] = []
            var kinds: [String] = []
            var values: [Double?] = []
            for (i, year) in ["2019", "2020", "2021", "2022", "2023", "2024"].enumerated() {
                for (j, kind) in ["Coal", "Gas", "Wind", "Solar"].enumerated() {
                    years.append(year)
                    kinds.append(kind)
                    values.append(Double(40 - i * 5 + j * 3 + (j == 3 ? i * 4 : 0)))
                }
            }
            let table = Table(columns: [strings("year", years), strings("source", kinds), numbers("twh", values)])
            var spec = spec(.bar, title: "Solar is catching up", subtitle: "Electricity generation by source, terawatt-hours")
            spec.encoding.x = channel(.x, "year", type: .ordinal, title: .hidden)
            spec.encoding.y = channel(.y, "twh", title: .text(Located("TWh", at: nil)))
            spec.encoding.color = channel(.color, "source")
            spec.byline = Located("Chart: Gallery", at: nil)
            result.append(("bar-stacked", spec, table))

            var grouped = spec
            grouped.title = Located("The same data, grouped", at: nil)
            grouped.encoding.offset = channel(.offset, "source")
            result.append(("bar-grouped", grouped, table))
        }
        // Horizontal bars with long labels.
        do {
            let names = ["United States of America", "Germany", "United Kingdom of Great Britain and Northern Ireland", "Japan", "Brazil", "India"]
            let table = Table(columns: [strings("country", names), numbers("value", [21400000, 3860000, 2830000, 5080000, 1840000, 2870000])])
            var spec = spec(.bar, title: "GDP in 2019", subtitle: "Millions of US dollars")
            spec.encoding.y = channel(.y, "country", title: .hidden)
            spec.encoding.x = channel(.x, "value", title: .hidden)
            result.append(("bar-horizontal", spec, table))
        }
        // Scatter with size and color.
        do {
            var xs: [Double?] = []
            var ys: [Double?] = []
            var sizes: [Double?] = []
            var groups: [String] = []
            for i in 0..<60 {
                let t = Double(i)
                xs.append(1000 + t * 830 + 400 * sin(t))
                ys.append(55 + t * 0.4 + 6 * cos(t * 1.7))
                sizes.append(1 + Double((i * 37) % 100))
                groups.append(["Africa", "Americas", "Asia", "Europe"][i % 4])
            }
            let table = Table(columns: [numbers("gdp", xs), numbers("life", ys), numbers("population", sizes), strings("continent", groups)])
            var spec = spec(.point, title: "Richer countries live longer", subtitle: "GDP per capita and life expectancy")
            spec.encoding.x = channel(.x, "gdp", title: .text(Located("GDP per capita ($)", at: nil)))
            spec.encoding.y = channel(.y, "life", title: .text(Located("Life expectancy (years)", at: nil)))
            spec.encoding.size = channel(.size, "population")
            spec.encoding.color = channel(.color, "continent")
            spec.legend = LegendSpec(position: Located(.right, at: nil))
            result.append(("point-scatter", spec, table))
        }
        // Time series with dates, two series.
        do {
            var ds: [Int64] = []
            var names: [String] = []
            var values: [Double?] = []
            for m in 0..<48 {
                for (k, name) in ["Unemployment", "Inflation"].enumerated() {
                    ds.append(day(2020 + Int64(m / 12), Int64(m % 12 + 1)))
                    names.append(name)
                    values.append(k == 0 ? 3.5 + 10 * exp(-Double(m) / 4) * (m > 2 ? 1 : 0) : 1.5 + 7 * sin(Double(m) / 15))
                }
            }
            let table = Table(columns: [dates("date", ds), strings("measure", names), numbers("rate", values)])
            var spec = spec(.line, title: "Inflation rose as unemployment fell", subtitle: "Monthly rates, percent")
            spec.mark.interpolate = Located(.monotone, at: nil)
            spec.encoding.x = channel(.x, "date", title: .hidden)
            spec.encoding.y = channel(.y, "rate", title: .text(Located("Percent", at: nil)))
            spec.encoding.color = channel(.color, "measure")
            result.append(("line-dates", spec, table))
        }
        // Area, single series, and stacked areas.
        do {
            var years: [Double?] = []
            var values: [Double?] = []
            var kinds: [String] = []
            for year in 1990...2024 {
                for (k, kind) in ["Cars", "Trucks", "Buses"].enumerated() {
                    years.append(Double(year))
                    kinds.append(kind)
                    values.append(Double(100 + (year - 1990) * (3 - k) + k * 20) * (k == 2 ? 0.3 : 1))
                }
            }
            let table = Table(columns: [numbers("year", years), strings("kind", kinds), numbers("count", values)])
            var stacked = spec(.area, title: "Vehicles on the road", subtitle: "Thousands of registered vehicles")
            stacked.encoding.x = channel(.x, "year", type: .temporal, title: .hidden)
            stacked.encoding.y = channel(.y, "count", title: .hidden)
            stacked.encoding.color = channel(.color, "kind")
            result.append(("area-stacked", stacked, table))

            let carRows = (0..<table.rowCount).filter { table.columns[1][$0] == .string("Cars") }
            var single = spec(.area, title: "Cars only")
            single.encoding.x = channel(.x, "year", type: .temporal, title: .hidden)
            single.encoding.y = channel(.y, "count", title: .hidden)
            result.append(("area-single", single, table.gathering(carRows)))
        }
        // Range rules and ticks over months.
        do {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let lows: [Double?] = [-4, -3, 1, 5, 10, 14, 16, 15, 11, 6, 1, -2]
            let highs: [Double?] = [3, 5, 10, 15, 20, 24, 26, 25, 20, 14, 8, 4]
            let table = Table(columns: [strings("month", months), numbers("low", lows), numbers("high", highs)])
            var rules = spec(.rule, title: "Temperature range by month", subtitle: "Average daily low and high, °C")
            rules.mark.strokeWidth = Located(8, at: nil)
            rules.encoding.x = channel(.x, "month", title: .hidden)
            rules.encoding.y = channel(.y, "low", title: .hidden)
            rules.encoding.y2 = channel(.y2, "high")
            result.append(("rule-range", rules, table))

            var ticks = spec(.tick, title: "Monthly highs")
            ticks.encoding.x = channel(.x, "month", title: .hidden)
            ticks.encoding.y = channel(.y, "high", title: .text(Located("°C", at: nil)))
            result.append(("tick-strip", ticks, table))

            var text = spec(.text, title: "Highs as text")
            text.encoding.x = channel(.x, "month", title: .hidden)
            text.encoding.y = channel(.y, "high", title: .hidden)
            text.encoding.text = channel(.text, "high")
            result.append(("text-values", text, table))
        }
        // Heat-map cells.
        do {
            var days: [String] = []
            var hours: [String] = []
            var levels: [String] = []
            for d in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] {
                for h in stride(from: 6, through: 22, by: 2) {
                    days.append(d)
                    hours.append(String(h) + ":00")
                    levels.append((h + d.count * 3) % 3 == 0 ? "Busy" : ((h % 4 == 0) ? "Normal" : "Quiet"))
                }
            }
            let table = Table(columns: [strings("day", days), strings("hour", hours), strings("level", levels)])
            var spec = spec(.rect, title: "When the gym is busy")
            spec.encoding.x = channel(.x, "hour", title: .hidden)
            spec.encoding.y = channel(.y, "day", title: .hidden)
            spec.encoding.color = channel(.color, "level")
            result.append(("rect-heatmap", spec, table))
        }
        // Heat map with a continuous color.
        do {
            var days: [String] = []
            var hours: [Double?] = []
            var visits: [Double?] = []
            for (i, d) in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated() {
                for h in 6...22 {
                    days.append(d)
                    hours.append(Double(h))
                    visits.append(20 + 60 * exp(-pow(Double(h) - (i < 5 ? 18 : 11), 2) / 8) + Double(i) * 3)
                }
            }
            let table = Table(columns: [strings("day", days), numbers("hour", hours), numbers("visits", visits)])
            var spec = spec(.rect, title: "Evenings on weekdays, late mornings on weekends", subtitle: "Average visitors by hour")
            spec.encoding.x = channel(.x, "hour", type: .ordinal, title: .text(Located("Hour of day", at: nil)))
            spec.encoding.y = channel(.y, "day", title: .hidden)
            spec.encoding.color = channel(.color, "visits", title: .text(Located("Visitors", at: nil)))
            result.append(("rect-continuous", spec, table))
        }
        // Range bars colored along y.
        do {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let table = Table(columns: [
                strings("month", months),
                numbers("low", [-4, -3, 1, 5, 10, 14, 16, 15, 11, 6, 1, -2]),
                numbers("high", [3, 5, 10, 15, 20, 24, 26, 25, 20, 14, 8, 4])
            ])
            var spec = spec(.bar, title: "A year of temperatures", subtitle: "Average daily range by month, °C")
            spec.mark.cornerRadius = Located(4, at: nil)
            spec.encoding.x = channel(.x, "month", title: .hidden)
            spec.encoding.y = channel(.y, "low", title: .hidden)
            spec.encoding.y2 = channel(.y2, "high")
            var color = ChannelDef(channel: .color)
            color.along = Located(.y, at: nil)
            spec.encoding.color = color
            result.append(("bar-along", spec, table))
        }
        return result
    }
}

import ChartFormat
import ChartValues

enum CivilDateBridge {
    static func milliseconds(year: Int64, month: Int64, day: Int64) -> Int64 {
        CivilDate.milliseconds(year: year, month: month, day: day)
    }
}
