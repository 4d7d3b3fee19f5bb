/// A color ramp between two points, referenced by `Paint.gradient(id:)`. Gradients for `color.along` are laid
/// out in plot coordinates (`userSpaceOnUse`) so every bar shares one ramp: the same height gets the same color.
public struct LinearGradient: Sendable, Equatable {
    public enum Units: String, Sendable, Equatable {
        case userSpaceOnUse
        case objectBoundingBox
    }

    /// One color at a fraction (0…1) of the way from the start point to the end point.
    public struct Stop: Sendable, Equatable {
        public var offset: Double
        public var color: String
        public var opacity: Double?

        public init(offset: Double, color: String, opacity: Double? = nil) {
            self.offset = offset
            self.color = color
            self.opacity = opacity
        }
    }

    public var id: String
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    public var units: Units
    public var stops: [Stop]

    public init(id: String, x1: Double, y1: Double, x2: Double, y2: Double, units: Units = .userSpaceOnUse, stops: [Stop]) {
        self.id = id
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.units = units
        self.stops = stops
    }
}

/// Things a scene defines once and shapes refer to by id.
public enum SceneDefinition: Sendable, Equatable {
    case linearGradient(LinearGradient)
    /// A rectangular clip region (the plot area), used through `GroupNode.clipID`.
    case clipRect(id: String, box: Box)

    public var id: String {
        switch self {
        case .linearGradient(let gradient): gradient.id
        case .clipRect(let id, _): id
        }
    }
}
