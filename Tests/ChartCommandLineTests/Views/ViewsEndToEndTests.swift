import ChartCommandLine
import Foundation
import Testing

/// Several views in one graphic (SPEC §20) through the command line: `build` writes one `chartc-view` group per
/// view, `data --view N` prints a view's rows, `plan` each view's pipeline, and lint rejects what a view may not
/// hold at its line:col.
@Suite struct ViewsEndToEndTests {
    static let rows = #"""
        [{ "city": "Oslo", "month": 1, "temp": -4, "rain": 49 }, { "city": "Oslo", "month": 7, "temp": 17, "rain": 81 },
         { "city": "Rome", "month": 1, "temp": 8, "rain": 67 }, { "city": "Rome", "month": 7, "temp": 25, "rain": 19 }]
        """#

    static let concat = #"""
        {
          "title": "Two cities",
          "data": { "values": ROWS },
          "calculate": { "hot": "temp > 10" },
          "concat": [
            { "title": "Temperature", "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "temp" } } },
            { "title": "Rain in July", "filter": "month == 7", "calculate": { "wet": "rain * 2" }, "mark": "bar",
              "encoding": { "x": { "field": "city" }, "y": { "field": "wet" } } }
          ],
          "sources": "Made-up rows for a test"
        }
        """#

    /// Runs `chartc COMMAND spec` on `spec` (its `ROWS` replaced): the status, what it printed (or the SVG it
    /// wrote) and the errors.
    static func run(_ arguments: [String], _ spec: String) throws -> (status: Int32, output: String, errors: String) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("views.chart.json")
        try Data(spec.replacingOccurrences(of: "ROWS", with: rows).utf8).write(to: path)
        let console = BufferConsole()
        var command = [arguments[0], path.path] + arguments.dropFirst()
        if arguments[0] == "build" { command += ["-o", directory.path, "--format", "svg", "--offline"] }
        let status = Chartc.run(command, console: console)
        if arguments[0] == "build", status == 0 {
            return (status, try String(contentsOf: directory.appendingPathComponent("views.svg"), encoding: .utf8), console.error)
        }
        return (status, console.output, console.error)
    }

    @Test func buildWritesOneGroupPerView() throws {
        let built = try Self.run(["build"], Self.concat)
        #expect(built.status == 0, "\(built.errors)")
        #expect(built.output.components(separatedBy: #"class="chartc-view" data-view="0""#).count == 2)
        #expect(built.output.components(separatedBy: #"class="chartc-view" data-view="1""#).count == 2)
        #expect(!built.output.contains(#"data-view="2""#))
        // The page's title and sources once; each view's heading.
        #expect(built.output.components(separatedBy: ">Two cities<").count == 3) // <title> and the heading
        #expect(built.output.contains(">Temperature<") && built.output.contains(">Rain in July<"))
        // Four rows in the first view; the second view's own filter on top of the inherited rows keeps two.
        #expect(built.output.components(separatedBy: #"class="chartc-bar""#).count - 1 == 6)
    }

    @Test func dataPrintsTheRowsOfOneView() throws {
        let first = try Self.run(["data", "--view", "0"], Self.concat)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.split(separator: "\n").count == 5)
        let second = try Self.run(["data", "--view", "1"], Self.concat)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == "city,month,temp,rain,hot,wet\nOslo,7,17,81,true,162\nRome,7,25,19,true,38\n")
        let missing = try Self.run(["data", "--view", "2"], Self.concat)
        #expect(missing.status != 0)
        #expect(missing.errors.contains("has 2 views (0 to 1)"))
    }

    /// Views inherit the top-level `fold` with the top-level data (SPEC §20, §21); a view with its own `fold` uses it.
    @Test func viewsInheritTheTopLevelFold() throws {
        let spec = #"""
            { "title": "Folded", "data": { "values": ROWS }, "fold": ["temp", "rain"],
              "concat": [
                { "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "value" }, "color": { "field": "key" } } },
                { "fold": { "fields": ["temp"], "as": ["what", "amount"] }, "mark": "bar",
                  "encoding": { "x": { "field": "city" }, "y": { "field": "amount" } } }
              ] }
            """#
        let first = try Self.run(["data", "--view", "0"], spec)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasPrefix("city,month,key,value\nOslo,1,temp,-4\nOslo,1,rain,49\n"), "\(first.output)")
        let second = try Self.run(["data", "--view", "1"], spec)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.hasPrefix("city,month,rain,what,amount\nOslo,1,49,temp,-4\n"), "\(second.output)")
        let built = try Self.run(["build"], spec)
        #expect(built.status == 0, "\(built.errors)")
    }

    /// The HTML page's data table shows every view's rows: one table per view under its heading.
    @Test func theHTMLPageHasOneDataTablePerView() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("views.chart.json")
        try Data(Self.concat.replacingOccurrences(of: "ROWS", with: Self.rows).utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "html", "--offline"], console: console)
        #expect(status == 0, "\(console.error)")
        let html = try String(contentsOf: directory.appendingPathComponent("views.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<table>").count - 1 == 2)
        #expect(html.contains(#"<h2 class="chartc-table-heading">Temperature</h2>"#))
        #expect(html.contains(#"<h2 class="chartc-table-heading">Rain in July</h2>"#))
        #expect(html.contains("<caption>Data: Rain in July</caption>"))
        // The second table holds the second view's rows: two, with its own field.
        let second = try #require(
            html.components(separatedBy: "<caption>Data: Rain in July</caption>").last?.components(separatedBy: "</table>").first)
        #expect(second.contains(">wet<") && second.contains(">162<") && second.components(separatedBy: "<tr>").count - 1 == 3)
    }

    /// Every view's rows can be downloaded: one CSV link per view, named after the view's heading (its title, else its
    /// number), holding that view's own rows (the first view's alone was offered before).
    @Test func theHTMLPageOffersOneCSVPerView() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("views.chart.json")
        let spec = Self.concat.replacingOccurrences(of: "ROWS", with: Self.rows).replacingOccurrences(of: #""title": "Temperature", "#, with: "")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "html", "--offline"], console: console)
        #expect(status == 0, "\(console.error)")
        let html = try String(contentsOf: directory.appendingPathComponent("views.html"), encoding: .utf8)
        let links = html.components(separatedBy: #"<a class="chartc-download""#).dropFirst()
        #expect(links.count == 2)
        func csv(_ link: String) -> String? {
            link.components(separatedBy: #"href="data:text/csv;charset=utf-8,"#).last?.components(separatedBy: "\"").first?.removingPercentEncoding
        }
        let first = try #require(links.first)
        let second = try #require(links.dropFirst().first)
        #expect(first.contains(#"data-view="0""#) && first.contains(#"download="views-view-1.csv">Get the data: View 1 (CSV)</a>"#))
        #expect(csv(first) == "city,month,temp,rain,hot\nOslo,1,-4,49,false\nOslo,7,17,81,true\nRome,1,8,67,false\nRome,7,25,19,true\n")
        #expect(second.contains(#"data-view="1""#) && second.contains(#"download="views-rain-in-july.csv">Get the data: Rain in July (CSV)</a>"#))
        #expect(csv(second) == "city,month,temp,rain,hot,wet\nOslo,7,17,81,true,162\nRome,7,25,19,true,38\n")
    }

    @Test func planShowsEachViewsPipeline() throws {
        let planned = try Self.run(["plan"], Self.concat)
        #expect(planned.status == 0, "\(planned.errors)")
        let lines = planned.output.split(separator: "\n").map(String.init)
        #expect(lines.first == #"view 0 "Temperature""#)
        #expect(lines.contains(#"view 1 "Rain in July""#))
        let second = try #require(lines.firstIndex(of: #"view 1 "Rain in July""#))
        // The second view's own steps, indented under its heading, after the inherited calculate.
        let own = lines[second...].joined(separator: "\n")
        #expect(own.contains("hot") && own.contains("wet") && own.contains("month == 7"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") || $0.hasPrefix("view ") })
    }

    @Test func lintRejectsPageTextInAViewAndAViewWithoutMarks() throws {
        let spec = #"""
            {
              "title": "T",
              "data": { "values": ROWS },
              "concat": [
                { "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "temp" } }, "notes": "A note" },
                { "encoding": { "x": { "field": "city" } } }
              ]
            }
            """#
        let linted = try Self.run(["lint"], spec)
        #expect(linted.status != 0)
        #expect(linted.output.contains(":6:90: error: 'concat[0].notes' is page text"), "\(linted.output)")
        #expect(linted.output.contains("[view-page-text]"))
        #expect(linted.output.contains(":7:5: error: view 1 has no marks"), "\(linted.output)")
        #expect(linted.output.contains("[view-without-marks]"))
    }

    @Test func lintNamesARepeatedFieldThatIsNotInTheDataAtTheRepeatList() throws {
        let spec = #"""
            {
              "title": "T",
              "data": { "values": ROWS },
              "repeat": ["temp", "rian"],
              "mark": "point",
              "encoding": { "x": { "field": { "repeat": true } }, "y": { "field": "month" } },
              "sources": "Made up"
            }
            """#
        let linted = try Self.run(["lint"], spec)
        #expect(linted.status != 0)
        #expect(linted.output.contains(":5:22: error: 'encoding.x' shows the field 'rian', which is not in the data"), "\(linted.output)")
        #expect(linted.output.contains("did you mean 'rain'?"), "\(linted.output)")
        let wrongReference = try Self.run(["lint"], spec.replacingOccurrences(of: #"{ "repeat": true }"#, with: #"{ "repeat": "row" }"#))
        #expect(
            wrongReference.output.contains(#":7:45: error: { "repeat": "row" } names no field this 'repeat' gives: use true"#),
            "\(wrongReference.output)")
        // Said once: not also as a field that is not a string.
        #expect(!wrongReference.output.contains("wrong-type") && !wrongReference.output.contains("empty"), "\(wrongReference.output)")
    }
}
