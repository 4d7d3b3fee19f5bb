import ChartValues
import ChartDiagnostics
import ChartJSON
import ChartTestSupport
import Testing
@testable import ChartSpec

/// SPEC §10's chart as `examples/polarization/polarization.chart.json` has it (the data local instead of
/// Voteview's URL): the example every stage is built against.
@Suite struct PolarizationExampleTests {
    /// The example's text, read from `examples/` (ChartTestSupport): the file the gallery builds.
    static func text() throws -> String { try ExampleSpecs.polarization() }

    @Test func parsesWithoutDiagnostics() throws {
        let result = parse(try Self.text())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.succeeded)
        _ = try #require(result.spec)
    }

    @Test func textAndData() throws {
        let spec = try #require(parse(try Self.text()).spec)
        #expect(spec.title?.value == "Political ideology in Congress, 1948-2025")
        #expect(position(spec.title?.span) == "2:12")
        #expect(spec.subtitle?.value.hasPrefix("On average, Democrats") == true)
        guard case .url(let url) = spec.data.origin else {
            Issue.record("expected a url")
            return
        }
        #expect(url.value == "HSall_members.csv")
        #expect(!spec.data.isRemote)
        #expect(spec.data.format == nil)
        #expect(spec.notes.count == 2)
        #expect(spec.notes[1].value.hasPrefix("The congressional median"))
        #expect(spec.sources.count == 1)
        #expect(spec.sources[0].title?.value == "Parties at a Glance")
        #expect(spec.sources[0].site?.value == "Voteview")
        #expect(spec.sources[0].url?.value == "https://voteview.com/parties/all")
        #expect(spec.byline == nil)
        #expect(spec.width.value == 640)
        #expect(spec.width.span == nil)
        #expect(spec.height.value == 400)
        #expect(spec.locale.value == "en-US")
    }

    @Test func pipeline() throws {
        let spec = try #require(parse(try Self.text()).spec)
        #expect(spec.calculate.map(\.name.value) == ["year", "party"])
        #expect(spec.calculate[0].expression.text == "congress * 2 + 1787")
        #expect(spec.calculate[1].expression.text == "party_code == 100 ? 'Democrats' : 'Republicans'")
        #expect(position(spec.calculate[0].name.span) == "6:5")
        #expect(position(spec.calculate[0].expression.literalSpan) == "6:13")
        #expect(spec.filter.map(\.text) == ["congress >= 80", "chamber != 'President'", "party_code in (100, 200)"])
        #expect(spec.groupBy.map(\.value) == ["year", "party"])
        #expect(spec.hasAggregate)
        #expect(spec.aggregate.map(\.name.value) == ["median"])
        #expect(spec.aggregate[0].expression.text == "median(nominate_dim1)")
        #expect(spec.total.count == 1)
        #expect(spec.total[0].field.value == "party")
        #expect(spec.total[0].label.value == "Congress")
        #expect(spec.complete == nil)
        #expect(spec.sort.isEmpty)
    }

    @Test func markAndEncoding() throws {
        let spec = try #require(parse(try Self.text()).spec)
        #expect(spec.mark.type.value == .line)
        #expect(spec.mark.interpolate?.value == .catmullRom)
        #expect(spec.mark.points == false)
        #expect(spec.mark.labels == nil)

        let x = try #require(spec.encoding.x)
        #expect(x.channel == .x)
        #expect(x.field?.value == "median")
        #expect(x.title == .text(Located("← More liberal · More conservative →", at: nil)))
        #expect(x.scale?.domain?.value == [.number(-0.6), .number(0.6)])
        #expect(x.type == nil)
        #expect(x.axis == nil)

        let y = try #require(spec.encoding.y)
        #expect(y.field?.value == "year")
        #expect(y.type?.value == .temporal)
        #expect(y.title == .hidden)
        #expect(y.scale?.domain?.value == [.number(1945), .number(2030)])
        #expect(y.axis?.visible == true)
        #expect(y.axis?.position?.value == .left)
        #expect(y.axis?.tickCount?.value == 10)

        let color = try #require(spec.encoding.color)
        #expect(color.field?.value == "party")
        #expect(color.scale?.domain?.value == [.string("Democrats"), .string("Republicans"), .string("Congress")])
        #expect(color.scale?.range?.value == [.string("#1f5fbf"), .string("#d62728"), .string("#8c8c8c")])
        #expect(spec.encoding.channels.map(\.channel) == [.x, .y, .color])
        #expect(spec.encoding.tooltip.isEmpty)

        #expect(spec.legend.position?.value == .top)
        #expect(spec.legend.hidden.map(\.value) == ["Congress"])
        #expect(spec.legend.title == .automatic)
    }
}
