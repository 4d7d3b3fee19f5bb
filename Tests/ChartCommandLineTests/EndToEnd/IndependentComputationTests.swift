import Foundation
import Testing

/// `chartc data` on the polarization example against a computation that shares no code with chartc: a naive
/// quote-aware CSV split, the filter and calculations written out by hand, and medians by sorting. If the
/// pipeline, the CSV reader or the quantile rule drifts, the two disagree.
@Suite struct IndependentComputationTests {
    /// Splits one CSV record (no newlines inside quotes in this file) into fields.
    private static func fields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
                if current.last == "\"" { current.append("\"") }
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let position = Double(sorted.count - 1) * 0.5
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        let fraction = position - Double(low)
        return sorted[low] * (1 - fraction) + sorted[high] * fraction
    }

    @Test func polarizationMediansMatchANaiveComputation() throws {
        let text = try String(contentsOfFile: "examples/polarization/HSall_members.csv", encoding: .utf8)
        var lines = text.split(separator: "\n")
        let header = Self.fields(lines.removeFirst())
        let congressIndex = try #require(header.firstIndex(of: "congress"))
        let chamberIndex = try #require(header.firstIndex(of: "chamber"))
        let partyIndex = try #require(header.firstIndex(of: "party_code"))
        let scoreIndex = try #require(header.firstIndex(of: "nominate_dim1"))

        var byKey: [String: [Double]] = [:]
        for line in lines {
            let row = Self.fields(line)
            guard let congress = Double(row[congressIndex]), congress >= 80,
                row[chamberIndex] != "President",
                let party = Double(row[partyIndex]), party == 100 || party == 200
            else { continue }
            guard let score = Double(row[scoreIndex]) else { continue } // empty scores are null, skipped
            let year = Int(congress * 2 + 1787)
            let name = party == 100 ? "Democrats" : "Republicans"
            byKey["\(year),\(name)", default: []].append(score)
            byKey["\(year),Congress", default: []].append(score)
        }

        let result = try ChartcBinary.run(["data", "examples/polarization/polarization.chart.json"])
        #expect(result.status == 0)
        let rows = result.output.split(separator: "\n").dropFirst()
        #expect(rows.count == byKey.count)
        for row in rows {
            let parts = row.split(separator: ",", omittingEmptySubsequences: false)
            let key = "\(parts[0]),\(parts[1])"
            let expected = try #require(byKey[key].map(Self.median), "no independent value for \(key)")
            let actual = try #require(Double(String(parts[2])))
            #expect(abs(actual - expected) <= 1e-12, "\(key): chartc \(actual), independent \(expected)")
        }
    }
}
