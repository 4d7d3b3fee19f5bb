import Testing
@testable import ChartLayout

/// Band, point and ordinal scales, with positions computed by hand from step = width / (n − inner + 2·outer).
struct ScaleBandTests {
    private let abcd = ["a", "b", "c", "d"]

    @Test func bandWithoutPadding() {
        let scale = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0, paddingOuter: 0)
        #expect(scale.step == 25)
        #expect(scale.bandwidth == 25)
        #expect(abcd.map { scale.position(of: $0) } == [0, 25, 50, 75])
        #expect(scale.center(of: "b") == 37.5)
        #expect(scale("e") == nil)
    }

    @Test func bandWithPadding() {
        // step = 100 / (4 − 0.2 + 0.2) = 25; bands use 25 × 3.8 = 95; 5 px left over, split by align.
        let scale = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0.2, paddingOuter: 0.1)
        #expect(scale.step == 25)
        #expect(scale.bandwidth == 20)
        #expect(abcd.map { scale.position(of: $0) } == [2.5, 27.5, 52.5, 77.5])
        #expect(scale.center(of: "a") == 12.5)
        let start = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0.2, paddingOuter: 0.1, align: 0)
        #expect(start.position(of: "a") == 0)
        let end = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0.2, paddingOuter: 0.1, align: 1)
        #expect(end.position(of: "a") == 5)
    }

    @Test func bandDefaults() {
        // Defaults 0.1 / 0.05: step = 300 / (3 − 0.1 + 0.1) = 100, bandwidth 90, 10 px left over.
        let scale = BandScale(domain: ["x", "y", "z"], range: ScaleInterval(0, 300))
        #expect(scale.step == 100)
        #expect(scale.bandwidth == 90)
        #expect(["x", "y", "z"].map { scale.position(of: $0) } == [5, 105, 205])
    }

    @Test func reversedRangePutsTheFirstBandAtTheStart() {
        let y = BandScale(domain: abcd, range: ScaleInterval(100, 0), paddingInner: 0, paddingOuter: 0)
        #expect(abcd.map { y.position(of: $0) } == [75, 50, 25, 0])
        let reversed = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0, paddingOuter: 0, reverse: true)
        #expect(reversed.position(of: "a") == 75)
    }

    @Test func bandEdgeCases() {
        let duplicates = BandScale(domain: ["a", "b", "a"], range: ScaleInterval(0, 100), paddingInner: 0, paddingOuter: 0)
        #expect(duplicates.domain == ["a", "b"])
        #expect(duplicates.bandwidth == 50)
        let empty = BandScale(domain: [], range: ScaleInterval(0, 100))
        #expect(empty.position(of: "a") == nil)
        #expect(empty.bandwidth.isFinite)
        let wild = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 7, paddingOuter: -3, align: .nan)
        #expect(wild.paddingInner == 1)
        #expect(wild.paddingOuter == 0)
        #expect(wild.bandwidth == 0)
        let broken = BandScale(domain: abcd, range: ScaleInterval(.nan, 100))
        #expect(broken.position(of: "a")?.isFinite == true)
    }

    @Test func bandHitTesting() {
        let scale = BandScale(domain: abcd, range: ScaleInterval(0, 100), paddingInner: 0.2, paddingOuter: 0.1)
        #expect(scale.key(at: 10) == "a")
        #expect(scale.key(at: 26) == "b")
        #expect(scale.key(at: 99.9) == "d")
        #expect(scale.key(at: 101) == nil)
        #expect(scale.key(at: -1) == nil)
    }

    @Test func points() {
        // Inner padding 1: step = 100 / (3 − 1 + 2·0.5) = 100/3, the points centred.
        let scale = PointScale(domain: ["a", "b", "c"], range: ScaleInterval(0, 100))
        #expect(abs((scale.position(of: "a") ?? 0) - 100.0 / 6) < 1e-9)
        #expect(scale.position(of: "b") == 50)
        #expect(abs((scale.position(of: "c") ?? 0) - 500.0 / 6) < 1e-9)
        let flush = PointScale(domain: ["a", "b", "c"], range: ScaleInterval(0, 100), padding: 0)
        #expect(["a", "b", "c"].map { flush.position(of: $0) } == [0, 50, 100])
        #expect(flush.step == 50)
        let single = PointScale(domain: ["only"], range: ScaleInterval(0, 100), padding: 0)
        #expect(single.position(of: "only") == 50)
    }

    @Test func ordinalCycles() {
        let scale = OrdinalScale(domain: ["a", "b", "c"], range: [1, 2])
        #expect(scale("a") == 1)
        #expect(scale("b") == 2)
        #expect(scale("c") == 1)
        #expect(scale("d") == nil)
        #expect(scale.cycles)
        let extended = scale.appending(["d", "a", "e"])
        #expect(extended.domain == ["a", "b", "c", "d", "e"])
        #expect(extended("d") == 2)
        #expect(extended("e") == 1)
        #expect(OrdinalScale<Int>(domain: ["a"], range: [])("a") == nil)
    }
}
