/// An axis-aligned rectangle in scene coordinates (px, y down). Every text node carries one so that overlap and
/// overflow can be checked without a browser, and layout uses it to reserve room for guides and labels.
public struct Box: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The box spanning two corners, whatever their order.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: Swift.min(minX, maxX), y: Swift.min(minY, maxY), width: abs(maxX - minX), height: abs(maxY - minY))
    }

    public static let zero = Box(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the two boxes share more than `tolerance` px in both directions (touching is not overlapping).
    public func overlaps(_ other: Box, tolerance: Double = 0) -> Bool {
        let w = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        let h = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
        return w > tolerance && h > tolerance
    }

    /// Whether `other` lies inside this box, allowing `tolerance` px of overhang.
    public func contains(_ other: Box, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// The smallest box holding both.
    public func union(_ other: Box) -> Box {
        Box(
            minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY), maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY)
        )
    }

    /// The box grown by `amount` on every side (negative shrinks).
    public func insetBy(_ amount: Double) -> Box {
        Box(x: x + amount, y: y + amount, width: Swift.max(0, width - 2 * amount), height: Swift.max(0, height - 2 * amount))
    }

    public func offsetBy(dx: Double, dy: Double) -> Box {
        Box(x: x + dx, y: y + dy, width: width, height: height)
    }
}
