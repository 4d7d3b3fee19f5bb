import ChartData

/// The order strings sort in (SPEC §9): by Unicode code points — which is the order of their UTF-8 bytes — except
/// in columns with a natural order (weekday and month names), where those values come first in their natural
/// order and any other value follows by code points. Swift's `String <` compares canonically equivalent
/// grapheme clusters instead, so it is never used for output order.
enum StringOrder {
    /// Whether `a` sorts before `b` by code points.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// A rank for every dictionary entry: equal strings get equal ranks, and comparing ranks compares strings.
    static func ranks(dictionary: [String], naturalOrder: [String]?) -> [Int] {
        var ranks = [Int](repeating: 0, count: dictionary.count)
        var natural: [String: Int] = [:]
        if let naturalOrder {
            for (index, value) in naturalOrder.enumerated() where natural[value] == nil {
                natural[value] = index
            }
        }
        var others: [Int] = []
        for (code, value) in dictionary.enumerated() {
            if let position = natural[value] {
                ranks[code] = position
            } else {
                others.append(code)
            }
        }
        others.sort { precedes(dictionary[$0], dictionary[$1]) }
        var rank = natural.count
        for (index, code) in others.enumerated() {
            if index > 0 && dictionary[others[index - 1]] != dictionary[code] { rank += 1 }
            ranks[code] = rank
        }
        return ranks
    }
}
