import ChartTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory of a whole `chartc build` as the data file grows (issue 7). A well-formed file is streamed through a
/// small window, never held whole, and only the columns the spec reads are kept, so peak RSS grows with those
/// columns (4 of the file's 22, about 35 bytes a row) and not with the file's bytes (about 115 a row). Holding
/// the file, or columns for fields the spec never reads, would break the bound.
@Suite(.serialized) struct MemoryTests {

    @Test func peakMemoryGrowsWithTheColumnsReadNotTheFile() throws {
        guard let chartc = ChartcBinary.executable else {
            Issue.record("cannot find the chartc binary; run `swift build` first")
            return
        }
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }

        // 1x (about 51k rows, 6 MB) and 20x (about 1M rows, 118 MB) of the same members file: issue 7's sizes.
        var peaks: [Int] = []
        var sizes: [Int] = []
        for copies in [1, 20] {
            // The polarization example (it reads 4 of the file's 22 columns) over its own file name.
            let data = folder.appendingPathComponent("HSall_members.csv")
            let generated = try ChartcBinary.run(["voteview", "--copies", String(copies), "-o", data.path], binary: ChartcBinary.devtools)
            #expect(generated.status == 0)
            try ExampleSpecs.polarization().write(to: folder.appendingPathComponent("polarization.chart.json"), atomically: true, encoding: .utf8)
            let size = try FileManager.default.attributesOfItem(atPath: data.path)[.size] as? Int ?? 0
            // Through `chartc-devtools peak`: spawned from this large test process, chartc's ru_maxrss would start
            // at this process's own high-water mark (see PeakCommand).
            let run = try ChartcBinary.run(
                [
                    "peak", "--", chartc.path, "build", folder.appendingPathComponent("polarization.chart.json").path, "-o",
                    folder.appendingPathComponent("out").path
                ],
                binary: ChartcBinary.devtools)
            let figures = run.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(run.status == 0 && figures.count == 2 && figures[1] == 0, "\(run.output) \(run.error)")
            peaks.append(figures.first ?? 0)
            sizes.append(size)
        }
        #expect(sizes[1] > 19 * sizes[0])
        let growth = peaks[1] - peaks[0]
        let fileGrowth = sizes[1] - sizes[0]
        // Measured (Linux): the peak grows by about 0.35 bytes per byte of file, and the 20x build peaks at 56 MB
        // (release) to 58 MB (debug); holding the file alone would add 118 MB.
        #expect(
            growth <= fileGrowth / 2,
            "peak RSS grew by \(growth) bytes for \(fileGrowth) more bytes of data (1x peak \(peaks[0]), 20x peak \(peaks[1]))")
        #expect(peaks[1] <= 150_000_000, "20x peak RSS \(peaks[1]) bytes, over issue 7's 150 MB")
    }
}
