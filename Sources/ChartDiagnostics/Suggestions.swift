/// "Did you mean …?" for names the user mistyped: keys, fields, functions, enum values, flags.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance (case-insensitive, transpositions count as one edit),
    /// if it is close enough to be a likely typo: at most one edit for short words, up to a third of the length
    /// for longer ones. Ties go to the earlier candidate, so results are deterministic.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, lowered.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - lowered.count) > limit { continue }
            let distance = editDistance(lowered, other)
            if distance <= limit && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// ` Did you mean 'x'?` or the empty string, ready to append to a message.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String where S.Element == String {
        guard let match = closest(to: word, in: candidates) else { return "" }
        return " Did you mean '\(match)'?"
    }
}
