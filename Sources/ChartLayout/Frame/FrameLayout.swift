import ChartSpec

/// The text around the plot, SPEC §8 order: title and subtitle above; notes, sources and byline below. Every
/// block wraps to the graphic's width minus padding. Layout measures the frame first and gives the plot what is
/// left, so nothing is cut off or overlaps.
public struct FrameLayout: Sendable {
    public var theme: ChartTheme
    /// Left edge of every block.
    public var left: Double
    /// The width blocks wrap to.
    public var contentWidth: Double
    /// Title then subtitle.
    public var header: [FrameBlock]
    /// Notes, sources, byline.
    public var footer: [FrameBlock]
    /// A logo in a top corner (`logo.position` `top-left`/`top-right`): where it sits, as a box from the canvas
    /// origin. Beside the header when there is a header and the logo takes at most a quarter of the width (the
    /// title, and the subtitle if it starts beside the logo, then wrap short of it, and the header is at least as
    /// tall as the logo); else on a row of its own above the title. Nothing else may overlap it.
    public private(set) var topLogo: Box?
    /// The left edge and width the title wraps to (narrower than `contentWidth` beside a top logo).
    public private(set) var headerLeft: Double
    public private(set) var headerWidth: Double
    /// The header starts this far below the top padding (a top logo on its own row).
    private var headerOffset: Double = 0

    public init(spec: ChartSpec, theme: ChartTheme = .standard) {
        self.init(
            title: spec.title?.value, subtitle: spec.subtitle?.value, notes: spec.notes.map(\.value),
            // A view's basemap is credited once, in the page's source line (SPEC §20: views hold no page text).
            sources: spec.sources.isEmpty
                ? (spec.viewIndex == nil ? spec.basemapAttributions : []).map { SourceEntry(title: $0, site: nil, url: nil) }
                : spec.sources.map { SourceEntry(title: $0.title?.value, site: $0.site?.value, url: $0.url?.value) },
            byline: spec.byline?.value, width: spec.width.value, theme: theme
        )
    }

    public init(
        title: String?, subtitle: String?, notes: [String], sources: [SourceEntry], byline: String?, width: Double, theme: ChartTheme = .standard
    ) {
        self.theme = theme
        self.left = theme.paddingLeft
        self.contentWidth = max(40, width - theme.paddingLeft - theme.paddingRight)
        header = []
        footer = []
        headerLeft = left
        headerWidth = contentWidth
        if theme.logoAtTop, let logo = theme.logo {
            let size = Self.logoSize(logo, height: theme.logoHeight, room: contentWidth)
            let x = theme.logoAtRight ? left + contentWidth - size.width : left
            let box = Box(x: x, y: theme.paddingTop, width: size.width, height: size.height)
            topLogo = box
            let gap = theme.sectionGap
            if Self.nonBlank(title) != nil || Self.nonBlank(subtitle) != nil, size.width <= contentWidth / 4 {
                headerWidth = max(40, contentWidth - size.width - gap)
                if !theme.logoAtRight { headerLeft = left + size.width + gap }
            } else {
                headerOffset = size.height + theme.footerGap
            }
        }
        if let title = Self.nonBlank(title) {
            header.append(
                plainBlock(
                    title, className: "chartc-title", style: theme.titleStyle, color: theme.titleColor, lineHeight: theme.titleLineHeight,
                    left: headerLeft, width: headerWidth))
        }
        if let subtitle = Self.nonBlank(subtitle) {
            // Beside a top logo only while the logo reaches down that far: a subtitle that starts below it takes
            // the full width again.
            let below = header.first.map { $0.height + theme.titleSubtitleGap >= (topLogo?.height ?? 0) } ?? false
            header.append(
                plainBlock(
                    subtitle, className: "chartc-subtitle", style: theme.subtitleStyle, color: theme.subtitleColor,
                    lineHeight: theme.subtitleLineHeight,
                    left: below ? left : headerLeft, width: below ? contentWidth : headerWidth))
        }
        let paragraphs = notes.compactMap(Self.nonBlank)
        if !paragraphs.isEmpty { footer.append(notesBlock(paragraphs)) }
        let entries = sources.filter { Self.nonBlank($0.title) != nil || Self.nonBlank($0.site) != nil }
        if !entries.isEmpty { footer.append(sourcesBlock(entries)) }
        if let byline = Self.nonBlank(byline) {
            footer.append(
                plainBlock(byline, className: "chartc-byline", style: theme.bylineStyle, color: theme.bylineColor, lineHeight: theme.bylineLineHeight)
            )
        }
    }

    /// One `sources` entry, with whatever parts it has.
    public struct SourceEntry: Sendable, Equatable {
        public var title: String?
        public var site: String?
        public var url: String?

        public init(title: String? = nil, site: String? = nil, url: String? = nil) {
            self.title = title
            self.site = site
            self.url = url
        }
    }

    // MARK: - Heights and placement

    /// Where the content below the header starts: top padding, the header blocks and the gap after them (just
    /// the top padding when there is no header).
    public var headerHeight: Double {
        if let topLogo, header.isEmpty { return theme.paddingTop + topLogo.height + theme.sectionGap }
        guard !header.isEmpty else { return theme.paddingTop }
        let blocks = stackHeight(header, gap: theme.titleSubtitleGap)
        let besideLogo = headerOffset == 0 ? (topLogo?.height ?? 0) : 0
        return theme.paddingTop + headerOffset + max(blocks, besideLogo) + theme.sectionGap
    }

    /// A logo's drawn size at `height`, narrowed (keeping its shape) to at most `room` px.
    public static func logoSize(_ logo: LogoSanitizer.Result, height: Double, room: Double) -> (width: Double, height: Double) {
        let natural = logo.width(atHeight: height)
        guard natural > room, natural > 0 else { return (natural, height) }
        return (room, height * room / natural)
    }

    /// From the bottom of the plot to the bottom of the canvas: the gap, the footer blocks and bottom padding.
    public var footerHeight: Double {
        guard !footer.isEmpty else { return theme.paddingBottom }
        return theme.sectionGap + stackHeight(footer, gap: theme.footerGap) + theme.paddingBottom
    }

    /// The header's scene nodes, from the top padding down.
    public func headerNodes() -> [SceneNode] {
        stack(header, top: theme.paddingTop + headerOffset, gap: theme.titleSubtitleGap)
    }

    /// The footer's scene nodes, given where the plot (and anything under it) ends.
    public func footerNodes(below plotBottom: Double) -> [SceneNode] {
        stack(footer, top: plotBottom + theme.sectionGap, gap: theme.footerGap)
    }

    private func stackHeight(_ blocks: [FrameBlock], gap: Double) -> Double {
        blocks.reduce(0) { $0 + $1.height } + gap * Double(max(0, blocks.count - 1))
    }

    private func stack(_ blocks: [FrameBlock], top: Double, gap: Double) -> [SceneNode] {
        var y = top
        var nodes: [SceneNode] = []
        for block in blocks {
            nodes.append(contentsOf: block.nodes(top: y))
            y += block.height + gap
        }
        return nodes
    }

    // MARK: - Blocks

    private func plainBlock(
        _ text: String, className: String, style: TextStyle, color: String, lineHeight: Double, left: Double? = nil, width: Double? = nil
    ) -> FrameBlock {
        let runs = [TextRun(text, style: style)]
        return richBlock(runs, className: className, style: style, color: color, lineHeight: lineHeight, left: left, width: width)
    }

    private func richBlock(
        _ runs: [TextRun], className: String, style: TextStyle, color: String, lineHeight: Double, left: Double? = nil, width: Double? = nil
    ) -> FrameBlock {
        let width = width ?? contentWidth
        let lines = RichTextWrapper.wrap(runs, width: width)
        let block = TextBlock(lines: lines, style: style, lineHeight: lineHeight)
        let node = TextNode(block: block, x: left ?? self.left, top: 0, style: style, fill: color, maxWidth: width)
        return FrameBlock(className: className, texts: [node], height: block.height)
    }

    /// "**Notes:** first paragraph", then each further paragraph on its own lines.
    private func notesBlock(_ paragraphs: [String]) -> FrameBlock {
        let style = theme.footnoteStyle
        var heading = style
        heading.weight = .bold
        var texts: [TextNode] = []
        var y = 0.0
        for (index, paragraph) in paragraphs.enumerated() {
            var runs: [TextRun] = []
            if index == 0 { runs.append(TextRun((paragraphs.count == 1 ? theme.noteWord : theme.notesWord) + " ", style: heading)) }
            runs.append(TextRun(paragraph, style: style))
            let block = TextBlock(lines: RichTextWrapper.wrap(runs, width: contentWidth), style: style, lineHeight: theme.footnoteLineHeight)
            texts.append(TextNode(block: block, x: left, top: y, style: style, fill: theme.footnoteColor, maxWidth: contentWidth))
            y += block.height + theme.paragraphGap
        }
        return FrameBlock(className: "chartc-notes", texts: texts, height: y - theme.paragraphGap)
    }

    /// "**Sources:** Title | *Site*; Title | *Site*", each entry linked when it has a url.
    private func sourcesBlock(_ entries: [SourceEntry]) -> FrameBlock {
        let style = theme.sourcesStyle
        var heading = style
        heading.weight = .bold
        var italic = style
        italic.italic = true
        var runs = [TextRun((entries.count == 1 ? theme.sourceWord : theme.sourcesWord) + " ", style: heading)]
        for (index, entry) in entries.enumerated() {
            if index > 0 { runs.append(TextRun("; ", style: style)) }
            let link = Self.nonBlank(entry.url)
            let title = Self.nonBlank(entry.title)
            let site = Self.nonBlank(entry.site)
            if let title { runs.append(TextRun(title, style: style, link: link)) }
            if title != nil && site != nil { runs.append(TextRun(" | ", style: style, link: link)) }
            if let site { runs.append(TextRun(site, style: italic, link: link)) }
        }
        return richBlock(runs, className: "chartc-sources", style: style, color: theme.sourcesColor, lineHeight: theme.sourcesLineHeight)
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
