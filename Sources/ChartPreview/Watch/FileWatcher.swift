/// Tells the preview which files changed. Implementations: `InotifyWatcher` on Linux (the kernel reports each
/// change in a watched folder at once), `KqueueWatcher` on macOS, `PollingWatcher` elsewhere or when asked (compares `stat` results).
/// Folders are watched rather than files, so a save that replaces a file (write a temporary file, rename it
/// over the old one) is still seen.
protocol FileWatcher: AnyObject {
    /// Watch exactly these folders (canonical paths) and, for polling, these files.
    func watch(folders: Set<String>, files: Set<String>)
    /// A descriptor that becomes readable when there is news, or nil (then `changes` is called on a timer).
    var descriptor: Int32? { get }
    /// Canonical paths that changed since the last call (files, or a folder whose entries changed).
    func changes(now: Int64) -> [String]
    /// When `changes` should be called next without a readable descriptor.
    func nextPoll(now: Int64) -> Int64
    /// Whether a file that changed is still open for writing (written but not closed yet): the save is not
    /// over, so the rebuild waits (inotify knows; polling cannot tell and says false).
    var isWriting: Bool { get }
}
