import ChartDiagnostics
import ChartSpec
import ChartValues
import Foundation
import Testing

/// Batches (SPEC §23): `each` builds one chart per value through the built binary. Each chart must be the chart
/// of the same spec written for that one value (byte-identical SVG), named by its slug, listed in the manifest;
/// mistakes are reported at their line:col.
@Suite struct BatchTests {
    static let rain = """
        city,month,rain
        Seattle,Jan,140
        New York,Jan,90
        Seattle,Feb,100
        São Paulo,Jan,240
        New York,Feb,80
        O'Hare,Jan,50
        São Paulo,Feb,210
        O'Hare,Feb,45

        """

    /// A spec of the rain data: `each` and `filter` as given, the value in the title, subtitle, axis title, note.
    static func spec(each: String, filter: String, calculate: String = "") -> String {
        """
        {
          "title": "Rain in {city}",
          "subtitle": "Monthly rain at {city}, mm",
          "data": { "url": "rain.csv" },
          "each": \(each),\(calculate)
          "filter": \(filter),
          "mark": "bar",
          "encoding": { "x": { "field": "month", "title": "{city} by month" }, "y": { "field": "rain" } },
          "annotations": [{ "type": "text", "x": "Feb", "y": 40, "text": "{city}" }]
        }
        """
    }

    /// Writes the data and `specs` (name → text) into a fresh folder and runs `chartc arguments…` there.
    func run(_ arguments: [String], specs: [String: String], csv: String = Self.rain) throws -> (ProcessResult, URL) {
        let scratch = try makeScratchDirectory()
        try csv.write(to: scratch.appendingPathComponent("rain.csv"), atomically: true, encoding: .utf8)
        for (name, text) in specs { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try ChartcBinary.run(arguments, in: scratch), scratch)
    }

    func read(_ folder: URL, _ name: String) -> Data? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }

    /// Each value's chart against the spec written out for that value (its literal in the filter, its text
    /// elsewhere), built alone: the same bytes. Both the filter that selects the value's rows up front and one
    /// that does not (every row filtered) are checked.
    @Test(arguments: [#"["city == {city}"]"#, #"["{city} == city || rain < 0", "month != 'Mar'"]"#])
    func eachChartIsTheSingleValueBuild(filter: String) throws {
        let batch = Self.spec(each: #"{ "field": "city" }"#, filter: filter)
        let cities = [
            ("Seattle", "seattle", "'Seattle'"), ("New York", "new-york", "'New York'"), ("São Paulo", "sao-paulo", "'São Paulo'"),
            ("O'Hare", "o-hare", #"'O\\'Hare'"#)
        ]
        var specs = ["rain.chart.json": batch]
        for (city, slug, literal) in cities {
            let single = batch.replacingOccurrences(of: "\"each\": { \"field\": \"city\" },", with: "")
                .replacingOccurrences(of: "== {city}", with: "== \(literal)")
                .replacingOccurrences(of: "{city} ==", with: "\(literal) ==")
                .replacingOccurrences(of: "{city}", with: city)
            specs["single-\(slug).chart.json"] = single
        }
        let (result, folder) = try run(["build", "."], specs: specs)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        for (_, slug, _) in cities {
            let batchSVG = read(folder, "rain-\(slug).svg")
            #expect(batchSVG != nil, "rain-\(slug).svg was not written")
            #expect(batchSVG == read(folder, "single-\(slug).svg"), "rain-\(slug).svg differs from its single-value build")
        }
        // The summary counts charts, a batch's each: the batch's 4 and the 4 single-value specs.
        #expect(result.error.contains("built 8 charts from 5 specs in "), "\(result.error)")
        let seattle = String(decoding: read(folder, "rain-seattle.svg") ?? Data(), as: UTF8.self)
        #expect(seattle.contains("Rain in Seattle") && seattle.contains("Seattle by month") && !seattle.contains("{city}"))
        #expect(!seattle.contains("New York"))
    }

    @Test func theManifestListsValueFileAndTitleInTheDataOrder() throws {
        let (result, folder) = try run(
            ["build", "rain.chart.json"], specs: ["rain.chart.json": Self.spec(each: #"{ "field": "city" }"#, filter: #"["city == {city}"]"#)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        let manifest = String(decoding: read(folder, "rain.charts.json") ?? Data(), as: UTF8.self)
        #expect(
            manifest == """
                [
                  { "value": "Seattle", "file": "rain-seattle.svg", "title": "Rain in Seattle" },
                  { "value": "New York", "file": "rain-new-york.svg", "title": "Rain in New York" },
                  { "value": "São Paulo", "file": "rain-sao-paulo.svg", "title": "Rain in São Paulo" },
                  { "value": "O'Hare", "file": "rain-o-hare.svg", "title": "Rain in O'Hare" }
                ]

                """)
        #expect(result.output.contains("wrote rain-seattle.svg") && result.output.contains("wrote rain.charts.json"))
        #expect(result.error.contains("built 4 charts from 1 spec in "), "\(result.error)")
    }

    /// A list of numbers `as` a name, built as SVG and PNG: one file per format and value, both in the manifest.
    @Test func aListOfValuesBuildsEveryFormat() throws {
        let csv = "year,month,rain\n2019,Jan,3\n2019,Feb,4\n2020,Jan,5\n2020,Feb,1\n"
        let spec = """
            { "title": "Rain in {year}", "data": { "url": "rain.csv" }, "each": { "values": [2019, 2020], "as": "year" },
              "filter": "year == {year}", "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "rain" } } }
            """
        let (result, folder) = try run(["build", "years.chart.json", "--format", "svg,png", "-o", "out"], specs: ["years.chart.json": spec], csv: csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        for name in ["out/years-2019.svg", "out/years-2019.png", "out/years-2020.svg", "out/years-2020.png"] {
            #expect(read(folder, name) != nil, "\(name) was not written")
        }
        let manifest = String(decoding: read(folder, "out/years.charts.json") ?? Data(), as: UTF8.self)
        #expect(
            manifest.contains(#"{ "value": 2019, "file": "years-2019.svg", "files": ["years-2019.svg", "years-2019.png"], "title": "Rain in 2019" }"#)
        )
        let svg = String(decoding: read(folder, "out/years-2020.svg") ?? Data(), as: UTF8.self)
        #expect(svg.contains("Rain in 2020"))
    }

    /// A field computed by `calculate` gives the values (after `calculate`, before `filter`); a missing value gives no chart.
    @Test func aCalculatedFieldGivesTheValues() throws {
        let spec = Self.spec(
            each: #"{ "field": "wet" }"#, filter: #"["wet == {wet}"]"#,
            calculate: #"\#n  "calculate": { "wet": "rain >= 100 ? 'wet' : rain >= 50 ? 'damp' : null" },"#
        ).replacingOccurrences(of: "{city}", with: "{wet}")
        let (result, folder) = try run(["build", "rain.chart.json"], specs: ["rain.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        let manifest = String(decoding: read(folder, "rain.charts.json") ?? Data(), as: UTF8.self)
        #expect(manifest.contains(#""value": "wet", "file": "rain-wet.svg""#) && manifest.contains(#""value": "damp", "file": "rain-damp.svg""#))
        #expect(read(folder, "rain-null.svg") == nil && read(folder, "rain-value.svg") == nil)
    }

    @Test func slugsAreLowercaseASCIIAndCollisionsAreNumbered() {
        #expect(BatchFileNames.slug("São Paulo") == "sao-paulo")
        #expect(BatchFileNames.slug("  Zürich / Genève! ") == "zurich-geneve")
        #expect(BatchFileNames.slug("東京") == "value")
        #expect(BatchFileNames.slug("3.5") == "3-5")
        #expect(
            BatchFileNames.unique(["New York", "new-york", "NEW YORK!", "new-york-2", "東京", "大阪"])
                == ["new-york", "new-york-2", "new-york-3", "new-york-2-2", "value", "value-2"])
    }

    @Test func collidingSlugsGetNumberedFiles() throws {
        let csv = "city,month,rain\nNew York,Jan,3\nnew-york,Jan,4\nNEW YORK,Jan,5\nNEW YORK,Feb,6\nnew-york,Feb,1\nNew York,Feb,2\n"
        let (result, folder) = try run(
            ["build", "rain.chart.json"], specs: ["rain.chart.json": Self.spec(each: #"{ "field": "city" }"#, filter: #"["city == {city}"]"#)],
            csv: csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        for name in ["rain-new-york.svg", "rain-new-york-2.svg", "rain-new-york-3.svg"] { #expect(read(folder, name) != nil, "\(name)") }
        let third = String(decoding: read(folder, "rain-new-york-3.svg") ?? Data(), as: UTF8.self)
        #expect(third.contains("Rain in NEW YORK"))
    }

    /// Every mistake is reported at its line:col, by build and lint alike.
    @Test(arguments: [
        (
            #"{ "field": "city" }"#, "Rain in {cty}",
            "rain.chart.json:2:21: error: '{cty}' names no value of this batch: 'each' gives '{city}'; did you mean '{city}'? [batch-placeholder]"
        ),
        (
            #"{ "field": "cityy" }"#, "Rain",
            "rain.chart.json:5:22: error: 'each.field' names no field of the data: 'cityy'; did you mean 'city'? [batch-field]"
        ),
        (
            #"{ "field": "city", "values": ["a"] }"#, "Rain",
            "rain.chart.json:5:3: error: 'each' takes 'field' (one chart per value of a data field) or 'values' with 'as' (one chart per listed value), not both [batch-each]"
        ),
        (#"{ "values": ["a"] }"#, "Rain", "rain.chart.json:5:11: error: 'each.values' needs 'as'"),
        (
            #"{ "field": "city", "as": "town" }"#, "Rain",
            "rain.chart.json:5:30: error: 'each.as' names the value of a list of 'values'; with 'field' the value is written {city}: remove 'as' [batch-each]"
        )
    ])
    func mistakesAreReportedAtTheirLineAndColumn(each: String, title: String, expected: String) throws {
        let name = each.contains("cityy") ? "cityy" : "city"
        let spec = Self.spec(each: each, filter: #"["city == {city}"]"#).replacingOccurrences(of: "\"Rain in {city}\"", with: "\"\(title)\"")
            .replacingOccurrences(of: "{city}", with: "{\(name)}")
        for command in ["build", "lint"] {
            let (result, folder) = try run([command, "rain.chart.json"], specs: ["rain.chart.json": spec])
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 1)
            #expect(result.error.contains(expected) || result.output.contains(expected), "\(command): \(result.error)\(result.output)")
        }
    }

    @Test func aFieldWithMoreThanFiveThousandValuesIsRefused() throws {
        var csv = "city,month,rain\n"
        for index in 0...BatchSpec.limit { csv += "c\(index),Jan,1\n" }
        let spec = Self.spec(each: #"{ "field": "city" }"#, filter: #"["city == {city}"]"#)
        for command in [["build"], ["lint", "--all-rows"]] {
            let (result, folder) = try run(command + ["rain.chart.json"], specs: ["rain.chart.json": spec], csv: csv)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 1)
            #expect(
                (result.error + result.output).contains(
                    "rain.chart.json:5:22: error: 'each' over 'city' would build 5,001 charts, more than a batch may (5,000)"),
                "\(result.error)\(result.output)")
            #expect(read(folder, "rain-c0.svg") == nil)
        }
    }

    @Test func aBatchOverADatabaseIsRefusedAtEach() throws {
        let spec = """
            { "title": "Rain in {city}", "data": { "database": "$RAIN_DB", "table": "rain" }, "each": { "field": "city" },
              "filter": "city == {city}", "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "rain" } } }
            """
        let (result, folder) = try run(["lint", "rain.chart.json"], specs: ["rain.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(result.output.contains("rain.chart.json:1:83: error: 'each' over database data is not supported yet"), "\(result.output)")
    }

    @Test func lintAndDataReadTheFirstChart() throws {
        let spec = Self.spec(each: #"{ "field": "city" }"#, filter: #"["city == {city}"]"#)
        let (lint, folder) = try run(["lint", "rain.chart.json"], specs: ["rain.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!lint.output.contains("error"), "\(lint.output)")
        let data = try ChartcBinary.run(["data", "rain.chart.json"], in: folder)
        #expect(data.status == 0, "\(data.error)")
        #expect(data.output == "city,month,rain\nSeattle,Jan,140\nSeattle,Feb,100\n")
    }

    @Test func oneOutputFileIsRefusedForABatch() throws {
        let spec = Self.spec(each: #"{ "field": "city" }"#, filter: #"["city == {city}"]"#)
        let (result, folder) = try run(["build", "rain.chart.json", "-o", "one.svg"], specs: ["rain.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(result.error.contains("rain.chart.json:5:3: error: -o one.svg names one file, but this spec is a batch"), "\(result.error)")
    }

    /// Placeholders in an expression: a literal outside quotes, text inside them (escaped for the quote); `{{`
    /// is left as written; the chart of a value has no `each`.
    @Test func placeholdersInExpressionsBecomeLiterals() throws {
        let text = #"""
            { "title": "{c} {{c}}", "data": { "values": [{ "city": "x", "note": "y" }] }, "each": { "values": ["O'Hare"], "as": "c" },
              "filter": ["city == {c}", "note == 'at {c}'"], "mark": "point", "encoding": { "x": { "field": "city" } } }
            """#
        let parsed = SpecParser.parse(SourceFile(path: "x.chart.json", text: text))
        #expect(!parsed.diagnostics.hasErrors)
        let spec = try #require(parsed.spec)
        let one = try #require(spec.batchInstance(for: .string("O'Hare")).spec)
        #expect(one.filter.map(\.text) == [#"city == 'O\'Hare'"#, #"note == 'at O\'Hare'"#])
        #expect(one.title?.value == "O'Hare {{c}}")
        #expect(one.each == nil)
        let number = try #require(spec.batchInstance(for: .number(12.5)).spec)
        #expect(number.filter.map(\.text) == ["city == 12.5", "note == 'at 12.5'"])
    }

    /// The gallery's batch (`examples/polarization/by-state.chart.json`, left out of the one-SVG-per-spec gallery
    /// build by `examples/.chartcignore`): its charts and manifest as committed, each chart's text clear of the rest
    /// (`CHARTC_RECORD=1` rewrites them).
    @Test func theExampleBatchMatchesItsCommittedCharts() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ChartcBinary.run(["build", "examples/polarization/by-state.chart.json", "-o", folder.path])
        #expect(result.status == 0, "\(result.error)")
        let examples = packageRoot.appendingPathComponent("examples/polarization")
        for name in ["by-state-ca.svg", "by-state-tx.svg", "by-state-ny.svg", "by-state-fl.svg", "by-state-pa.svg", "by-state.charts.json"] {
            let built = try #require(read(folder, name), "\(name) was not written")
            assertGolden(
                file: examples.appendingPathComponent(name), shownAs: "examples/polarization/" + name, actual: String(decoding: built, as: UTF8.self))
        }
    }
}
