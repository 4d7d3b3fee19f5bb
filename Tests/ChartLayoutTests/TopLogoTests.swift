import Foundation
import Testing
import ChartData
import ChartSpec
@testable import ChartLayout

/// A logo in a top corner (`logo.position` `top-left`/`top-right`) never overlaps the title or subtitle: they
/// wrap short of it, or it gets a row of its own above them; the legend and plot start below both.
@Suite struct TopLogoTests {
    static let longTitle = "Fewer people moved between states last year than in any year since records began in 1947"
    static let subtitle = "Share of residents who lived in another state a year earlier, in percent"

    /// A theme with a logo of `viewBox` `logoWidth` × 10 at `height` px in `position`.
    func theme(position: String, logoWidth: Double = 40, height: Double = 20) throws -> ChartTheme {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-toplogo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = "<svg viewBox=\"0 0 \(Int(logoWidth)) 10\"><rect width=\"\(Int(logoWidth))\" height=\"10\" fill=\"#123456\"/></svg>"
        try Data(logo.utf8).write(to: folder.appendingPathComponent("logo.svg"))
        let themeFile = folder.appendingPathComponent("house.theme.json")
        try Data("{ \"logo\": { \"file\": \"logo.svg\", \"height\": \(height), \"position\": \"\(position)\" } }".utf8).write(to: themeFile)
        return try ChartTheme.load(try ThemeResolver.resolve(file: themeFile.path))
    }

    /// The boxes of the header's text lines, from the top of each line box to its bottom, as wide as written.
    func textBoxes(_ frame: FrameLayout) -> [Box] {
        frame.headerNodes().compactMap { node -> [Box]? in
            guard case .text(let text) = node else { return nil }
            return text.block.lines.enumerated().map { index, line in
                let baseline = text.baseline(ofLine: index)
                return Box(x: text.x, y: baseline - text.block.ascent, width: line.width, height: text.block.ascent + text.block.descent)
            }
        }.flatMap { $0 }
    }

    func overlaps(_ a: Box, _ b: Box) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    @Test(arguments: ["top-right", "top-left"])
    func aNarrowLogoSitsBesideTheTitleWhichWrapsShortOfIt(position: String) throws {
        let theme = try theme(position: position)
        let frame = FrameLayout(title: Self.longTitle, subtitle: Self.subtitle, notes: [], sources: [], byline: nil, width: 480, theme: theme)
        let logo = try #require(frame.topLogo)
        #expect(logo.width == 80 && logo.height == 20)
        #expect(logo.y == theme.paddingTop)
        if position == "top-right" {
            #expect(logo.x + logo.width == 480 - theme.paddingRight)
        } else {
            #expect(logo.x == theme.paddingLeft)
        }
        let boxes = textBoxes(frame)
        #expect(boxes.count >= 3, "the long title wraps")
        for box in boxes {
            #expect(!overlaps(box, logo), "\(box) overlaps the logo \(logo)")
            #expect(box.x >= theme.paddingLeft && box.x + box.width <= 480 - theme.paddingRight)
        }
        // Text beside the logo stays a section gap clear of its side; text below it may use the full width.
        let beside = boxes.filter { $0.y < logo.y + logo.height }
        #expect(!beside.isEmpty)
        if position == "top-right" {
            #expect(beside.allSatisfy { $0.x + $0.width <= logo.x - theme.sectionGap + 1e-9 })
        } else {
            #expect(beside.allSatisfy { $0.x >= logo.x + logo.width + theme.sectionGap - 1e-9 })
        }
        #expect(frame.headerHeight >= logo.y + logo.height + theme.sectionGap)
    }

    @Test func aSubtitleBelowTheLogoTakesTheFullWidthAndOneBesideItWrapsShort() throws {
        let theme = try theme(position: "top-right")
        let frame = FrameLayout(title: Self.longTitle, subtitle: Self.subtitle, notes: [], sources: [], byline: nil, width: 480, theme: theme)
        let nodes = frame.headerNodes().compactMap { node -> TextNode? in if case .text(let text) = node { return text } else { return nil } }
        #expect(nodes.count == 2)
        #expect(nodes.first?.maxWidth == frame.headerWidth)
        #expect(nodes.last?.maxWidth == frame.contentWidth)
        // A tall logo: the subtitle starts beside it, so it wraps short too.
        let tall = try self.theme(position: "top-right", logoWidth: 10, height: 100)
        let besides = FrameLayout(title: "Rent", subtitle: Self.subtitle, notes: [], sources: [], byline: nil, width: 480, theme: tall)
        let logo = try #require(besides.topLogo)
        let texts = besides.headerNodes().compactMap { node -> TextNode? in if case .text(let text) = node { return text } else { return nil } }
        #expect(texts.allSatisfy { $0.maxWidth == besides.headerWidth })
        #expect(textBoxes(besides).allSatisfy { !overlaps($0, logo) })
    }

    @Test func aShortTitleBesideATallLogoLeavesTheLogoRoom() throws {
        let theme = try theme(position: "top-right", logoWidth: 10, height: 60)
        let frame = FrameLayout(title: "Rent", subtitle: nil, notes: [], sources: [], byline: nil, width: 480, theme: theme)
        let logo = try #require(frame.topLogo)
        #expect(frame.headerHeight == theme.paddingTop + 60 + theme.sectionGap)
        #expect(textBoxes(frame).allSatisfy { !overlaps($0, logo) })
    }

    @Test func aWideLogoGetsARowOfItsOwnAboveTheTitle() throws {
        // 400 × 10 at 20 px is 800 px: scaled to the content width, far over a quarter of it.
        let theme = try theme(position: "top-left", logoWidth: 400)
        let frame = FrameLayout(title: Self.longTitle, subtitle: Self.subtitle, notes: [], sources: [], byline: nil, width: 480, theme: theme)
        let logo = try #require(frame.topLogo)
        #expect(logo.width == 480 - theme.paddingLeft - theme.paddingRight)
        #expect(abs(logo.height - 20 * logo.width / 800) < 1e-9)
        let boxes = textBoxes(frame)
        #expect(boxes.allSatisfy { $0.y >= logo.y + logo.height })
        #expect(frame.headerWidth == frame.contentWidth)
    }

    @Test func withoutATitleTheLogoIsTheHeader() throws {
        let theme = try theme(position: "top-right")
        let frame = FrameLayout(title: nil, subtitle: nil, notes: [], sources: [], byline: nil, width: 480, theme: theme)
        let logo = try #require(frame.topLogo)
        #expect(frame.headerHeight == theme.paddingTop + logo.height + theme.sectionGap)
    }

    @Test func theSceneDrawsTheLogoInItsCornerAndThePlotBelowIt() throws {
        let theme = try theme(position: "top-right")
        var spec = Fixture.spec(.bar)
        spec.title = Located(Self.longTitle, at: nil)
        spec.width = Located(480, at: nil)
        spec.encoding.x = Fixture.channel(.x, "region")
        spec.encoding.y = Fixture.channel(.y, "sales")
        let table = Table(columns: [Fixture.strings("region", ["North", "South"]), Fixture.numbers("sales", [10, 7])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table, theme: theme)
        let logo = try #require(scene.logo)
        let frame = FrameLayout(spec: spec, theme: theme)
        let box = try #require(frame.topLogo)
        #expect(logo.x == box.x && logo.y == box.y && logo.height == box.height)
        // The plot (and so every bar) starts below the header, which is below the logo.
        let plot = try #require(scene.nodes(withClass: "chartc-plot").first)
        guard case .group(let group) = plot else { Issue.record("the plot is not a group"); return }
        let top = try #require(group.translate?.dy)
        #expect(top >= box.y + box.height + theme.sectionGap)
        let bars = Fixture.rects(scene, class: "chartc-bar")
        #expect(!bars.isEmpty)
        #expect(bars.allSatisfy { top + $0.box.y > box.y + box.height })
        // The canvas does not grow by a bottom logo row.
        let bottom = try ChartLayoutEngine.layout(spec: spec, table: table, theme: try self.theme(position: "bottom-right"))
        #expect(bottom.height > scene.height - (frame.headerHeight - FrameLayout(spec: spec, theme: .standard).headerHeight) - 1)
    }
}
