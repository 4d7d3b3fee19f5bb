/// The historical outline the synthetic members file follows: states and when they joined, House size by
/// apportionment, which parties faced each other, each party's share of the seats, and where the parties stood
/// on the first DW-NOMINATE dimension. Approximate by design: enough that charts of the file look like charts of
/// the real one, never a record of real people.
enum History {
    /// First congress: 1789–1791. Congress `c` starts in year `1787 + 2c`.
    static let congresses = 1...119

    static func startYear(of congress: Int) -> Int { 1787 + 2 * congress }

    // MARK: states

    struct State {
        let abbreviation: String
        /// ICPSR state code.
        let icpsr: Int
        let admitted: Int
        /// House seats at three apportionments (1793, 1903, 2023); weights in between are interpolated.
        let seats1793: Double
        let seats1903: Double
        let seats2023: Double
        /// Seceded in 1861: no members in the 37th–39th congresses.
        let confederate: Bool

        init(
            _ abbreviation: String, _ icpsr: Int, _ admitted: Int, _ seats1793: Double, _ seats1903: Double, _ seats2023: Double,
            confederate: Bool = false
        ) {
            self.abbreviation = abbreviation
            self.icpsr = icpsr
            self.admitted = admitted
            self.seats1793 = seats1793
            self.seats1903 = seats1903
            self.seats2023 = seats2023
            self.confederate = confederate
        }

        /// Relative population weight in `year`.
        func weight(in year: Int) -> Double {
            let y = Double(year)
            if y <= 1903 {
                let t = max(0, (y - 1793) / 110)
                return seats1793 + (seats1903 - seats1793) * t
            }
            let t = min(1, (y - 1903) / 120)
            return seats1903 + (seats2023 - seats1903) * t
        }
    }

    /// In ICPSR code order.
    static let states: [State] = [
        State("CT", 1, 1789, 7, 5, 5), State("ME", 2, 1820, 0, 4, 2), State("MA", 3, 1789, 14, 14, 9),
        State("NH", 4, 1789, 4, 2, 2), State("RI", 5, 1790, 2, 2, 2), State("VT", 6, 1791, 2, 2, 1),
        State("DE", 11, 1789, 1, 1, 1), State("NJ", 12, 1789, 5, 10, 12), State("NY", 13, 1789, 10, 37, 26),
        State("PA", 14, 1789, 13, 32, 17), State("IL", 21, 1818, 0, 25, 17), State("IN", 22, 1816, 0, 13, 9),
        State("MI", 23, 1837, 0, 12, 13), State("OH", 24, 1803, 0, 21, 15), State("WI", 25, 1848, 0, 11, 8),
        State("IA", 31, 1846, 0, 11, 4), State("KS", 32, 1861, 0, 8, 4), State("MN", 33, 1858, 0, 9, 8),
        State("MO", 34, 1821, 0, 16, 8), State("NE", 35, 1867, 0, 6, 3), State("ND", 36, 1889, 0, 2, 1),
        State("SD", 37, 1889, 0, 2, 1), State("VA", 40, 1789, 19, 10, 11, confederate: true),
        State("AL", 41, 1819, 0, 9, 7, confederate: true), State("AR", 42, 1836, 0, 7, 4, confederate: true),
        State("FL", 43, 1845, 0, 3, 28, confederate: true), State("GA", 44, 1789, 2, 11, 14, confederate: true),
        State("LA", 45, 1812, 0, 7, 6, confederate: true), State("MS", 46, 1817, 0, 8, 4, confederate: true),
        State("NC", 47, 1789, 10, 10, 14, confederate: true), State("SC", 48, 1789, 6, 7, 7, confederate: true),
        State("TX", 49, 1845, 0, 16, 38, confederate: true), State("KY", 51, 1792, 2, 11, 6),
        State("MD", 52, 1789, 8, 6, 8), State("OK", 53, 1907, 0, 5, 5),
        State("TN", 54, 1796, 0, 10, 9, confederate: true), State("WV", 56, 1863, 0, 5, 2),
        State("AZ", 61, 1912, 0, 1, 9), State("CO", 62, 1876, 0, 3, 8), State("ID", 63, 1890, 0, 1, 2),
        State("MT", 64, 1889, 0, 1, 2), State("NV", 65, 1864, 0, 1, 4), State("NM", 66, 1912, 0, 1, 3),
        State("UT", 67, 1896, 0, 1, 4), State("WY", 68, 1890, 0, 1, 1), State("CA", 71, 1850, 0, 8, 52),
        State("OR", 72, 1859, 0, 2, 6), State("WA", 73, 1889, 0, 3, 10), State("AK", 81, 1959, 0, 1, 1),
        State("HI", 82, 1959, 0, 1, 2)
    ]

    /// The states with members in a congress.
    static func states(in congress: Int) -> [State] {
        let year = startYear(of: congress)
        return states.filter { $0.admitted <= year && !($0.confederate && (37...39).contains(congress)) }
    }

    /// Former Confederacy: where Democrats sat to the right of their party until the 1990s.
    static func isSouthern(_ state: State) -> Bool { state.confederate }

    // MARK: House size

    static func houseSize(in congress: Int) -> Int {
        switch congress {
        case ...2: 65
        case 3...7: 105
        case 8...12: 142
        case 13...17: 182
        case 18...22: 213
        case 23...27: 240
        case 28...32: 223
        case 33...37: 234
        case 38...42: 241
        case 43...47: 292
        case 48...52: 325
        case 53...57: 356
        case 58...62: 386
        default: 435
        }
    }

    /// House seats per state (in `states(in:)` order) by largest remainder, at least one each.
    static func apportion(_ seats: Int, among states: [State], year: Int) -> [Int] {
        let weights = states.map { max($0.weight(in: year), 0.3) }
        let total = weights.reduce(0, +)
        let free = seats - states.count
        guard free > 0, total > 0 else { return states.map { _ in 1 } }
        let quotas = weights.map { Double(free) * $0 / total }
        var counts = quotas.map { 1 + Int($0) }
        var remaining = seats - counts.reduce(0, +)
        let order = quotas.indices.sorted { (quotas[$0] - quotas[$0].rounded(.down)) > (quotas[$1] - quotas[$1].rounded(.down)) }
        var index = 0
        while remaining > 0 && !order.isEmpty {
            counts[order[index % order.count]] += 1
            remaining -= 1
            index += 1
        }
        return counts
    }

    // MARK: parties

    /// Voteview party codes used in the file.
    enum Party: Int, CaseIterable {
        case federalist = 1
        case democraticRepublican = 13
        case adams = 22
        case antiMasonic = 26
        case whig = 29
        case democrat = 100
        case republican = 200
        case independent = 328
        case populist = 340
        case progressive = 370
        case socialist = 380
        case farmerLabor = 537
        case jackson = 555
        case antiJackson = 1275
        case antiAdministration = 4000
        case proAdministration = 5000
    }

    /// The two main parties of a congress: `left` is the one whose seat share `leftShare` gives (the
    /// Democrats' line from the 1820s on).
    static func mainParties(in congress: Int) -> (left: Party, right: Party) {
        switch congress {
        case ...2: (.antiAdministration, .proAdministration)
        case 3...17: (.democraticRepublican, .federalist)
        case 18...20: (.jackson, .adams)
        case 21...24: (.jackson, .antiJackson)
        case 25...33: (.democrat, .whig)
        default: (.democrat, .republican)
        }
    }

    /// Third parties present in a chamber, with how many seats (House; the Senate gets fewer).
    static func minorParties(in congress: Int, senate: Bool) -> [(Party, Int)] {
        if senate {
            switch congress {
            case 23...25: return [(.antiMasonic, 1)]
            case 53...56: return [(.populist, 2)]
            case 63...64: return [(.progressive, 1)]
            case 68...78: return [(.farmerLabor, congress % 3 == 0 ? 2 : 1)]
            case 110...117: return [(.independent, 2)]
            case 118: return [(.independent, 3)]
            case 119: return [(.independent, 2)]
            default: return congress % 9 == 4 ? [(.independent, 1)] : []
            }
        }
        switch congress {
        case 22...26: return [(.antiMasonic, congress == 24 ? 16 : 6)]
        case 52...56: return [(.populist, congress == 54 ? 9 : 6)]
        case 62: return [(.socialist, 1)]
        case 63...65: return [(.progressive, congress == 63 ? 17 : 6)]
        case 66...67: return [(.socialist, 1), (.farmerLabor, 1)]
        case 68...73: return [(.farmerLabor, 3), (.socialist, congress == 68 ? 2 : 0)].filter { $0.1 > 0 }
        case 74...76: return [(.progressive, 7), (.farmerLabor, 4)]
        case 77...79: return [(.progressive, 2), (.farmerLabor, 1)]
        default: return congress % 5 == 1 ? [(.independent, 1)] : []
        }
    }

    /// The left party's share of the major-party seats.
    static func leftShare(in congress: Int, senate: Bool) -> Double {
        let index = congress - 1
        guard index >= 0, index < houseShares.count else { return 0.5 }
        if senate, congress >= 80, congress - 80 < senateDemocrats.count {
            let democrats = Double(senateDemocrats[congress - 80])
            let seats = congress >= 86 ? 100.0 : 96.0
            let independents = Double(minorParties(in: congress, senate: true).reduce(0) { $0 + $1.1 })
            return democrats / (seats - independents)
        }
        // Senates lagged the House's swings: average with the previous congress.
        if senate && index > 0 { return (houseShares[index] + houseShares[index - 1]) / 2 }
        return houseShares[index]
    }

    /// House: the left party's share of major-party seats, congresses 1…119.
    private static let houseShares: [Double] = [
        0.45, 0.45, 0.52, 0.45, 0.42, 0.45, 0.72, 0.72, 0.82, 0.77, // 1-10
        0.65, 0.72, 0.76, 0.63, 0.70, 0.87, 0.85, 0.55, 0.53, 0.62, // 11-20
        0.65, 0.67, 0.60, 0.62, 0.60, 0.50, 0.42, 0.62, 0.60, 0.47, // 21-30
        0.55, 0.56, 0.68, 0.34, 0.56, 0.43, 0.25, 0.25, 0.24, 0.27, // 31-40
        0.35, 0.30, 0.30, 0.61, 0.51, 0.51, 0.45, 0.61, 0.56, 0.51, // 41-50
        0.47, 0.72, 0.61, 0.26, 0.37, 0.45, 0.43, 0.46, 0.35, 0.42, // 51-60
        0.44, 0.58, 0.67, 0.53, 0.49, 0.44, 0.30, 0.47, 0.42, 0.45, // 61-70
        0.38, 0.50, 0.72, 0.74, 0.77, 0.60, 0.62, 0.51, 0.56, 0.43, // 71-80
        0.60, 0.54, 0.49, 0.53, 0.54, 0.65, 0.60, 0.59, 0.68, 0.57, // 81-90
        0.56, 0.59, 0.56, 0.67, 0.67, 0.64, 0.56, 0.62, 0.58, 0.59, // 91-100
        0.60, 0.61, 0.59, 0.47, 0.48, 0.49, 0.49, 0.47, 0.46, 0.54, // 101-110
        0.59, 0.44, 0.46, 0.43, 0.45, 0.54, 0.51, 0.49, 0.49 // 111-119
    ]

    /// Senate Democrats, 80th…119th congress.
    private static let senateDemocrats: [Int] = [
        45, 54, 49, 47, 48, 49, 64, 64, 66, 68, // 80-89
        64, 57, 54, 56, 61, 61, 58, 46, 46, 47, // 90-99
        55, 55, 56, 57, 47, 45, 45, 50, 48, 44, // 100-109
        49, 57, 51, 53, 44, 46, 45, 48, 48, 45 // 110-119
    ]

    /// The party of the president at the start of a congress.
    static func presidentParty(in congress: Int) -> Party {
        let year = startYear(of: congress)
        let terms: [(from: Int, party: Party)] = [
            (1789, .proAdministration), (1797, .federalist), (1801, .democraticRepublican), (1825, .adams),
            (1829, .jackson), (1837, .democrat), (1841, .whig), (1845, .democrat), (1849, .whig), (1853, .democrat),
            (1861, .republican), (1885, .democrat), (1889, .republican), (1893, .democrat), (1897, .republican),
            (1913, .democrat), (1921, .republican), (1933, .democrat), (1953, .republican), (1961, .democrat),
            (1969, .republican), (1977, .democrat), (1981, .republican), (1993, .democrat), (2001, .republican),
            (2009, .democrat), (2017, .republican), (2021, .democrat), (2025, .republican)
        ]
        return terms.last { $0.from <= year }?.party ?? .proAdministration
    }

    // MARK: ideology

    /// Median first-dimension score of a party's members in `year`. Democrats sit near −0.3 and drift to −0.38
    /// in the 2010s; Republicans sit near +0.25 from the 1940s, +0.3 in the 1970s and rise to about +0.5 by 2020.
    static func partyMedian(_ party: Party, year: Int) -> Double {
        switch party {
        case .democrat, .jackson, .democraticRepublican, .antiAdministration:
            if year < 1900 { return -0.33 }
            return interpolate(
                year, [(1900, -0.36), (1930, -0.31), (1947, -0.30), (1975, -0.31), (1990, -0.33), (2000, -0.35), (2012, -0.38), (2025, -0.38)])
        case .republican, .whig, .federalist, .adams, .antiJackson, .proAdministration:
            if year < 1880 { return 0.33 }
            return interpolate(
                year,
                [
                    (1880, 0.36), (1905, 0.42), (1930, 0.30), (1947, 0.26), (1960, 0.26), (1975, 0.30), (1985, 0.34), (1995, 0.40), (2005, 0.43),
                    (2015, 0.48), (2020, 0.50), (2025, 0.51)
                ])
        case .independent: return -0.25
        case .populist: return -0.30
        case .progressive: return -0.15
        case .socialist: return -0.55
        case .farmerLabor: return -0.45
        case .antiMasonic: return 0.20
        }
    }

    /// How widely members scatter around their party's median.
    static func partySpread(year: Int) -> Double {
        year < 1947 ? 0.15 : interpolate(year, [(1947, 0.15), (1980, 0.14), (2025, 0.12)])
    }

    /// Southern Democrats sat well to the right of their party until realignment finished in the 1990s.
    static func southernDemocratShift(year: Int) -> Double {
        interpolate(year, [(1860, 0.10), (1940, 0.18), (1970, 0.16), (1995, 0.04), (2005, 0.0)])
    }

    static func interpolate(_ year: Int, _ points: [(Int, Double)]) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if year <= first.0 { return first.1 }
        if year >= last.0 { return last.1 }
        for (a, b) in zip(points, points.dropFirst()) where year <= b.0 {
            let t = Double(year - a.0) / Double(b.0 - a.0)
            return a.1 + (b.1 - a.1) * t
        }
        return last.1
    }
}
