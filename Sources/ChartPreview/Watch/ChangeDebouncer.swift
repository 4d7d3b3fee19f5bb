/// Turns a burst of file events into one rebuild: an editor's save can be a truncate, several writes and a
/// rename, each its own event. Work becomes due once no event has come for `quiet` ms, or `longest` ms after
/// the first event of the burst, whichever is sooner; while the watcher sees a file still open for writing, it
/// waits for the close (an editor's save in several writes) up to `longestWhileWriting`, so a slow writer on a
/// busy machine still makes one rebuild.
struct ChangeDebouncer {
    var quiet: Int64 = 15
    var longest: Int64 = 250
    var longestWhileWriting: Int64 = 3_000
    private(set) var due: Int64?
    private var firstEvent: Int64 = 0

    mutating func note(now: Int64) {
        if due == nil { firstEvent = now }
        due = min(firstEvent + longest, now + quiet)
    }

    /// True (once) when the burst is over. `holding`: a file is still being written, so wait for its close
    /// (up to `longestWhileWriting` after the first event).
    mutating func isDue(now: Int64, holding: Bool = false) -> Bool {
        guard let due, now >= due else { return false }
        if holding && now < firstEvent + longestWhileWriting { return false }
        self.due = nil
        return true
    }
}
