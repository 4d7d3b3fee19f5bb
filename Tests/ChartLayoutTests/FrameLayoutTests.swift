import Testing
import ChartData
import ChartSpec
@testable import ChartLayout

@Suite struct RichTextWrapperTests {
    let regular = TextStyle(size: 12)
    let bold = TextStyle(size: 12, weight: .bold)

    @Test func keepsEachWordsStyleAcrossLines() {
        let runs = [TextRun("Notes:", style: bold), TextRun(" one two three four five six seven eight nine ten", style: regular)]
        let lines = RichTextWrapper.wrap(runs, width: 120)
        #expect(lines.count > 1)
        #expect(lines[0].runs.first?.text == "Notes: ")
        #expect(lines[0].runs.first?.style == bold)
        #expect(lines.allSatisfy { $0.width <= 120 })
        // Nothing is lost or duplicated: the words come back in order.
        let words = lines.map(\.text).joined(separator: " ").split(separator: " ").map(String.init)
        #expect(words == ["Notes:", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"])
    }

    @Test func spaceBelongsToTheWordBeforeIt() {
        let runs = [
            TextRun("Parties | ", style: regular, link: "https://a.example"),
            TextRun("Voteview", style: TextStyle(size: 12, italic: true), link: "https://a.example")
        ]
        let lines = RichTextWrapper.wrap(runs, width: 500)
        #expect(lines.count == 1)
        #expect(lines[0].runs.map(\.text) == ["Parties | ", "Voteview"])
    }

    @Test func breaksAWordLongerThanTheLine() {
        let lines = RichTextWrapper.wrap([TextRun(String(repeating: "W", count: 40), style: regular)], width: 60)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.width <= 60 })
        #expect(lines.map(\.text).joined() == String(repeating: "W", count: 40))
    }

    @Test func punctuationAfterARunStaysWithIt() {
        // "; " after an italic site must not start the next line.
        let runs = [TextRun("aaaa", style: regular), TextRun("; ", style: regular), TextRun("bbbb", style: regular)]
        let width = TextMeasurer.width("aaaa;", style: regular) + 1
        let lines = RichTextWrapper.wrap(runs, width: width)
        #expect(lines.map(\.text) == ["aaaa;", "bbbb"])
    }
}

@Suite struct FrameLayoutTests {
    func frame(
        width: Double = 640, notes: [String] = ["First note.", "Second note."],
        sources: [FrameLayout.SourceEntry] = [.init(title: "Report", site: "Agency", url: "https://example.com")]
    ) -> FrameLayout {
        FrameLayout(
            title: "A title", subtitle: "A subtitle that says what the chart shows.", notes: notes, sources: sources, byline: "Chart: Someone",
            width: width)
    }

    @Test func headerIsTitleThenSubtitleAndFooterIsNotesSourcesByline() {
        let layout = frame()
        #expect(layout.header.map(\.className) == ["chartc-title", "chartc-subtitle"])
        #expect(layout.footer.map(\.className) == ["chartc-notes", "chartc-sources", "chartc-byline"])
    }

    @Test func blocksStackWithoutOverlapInsideTheWidth() {
        let layout = frame(width: 320)
        let header = layout.headerNodes()
        let footer = layout.footerNodes(below: layout.headerHeight + 100)
        let height = layout.headerHeight + 100 + layout.footerHeight
        let scene = Scene(width: 320, height: height, children: header + footer)
        #expect(scene.textLayoutProblems().isEmpty, "\(scene.textLayoutProblems())")
        // The header ends above where the plot starts; the footer starts below where it ends.
        let boxes = scene.texts()
        let titleBox = boxes.first { $0.classes.contains("chartc-title") }?.box
        let subtitleBox = boxes.first { $0.classes.contains("chartc-subtitle") }?.box
        #expect((titleBox?.maxY ?? .infinity) <= (subtitleBox?.minY ?? 0))
        #expect((subtitleBox?.maxY ?? .infinity) <= layout.headerHeight)
        #expect(boxes.filter { $0.classes.contains("chartc-notes") }.allSatisfy { $0.box.minY >= layout.headerHeight + 100 })
        #expect(boxes.allSatisfy { $0.box.minX >= 20 && $0.box.maxX <= 300 })
    }

    @Test func notesStartWithABoldHeading() throws {
        let notes = try #require(frame().footer.first)
        let first = try #require(notes.texts.first?.block.lines.first?.runs.first)
        #expect(first.text == "Notes: ")
        #expect(first.style.weight == .bold)
        #expect(notes.texts.count == 2)
    }

    @Test func sourcesJoinEntriesAndOmitTheSeparatorWhenAPartIsMissing() throws {
        let layout = frame(sources: [
            .init(title: "Report", site: "Agency", url: "https://example.com"), .init(site: "Census"), .init(title: "Survey")
        ])
        let sources = try #require(layout.footer.first { $0.className == "chartc-sources" })
        let text = sources.texts.map(\.text).joined()
        #expect(text == "Sources: Report | Agency; Census; Survey")
        let runs = sources.texts.flatMap { $0.block.lines.flatMap(\.runs) }
        #expect(runs.first { $0.text.hasPrefix("Agency") }?.style.italic == true)
        #expect(runs.first { $0.text.hasPrefix("Agency") }?.link == "https://example.com")
        #expect(runs.first { $0.text.hasPrefix("Census") }?.link == nil)
    }

    @Test func emptyFrameIsJustPadding() {
        let layout = FrameLayout(title: " ", subtitle: nil, notes: [], sources: [.init(url: "https://x.example")], byline: nil, width: 640)
        #expect(layout.header.isEmpty && layout.footer.isEmpty)
        #expect(layout.headerHeight == ChartTheme.standard.paddingTop)
        #expect(layout.footerHeight == ChartTheme.standard.paddingBottom)
    }
}

/// The sizes a spec may ask for (specs/reference.md: `width`/`height` in (0, 20000]) are the sizes layout draws:
/// the parser's bound is layout's, and only sizes too small to hold a plot are raised.
@Suite struct ChartSizeTests {
    func scene(width: Double, height: Double) throws -> Scene {
        var spec = Fixture.spec(.bar)
        spec.width = Located(width, at: nil)
        spec.height = Located(height, at: nil)
        spec.encoding.x = Fixture.channel(.x, "name")
        spec.encoding.y = Fixture.channel(.y, "value")
        return try ChartLayoutEngine.layout(
            spec: spec, table: Table(columns: [Fixture.strings("name", ["a", "b"]), Fixture.numbers("value", [1, 2])]))
    }

    @Test func widthsUpToTheParsersBoundAreDrawnAsAsked() throws {
        #expect(ChartSpec.maximumSize == 20_000)
        #expect(try scene(width: 15_000, height: 400).width == 15_000)
        #expect(try scene(width: 20_000, height: 400).width == 20_000)
        // The plot is as high as asked, so the whole graphic is higher than that.
        #expect(try scene(width: 640, height: 15_000).height > 15_000)
    }

    @Test func sizesTooSmallForAPlotAreRaised() throws {
        #expect(try scene(width: 50, height: 400).width == ChartLayoutEngine.minimumWidth)
        let low = try scene(width: 640, height: 1)
        let normal = try scene(width: 640, height: ChartLayoutEngine.minimumPlotHeight)
        #expect(low.height == normal.height)
    }
}
