/// The data formats a download can hold, as far as the network layer needs to know them: to read the format
/// from an HTTP `Content-Type` when the URL has no telling extension (SPEC §3: "default from the file
/// extension, then the HTTP content type"), and to name the expected format in messages.
public enum ContentKind: String, Sendable, Equatable, CaseIterable {
    case csv
    case tsv
    case json

    /// `CSV`, `TSV`, `JSON`: how messages name the format.
    public var displayName: String { rawValue.uppercased() }

    /// The format a `Content-Type` header announces, ignoring parameters (`; charset=utf-8`) and letter case:
    /// `text/csv` (and `application/csv`, `text/comma-separated-values`), `text/tab-separated-values`
    /// (and `text/tsv`), `application/json` (and `text/json`, any `+json` type). Nil for anything else —
    /// `text/plain` included, since it could hold any of them.
    public init?(contentType: String?) {
        guard let contentType else { return nil }
        let mediaType = ContentKind.mediaType(contentType)
        switch mediaType {
        case "text/csv", "application/csv", "text/comma-separated-values", "text/x-csv", "application/x-csv":
            self = .csv
        case "text/tab-separated-values", "text/tsv":
            self = .tsv
        case "application/json", "text/json":
            self = .json
        default:
            if mediaType.hasPrefix("application/"), mediaType.hasSuffix("+json") {
                self = .json
            } else {
                return nil
            }
        }
    }

    /// The media type of a `Content-Type` value: lower case, parameters and spaces removed.
    public static func mediaType(_ contentType: String) -> String {
        let head = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingASCIISpaces().lowercased()
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
