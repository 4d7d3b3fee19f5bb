/// A small, fast, seeded random number generator (SplitMix64) with the few distributions the data generators
/// need. Only integer and IEEE arithmetic (no libm), so a seed gives the same numbers on every machine and every
/// generated file is byte-for-byte reproducible.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * uniform()
    }

    /// Uniform in 0..<bound (bound > 0).
    mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    /// Uniform in the closed range.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    mutating func chance(_ probability: Double) -> Bool {
        uniform() < probability
    }

    /// Approximately standard normal: the sum of twelve uniforms minus six (Irwin–Hall), which needs no
    /// logarithms and is within 0.01 of the normal distribution's quantiles where it matters here.
    mutating func normal() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += uniform() }
        return sum - 6
    }

    mutating func element<T>(of items: [T]) -> T {
        items[int(below: items.count)]
    }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, int(below: index + 1))
        }
    }
}
