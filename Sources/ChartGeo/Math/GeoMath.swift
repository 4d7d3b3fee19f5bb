#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The constants and guarded functions d3-geo's math is written with, so every projection, clip and resampling
/// step rounds the same way d3-geo does (its `epsilon` decides degeneracies, `asin`/`acos` clamp their input).
enum GeoMath {
    static let epsilon = 1e-6
    static let epsilon2 = 1e-12
    static let pi = Double.pi
    static let halfPi = Double.pi / 2
    static let quarterPi = Double.pi / 4
    static let tau = Double.pi * 2
    static let degrees = 180 / Double.pi
    static let radians = Double.pi / 180

    static func asinClamped(_ x: Double) -> Double { x > 1 ? halfPi : x < -1 ? -halfPi : asin(x) }
    static func acosClamped(_ x: Double) -> Double { x > 1 ? 0 : x < -1 ? pi : acos(x) }
    static func sign(_ x: Double) -> Double { x > 0 ? 1 : x < 0 ? -1 : 0 }

    /// JavaScript's `%`: the remainder with the sign of the dividend.
    static func remainder(_ x: Double, _ y: Double) -> Double { fmod(x, y) }
}

/// A point on the unit sphere as a 3-vector (d3-geo's `cartesian`).
struct Vector3 {
    var x: Double
    var y: Double
    var z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unit vector of longitude λ and latitude φ, in radians.
    init(spherical lambda: Double, _ phi: Double) {
        let cosPhi = cos(phi)
        self.init(cosPhi * cos(lambda), cosPhi * sin(lambda), sin(phi))
    }

    /// λ and φ of the direction, in radians.
    var spherical: (Double, Double) { (atan2(y, x), GeoMath.asinClamped(z)) }

    func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ b: Vector3) -> Vector3 { Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x) }

    func scaled(_ k: Double) -> Vector3 { Vector3(x * k, y * k, z * k) }

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }

    var normalized: Vector3 {
        let length = (x * x + y * y + z * z).squareRoot()
        return Vector3(x / length, y / length, z / length)
    }
}
