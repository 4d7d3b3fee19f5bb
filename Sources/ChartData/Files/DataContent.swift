import ChartDiagnostics

/// What a file named as CSV or TSV evidently is when it is something else: a web page saved under the data's
/// name, a JSON export, an archive, a PDF, an image. Without this the CSV reader reads `<!DOCTYPE html>` or
/// `[{"a": 1, …` as a one-line header, and every later message quotes that line as field names; with it the
/// message says what the file looks like, never what it holds. (Downloads are checked the same way by
/// ChartNetwork's `ContentSniffer` before they reach a reader.)
enum DataContent {
    /// What the bytes look like, as a message names it ("an HTML page", "JSON"), and the advice to give; nil when
    /// they may well be CSV or TSV text.
    static func evidence(_ bytes: UnsafeBufferPointer<UInt8>) -> (what: String, advice: String)? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            offset + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[offset + $0] == prefix[$0] }
        }
        if starts([0x1F, 0x8B]) { return ("a gzip archive", "unpack it and point url at the data file inside") }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return ("a ZIP archive (or an Excel workbook)", "export the table as CSV and point url at that file") }
        if starts(Array("%PDF-".utf8)) { return ("a PDF document", "a PDF cannot be read as data; look for a CSV export of the same table") }
        if starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8)) {
            return ("an image", "point url at a CSV or TSV file")
        }
        var index = starts([0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "<"):
            var head: [UInt8] = []
            var at = index
            while at < bytes.count && head.count < 16 {
                let byte = bytes[at]
                head.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                at += 1
            }
            for start in ["<!doctype html", "<html", "<head", "<body", "<title", "<!--"] where head.starts(with: Array(start.utf8)) {
                return ("an HTML page", "the address probably leads to a page about the data, not the data file; point url at the file itself")
            }
            if head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<svg".utf8)) {
                return ("XML", "point url at a CSV, TSV or JSON export of the data")
            }
            return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // `[` or `{`, then (after spaces) what JSON has there: a row object, an array, a key or a value.
            let open = bytes[index]
            index += 1
            skipSpace()
            guard index < bytes.count else { return nil }
            let next = bytes[index]
            let json =
                open == UInt8(ascii: "{")
                ? next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
                : next == UInt8(ascii: "{") || next == UInt8(ascii: "[") || next == UInt8(ascii: "\"") || next == UInt8(ascii: "]")
                    || (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: "-")
            return json ? ("JSON", "set \"format\": { \"type\": \"json\" } in data, or name the file .json") : nil
        default:
            return nil
        }
    }

    /// The error for a file read as `format` (CSV or TSV) that evidently is something else, or nil.
    static func check(_ file: SourceFile, format: String) -> Diagnostic? {
        guard let (what, advice) = file.bytes.withUnsafeBufferPointer({ evidence(UnsafeBufferPointer(rebasing: $0.prefix(4096))) }) else {
            return nil
        }
        // At the file, not at a line of it: the excerpt under a located message would quote what the file holds.
        return Diagnostic(DataDiagnostic.wrongContent(path: file.path, looksLike: what, format: format, advice: advice), path: file.path)
    }
}
