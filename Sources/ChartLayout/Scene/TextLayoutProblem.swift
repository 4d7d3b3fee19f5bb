/// Text a reader would see broken: outside the canvas (cut off), overlapping other text, or wider than the
/// width it was wrapped to. Found from the measured boxes alone, so tests (and `chartc`) can check a layout
/// without a browser; `svg-text-check` confirms the same with real glyphs.
public enum TextLayoutProblem: Sendable, Equatable, CustomStringConvertible {
    case outside(text: String, box: Box)
    case overlap(first: String, second: String)
    case tooWide(text: String, width: Double, maxWidth: Double)

    public var description: String {
        switch self {
        case .outside(let text, let box):
            "outside the canvas: \"\(text)\" at \(SceneNumber.format(box.x)),\(SceneNumber.format(box.y)) \(SceneNumber.format(box.width))×\(SceneNumber.format(box.height))"
        case .overlap(let first, let second):
            "overlap: \"\(first)\" and \"\(second)\""
        case .tooWide(let text, let width, let maxWidth):
            "wider than its box: \"\(text)\" is \(SceneNumber.format(width)) px, max \(SceneNumber.format(maxWidth))"
        }
    }
}

extension Scene {
    /// Every text problem in the scene. `tolerance` px of overlap or overhang is forgiven (boxes include the
    /// full ascent and descent, which glyphs rarely fill).
    public func textLayoutProblems(tolerance: Double = 0.5) -> [TextLayoutProblem] {
        let placed = texts().filter { !$0.text.allSatisfy { $0 == " " } }
        var problems: [TextLayoutProblem] = []
        for item in placed {
            if !bounds.contains(item.box, tolerance: tolerance) {
                problems.append(.outside(text: item.text, box: item.box))
            }
            if let maxWidth = item.node.maxWidth, item.node.block.width > maxWidth + tolerance {
                problems.append(.tooWide(text: item.text, width: item.node.block.width, maxWidth: maxWidth))
            }
        }
        for i in placed.indices {
            for j in placed.indices where j > i {
                if placed[i].box.overlaps(placed[j].box, tolerance: tolerance) {
                    problems.append(.overlap(first: placed[i].text, second: placed[j].text))
                }
            }
        }
        return problems
    }
}
