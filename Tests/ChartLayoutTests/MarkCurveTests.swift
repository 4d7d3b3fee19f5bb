import Testing
import ChartSpec
@testable import ChartLayout

@Suite struct MarkCurveTests {
    let points = [Point(0, 10), Point(10, 20), Point(20, 0)]

    @Test func linearJoinsThePoints() {
        #expect(Curve(.linear).path(points) == "M0,10L10,20L20,0")
    }

    @Test func stepsChangeMidwayBeforeOrAfter() {
        #expect(Curve(.step).path([Point(0, 10), Point(10, 20)]) == "M0,10L5,10L5,20L10,20")
        #expect(Curve(.stepBefore).path([Point(0, 10), Point(10, 20)]) == "M0,10L0,20L10,20")
        #expect(Curve(.stepAfter).path([Point(0, 10), Point(10, 20)]) == "M0,10L10,10L10,20")
    }

    @Test func stepsAlongYTurnOnY() {
        // A line running bottom to top: the value (x) changes halfway between the two y positions.
        #expect(Curve(.step, along: .y).path([Point(10, 100), Point(20, 80)]) == "M10,100L10,90L20,90L20,80")
    }

    @Test func monotoneNeverOvershootsAFlatStretch() {
        let flat = [Point(0, 10), Point(10, 10), Point(20, 30)]
        let d = Curve(.monotone).path(flat)
        // The first segment is flat, so both its control points stay at y = 10.
        #expect(d.hasPrefix("M0,10C3.33,10 6.67,10 10,10"))
    }

    @Test func catmullRomPassesThroughEveryPoint() {
        let d = Curve(.catmullRom).path(points)
        #expect(d.hasPrefix("M0,10C"))
        #expect(d.contains(" 10,20C"))
        #expect(d.hasSuffix(" 20,0"))
    }

    @Test func aSinglePointIsJustAMove() {
        #expect(Curve(.monotone).path([Point(3, 4)]) == "M3,4")
        #expect(Curve(.linear).path([]) == "")
    }
}
