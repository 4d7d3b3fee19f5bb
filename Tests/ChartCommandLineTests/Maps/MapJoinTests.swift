import ChartCommandLine
import Foundation
import Testing

/// A choropleth's `lookup` cannot fail silently (SPEC §22, issue 27 item 5): build and lint say which features
/// found no value, which rows of the data matched no feature (with a did-you-mean), and when the data's keys are of
/// another id system than the map's, each at its line:col in the spec.
@Suite struct MapJoinTests {
    struct Outcome {
        var status: Int32
        var said: String
        var data: String
    }

    static func run(_ command: String, _ spec: String, files: [String: String]) throws -> Outcome {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let path = directory.appendingPathComponent("map.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        var arguments = [command, path.path]
        if command == "build" { arguments += ["-o", directory.path, "--format", "svg", "--offline"] }
        let status = Chartc.run(arguments, console: console)
        return Outcome(status: status, said: console.error + console.output, data: console.output)
    }

    /// "line:col" of the first `needle` in `text` that follows `after` (1-based, as diagnostics print).
    static func position(of needle: String, after: String, in text: String) throws -> String {
        let start = try #require(text.range(of: after)).upperBound
        let found = try #require(text.range(of: needle, range: start..<text.endIndex)).lowerBound
        let before = text[..<found]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return "\(line):\(column)"
    }

    static func spec(basemap: String, lookup: String) -> String {
        """
        { "title": "A map", "data": { "basemap": "\(basemap)" },
          "lookup": \(lookup),
          "mark": "geoshape", "encoding": { "color": { "field": "rate" } } }
        """
    }

    /// Names where the states' FIPS codes are expected: the id system is named, with the fix.
    @Test func namesWhereCodesAreExpectedAreNamed() throws {
        let spec = Self.spec(basemap: "us-states", lookup: #"{ "data": { "url": "rates.csv" }, "on": "id", "key": "state", "fields": ["rate"] }"#)
        let files = ["rates.csv": "state,rate\nAlabama,5\nAlaska,6\nCalifornia,7\n"]
        let key = try Self.position(of: #""state""#, after: #""key": "#, in: spec)
        let on = try Self.position(of: #""id""#, after: #""on": "#, in: spec)
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec, files: files)
            #expect(
                result.said.contains(
                    "map.chart.json:\(key): warning: the 'state' values of rates.csv look like names ('Alabama', 'Alaska'), but the features' 'id' values are two-digit codes ('01', '02'): set 'lookup.on' to \"name\" to join by the features' names [lookup-key-system]"
                ), "\(command): \(result.said)")
            #expect(
                result.said.contains("map.chart.json:\(on): warning: none of the ") && result.said.contains("[lookup-features-without-value]"),
                "\(command): \(result.said)")
            #expect(!result.said.contains("[lookup-rows-without-feature]"), "the id system explains the unmatched rows: \(result.said)")
        }
    }

    /// Joined by name, the features left without a value are listed by name, the first five, then how many more.
    @Test func featuresWithoutAValueAreListedByName() throws {
        let spec = Self.spec(basemap: "us-states", lookup: #"{ "data": { "url": "rates.csv" }, "on": "name", "key": "state" }"#)
        let files = ["rates.csv": "state,rate\nAlabama,5\nAlaska,6\nCalifornia,7\n"]
        let on = try Self.position(of: #""name""#, after: #""on": "#, in: spec)
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec, files: files)
            let line = try #require(result.said.split(separator: "\n").first { $0.contains("[lookup-features-without-value]") }, "\(result.said)")
            #expect(line.contains("map.chart.json:\(on): warning: "), "\(line)")
            #expect(
                line.contains(
                    "features have no value: their 'name' is not among the 'state' values of rates.csv, so they are drawn as missing: Arizona, Arkansas, Colorado, Connecticut, Delaware and "
                ), "\(line)")
            #expect(!result.said.contains("[lookup-key-system]") && !result.said.contains("[lookup-rows-without-feature]"), "\(result.said)")
        }
    }

    /// FIPS codes written as text without their leading zero: say to write the zeros. Read as numbers, they find
    /// the zero-padded ids.
    @Test func codesThatLostTheirLeadingZero() throws {
        let text = Self.spec(
            basemap: "us-states",
            lookup: #"{ "data": { "url": "rates.csv", "parse": { "fips": "string" } }, "on": "id", "key": "fips", "fields": ["rate"] }"#)
        let files = ["rates.csv": "fips,rate\n1,5\n2,6\n6,7\n36,8\n"]
        let key = try Self.position(of: #""fips""#, after: #""key": "#, in: text)
        let lint = try Self.run("lint", text, files: files)
        #expect(
            lint.said.contains(
                "map.chart.json:\(key): warning: the 'fips' values of rates.csv look like codes that lost their leading zeros ('1' for the features' '01'): write them with their zeros, as text ('01'), or read 'fips' as numbers (lookup then pads a number with zeros to the features' two-digit codes) [lookup-key-system]"
            ), "\(lint.said)")

        let numbers = Self.spec(basemap: "us-states", lookup: #"{ "data": { "url": "rates.csv" }, "on": "id", "key": "fips", "fields": ["rate"] }"#)
        let data = try Self.run("data", numbers, files: files)
        #expect(data.status == 0, "\(data.said)")
        let rows = data.data.split(separator: "\n")
        for (id, rate) in [("01", "5"), ("02", "6"), ("06", "7"), ("36", "8")] {
            #expect(rows.contains { $0.hasPrefix("\(id),") && $0.hasSuffix(",\(rate)") }, "state \(id) gets \(rate): \(data.data.prefix(400))")
        }
        #expect(!data.said.contains("[lookup-key-system]") && !data.said.contains("[lookup-rows-without-feature]"), "\(data.said)")
    }

    /// ISO alpha-3 codes against the world basemap's numeric ids.
    @Test func alpha3CodesAgainstNumericIDs() throws {
        let spec = Self.spec(basemap: "world", lookup: #"{ "data": { "url": "rates.csv" }, "on": "id", "key": "iso", "fields": ["rate"] }"#)
        let files = ["rates.csv": "iso,rate\nUSA,1\nFRA,2\nDEU,3\n"]
        let key = try Self.position(of: #""iso""#, after: #""key": "#, in: spec)
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec, files: files)
            #expect(
                result.said.contains(
                    "map.chart.json:\(key): warning: the 'iso' values of rates.csv look like ISO 3166-1 alpha-3 codes ('USA', 'FRA'), but the features' 'id' values are numeric three-digit codes"
                )
                    && result.said.contains(
                        "join by the features' names (set 'lookup.on' to \"name\") or key the data by numeric code [lookup-key-system]"),
                "\(command): \(result.said)")
        }
    }

    /// A code that matches no feature is no typo of a code one digit away: Bermuda ('060'), which the 1:110m world
    /// has no shape for, gets no "did you mean" Antarctica ('010'); a name one letter off still gets one.
    @Test func codesOneDigitApartAreNoNearMisses() throws {
        let spec = Self.spec(basemap: "world", lookup: #"{ "data": { "url": "rates.csv", "parse": { "id": "string" } }, "on": "id", "key": "id" }"#)
        let result = try Self.run("lint", spec, files: ["rates.csv": "id,rate\n004,1\n008,2\n012,3\n060,4\n"])
        #expect(
            result.said.contains(
                "1 of 4 rows of rates.csv match no feature: its 'id' is not among the features' 'id' values, so it is not drawn: '060' [lookup-rows-without-feature]"
            ), "\(result.said)")
        // A name one letter off still gets its did-you-mean.
        let names = Self.spec(basemap: "world", lookup: #"{ "data": { "url": "rates.csv" }, "on": "name", "key": "country" }"#)
        let named = try Self.run("lint", names, files: ["rates.csv": "country,rate\nAfghanistan,1\nAlbania,2\nAlgerria,3\n"])
        #expect(named.said.contains("'Algerria' (did you mean 'Algeria'?)"), "\(named.said)")
    }

    /// Near misses of the features' names: "Saint Louis" for "St. Louis", "St Charles" for "St. Charles".
    @Test func nearMissesOfNamesGetADidYouMean() throws {
        func feature(_ name: String, _ x: Double) -> String {
            #"{ "type": "Feature", "properties": { "name": "\#(name)" }, "geometry": { "type": "Polygon", "coordinates": [[[\#(x), 38], [\#(x), 39], [\#(x + 1), 39], [\#(x + 1), 38], [\#(x), 38]]] } }"#
        }
        let places =
            #"{ "type": "FeatureCollection", "features": [\#(feature("St. Louis", -91)), \#(feature("St. Charles", -92)), \#(feature("Jefferson", -93))] }"#
        let spec = """
            { "title": "Places", "data": { "url": "places.geojson" },
              "lookup": { "data": { "url": "rates.csv" }, "on": "name", "key": "place" },
              "mark": "geoshape", "encoding": { "color": { "field": "rate" } } }
            """
        let files = ["places.geojson": places, "rates.csv": "place,rate\nSaint Louis,1\nSt Charles,2\nJefferson,3\nNowhere Falls,4\n"]
        let key = try Self.position(of: #""place""#, after: #""key": "#, in: spec)
        let on = try Self.position(of: #""name""#, after: #""on": "#, in: spec)
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec, files: files)
            #expect(
                result.said.contains(
                    "map.chart.json:\(key): warning: 3 of 4 rows of rates.csv match no feature: their 'place' is not among the features' 'name' values, so they are not drawn: 'Saint Louis' (did you mean 'St. Louis'?), 'St Charles' (did you mean 'St. Charles'?), 'Nowhere Falls' [lookup-rows-without-feature]"
                ), "\(command): \(result.said)")
            #expect(
                result.said.contains(
                    "map.chart.json:\(on): warning: 2 of 3 features have no value: their 'name' is not among the 'place' values of rates.csv, so they are drawn as missing: St. Charles, St. Louis [lookup-features-without-value]"
                ), "\(command): \(result.said)")
            #expect(!result.said.contains("[lookup-unmatched]"), "map data gets the map's warnings: \(result.said)")
        }
    }
}
