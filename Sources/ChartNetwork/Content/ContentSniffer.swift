/// Looks at the first bytes of a download to catch the common ways a data URL returns something that is not
/// data: a web page (a login wall, a "not found" page served with status 200, a link to a page about the file
/// instead of the file), an XML document, or a compressed archive. Without this check the CSV reader would
/// happily read `<!DOCTYPE html>` as a one-column table and the chart would fail far from the cause.
public enum ContentSniffer {
    /// What the bytes evidently are, when that is something other than CSV/TSV/JSON text.
    public enum Evidence: String, Sendable, Equatable {
        case html = "HTML"
        case xml = "XML"
        case gzip = "a gzip archive"
        case zip = "a ZIP archive"
        case pdf = "a PDF document"
    }

    /// What `bytes` evidently are, or nil when they may well be data.
    public static func evidence(in bytes: [UInt8]) -> Evidence? {
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if bytes.starts(with: Array("%PDF-".utf8)) { return .pdf }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        let head = String(decoding: bytes[index..<min(bytes.count, index + 32)], as: UTF8.self).lowercased()
        for start in ["<!doctype html", "<html", "<head", "<body", "<title", "<!--"] where head.hasPrefix(start) {
            return .html
        }
        if head.hasPrefix("<?xml") { return .xml }
        return nil
    }

    /// An error when a download meant to be `expected` (nil: any data format) evidently is something else; nil
    /// when it may be data. `contentType` is the `Content-Type` the server announced, quoted when there was one.
    public static func check(_ bytes: [UInt8], expected: ContentKind?, url: String, contentType: String?) -> FetchError? {
        guard let found = evidence(in: bytes) else { return nil }
        var message = "the response from \(url) is \(found.rawValue), not \(expected?.displayName ?? "CSV, TSV or JSON data")"
        if let contentType { message += " (Content-Type: \(contentType))" }
        let advice: String =
            switch found {
            case .html:
                "the address probably leads to a web page about the data rather than the data file itself; open it in a browser and copy the link of the download"
            case .xml: "point url at a CSV, TSV or JSON export of the data"
            case .gzip, .zip: "download and unpack the archive, and point url at the data file inside"
            case .pdf: "a PDF cannot be read as data; look for a CSV or JSON download of the same table"
            }
        return FetchError(.wrongContent, url: url, message, notes: [advice])
    }
}
