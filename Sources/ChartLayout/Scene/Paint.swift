/// How a shape is filled or stroked: nothing, a CSS color (`#1f5fbf`, `white`), or a gradient defined in the
/// scene's definitions. Colors stay strings here so the scene does not depend on how layout picked them.
public enum Paint: Sendable, Equatable {
    case none
    case color(String)
    /// A `LinearGradient` in `Scene.definitions`, by id (the writer adds its id prefix).
    case gradient(id: String)
}

/// The cap of an open stroke's ends.
public enum LineCap: String, Sendable, Equatable {
    case butt, round, square
}

/// How stroke segments meet.
public enum LineJoin: String, Sendable, Equatable {
    case miter, round, bevel
}

/// The outline of a shape: paint, width, dashes and end/joint shapes.
public struct Stroke: Sendable, Equatable {
    public var paint: Paint
    public var width: Double
    /// Dash and gap lengths; empty for a solid line.
    public var dash: [Double]
    public var cap: LineCap?
    public var join: LineJoin?
    public var opacity: Double?

    public init(_ paint: Paint, width: Double = 1, dash: [Double] = [], cap: LineCap? = nil, join: LineJoin? = nil, opacity: Double? = nil) {
        self.paint = paint
        self.width = width
        self.dash = dash
        self.cap = cap
        self.join = join
        self.opacity = opacity
    }

    /// A solid stroke of a CSS color.
    public static func color(_ color: String, width: Double = 1) -> Stroke {
        Stroke(.color(color), width: width)
    }
}

/// A `data-NAME="value"` attribute, for styling hooks and the HTML output's interactivity (`data-series`).
public struct DataAttribute: Sendable, Equatable {
    /// The name without the `data-` prefix.
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
