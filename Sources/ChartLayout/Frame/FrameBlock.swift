/// One text block of the frame around the plot (title, subtitle, notes, sources, byline): its text nodes laid
/// out from a top of 0, and its height, so the frame can stack blocks and move them into place.
public struct FrameBlock: Sendable {
    /// The SPEC §8 class (`chartc-title`, …).
    public var className: String
    /// Positioned relative to the block's top-left corner at (contentLeft, 0).
    public var texts: [TextNode]
    public var height: Double

    public init(className: String, texts: [TextNode], height: Double) {
        self.className = className
        self.texts = texts
        self.height = height
    }

    /// The scene nodes with the block's top at `top`: a single text carries the class itself; several (the
    /// paragraphs of the notes) share a group that does.
    public func nodes(top: Double) -> [SceneNode] {
        let moved = texts.map { text in
            var copy = text
            copy.y += top
            return copy
        }
        if moved.count == 1, var only = moved.first {
            only.classes = [className] + only.classes
            return [.text(only)]
        }
        return [.group(GroupNode(classes: [className], children: moved.map { .text($0) }))]
    }
}
