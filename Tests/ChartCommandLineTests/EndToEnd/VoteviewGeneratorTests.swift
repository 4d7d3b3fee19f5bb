import Foundation
import Testing

/// The synthetic members file: reproducible to the byte, shaped like Voteview's, and with party medians where the
/// real ones are (so the polarization example looks like the real chart).
@Suite struct VoteviewGeneratorTests {
    static let examplePath = packageRoot.appendingPathComponent("examples/polarization/HSall_members.csv")

    @Test func regeneratingGivesTheCommittedFile() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("members.csv")
        let result = try ChartcBinary.run(["voteview", "-o", output.path], binary: ChartcBinary.devtools)
        #expect(result.status == 0)
        #expect(result.output == "")
        let generated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: Self.examplePath)
        #expect(generated == committed, "examples/polarization/HSall_members.csv is stale: regenerate it (see its README)")
    }

    @Test func copiesRepeatTheRowsUnderOneHeader() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("members-2x.csv")
        let result = try ChartcBinary.run(["voteview", "--copies", "2", "-o", output.path], binary: ChartcBinary.devtools)
        #expect(result.status == 0)
        let single = try Data(contentsOf: Self.examplePath)
        let double = try Data(contentsOf: output)
        guard let headerEnd = single.firstIndex(of: UInt8(ascii: "\n")) else {
            Issue.record("no header line")
            return
        }
        let body = single[(headerEnd + 1)...]
        #expect(double == single + body)
    }

    @Test func badCopiesIsAUsageError() throws {
        let result = try ChartcBinary.run(["voteview", "--copies", "0"], binary: ChartcBinary.devtools)
        #expect(result.status == 2)
        #expect(
            result.error.hasPrefix("chartc-devtools voteview: error: invalid value '0' for '--copies'. Expected a whole number from 1 to 1000.\n"))
    }

    @Test func shapeAndPartyMedians() throws {
        let text = String(decoding: try Data(contentsOf: Self.examplePath), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(
            lines.first
                == "congress,chamber,icpsr,state_icpsr,district_code,state_abbrev,party_code,occupancy,last_means,bioname,bioguide_id,born,died,nominate_dim1,nominate_dim2,nominate_log_likelihood,nominate_geo_mean_probability,nominate_number_of_votes,nominate_number_of_errors,conditional,nokken_poole_dim1,nokken_poole_dim2"
        )
        #expect((45_000...56_000).contains(lines.count - 1))
        #expect((5_000_000...7_000_000).contains(text.utf8.count))

        var scores: [String: [Double]] = [:] // "congress/party" → nominate_dim1
        var chambers: Set<String> = []
        var parties: Set<String> = []
        var malformed: [String] = []
        for line in lines.dropFirst() {
            let fields = splitCSV(line)
            guard fields.count == 22, fields[9].contains(", ") else {
                malformed.append(String(line))
                continue
            }
            chambers.insert(fields[1])
            parties.insert(fields[6])
            guard fields[1] != "President", let score = Double(fields[13]) else { continue }
            scores["\(fields[0])/\(fields[6])", default: []].append(score)
        }
        #expect(malformed.isEmpty, "rows without 22 fields and a 'SURNAME, Given' name: \(malformed.prefix(3))")
        #expect(chambers == ["House", "Senate", "President"])
        #expect(parties.isSuperset(of: ["1", "13", "29", "100", "200", "328"]))

        func median(_ congress: Int, _ party: Int) -> Double {
            let values = (scores["\(congress)/\(party)"] ?? []).sorted()
            guard !values.isEmpty else { return .nan }
            let middle = values.count / 2
            return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
        }
        // 80th Congress (1947): Democrats near -0.3, Republicans near +0.25.
        #expect(abs(median(80, 100) - -0.30) < 0.03)
        #expect(abs(median(80, 200) - 0.26) < 0.03)
        // 94th (1975): Republicans near +0.3.
        #expect(abs(median(94, 200) - 0.30) < 0.03)
        // 116th (2019): Democrats near -0.38, Republicans near +0.5.
        #expect(abs(median(116, 100) - -0.38) < 0.03)
        #expect(abs(median(116, 200) - 0.49) < 0.03)
    }

    /// Splits one CSV line with RFC 4180 quoting (no newlines inside fields in this file).
    private func splitCSV(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var previousWasQuote = false
        for byte in line.utf8 {
            if quoted {
                if byte == UInt8(ascii: "\"") { quoted = false; previousWasQuote = true } else { current.append(byte) }
            } else if byte == UInt8(ascii: "\"") {
                if previousWasQuote { current.append(byte) }
                quoted = true
            } else if byte == UInt8(ascii: ",") {
                fields.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                previousWasQuote = false
            } else {
                current.append(byte)
                previousWasQuote = false
            }
        }
        fields.append(String(decoding: current, as: UTF8.self))
        return fields
    }
}
