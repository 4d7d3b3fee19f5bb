/// The kinds of file chartc reads, each with the largest size it reads (specs/limits.md lists them): a limit is
/// where a file of that kind stops being plausible, so a mistaken path (a disk image, a log) fails at once with
/// its size instead of filling memory.
public struct ReadLimit: Sendable, Equatable {
    /// What the file is, in messages: "data file".
    public let what: String
    public let bytes: Int

    public init(what: String, bytes: Int) {
        self.what = what
        self.bytes = bytes
    }

    /// A chart spec (inline `data.values` included).
    public static let spec = ReadLimit(what: "spec file", bytes: 64 << 20)
    /// A local data file (`data.url`): the same as a download's limit (`FetchOptions.defaultMaxBytes`).
    public static let data = ReadLimit(what: "data file", bytes: 512 << 20)
    /// A theme file (`theme`, `--theme`, `chartc.theme.json`, `extends`).
    public static let theme = ReadLimit(what: "theme file", bytes: 16 << 20)
    /// A theme's `logo.file`.
    public static let logo = ReadLimit(what: "logo", bytes: 16 << 20)
    /// A font file (`font.files.*` or an installed face); the largest CJK collections are about 30 MB.
    public static let font = ReadLimit(what: "font file", bytes: 128 << 20)
    /// A small settings file: `.pgpass`, `.chartcignore`.
    public static let settings = ReadLimit(what: "settings file", bytes: 1 << 20)
    /// A cached download and its metadata (as large as a download may be).
    public static let cache = ReadLimit(what: "cached download", bytes: 512 << 20)
    /// A file `chartc preview` serves or a tool reads back (outputs chartc wrote itself).
    public static let output = ReadLimit(what: "output file", bytes: 1 << 30)
}
