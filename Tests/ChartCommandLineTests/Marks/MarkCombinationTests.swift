import ChartCommandLine
import ChartSpec
import Foundation
import Testing

/// SPEC §19.1, generated from the table of marks (`MarkTraits`): every mark × channel × option either changes
/// what is built (the SVG, or the HTML page for `tooltip`, against the same spec without it, on a small dataset)
/// or is rejected with `channel-not-supported`/`option-not-supported`. A combination the table accepts that
/// changes nothing is a silent no-op: draw it, or take it out of the table.
@Suite struct MarkCombinationTests {
    static let rows =
        #"[{ "cat": "A", "grp": "u", "v": 10, "w": 14, "t": "ten" }, { "cat": "B", "grp": "u", "v": 30, "w": 35, "t": "thirty" }, { "cat": "C", "grp": "u", "v": 20, "w": 28, "t": "twenty" }, { "cat": "A", "grp": "v", "v": 5, "w": 9, "t": "five" }, { "cat": "B", "grp": "v", "v": 12, "w": 20, "t": "twelve" }, { "cat": "C", "grp": "v", "v": 48, "w": 50, "t": "forty-eight" }]"#

    /// The fields of `rows`, made from each state's name for the `geoshape` cases.
    static let geoFields =
        #"{ "cat": "substring(name, 0, 1)", "grp": "substring(name, 0, 1) < 'M' ? 'u' : 'v'", "v": "length(name)", "w": "length(name) * 2", "t": "name" }"#

    /// What `chartc build` made of a spec: the output, or the errors it printed.
    enum Built: Equatable {
        case output(String)
        case failed(String)

        var errors: String? { if case .failed(let text) = self { text } else { nil } }
    }

    /// `chartc build` of `{ data, mark, encoding }` (encoding entries in key order) in `format`.
    static func build(mark: String, encoding: [String: String], format: String = "svg") throws -> Built {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let channels = encoding.keys.sorted().map { "\"\($0)\": \(encoding[$0] ?? "null")" }.joined(separator: ", ")
        var text = "{ \"data\": { \"values\": \(rows) }, \"mark\": \(mark), \"encoding\": { \(channels) } }"
        // A map's shapes (SPEC §22) need map data: the states, with the same fields made from their names.
        if mark.contains("geoshape") {
            text = "{ \"data\": { \"basemap\": \"us-states\" }, \"calculate\": \(geoFields), \"mark\": \(mark), \"encoding\": { \(channels) } }"
        }
        let path = directory.appendingPathComponent("combination.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", format, "--offline"], console: console)
        guard status == 0 else { return .failed(console.error) }
        let output = try Data(contentsOf: directory.appendingPathComponent("combination." + format))
        return .output(String(decoding: output, as: UTF8.self))
    }

    /// Each mark's spec without the channel under test: x a category and y a number (vertical), or the other way
    /// round (horizontal, for `x2`; `y2` spans the vertical one), plus the channels the mark requires. A rect is a
    /// heat map's cell (categories on both axes, colored by the number) except under a range.
    static func base(_ traits: MarkTraits, for channel: ChannelName? = nil) -> [String: String] {
        let horizontal = channel == .x2
        var encoding = [
            "x": horizontal ? #"{ "field": "v" }"# : #"{ "field": "cat" }"#,
            "y": horizontal ? #"{ "field": "cat" }"# : #"{ "field": "v" }"#
        ]
        if traits.type == .rect && channel != .x2 && channel != .y2 {
            encoding["y"] = #"{ "field": "grp" }"#
            encoding["color"] = #"{ "field": "v" }"#
        }
        // An errorbar or errorband spans a range: `y`…`y2` (or `x`…`x2` when the channel under test is `x2`).
        if (traits.type == .errorbar || traits.type == .errorband) && channel != .x2 && channel != .y2 { encoding["y2"] = definition(.y2) }
        // An arc has no x or y: its slices' angles are `theta` (required, below).
        if traits.type == .arc { encoding = [:] }
        // A map's shapes are placed by their geometry (SPEC §22).
        if traits.type == .geoshape { encoding = [:] }
        for channel in traits.required { encoding[channel.rawValue] = definition(channel) }
        // `order` on bars and areas is their stacking order (SPEC §20): measured on a stack (without one it is
        // rejected, `OrderChannelTests`).
        if channel == .order && traits.stacks { encoding["color"] = definition(.color) }
        return encoding
    }

    /// The field each channel shows in these tests.
    static func definition(_ channel: ChannelName) -> String {
        switch channel {
        case .x: #"{ "field": "cat" }"#
        case .y: #"{ "field": "v" }"#
        case .x2, .y2, .size, .opacity, .tooltip: #"{ "field": "w" }"#
        case .color, .offset, .detail: #"{ "field": "grp" }"#
        case .text: #"{ "field": "t" }"#
        case .theta: #"{ "field": "v" }"#
        case .radius: #"{ "field": "w" }"#
        // Degrees: the values are all places on the map.
        case .longitude: #"{ "field": "v" }"#
        case .latitude: #"{ "field": "w" }"#
        // A rule's other end: another place, so the route has a length.
        case .longitude2: #"{ "field": "w" }"#
        case .latitude2: #"{ "field": "v" }"#
        // Not the order of x: a line joins its points otherwise, a stack piles its segments otherwise.
        case .order: #"{ "field": "w" }"#
        }
    }

    /// The constant each channel is given in these tests (SPEC §19.3): none of them what the mark draws without it.
    static func constant(_ channel: ChannelName) -> String {
        switch channel {
        case .x: #"{ "value": 30 }"#
        case .y: #"{ "value": 40 }"#
        case .x2: #"{ "value": 60 }"#
        case .y2: #"{ "value": 70 }"#
        case .color: ##"{ "value": "#aa3300" }"##
        case .offset: #"{ "value": 5 }"#
        case .size: #"{ "value": 9 }"#
        case .opacity: #"{ "value": 0.5 }"#
        case .text: #"{ "value": "hi" }"#
        case .detail, .order: #"{ "value": "hi" }"#
        case .tooltip: #"{ "value": "hi" }"#
        case .theta, .radius, .longitude, .latitude, .longitude2, .latitude2: #"{ "value": 50 }"#
        }
    }

    /// The value each option is given in these tests: none of them its default.
    static func value(_ option: MarkOption) -> String {
        switch option {
        case .interpolate: #""step""#
        case .points, .labels: "true"
        case .color: ##""#aa3300""##
        case .opacity: "0.5"
        case .strokeWidth: "5"
        case .cornerRadius: "4"
        case .width: "7"
        case .extent: #""stdev""#
        case .innerRadius: "0.5"
        case .padAngle: "4"
        }
    }

    static var channelCases: [(MarkType, ChannelName)] {
        MarkType.allCases.flatMap { mark in ChannelName.allCases.map { (mark, $0) } }
    }

    static var optionCases: [(MarkType, MarkOption)] {
        MarkType.allCases.flatMap { mark in MarkOption.allCases.map { (mark, $0) } }
    }

    @Test(arguments: channelCases)
    func aChannelIsDrawnOrRejected(mark: MarkType, channel: ChannelName) throws {
        let traits = mark.traits
        // `text` on a mark with value labels is what they print: compared with labels on.
        let name = traits.drawsOnlyWithLabels(channel) ? "{ \"type\": \"\(mark.rawValue)\", \"labels\": true }" : "\"\(mark.rawValue)\""
        var without = Self.base(traits, for: channel)
        var with = without
        if with[channel.rawValue] == nil { with[channel.rawValue] = Self.definition(channel) }
        without[channel.rawValue] = nil
        // A place on a map (SPEC §22) is both of longitude and latitude, in place of x and y; a rule's route has
        // its other end too.
        if traits.draws(channel) && [.longitude, .latitude, .longitude2, .latitude2].contains(channel) {
            for position in ["x", "y", "x2", "y2"] { with[position] = nil }
            let place: [ChannelName] = traits.draws(.longitude2) ? [.longitude, .latitude, .longitude2, .latitude2] : [.longitude, .latitude]
            for name in place { with[name.rawValue] = Self.definition(name) }
        }
        let format = channel == .tooltip ? "html" : "svg"
        let built = try Self.build(mark: name, encoding: with, format: format)
        if traits.draws(channel) {
            let expected = try Self.build(mark: name, encoding: without, format: format)
            if traits.required.contains(channel) {
                let id = channel == .theta ? "missing-position" : "text-without-text"
                #expect(expected.errors?.contains(id) == true, "\(mark) without \(channel): \(expected)")
            }
            #expect(built.errors == nil, "\(mark) with \(channel) should build: \(built.errors ?? "")")
            #expect(built != expected, "\(mark) accepts \(channel) but draws the same without it: a silent no-op (SPEC §19.1)")
        } else {
            let errors = try #require(built.errors, "\(mark) with \(channel) built, but the table says it does not draw it")
            #expect(errors.contains("[channel-not-supported]"), "\(errors)")
            let drawing = MarkTraits.marks(drawing: channel)
            #expect(errors.contains(MarkTraits.describe(drawing)), "the error names the marks that draw \(channel): \(errors)")
        }
    }

    /// SPEC §19.3: a constant `{ "value": v }` on each channel either changes the SVG (against the same spec
    /// without the channel) or is rejected with `channel-not-supported` naming the marks that draw that constant.
    @Test(arguments: channelCases)
    func aConstantIsDrawnOrRejected(mark: MarkType, channel: ChannelName) throws {
        let traits = mark.traits
        let name = "\"\(mark.rawValue)\""
        var without = Self.base(traits, for: channel)
        var with = without
        with[channel.rawValue] = Self.constant(channel)
        without[channel.rawValue] = nil
        let built = try Self.build(mark: name, encoding: with)
        if traits.drawsConstant(channel) {
            #expect(built.errors == nil, "\(mark) with a constant \(channel) should build: \(built.errors ?? "")")
            #expect(built != (try Self.build(mark: name, encoding: without)), "\(mark) accepts a constant \(channel) but draws the same without it")
        } else {
            let errors = try #require(built.errors, "\(mark) with a constant \(channel) built, but the table says it does not draw it")
            #expect(errors.contains("[channel-not-supported]"), "\(errors)")
            #expect(errors.contains(MarkTraits.describe(MarkTraits.marks(drawingConstant: channel))), "\(errors)")
        }
    }

    @Test(arguments: optionCases)
    func anOptionIsDrawnOrRejected(mark: MarkType, option: MarkOption) throws {
        let traits = mark.traits
        var encoding = Self.base(traits)
        // An errorbar's `extent` computes the range `y2` would give.
        if option == .extent { encoding["y2"] = nil }
        let plain = "\"\(mark.rawValue)\""
        // A boxplot's `extent` is a number of IQRs: 0 makes every value beyond the box an outlier.
        let value = option == .extent && mark == .boxplot ? "0" : Self.value(option)
        let with = "{ \"type\": \"\(mark.rawValue)\", \"\(option.rawValue)\": \(value) }"
        let built = try Self.build(mark: with, encoding: encoding)
        if option == .color && encoding["color"] != nil {
            // The rect's heat map colors by a field: `mark.color` would color nothing.
            #expect(built.errors?.contains("[option-not-supported]") == true, "\(built)")
        } else if traits.takes(option) {
            #expect(built.errors == nil, "\(mark) with \(option) should build: \(built.errors ?? "")")
            #expect(built != (try Self.build(mark: plain, encoding: encoding)), "\(mark) takes \(option) but draws the same without it (SPEC §19.1)")
        } else {
            let errors = try #require(built.errors, "\(mark) with mark.\(option) built, but the table says it does not take it")
            #expect(errors.contains("[option-not-supported]"), "\(errors)")
            #expect(errors.contains(MarkTraits.describe(MarkTraits.marks(taking: option))), "\(errors)")
        }
    }
}

/// The SPEC §19 cases issue 24 found silently ignored, each rejected or drawn now.
@Suite struct MarkTableCaseTests {
    typealias T = MarkCombinationTests

    @Test func aRangeOnABandAxisIsAnErrorAtItsKey() throws {
        let built = try T.build(mark: #""bar""#, encoding: ["x": #"{ "field": "cat" }"#, "x2": #"{ "field": "w" }"#, "y": #"{ "field": "v" }"#])
        let errors = try #require(built.errors)
        #expect(errors.contains("[range-on-band-axis]"), "\(errors)")
        #expect(errors.contains("combination.chart.json:1:"), "the error names file and line:col: \(errors)")
    }

    @Test func barsOnAPointScaleAreRejected() throws {
        let built = try T.build(
            mark: #""bar""#, encoding: ["x": #"{ "field": "cat", "scale": { "type": "point" } }"#, "y": #"{ "field": "v" }"#])
        let errors = try #require(built.errors)
        #expect(errors.contains("[scale-type-mismatch]") && errors.contains("point scale gives them no width"), "\(errors)")
        // Dots on a point scale are fine.
        #expect(
            try T.build(mark: #""point""#, encoding: ["x": #"{ "field": "cat", "scale": { "type": "point" } }"#, "y": #"{ "field": "v" }"#]).errors
                == nil)
    }

    @Test func textOnAMarkWithoutLabelsIsAnError() throws {
        let built = try T.build(mark: #""point""#, encoding: ["x": #"{ "field": "w" }"#, "y": #"{ "field": "v" }"#, "text": #"{ "field": "t" }"#])
        let errors = try #require(built.errors)
        #expect(errors.contains("[channel-not-supported]") && errors.contains("add \"labels\": true"), "\(errors)")
    }

    @Test func sizeOnALineIsItsStrokeWidth() throws {
        let encoding = ["x": #"{ "field": "cat" }"#, "y": #"{ "field": "v" }"#, "color": #"{ "field": "grp" }"#, "size": #"{ "field": "w" }"#]
        guard case .output(let svg) = try T.build(mark: #""line""#, encoding: encoding) else {
            Issue.record("the line with size did not build")
            return
        }
        // Each series is as wide as its mean size on the size scale (1–8 px), not the 2.5 px default.
        let widths = svg.split(separator: "<path").filter { $0.contains("chartc-line") }.compactMap { path -> Double? in
            guard let start = path.firstRange(of: "stroke-width=\"") else { return nil }
            return Double(path[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(widths.count == 2)
        #expect(widths.allSatisfy { $0 != 2.5 && $0 >= 1 && $0 <= 8 }, "\(widths)")
    }

    @Test func anInheritedChannelNoLayerDrawsNamesTheLayers() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            { "data": { "values": \(T.rows) }, "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "size": { "field": "w" } },
              "layers": [{ "mark": "bar" }, { "mark": "rule" }] }
            """
        let path = directory.appendingPathComponent("layers.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        #expect(Chartc.run(["lint", path.path], console: console) != 0)
        let output = console.output + console.error
        #expect(output.contains("[channel-not-supported]") && output.contains("no layer draws 'encoding.size'"), "\(output)")
        // Drawn by one layer: no error.
        let drawn = text.replacingOccurrences(of: #"{ "mark": "rule" }"#, with: #"{ "mark": "point" }"#)
        try Data(drawn.utf8).write(to: path)
        let quiet = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: quiet)
        #expect(!(quiet.output + quiet.error).contains("channel-not-supported"), "\(quiet.output)")
    }

    @Test func aLineLayerWithoutColorJoiningSeriesIsAWarning() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            { "data": { "values": \(T.rows) }, "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "color": { "field": "grp" } },
              "layers": [{ "mark": "point" }, { "mark": "line", "encoding": { "color": null } }] }
            """
        let path = directory.appendingPathComponent("joined.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: console)
        let output = console.output + console.error
        #expect(output.contains("[line-joins-series]") && output.contains("joined.chart.json:2:"), "\(output)")
        // A constant color (SPEC §19.3) joins the series just the same.
        let constant = text.replacingOccurrences(of: #""encoding": { "color": null }"#, with: #""encoding": { "color": { "value": "gray" } }"#)
        try Data(constant.utf8).write(to: path)
        let gray = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: gray)
        let grayOutput = gray.output + gray.error
        #expect(grayOutput.contains("[line-joins-series]") && grayOutput.contains("a constant color"), "\(grayOutput)")
        // The line's own groupBy sums the series away: one row per x, nothing to zig-zag.
        let summed = text.replacingOccurrences(
            of: #""encoding": { "color": null }"#, with: #""encoding": { "color": null }, "groupBy": ["cat"], "aggregate": { "v": "sum(v)" }"#)
        try Data(summed.utf8).write(to: path)
        let quiet = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: quiet)
        #expect(!(quiet.output + quiet.error).contains("line-joins-series"), "\(quiet.output)")
    }
}
