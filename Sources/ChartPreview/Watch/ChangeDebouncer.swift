/// Turns a burst of file events into one rebuild: an editor's save can be a truncate, several writes and a
/// rename, each its own event. Work becomes due once no event has come for `quiet` ms, or `longest` ms after
/// the first event of the burst, whichever is sooner.
struct ChangeDebouncer {
    var quiet: Int64 = 15
    var longest: Int64 = 250
    private(set) var due: Int64?
    private var firstEvent: Int64 = 0

    mutating func note(now: Int64) {
        if due == nil { firstEvent = now }
        due = min(firstEvent + longest, now + quiet)
    }

    /// True (once) when the burst is over.
    mutating func isDue(now: Int64) -> Bool {
        guard let due, now >= due else { return false }
        self.due = nil
        return true
    }
}
