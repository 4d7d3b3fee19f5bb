/// Builds the `d` attribute of a path with absolute commands and coordinates rounded to 2 decimals, so marks
/// and guides produce compact, deterministic path data.
public struct PathBuilder: Sendable {
    private var parts: [String] = []

    public init() {}

    public var isEmpty: Bool { parts.isEmpty }

    /// The finished path data.
    public var d: String { parts.joined(separator: "") }

    public mutating func move(to x: Double, _ y: Double) {
        parts.append("M" + pair(x, y))
    }

    public mutating func line(to x: Double, _ y: Double) {
        parts.append("L" + pair(x, y))
    }

    public mutating func horizontal(to x: Double) {
        parts.append("H" + SceneNumber.format(x))
    }

    public mutating func vertical(to y: Double) {
        parts.append("V" + SceneNumber.format(y))
    }

    /// A cubic Bézier curve with control points (c1x, c1y) and (c2x, c2y).
    public mutating func curve(to x: Double, _ y: Double, control1 c1x: Double, _ c1y: Double, control2 c2x: Double, _ c2y: Double) {
        parts.append("C" + pair(c1x, c1y) + " " + pair(c2x, c2y) + " " + pair(x, y))
    }

    /// A circular arc to (x, y).
    public mutating func arc(to x: Double, _ y: Double, radius: Double, largeArc: Bool = false, sweep: Bool = true) {
        let r = SceneNumber.format(radius)
        parts.append("A" + r + "," + r + " 0 " + (largeArc ? "1" : "0") + "," + (sweep ? "1" : "0") + " " + pair(x, y))
    }

    public mutating func close() {
        parts.append("Z")
    }

    /// Appends another path's commands.
    public mutating func append(_ other: PathBuilder) {
        parts.append(contentsOf: other.parts)
    }

    private func pair(_ x: Double, _ y: Double) -> String {
        SceneNumber.format(x) + "," + SceneNumber.format(y)
    }
}
