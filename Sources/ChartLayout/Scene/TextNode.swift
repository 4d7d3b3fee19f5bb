#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which end of each line sits at the node's x.
public enum TextAnchor: String, Sendable, Equatable {
    case start, middle, end
}

/// A placed text block: the first baseline at (x, y), each further line one `lineHeight` below, aligned by
/// `anchor`, optionally rotated about (x, y). It carries its measured `box` in scene coordinates so tests can
/// check overlap and overflow without a browser.
public struct TextNode: Sendable, Equatable {
    public var block: TextBlock
    public var x: Double
    /// Baseline of the first line.
    public var y: Double
    public var anchor: TextAnchor
    /// The style written on the element; runs that differ get their own attributes.
    public var style: TextStyle
    public var fill: String
    /// Degrees, clockwise, about (x, y).
    public var rotation: Double
    /// The width the block was wrapped to, written as `data-max-width` so `svg-text-check` can verify it.
    public var maxWidth: Double?
    /// Links the whole node.
    public var link: String?
    public var classes: [String]
    public var data: [DataAttribute]
    /// The whole text when the block shows it shortened (a category label ending in "…", SPEC §19.8): the SVG
    /// keeps it in a `<title>` element, so a reader can still see it.
    public var fullText: String?

    public init(
        block: TextBlock, x: Double, baseline y: Double, anchor: TextAnchor = .start, style: TextStyle? = nil, fill: String, rotation: Double = 0,
        maxWidth: Double? = nil, link: String? = nil, classes: [String] = [], data: [DataAttribute] = []
    ) {
        self.block = block
        self.x = x
        self.y = y
        self.anchor = anchor
        self.style = style ?? block.lines.first?.runs.first?.style ?? TextStyle(size: 12)
        self.fill = fill
        self.rotation = rotation
        self.maxWidth = maxWidth
        self.link = link
        self.classes = classes
        self.data = data
    }

    /// Places the block so the top of its box is at `top`.
    public init(
        block: TextBlock, x: Double, top: Double, anchor: TextAnchor = .start, style: TextStyle? = nil, fill: String, maxWidth: Double? = nil,
        link: String? = nil, classes: [String] = [], data: [DataAttribute] = []
    ) {
        self.init(
            block: block, x: x, baseline: top + block.ascent, anchor: anchor, style: style, fill: fill, maxWidth: maxWidth, link: link,
            classes: classes, data: data)
    }

    /// Baseline of line `index`.
    public func baseline(ofLine index: Int) -> Double {
        y + Double(index) * block.lineHeight
    }

    /// The left edge of a line of `width`, given the anchor.
    public func lineStart(width: Double) -> Double {
        switch anchor {
        case .start: x
        case .middle: x - width / 2
        case .end: x - width
        }
    }

    /// The measured box in scene coordinates (before any group translation), rotation included.
    public var box: Box {
        let width = block.width
        let unrotated = Box(x: lineStart(width: width), y: y - block.ascent, width: width, height: block.height)
        guard rotation.truncatingRemainder(dividingBy: 360) != 0 else { return unrotated }
        let radians = rotation * Double.pi / 180
        let c = cos(radians)
        let s = sin(radians)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (px, py) in [
            (unrotated.minX, unrotated.minY), (unrotated.maxX, unrotated.minY), (unrotated.minX, unrotated.maxY), (unrotated.maxX, unrotated.maxY)
        ] {
            let dx = px - x
            let dy = py - y
            let rx = x + dx * c - dy * s
            let ry = y + dx * s + dy * c
            minX = Swift.min(minX, rx)
            maxX = Swift.max(maxX, rx)
            minY = Swift.min(minY, ry)
            maxY = Swift.max(maxY, ry)
        }
        return Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The text of all lines joined with spaces.
    public var text: String { block.text }
}
