import ChartFormat
/// Generates a synthetic file shaped like Voteview's `HSall_members.csv`: the same 22 columns, one row per member
/// per congress (1st–119th) for the House, the Senate and the President, with seats that stay with their holder
/// for several terms, party control swinging as it did, and DW-NOMINATE-like scores that put the parties'
/// medians where the real ones are. Deterministic: the same seed gives the same bytes.
struct MembersGenerator {
    static let header =
        "congress,chamber,icpsr,state_icpsr,district_code,state_abbrev,party_code,occupancy,last_means,bioname,bioguide_id,born,died,nominate_dim1,nominate_dim2,nominate_log_likelihood,nominate_geo_mean_probability,nominate_number_of_votes,nominate_number_of_errors,conditional,nokken_poole_dim1,nokken_poole_dim2"

    enum Chamber: String {
        case president = "President"
        case house = "House"
        case senate = "Senate"
    }

    struct Member {
        var icpsr: Int
        var name: String
        var bioguide: String
        var born: Int
        var died: Int?
        var party: History.Party
        /// Distance from the party median, fixed for the member's career.
        var offset: Double
        var dim2: Double
        var lastYear = 0
        /// Filled in once every congress is generated.
        var career: (dim1: Double, dim2: Double)?
    }

    struct Row {
        var congress: Int
        var chamber: Chamber
        var member: Int
        var stateIndex: Int?
        var district: Int
        var occupancy: Int
        var lastMeans: Int
        var votes: Int
        var quality: Double
        /// The member's position this congress (before career averaging).
        var instant = 0.0
    }

    private var random: SplitMix64
    private(set) var members: [Member] = []
    private(set) var rows: [Row] = []
    private var nextICPSR = 1
    private var bioguideCounts = [Int](repeating: 0, count: 26)

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    // MARK: generation

    /// Every row, in file order: by congress; President, then House, then Senate; by state and seat.
    mutating func generate() {
        var houseSeats: [String: Int] = [:] // seat key → incumbent (lookup only)
        var senateSeats: [String: Int] = [:]
        var president: (member: Int, congresses: Int)?
        for congress in History.congresses {
            president = presidentRow(congress, current: president)
            fillChamber(congress, senate: false, incumbents: &houseSeats)
            fillChamber(congress, senate: true, incumbents: &senateSeats)
        }
        placeScores()
    }

    private mutating func presidentRow(_ congress: Int, current: (member: Int, congresses: Int)?) -> (member: Int, congresses: Int) {
        let party = History.presidentParty(in: congress)
        let year = History.startYear(of: congress)
        var holder = current
        if let existing = holder {
            let changes =
                members[existing.member].party != party || existing.congresses >= 4
                || (existing.congresses == 2 && random.chance(0.45))
            if changes { holder = nil }
        }
        let member: Int
        let served: Int
        if let holder {
            member = holder.member
            served = holder.congresses + 1
        } else {
            member = newMember(party: party, year: year, age: random.int(in: 47...64), southern: false)
            members[member].offset = random.normal() * 0.07
            served = 1
        }
        let votes = congress >= 80 ? random.int(in: 40...160) : 0
        rows.append(
            Row(
                congress: congress, chamber: .president, member: member, stateIndex: nil, district: 0, occupancy: 0, lastMeans: 0, votes: votes,
                quality: random.uniform(0.8, 0.95)))
        members[member].lastYear = year + 2
        return (member, served)
    }

    /// Seats of one chamber in one congress: incumbents who stay keep their seat and party, party totals follow
    /// the historical shares (some incumbents lose when the tide turns), open seats get new members.
    private mutating func fillChamber(_ congress: Int, senate: Bool, incumbents: inout [String: Int]) {
        let year = History.startYear(of: congress)
        let states = History.states(in: congress)
        let allStates = History.states
        var seats: [(key: String, stateIndex: Int, district: Int, southern: Bool, senateClass: Int)] = []
        if senate {
            for state in states {
                let stateIndex = allStates.firstIndex { $0.icpsr == state.icpsr } ?? 0
                for seat in 0..<2 {
                    seats.append(("\(state.abbreviation)-S\(seat)", stateIndex, 0, History.isSouthern(state), (stateIndex + seat) % 3))
                }
            }
        } else {
            let counts = History.apportion(History.houseSize(in: congress), among: states, year: year)
            for (state, count) in zip(states, counts) {
                let stateIndex = allStates.firstIndex { $0.icpsr == state.icpsr } ?? 0
                for district in 1...max(count, 1) {
                    seats.append(("\(state.abbreviation)-\(district)", stateIndex, district, History.isSouthern(state), 0))
                }
            }
        }

        // Who stays.
        let (left, right) = History.mainParties(in: congress)
        let previous = History.mainParties(in: max(congress - 1, 1))
        let turnover = senate ? 0.0 : (congress < 50 ? 0.42 : congress < 70 ? 0.24 : 0.13)
        var holder = [Int?](repeating: nil, count: seats.count)
        for (index, seat) in seats.enumerated() {
            guard let member = incumbents[seat.key] else { continue }
            let age = year - members[member].born
            let leaves: Bool
            if senate {
                leaves = (congress + seat.senateClass) % 3 == 0 ? random.chance(0.32) : random.chance(0.02)
            } else {
                leaves = random.chance(turnover)
            }
            if leaves || age > 82 { continue }
            // A new party system: members of the old main parties carry on in their successors.
            if members[member].party == previous.left { members[member].party = left }
            if members[member].party == previous.right { members[member].party = right }
            holder[index] = member
        }

        // Party targets.
        let minors = History.minorParties(in: congress, senate: senate).map { (party: $0.0, count: $0.1) }
        let majorSeats = seats.count - minors.reduce(0) { $0 + $1.count }
        let leftSeats = NumberConversion.clamped(
            History.leftShare(in: congress, senate: senate) * Double(majorSeats), rounding: .toNearestOrAwayFromZero)
        var targets: [(party: History.Party, count: Int)] = [(left, leftSeats), (right, majorSeats - leftSeats)] + minors

        // Incumbents beyond their party's target lose; incumbents of parties absent this congress leave.
        for target in targets.indices {
            var holding = holder.indices.filter { holder[$0].map { members[$0].party } == targets[target].party }
            random.shuffle(&holding)
            for seat in holding.dropFirst(max(targets[target].count, 0)) { holder[seat] = nil }
            targets[target].count -= min(holding.count, max(targets[target].count, 0))
        }
        for seat in holder.indices {
            if let member = holder[seat], !targets.contains(where: { $0.party == members[member].party }) { holder[seat] = nil }
        }

        // Open seats go to the parties still short of their target.
        var parties: [History.Party] = []
        for target in targets { parties += Array(repeating: target.party, count: max(target.count, 0)) }
        random.shuffle(&parties)
        var nextParty = 0
        for index in seats.indices where holder[index] == nil {
            let party = nextParty < parties.count ? parties[nextParty] : left
            nextParty += 1
            let age = senate ? max(32, Int(50 + 8 * random.normal())) : max(26, Int(45 + 8 * random.normal()))
            holder[index] = newMember(party: party, year: year, age: age, southern: seats[index].southern)
        }

        // Rows, with the occasional mid-term replacement.
        let fullVotes = Self.votes(congress: congress, senate: senate)
        for (index, seat) in seats.enumerated() {
            guard let member = holder[index] else { continue }
            let chamber: Chamber = senate ? .senate : .house
            let meansFirst = senate && congress < 63 ? 4 : 1 // chosen by the state legislature before 1913
            var row = Row(
                congress: congress, chamber: chamber, member: member, stateIndex: seat.stateIndex, district: seat.district, occupancy: 1,
                lastMeans: meansFirst, votes: 0, quality: random.uniform(0.78, 0.96))
            let votes = NumberConversion.clamped(Double(fullVotes) * random.uniform(0.85, 1.0))
            members[member].lastYear = year + 2
            if random.chance(senate ? 0.04 : 0.03) {
                let share = random.uniform(0.01, 0.9)
                row.votes = NumberConversion.clamped(Double(votes) * share)
                rows.append(row)
                let party = random.chance(0.85) ? members[member].party : (members[member].party == left ? right : left)
                let age = max(28, Int(48 + 8 * random.normal()))
                let replacement = newMember(party: party, year: year + 1, age: age, southern: seat.southern)
                members[replacement].lastYear = year + 2
                rows.append(
                    Row(
                        congress: congress, chamber: chamber, member: replacement, stateIndex: seat.stateIndex, district: seat.district, occupancy: 2,
                        lastMeans: senate ? 5 : 2, votes: votes - row.votes, quality: random.uniform(0.75, 0.96)))
                incumbents[seat.key] = replacement
            } else {
                row.votes = votes
                rows.append(row)
                incumbents[seat.key] = member
            }
        }
        // Seats that no longer exist (reapportionment) lose their incumbent.
        if !senate {
            let current = Set(seats.map(\.key))
            for key in incumbents.keys.sorted() where !current.contains(key) { incumbents[key] = nil }
        }
    }

    private static func votes(congress: Int, senate: Bool) -> Int {
        switch (senate, congress) {
        case (false, ..<20): 140
        case (false, ..<60): 330
        case (false, ..<92): 300
        case (false, _): 1100
        case (true, ..<60): 280
        case (true, _): 560
        }
    }

    private mutating func newMember(party: History.Party, year: Int, age: Int, southern: Bool) -> Int {
        let name = Names.make(year: year, random: &random)
        let letter = Int((name.surname.utf8.first ?? UInt8(ascii: "A")) - UInt8(ascii: "A"))
        let slot = min(max(letter, 0), 25)
        bioguideCounts[slot] += 1
        let number = String(bioguideCounts[slot])
        let bioguide = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(slot))) + String(repeating: "0", count: max(0, 6 - number.count)) + number
        let born = year - age
        let lifespan = max(age + 1, Int(78 + 10 * random.normal()))
        let southernDemocrat = southern && party == .democrat
        var offset = random.normal() * History.partySpread(year: year)
        if southernDemocrat { offset += History.southernDemocratShift(year: year) }
        var dim2 = random.normal() * 0.3
        if southernDemocrat && year < 1990 { dim2 += 0.35 }
        members.append(
            Member(
                icpsr: nextICPSR, name: name.full, bioguide: bioguide, born: born, died: born + lifespan,
                party: party, offset: offset, dim2: dim2
            ))
        nextICPSR += random.int(in: 1...3)
        return members.count - 1
    }

    // MARK: scores

    /// Positions per congress (party median of the year plus the member's offset, re-centred so each party's
    /// median offset is zero that congress), then each member's career score: the mean of their positions.
    private mutating func placeScores() {
        var start = 0
        while start < rows.count {
            var end = start
            while end < rows.count && rows[end].congress == rows[start].congress { end += 1 }
            let year = History.startYear(of: rows[start].congress)
            for party in History.Party.allCases {
                let indices = (start..<end).filter { members[rows[$0].member].party == party }
                guard !indices.isEmpty else { continue }
                let offsets = indices.map { members[rows[$0].member].offset }.sorted()
                let middle = offsets.count / 2
                let median = offsets.count % 2 == 1 ? offsets[middle] : (offsets[middle - 1] + offsets[middle]) / 2
                let center = History.partyMedian(party, year: year)
                for index in indices {
                    rows[index].instant = center + members[rows[index].member].offset - median
                }
            }
            start = end
        }
        var sums = [Double](repeating: 0, count: members.count)
        var counts = [Int](repeating: 0, count: members.count)
        var votes = [Int](repeating: 0, count: members.count)
        for row in rows {
            sums[row.member] += row.instant
            counts[row.member] += 1
            votes[row.member] += row.votes
        }
        for index in members.indices {
            if let died = members[index].died {
                let died = max(died, members[index].lastYear)
                members[index].died = died > 2025 ? nil : died
            }
            guard counts[index] > 0, votes[index] >= 25 else { continue }
            let dim1 = min(0.98, max(-0.98, sums[index] / Double(counts[index])))
            members[index].career = (dim1, Self.withinCircle(dim1: dim1, dim2: members[index].dim2))
        }
    }

    /// DW-NOMINATE scores lie in the unit circle.
    private static func withinCircle(dim1: Double, dim2: Double) -> Double {
        let limit = (1 - dim1 * dim1).squareRoot() * 0.98
        return min(limit, max(-limit, dim2))
    }

    // MARK: output

    /// One CSV line (with its line break) for a row.
    mutating func line(_ row: Row) -> String {
        let member = members[row.member]
        var fields: [String] = []
        fields.reserveCapacity(22)
        fields.append(String(row.congress))
        fields.append(row.chamber.rawValue)
        fields.append(String(member.icpsr))
        if let stateIndex = row.stateIndex {
            let state = History.states[stateIndex]
            fields.append(String(state.icpsr))
            fields.append(String(row.district))
            fields.append(state.abbreviation)
        } else {
            fields += ["99", "0", "USA"]
        }
        fields.append(String(member.party.rawValue))
        let recordsMeans = row.chamber != .president && row.congress < 115
        fields.append(recordsMeans ? String(row.occupancy) : "")
        fields.append(recordsMeans ? String(row.lastMeans) : "")
        fields.append("\"" + member.name + "\"")
        fields.append(row.chamber == .president ? "" : member.bioguide)
        fields.append(String(member.born))
        fields.append(member.died.map(String.init) ?? "")
        if let career = member.career {
            let votes = row.votes
            fields.append(Decimal.fixed(career.dim1, digits: 3))
            fields.append(Decimal.fixed(career.dim2, digits: 3))
            fields.append(Decimal.fixed(Double(max(votes, 1)) * Decimal.log(row.quality), digits: 2))
            fields.append(Decimal.fixed(row.quality, digits: 3))
            fields.append(String(votes))
            fields.append(String(NumberConversion.clamped(Double(votes) * (1 - row.quality) * 0.6, rounding: .toNearestOrAwayFromZero)))
        } else {
            fields += ["", "", "", "", "", ""]
        }
        fields.append("") // conditional
        if member.career != nil && row.votes >= 25 {
            fields.append(Decimal.fixed(min(0.99, max(-0.99, row.instant + 0.03 * random.normal())), digits: 3))
            fields.append(Decimal.fixed(member.dim2 + 0.05 * random.normal(), digits: 3))
        } else {
            fields += ["", ""]
        }
        return fields.joined(separator: ",") + "\n"
    }
}
