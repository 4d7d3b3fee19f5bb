import Testing
import ChartData
import ChartDiagnostics
import ChartSpec
@testable import ChartLayout

/// Odd input lays out or becomes a diagnostic; it never crashes or hangs.
@Suite struct MarkRobustnessTests {
    typealias F = Fixture

    static let columns: [[Double?]] = [
        [], [nil, nil], [.nan, 1, .infinity], [5], [0, 0, 0], [-1e300, 1e300], [1e-300, 2e-300], [-3, -2, -1]
    ]

    @Test(arguments: MarkType.allCases)
    func oddNumbersNeverCrash(mark: MarkType) {
        for values in Self.columns {
            var spec = F.spec(mark)
            spec.encoding.x = F.channel(.x, "k")
            spec.encoding.y = F.channel(.y, "v")
            spec.encoding.text = F.channel(.text, "v")
            spec.mark.interpolate = Located(.monotone, at: nil)
            let table = Table(columns: [F.strings("k", values.indices.map { "k\($0 % 2)" }), F.numbers("v", values)])
            do {
                let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
                #expect(scene.width > 0 && scene.height > 0)
            } catch {
                #expect(!error.diagnostics.isEmpty)
            }
        }
    }

    @Test func logScaleThroughZeroIsADiagnostic() {
        var spec = F.spec(.point)
        var y = F.channel(.y, "v")
        var scale = ScaleSpec()
        scale.type = Located(.log, at: nil)
        scale.domain = Located([.number(0), .number(100)], at: nil)
        y.scale = scale
        spec.encoding.y = y
        spec.encoding.x = F.channel(.x, "v")
        let table = Table(columns: [F.numbers("v", [1, 10, 100])])
        do {
            _ = try ChartLayoutEngine.layout(spec: spec, table: table)
            Issue.record("expected a diagnostic")
        } catch {
            #expect(error.diagnostics.first?.id == "scale-invalid-domain")
        }
    }

    @Test func textDeclaredQuantitativeIsADiagnostic() {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "k")
        spec.encoding.y = F.channel(.y, "k", type: .quantitative)
        let table = Table(columns: [F.strings("k", ["a"])])
        do {
            _ = try ChartLayoutEngine.layout(spec: spec, table: table)
            Issue.record("expected a diagnostic")
        } catch {
            #expect(error.diagnostics.first?.id == "encoding-type-mismatch")
        }
    }

    /// SPEC §19.8: categories are never thinned; the plot grows 20 px a category instead, so they do not overlap
    /// (up to the largest size a spec may ask for).
    @Test func hundredsOfCategoriesAreAllNamedNotOverlapped() throws {
        let count = 600
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "k")
        spec.encoding.y = F.channel(.y, "v")
        let table = Table(columns: [F.strings("k", (0..<count).map { "Category \($0)" }), F.numbers("v", (0..<count).map { Double($0 % 17) })])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let labels = scene.texts().filter { $0.text.hasPrefix("Category") }
        #expect(labels.count == count)
        #expect(scene.width >= Double(count) * 20)
        for index in labels.indices.dropFirst() { #expect(!labels[index].box.overlaps(labels[index - 1].box)) }
    }

    @Test func thousandsOfCategoriesStopAtTheLargestSize() throws {
        let count = 3000
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "k")
        spec.encoding.y = F.channel(.y, "v")
        let table = Table(columns: [F.strings("k", (0..<count).map { "Category \($0)" }), F.numbers("v", (0..<count).map { Double($0 % 17) })])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        // Too many for the largest plot to give each room: every one is there, shortened, its name in its title.
        #expect(scene.texts().filter { ($0.node.fullText ?? $0.text).hasPrefix("Category") }.count == count)
        #expect(scene.width <= ChartSpec.maximumSize + 100)
    }

    @Test func aNarrowCanvasWithLongTextStillFits() throws {
        var spec = F.spec(.bar)
        spec.width = Located(10, at: nil)
        spec.title = Located(String(repeating: "Supercalifragilistic ", count: 10), at: nil)
        spec.notes = [Located(String(repeating: "x", count: 500), at: nil)]
        spec.encoding.x = F.channel(.x, "k")
        spec.encoding.y = F.channel(.y, "v")
        let table = Table(columns: [F.strings("k", ["a", "b"]), F.numbers("v", [1, 2])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let outside = scene.textLayoutProblems().filter { if case .outside = $0 { return true } else { return false } }
        #expect(outside.isEmpty, "\(outside)")
    }
}
