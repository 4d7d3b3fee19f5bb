/// The type-7 quantile (SPEC §5: linear interpolation between the order statistics around `(n - 1) × p`) of a
/// range of values, by selection rather than by sorting: a quickselect puts the lower order statistic in place in
/// expected linear time, and the next one up is the smallest value after it. A 1M-row median is mostly this.
///
/// The result equals sorting the range and interpolating (`Reducer.interpolate(sorted:p:)`), bit for bit: both
/// read the same two order statistics and combine them with the same arithmetic. Ranges holding NaN (which
/// orders nothing) or a zero (whose sign a sort and a selection may pick differently) are sorted instead.
enum QuantileSelection {
    /// The quantile of `values[range]` (non-empty), reordering that range.
    static func quantile(_ values: inout [Double], _ range: Range<Int>, p: Double) -> Double {
        let count = range.count
        let position = Double(count - 1) * p
        let lowerRank = Int(exactly: position.rounded(.down)) ?? 0
        let upperRank = min(Int(exactly: position.rounded(.up)) ?? count - 1, count - 1)
        if values[range].contains(where: { $0.isNaN || $0 == 0 }) {
            values[range].sort()
            return Reducer.interpolate(sorted: values[range], p: p)
        }
        return values.withUnsafeMutableBufferPointer { buffer -> Double in
            let k = range.lowerBound + lowerRank
            select(buffer, low: range.lowerBound, high: range.upperBound - 1, k: k)
            let lower = buffer[k]
            if upperRank == lowerRank { return lower }
            // Everything after position k is at least `lower`; the next order statistic is the least of them.
            var upper = buffer[k + 1]
            var index = k + 2
            while index < range.upperBound {
                if buffer[index] < upper { upper = buffer[index] }
                index += 1
            }
            if lower == upper { return lower }
            let fraction = position - Double(lowerRank)
            return lower * (1 - fraction) + upper * fraction
        }
    }

    /// Reorders `values[low...high]` so that position `k` holds the value a sort would put there, everything
    /// before it is no greater and everything after it no smaller (Hoare's partition around a median of three).
    /// After a bounded number of rounds (bad pivots) the rest is sorted, so the worst case stays O(n log n).
    static func select(_ values: UnsafeMutableBufferPointer<Double>, low: Int, high: Int, k: Int) {
        var low = low
        var high = high
        var rounds = 2 * (Int.bitWidth - (high - low + 1).leadingZeroBitCount) + 4
        while high > low {
            if high - low < 16 || rounds == 0 {
                var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
                rest.sort()
                return
            }
            rounds -= 1
            let middle = low + (high - low) / 2
            if values[middle] < values[low] { values.swapAt(middle, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[middle] { values.swapAt(high, middle) }
            let pivot = values[middle]
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // values[low...j] <= pivot <= values[i...high], and everything strictly between j and i equals it.
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }
}
