import ChartCommandLine
import ChartSystem

/// The files one benchmark run works on, written into a scratch folder: the Voteview-shaped members file at
/// 1x and 20x (from the same generator as the example data), the polarization spec over each, 100 small specs,
/// and the peers' scripts (Vega-Lite through vl-convert, DuckDB), which only run when their packages are installed.
struct BenchWorkspace {
    let directory: String

    var members1x: String { Paths.join(directory, "members-1x.csv") }
    var members20x: String { Paths.join(directory, "members-20x.csv") }
    var polarization1x: String { Paths.join(directory, "polarization-1x.chart.json") }
    var polarization20x: String { Paths.join(directory, "polarization-20x.chart.json") }
    var smallSpecs: String { Paths.join(directory, "small") }
    var output: String { Paths.join(directory, "out") }
    var vegaLiteSpec: String { Paths.join(directory, "polarization.vl.json") }
    var vegaLiteScript: String { Paths.join(directory, "vl_convert_peer.py") }
    var duckDBScript: String { Paths.join(directory, "duckdb_peer.py") }
    var daily: String { Paths.join(directory, "daily-1m.csv") }
    var dailyPlainSpec: String { Paths.join(directory, "daily-plain.chart.json") }
    var dailyWindowSpec: String { Paths.join(directory, "daily-window.chart.json") }
    var dailyPlainThinnedSpec: String { Paths.join(directory, "daily-plain-thinned.chart.json") }
    var dailyWindowThinnedSpec: String { Paths.join(directory, "daily-window-thinned.chart.json") }
    var batchSpec: String { Paths.join(directory, "batch.chart.json") }
    var smallBatchSpec: String { Paths.join(directory, "batch-small.chart.json") }
    var batchOutput: String { Paths.join(directory, "batch-out") }

    static let dailyPlain = "daily series, 1M rows drawn, no window"
    static let dailyWindow = "daily series, 1M rows drawn, rolling_mean(x, 28) + cumsum"
    static let dailyPlainThinned = "daily series, 1M rows, 10k drawn, no window"
    static let dailyWindowThinned = "daily series, 1M rows, 10k drawn, rolling_mean(x, 28) + cumsum"
    static let png = "polarization 1x as PNG (scale 2)"
    static let themed = "polarization 1x in a house style (4 DejaVu Serif files, logo)"
    static let single = "polarization 1x (~51k rows, 6 MB)"
    static let batch = "batch of 1,224 charts over the 1x file (each state × 8 years)"
    static let smallBatch = "batch of 103 charts over the 1x file (every 10th 8 years)"

    /// A house style as a newsroom writes one (SPEC §15): four font files, its words, colors and a logo, the
    /// chart's own size (so the difference is the theme, not a different layout).
    /// The county choropleth of `examples/maps` (issue 27: under 0.2 s), copied in with its data.
    var countyMap: String { Paths.join(directory, "us-unemployment.chart.json") }
    static let countyMapName = "county map (examples/maps/us-unemployment: 3,641 counties, albersUsa)"
    static let countyMapFiles = ["us-unemployment.chart.json", "unemployment.csv"]
    /// Where the example is found: the repository the benchmark runs from, else the one its binary was built in
    /// (`.build/release/chartc-devtools`); nil when neither has it.
    static var countyMapSource: String? {
        let binary = Paths.directory(of: CommandLine.arguments[0])
        return ["examples/maps", Paths.join(binary, "../../examples/maps")].first { folder in
            countyMapFiles.allSatisfy { FileSystem.kind(of: Paths.join(folder, $0)) == .file }
        }
    }
    var houseTheme: String { Paths.join(directory, "house.theme.json") }
    var houseLogo: String { Paths.join(directory, "house-logo.svg") }
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static var hasHouseFonts: Bool { FileSystem.kind(of: dejaVu + "DejaVuSerif.ttf") == .file }
    static let houseThemeText = """
        {
          "font": {
            "family": ["DejaVu Serif", "serif"],
            "files": {
              "regular": "\(dejaVu)DejaVuSerif.ttf", "bold": "\(dejaVu)DejaVuSerif-Bold.ttf",
              "italic": "\(dejaVu)DejaVuSerif-Italic.ttf", "boldItalic": "\(dejaVu)DejaVuSerif-BoldItalic.ttf"
            }
          },
          "text": { "title": { "size": 20, "color": "#111111" }, "axis": { "color": "#555555" } },
          "words": { "notes": "Notes:", "note": "Note:", "sources": "Sources:", "source": "Source:" },
          "background": "#fbf8f1",
          "grid": { "color": "#ddd6c8" },
          "logo": { "file": "house-logo.svg", "height": 16, "position": "bottom-right" }
        }

        """
    static let houseLogoText = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 24"><rect x="0" y="2" width="20" height="20" rx="3" fill="#8c1c13"/><path d="M5 17 L10 7 L15 17 Z" fill="#fbf8f1"/><text x="26" y="18" font-family="DejaVu Serif, serif" font-size="15" font-weight="bold" fill="#8c1c13">The Daily</text></svg>

        """

    /// Writes every file; the members files only when missing (they are deterministic), so reruns start sooner.
    func prepare(console: any Console) throws(FileSystem.Failure) {
        try FileSystem.createDirectory(directory)
        try FileSystem.createDirectory(smallSpecs)
        try FileSystem.createDirectory(output)
        var generator = MembersGenerator(seed: VoteviewCommand.defaultSeed)
        var body: [UInt8] = []
        for (path, copies) in [(members1x, 1), (members20x, 20)] where FileSystem.kind(of: path) != .file {
            if body.isEmpty {
                generator.generate()
                var text = ""
                for row in generator.rows { text += generator.line(row) }
                body = Array(text.utf8)
            }
            let file = try AtomicFile(path)
            try file.append(Array((MembersGenerator.header + "\n").utf8))
            for _ in 0..<copies { try file.append(body) }
            try file.commit()
            console.printError("wrote \(path)")
        }
        if FileSystem.kind(of: daily) != .file {
            let file = try AtomicFile(daily)
            try file.append(Self.dailySeries(rows: 1_000_000))
            try file.commit()
            console.printError("wrote \(daily)")
        }
        try write(Self.dailySpec(window: false, thinned: false), to: dailyPlainSpec)
        try write(Self.dailySpec(window: true, thinned: false), to: dailyWindowSpec)
        try write(Self.dailySpec(window: false, thinned: true), to: dailyPlainThinnedSpec)
        try write(Self.dailySpec(window: true, thinned: true), to: dailyWindowThinnedSpec)
        try write(Self.polarizationSpec(dataURL: "members-1x.csv"), to: polarization1x)
        try write(Self.polarizationSpec(dataURL: "members-20x.csv"), to: polarization20x)
        try FileSystem.createDirectory(batchOutput)
        try write(Self.batchSpec(every: 1), to: batchSpec)
        try write(Self.batchSpec(every: 10), to: smallBatchSpec)
        for index in 0..<100 {
            try write(Self.smallSpec(index), to: Paths.join(smallSpecs, "chart-\(index).chart.json"))
        }
        try write(Self.houseThemeText, to: houseTheme)
        try write(Self.houseLogoText, to: houseLogo)
        try write(Self.vegaLite, to: vegaLiteSpec)
        try write(Self.vegaLitePeer, to: vegaLiteScript)
        try write(Self.duckDBPeer, to: duckDBScript)
        if let source = Self.countyMapSource {
            for name in Self.countyMapFiles {
                try FileSystem.writeAtomically(try FileSystem.readFile(Paths.join(source, name), limit: .output), to: Paths.join(directory, name))
            }
        }
    }

    private func write(_ text: String, to path: String) throws(FileSystem.Failure) {
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
    }

    /// `day,x`: a million days of a noisy seasonal count (a triangle wave over a 365-day year plus seeded noise,
    /// integer arithmetic only, so the file is the same on every machine), for the `window` cases.
    static func dailySeries(rows: Int) -> [UInt8] {
        var random = SplitMix64(seed: 15)
        var text = "day,x\n"
        text.reserveCapacity(rows * 14)
        for day in 0..<rows {
            let phase = day % 365
            let seasonal = 60 + (phase < 183 ? phase : 365 - phase) / 2
            let value = seasonal + Int(random.next() % 40)
            text += "\(day),\(value)\n"
        }
        return Array(text.utf8)
    }

    /// The same line chart over the daily series, with or without the running figures (the window chart draws
    /// the 28-day average where the plain one draws the values). `thinned` keeps one row in 100 after the window
    /// (`keep`), so the build time is loading, the pipeline and the window rather than drawing a million points.
    static func dailySpec(window: Bool, thinned: Bool) -> String {
        let windowKeys = window ? #""window": { "avg28": "rolling_mean(x, 28)", "total": "cumsum(x)" },"# : ""
        let keep = thinned ? #""keep": "day % 100 == 0","# : ""
        return """
            {
              "title": "A million days",
              "data": { "url": "daily-1m.csv" },
              \(windowKeys)
              \(keep)
              "mark": "line",
              "encoding": { "x": { "field": "day" }, "y": { "field": "\(window ? "avg28" : "x")" } }
            }
            """
    }

    /// The polarization example's spec (examples/polarization), over the given file.
    static func polarizationSpec(dataURL: String) -> String {
        polarizationSpec(data: "{ \"url\": \"\(dataURL)\" }")
    }

    /// The polarization chart over `data` (a JSON object).
    static func polarizationSpec(data: String) -> String {
        """
        {
          "title": "Political ideology in Congress, 1948-2025",
          "subtitle": "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.",
          "data": \(data),
          "calculate": {
            "year": "congress * 2 + 1787",
            "party": "party_code == 100 ? 'Democrats' : 'Republicans'"
          },
          "filter": ["congress >= 80", "chamber != 'President'", "party_code in (100, 200)"],
          "groupBy": ["year", "party"],
          "aggregate": { "median": "median(nominate_dim1)" },
          "total": { "party": "Congress" },
          "mark": { "type": "line", "interpolate": "catmull-rom" },
          "encoding": {
            "x": { "field": "median", "title": "← More liberal · More conservative →", "scale": { "domain": [-0.6, 0.6] } },
            "y": { "field": "year", "type": "temporal", "title": null, "scale": { "domain": [1945, 2030] }, "axis": { "position": "left", "tickCount": 10 } },
            "color": { "field": "party", "scale": { "domain": ["Democrats", "Republicans", "Congress"], "range": ["#1f5fbf", "#d62728", "#8c8c8c"] } }
          },
          "legend": { "position": "top", "hidden": ["Congress"] },
          "sources": [ { "title": "Parties at a Glance", "site": "Voteview", "url": "https://voteview.com/parties/all" } ]
        }

        """
    }

    /// A batch (SPEC §23) over the 1x members file: one chart per state and 8-year span (`era`, a calculated key
    /// such as `CA 1949`: 1,224 values), each the medians of its members' scores by party and Congress. With
    /// `every` above 1 only every `every`-th span has a key (the others are missing values, which give no chart),
    /// so the charts are as large as the full batch's and only their number changes: peak RSS of the two
    /// shows whether memory grows with the number of charts.
    static func batchSpec(every: Int) -> String {
        let span = "floor((congress - 1) / 4)"
        let key = "state_abbrev + ' ' + string(\(span) * 8 + 1789)"
        let era = every == 1 ? key : "\(span) % \(every) == 0 ? \(key) : null"
        return """
            {
              "title": "{era}: how the state's members of Congress voted",
              "subtitle": "Median DW-NOMINATE score of Democrats and Republicans, by Congress.",
              "data": { "url": "members-1x.csv" },
              "each": { "field": "era" },
              "calculate": {
                "year": "congress * 2 + 1787",
                "era": "\(era)",
                "party": "party_code == 100 ? 'Democrats' : 'Republicans'"
              },
              "filter": ["era == {era}", "chamber != 'President'", "party_code in (100, 200)"],
              "groupBy": ["year", "party"],
              "aggregate": { "median": "median(nominate_dim1)" },
              "mark": "line",
              "encoding": {
                "x": { "field": "year", "type": "temporal", "title": null },
                "y": { "field": "median", "title": "← More liberal · More conservative →", "scale": { "domain": [-0.8, 0.8] } },
                "color": { "field": "party", "scale": { "domain": ["Democrats", "Republicans"], "range": ["#1f5fbf", "#d62728"] } }
              },
              "sources": [ { "title": "Congressional members", "site": "Voteview", "url": "https://voteview.com/data" } ]
            }

            """
    }

    /// A small chart with a dozen inline rows: bars, lines or points in turn, so `build` of a folder is measured
    /// on many specs rather than on much data.
    static func smallSpec(_ index: Int) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var rows: [String] = []
        for (m, month) in months.enumerated() {
            let value = (index * 37 + m * 11) % 50 + 5
            rows.append("{ \"month\": \"\(month)\", \"value\": \(value) }")
        }
        let mark = ["bar", "line", "point"][index % 3]
        return """
            {
              "title": "Small chart \(index)",
              "data": { "values": [\(rows.joined(separator: ", "))] },
              "mark": "\(mark)",
              "encoding": {
                "x": { "field": "month", "type": "ordinal" },
                "y": { "field": "value", "title": "Value" }
              }
            }

            """
    }

    /// The same chart in Vega-Lite: the filter and calculations, the medians by year and party, and the
    /// whole-Congress median by year as a second layer.
    static let vegaLite = """
        {
          "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
          "title": "Political ideology in Congress, 1948-2025",
          "width": 600, "height": 400,
          "transform": [
            {"filter": "datum.congress >= 80 && datum.chamber != 'President' && (datum.party_code == 100 || datum.party_code == 200)"},
            {"calculate": "datum.congress * 2 + 1787", "as": "year"},
            {"calculate": "datum.party_code == 100 ? 'Democrats' : 'Republicans'", "as": "party"}
          ],
          "layer": [
            {"transform": [{"aggregate": [{"op": "median", "field": "nominate_dim1", "as": "median"}], "groupby": ["year", "party"]}],
             "mark": {"type": "line", "interpolate": "catmull-rom"},
             "encoding": {"x": {"field": "median", "type": "quantitative", "scale": {"domain": [-0.6, 0.6]}},
                          "y": {"field": "year", "type": "quantitative", "scale": {"domain": [1945, 2030]}},
                          "color": {"field": "party", "type": "nominal", "scale": {"domain": ["Democrats", "Republicans", "Congress"], "range": ["#1f5fbf", "#d62728", "#8c8c8c"]}}}},
            {"transform": [{"aggregate": [{"op": "median", "field": "nominate_dim1", "as": "median"}], "groupby": ["year"]},
                           {"calculate": "'Congress'", "as": "party"}],
             "mark": {"type": "line", "interpolate": "catmull-rom"},
             "encoding": {"x": {"field": "median", "type": "quantitative"},
                          "y": {"field": "year", "type": "quantitative"},
                          "color": {"field": "party", "type": "nominal"}}}
          ]
        }

        """

    /// vl-convert does not read local files by path, so the CSV text goes to Vega inline with `format: csv`:
    /// Vega's own CSV parser does the parsing, as it would for a fetched file.
    static let vegaLitePeer = """
        # Peer for chartc's benchmark: the polarization chart through vl-convert (Vega-Lite's server renderer).
        # usage: python3 vl_convert_peer.py SPEC.vl.json DATA.csv OUT.svg
        import sys, json, vl_convert
        spec = json.load(open(sys.argv[1]))
        spec["data"] = {"values": open(sys.argv[2]).read(), "format": {"type": "csv"}}
        svg = vl_convert.vegalite_to_svg(spec)
        open(sys.argv[3], "w").write(svg)

        """

    /// DuckDB computes just the medians the chart draws (no drawing): a lower bound for any SQL-engine route.
    static let duckDBPeer = """
        # Peer for chartc's benchmark: the polarization medians in DuckDB (no chart).
        # usage: python3 duckdb_peer.py DATA.csv OUT.csv
        import sys, duckdb
        rows = duckdb.sql(f\"\"\"
          with m as (
            select congress * 2 + 1787 as year,
                   case when party_code = 100 then 'Democrats' else 'Republicans' end as party,
                   nominate_dim1
            from read_csv('{sys.argv[1]}')
            where congress >= 80 and chamber <> 'President' and party_code in (100, 200))
          select year, party, median(nominate_dim1) from m group by year, party
          union all
          select year, 'Congress', median(nominate_dim1) from m group by year
          order by 1, 2\"\"\").fetchall()
        open(sys.argv[2], "w").write("".join(f"{y},{p},{v}\\n" for y, p, v in rows))

        """
}
