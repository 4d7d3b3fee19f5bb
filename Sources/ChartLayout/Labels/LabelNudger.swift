/// Moves labels along one axis so that none overlap, each as little as possible from where it wants to be: the
/// line-end labels of a direct legend, where two lines that finish close together would print their names on
/// top of each other. Labels that touch are merged into a cluster centred on the mean of their wishes, until no
/// clusters touch; then the clusters are pushed inside the bounds. When even that cannot fit them all, the
/// labels that would fall outside are dropped (nil), never overlapped.
enum LabelNudger {
    /// One label: where its centre wants to be and its size along the axis.
    struct Item: Sendable, Equatable {
        var desired: Double
        var size: Double

        init(desired: Double, size: Double) {
            self.desired = desired
            self.size = size
        }
    }

    /// The centre of each item after nudging, in the input order; nil for an item that had to be dropped.
    /// - Parameters:
    ///   - gap: space kept between neighbours.
    ///   - lower, upper: the range every label must stay inside (edges included).
    static func nudge(_ items: [Item], gap: Double, lower: Double, upper: Double) -> [Double?] {
        guard !items.isEmpty else { return [] }
        guard upper > lower else { return items.map { _ in nil } }
        // Keep as many as fit, preferring earlier items (the caller's priority order).
        var kept = Array(items.indices)
        while !kept.isEmpty {
            let needed = kept.reduce(0.0) { $0 + items[$1].size } + gap * Double(kept.count - 1)
            if needed <= upper - lower + 1e-9 { break }
            kept.removeLast()
        }
        var result: [Double?] = items.map { _ in nil }
        guard !kept.isEmpty else { return result }

        // Order by desired position (input order breaks ties, so the result is deterministic).
        let order = kept.sorted { a, b in
            let da = clampFinite(items[a].desired, lower, upper), db = clampFinite(items[b].desired, lower, upper)
            return da < db || (da == db && a < b)
        }
        struct Cluster {
            var members: [Int]
            var wishSum: Double
            var size: Double
            /// Start (low edge) of the cluster when centred on the mean of its members' wishes.
            var start: Double
        }
        var clusters: [Cluster] = []
        for index in order {
            let item = items[index]
            let center = clampFinite(item.desired, lower, upper)
            // The offset of the wished centre from the cluster's start, summed, gives the best start.
            var cluster = Cluster(members: [index], wishSum: center - item.size / 2, size: item.size, start: center - item.size / 2)
            // Merge with the previous cluster while they touch.
            while let previous = clusters.last, previous.start + previous.size + gap > cluster.start {
                clusters.removeLast()
                let shiftedWishes = cluster.wishSum - Double(cluster.members.count) * (previous.size + gap)
                var merged = Cluster(
                    members: previous.members + cluster.members,
                    wishSum: previous.wishSum + shiftedWishes,
                    size: previous.size + gap + cluster.size,
                    start: 0
                )
                merged.start = merged.wishSum / Double(merged.members.count)
                cluster = merged
            }
            clusters.append(cluster)
        }
        // Push clusters inside the bounds: first up from the lower edge, then down from the upper one.
        var floor = lower
        for index in clusters.indices {
            clusters[index].start = Swift.max(clusters[index].start, floor)
            floor = clusters[index].start + clusters[index].size + gap
        }
        var ceiling = upper
        for index in clusters.indices.reversed() {
            clusters[index].start = Swift.min(clusters[index].start, ceiling - clusters[index].size)
            ceiling = clusters[index].start - gap
        }
        for cluster in clusters {
            var position = cluster.start
            for member in cluster.members {
                result[member] = position + items[member].size / 2
                position += items[member].size + gap
            }
        }
        return result
    }

    /// A wish clamped into the bounds (a non-finite wish goes to the lower edge).
    private static func clampFinite(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        guard value.isFinite else { return lower }
        return Swift.min(upper, Swift.max(lower, value))
    }
}
