import ChartDiagnostics

/// The finished picture of a chart: every shape and text box positioned in px on a canvas of `width` ×
/// `height`, with class names and data attributes. Layout builds it; the SVG and HTML writers only serialize it.
public struct Scene: Sendable {
    public var width: Double
    public var height: Double
    /// Accessible name (SVG `<title>`): the chart title.
    public var title: String?
    /// Accessible description (SVG `<desc>`): `alt`, else the subtitle.
    public var description: String?
    /// Canvas color; nil leaves it transparent.
    public var background: String?
    /// The CSS font stack for every text element.
    public var fontFamily: String
    /// The font files of `fontFamily` when a theme names them (`font.files`); nil: writers that embed faces
    /// (PDF) find the stack's first installed family in the system font folders.
    public var fontFiles: SceneFontFiles? = nil
    /// Gradients and clip regions, in the order they were added.
    public var definitions: [SceneDefinition]
    /// The content, painted in order.
    public var children: [SceneNode]
    /// Classes on the root element.
    public var classes: [String]
    /// Where the data came from (url and SHA-256 of each source), written as `<metadata>`; set by whoever loaded it.
    public var dataSources: [SceneDataSource] = []
    /// The theme's logo, sanitized and positioned (`LogoSanitizer`), written last.
    public var logo: SceneLogo?
    /// What the layout had to leave out and says so (`labels-left-out`): not drawn, but reported by the build.
    public var warnings: [Diagnostic] = []

    public init(
        width: Double, height: Double, title: String? = nil, description: String? = nil, background: String? = "#ffffff",
        fontFamily: String = TextMeasurer.fontFamily, definitions: [SceneDefinition] = [], children: [SceneNode] = [], classes: [String] = ["chartc"]
    ) {
        self.width = width
        self.height = height
        self.title = title
        self.description = description
        self.background = background
        self.fontFamily = fontFamily
        self.definitions = definitions
        self.children = children
        self.classes = classes
    }

    /// The canvas as a box.
    public var bounds: Box { Box(x: 0, y: 0, width: width, height: height) }

    /// A text node with its box moved into canvas coordinates, and the classes of it and its ancestors.
    public struct PlacedText: Sendable {
        public var node: TextNode
        public var box: Box
        /// Classes of the node and every group around it, innermost first.
        public var classes: [String]

        public var text: String { node.text }
    }

    /// Every text node in paint order with its box in canvas coordinates (group translations applied).
    public func texts() -> [PlacedText] {
        var result: [PlacedText] = []
        collectTexts(children, dx: 0, dy: 0, classes: [], into: &result)
        return result
    }

    /// The boxes of every text node, in canvas coordinates: what tests check for overlap and overflow.
    public func textBoxes() -> [Box] { texts().map(\.box) }

    private func collectTexts(_ nodes: [SceneNode], dx: Double, dy: Double, classes: [String], into result: inout [PlacedText]) {
        for node in nodes {
            switch node {
            case .group(let group):
                let shift = group.translate ?? (0, 0)
                collectTexts(group.children, dx: dx + shift.dx, dy: dy + shift.dy, classes: group.classes + classes, into: &result)
            case .text(let text):
                result.append(PlacedText(node: text, box: text.box.offsetBy(dx: dx, dy: dy), classes: text.classes + classes))
            default:
                break
            }
        }
    }

    /// Every group (depth first, in paint order) whose classes include `className`.
    public func groups(withClass className: String) -> [GroupNode] {
        var result: [GroupNode] = []
        func visit(_ nodes: [SceneNode]) {
            for node in nodes {
                if case .group(let group) = node {
                    if group.classes.contains(className) { result.append(group) }
                    visit(group.children)
                }
            }
        }
        visit(children)
        return result
    }

    /// Every node (depth first, in paint order) whose classes include `className`.
    public func nodes(withClass className: String) -> [SceneNode] {
        var result: [SceneNode] = []
        func visit(_ nodes: [SceneNode]) {
            for node in nodes {
                if node.classes.contains(className) { result.append(node) }
                visit(node.children)
            }
        }
        visit(children)
        return result
    }
}
