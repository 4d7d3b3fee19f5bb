/// The Adler-32 checksum (RFC 1950 §8.2) that ends a zlib stream, updated piece by piece as the bytes arrive,
/// sixteen bytes a step: sixteen zero bytes (the bulk of a filtered PNG) leave `a` as it is and add `16a` to `b`,
/// in one test and one shift; others are added one by one. The sums are reduced modulo 65 521 every 5552 bytes
/// at most, the most that cannot overflow 32 bits.
struct Adler32 {
    private var a: UInt32 = 1
    private var b: UInt32 = 0
    /// Bytes added since the sums were last reduced.
    private var pending = 0

    /// The checksum of everything added so far.
    var value: UInt32 {
        var copy = self
        copy.reduce()
        return copy.b << 16 | copy.a
    }

    @inline(__always)
    private mutating func reduce() {
        a %= 65_521
        b %= 65_521
        pending = 0
    }

    /// Adds sixteen bytes, the first in the lowest lane.
    @inline(__always)
    mutating func add(_ bytes: SIMD16<UInt8>) {
        if pending > 5552 - 16 { reduce() }
        let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        if halves[0] | halves[1] == 0 {
            b &+= a &<< 4
        } else {
            for lane in 0..<16 {
                a &+= UInt32(bytes[lane])
                b &+= a
            }
        }
        pending &+= 16
    }

    /// Adds one byte.
    @inline(__always)
    mutating func add(_ byte: UInt8) {
        if pending >= 5552 { reduce() }
        a &+= UInt32(byte)
        b &+= a
        pending &+= 1
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index &+ 16 <= bytes.count {
            add(base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
            index &+= 16
        }
        while index < bytes.count {
            add(base.load(fromByteOffset: index, as: UInt8.self))
            index &+= 1
        }
    }

    /// The checksum of `bytes` alone.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBytes { adler.update($0) }
        return adler.value
    }
}
