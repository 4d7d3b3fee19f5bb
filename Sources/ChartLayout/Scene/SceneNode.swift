/// One element of a scene: a group of children or a positioned shape or text. Writers walk this tree in order;
/// later siblings paint over earlier ones.
public enum SceneNode: Sendable {
    case group(GroupNode)
    case rect(RectNode)
    case circle(CircleNode)
    case line(LineNode)
    case path(PathNode)
    case text(TextNode)

    /// The class names of the node, whatever its kind.
    public var classes: [String] {
        switch self {
        case .group(let node): node.classes
        case .rect(let node): node.classes
        case .circle(let node): node.classes
        case .line(let node): node.classes
        case .path(let node): node.classes
        case .text(let node): node.classes
        }
    }

    /// Whether this node or one inside it has the class (the HTML page adds behaviour for some marks).
    public func containsClass(_ name: String) -> Bool {
        classes.contains(name) || children.contains { $0.containsClass(name) }
    }

    /// The node's children when it is a group, else empty.
    public var children: [SceneNode] {
        if case .group(let group) = self { return group.children }
        return []
    }
}

/// A group: shared class names and data attributes (`chartc-series`, `data-series`), an optional translation
/// and clip, its role, and the children it holds.
public struct GroupNode: Sendable {
    public var classes: [String]
    public var data: [DataAttribute]
    /// What the group is, for writers that add behaviour to it (the HTML page's legend buttons); class names
    /// are only for stylesheets and scripts in the output.
    public var role: SceneRole?
    /// Moves every child by (dx, dy).
    public var translate: (dx: Double, dy: Double)?
    /// A `.clipRect` definition, by id, that children are cut to.
    public var clipID: String?
    public var opacity: Double?
    /// An accessible name for the group (`aria-label`).
    public var label: String?
    public var children: [SceneNode]

    public init(
        classes: [String] = [], data: [DataAttribute] = [], translate: (dx: Double, dy: Double)? = nil, clipID: String? = nil, opacity: Double? = nil,
        label: String? = nil, role: SceneRole? = nil, children: [SceneNode] = []
    ) {
        self.classes = classes
        self.data = data
        self.role = role
        self.translate = translate
        self.clipID = clipID
        self.opacity = opacity
        self.label = label
        self.children = children
    }

    public mutating func append(_ node: SceneNode) {
        children.append(node)
    }

    public mutating func append(contentsOf nodes: [SceneNode]) {
        children.append(contentsOf: nodes)
    }
}

/// A rectangle, optionally with rounded corners (bars, legend swatches, backgrounds, heat-map cells).
public struct RectNode: Sendable, Equatable {
    public var box: Box
    public var cornerRadius: Double
    public var fill: Paint
    public var stroke: Stroke?
    public var opacity: Double?
    public var classes: [String]
    public var data: [DataAttribute]

    public init(
        box: Box, cornerRadius: Double = 0, fill: Paint, stroke: Stroke? = nil, opacity: Double? = nil, classes: [String] = [],
        data: [DataAttribute] = []
    ) {
        self.box = box
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.stroke = stroke
        self.opacity = opacity
        self.classes = classes
        self.data = data
    }
}

/// A circle (points, dots on lines).
public struct CircleNode: Sendable, Equatable {
    public var cx: Double
    public var cy: Double
    public var radius: Double
    public var fill: Paint
    public var stroke: Stroke?
    public var opacity: Double?
    public var classes: [String]
    public var data: [DataAttribute]

    public init(
        cx: Double, cy: Double, radius: Double, fill: Paint, stroke: Stroke? = nil, opacity: Double? = nil, classes: [String] = [],
        data: [DataAttribute] = []
    ) {
        self.cx = cx
        self.cy = cy
        self.radius = radius
        self.fill = fill
        self.stroke = stroke
        self.opacity = opacity
        self.classes = classes
        self.data = data
    }
}

/// A straight segment (gridlines, ticks, rules).
public struct LineNode: Sendable, Equatable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    public var stroke: Stroke
    public var opacity: Double?
    public var classes: [String]
    public var data: [DataAttribute]

    public init(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: Stroke, opacity: Double? = nil, classes: [String] = [], data: [DataAttribute] = []
    ) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.stroke = stroke
        self.opacity = opacity
        self.classes = classes
        self.data = data
    }
}

/// Any other outline: lines, areas, curves. `d` comes from a `PathBuilder`.
public struct PathNode: Sendable, Equatable {
    public var d: String
    public var fill: Paint
    public var stroke: Stroke?
    public var opacity: Double?
    public var classes: [String]
    public var data: [DataAttribute]

    public init(d: String, fill: Paint = .none, stroke: Stroke? = nil, opacity: Double? = nil, classes: [String] = [], data: [DataAttribute] = []) {
        self.d = d
        self.fill = fill
        self.stroke = stroke
        self.opacity = opacity
        self.classes = classes
        self.data = data
    }
}
