/// How a run of text is set: size in px, weight, slant. Every text box in the scene carries one, so widths can
/// be measured without a browser and the SVG writer can emit matching attributes.
public struct TextStyle: Sendable, Hashable {
    public enum Weight: String, Sendable, Hashable { case regular, bold }

    public var size: Double
    public var weight: Weight
    public var italic: Bool

    public init(size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}

/// One line produced by wrapping, with its measured width.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var width: Double

    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}
