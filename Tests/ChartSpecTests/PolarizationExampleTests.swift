import ChartData
import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec

/// SPEC §10, verbatim: the example every stage is built against.
@Suite struct PolarizationExampleTests {
    static let text = #"""
    {
      "title": "Political ideology in Congress, 1948-2025",
      "subtitle": "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.",
      "data": { "url": "https://voteview.com/static/data/out/members/HSall_members.csv" },
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
      "notes": [
        "Using the median DW-NOMINATE score from each major party in Congress, we can track how the parties have shifted over time.",
        "The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes."
      ],
      "sources": [ { "title": "Parties at a Glance", "site": "Voteview", "url": "https://voteview.com/parties/all" } ]
    }
    """#

    @Test func parsesWithoutDiagnostics() throws {
        let result = parse(Self.text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.succeeded)
        _ = try #require(result.spec)
    }

    @Test func textAndData() throws {
        let spec = try #require(parse(Self.text).spec)
        #expect(spec.title?.value == "Political ideology in Congress, 1948-2025")
        #expect(position(spec.title?.span) == "2:12")
        #expect(spec.subtitle?.value.hasPrefix("On average, Democrats") == true)
        guard case .url(let url) = spec.data.origin else {
            Issue.record("expected a url")
            return
        }
        #expect(url.value == "https://voteview.com/static/data/out/members/HSall_members.csv")
        #expect(spec.data.isRemote)
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
        let spec = try #require(parse(Self.text).spec)
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
        let spec = try #require(parse(Self.text).spec)
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
