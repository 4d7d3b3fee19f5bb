/// The formats a data file can be read as (SPEC §3 `format`), and the guess from a file name.
public enum DataFileFormat: String, Sendable, CaseIterable {
    case csv
    case tsv
    case json

    /// The format a path's extension names, case-insensitively: `.csv`; `.tsv` or `.tab`; `.json`.
    /// Nil for anything else — `.txt` included, since it could hold any of them — so the user is asked to
    /// write `format` rather than have a guess go wrong silently.
    public init?(pathExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        default: return nil
        }
    }
}
