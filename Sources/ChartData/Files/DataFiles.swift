import ChartValues
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartSystem

/// Reading data files from disk: resolving a spec's relative path, reading the bytes (`FileSystem.readFile`,
/// straight into the array the readers scan), turning every way that can fail into a diagnostic at the spec's
/// `url`, and dispatching to the CSV/TSV or JSON reader. The spec-level `DataLoader` is a thin layer over this.
public enum DataFiles {
    /// `path` as seen from `baseDirectory` (the spec's folder); absolute paths stay as they are.
    public static func resolve(_ path: String, baseDirectory: String) -> String {
        if path.hasPrefix("/") || baseDirectory.isEmpty || baseDirectory == "." { return path }
        return baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
    }

    /// Reads the whole file at `path`. Problems are reported at `span` (the `url` in the spec) when given.
    /// `written` is the path as the spec writes it, used for the did-you-mean suggestion.
    public static func read(path: String, written: String? = nil, reportedAt span: SourceSpan?) throws(DiagnosticError) -> SourceFile {
        do {
            return SourceFile(path: path, bytes: try FileSystem.readFile(path, limit: .data))
        } catch {
            if error.isMissing { throw DiagnosticError(notFound(path: path, written: written ?? path, span: span)) }
            if error.isDirectory {
                throw DiagnosticError(problem(.fileIsDirectory(path: path), path: path, span: span))
            }
            if let what = error.notRegular {
                throw DiagnosticError(problem(.fileNotRegular(path: path, what: what), path: path, span: span))
            }
            if let oversize = error.tooLarge {
                throw DiagnosticError(problem(.fileTooLarge(path: path, limit: oversize.description), path: path, span: span))
            }
            throw DiagnosticError(problem(.fileUnreadable(path: path, reason: error.reason.lowercased()), path: path, span: span))
        }
    }

    /// Reads a table from a data file's bytes. Also returns every field name in the file (not only the
    /// projected ones), so the caller can check the names the spec uses, and the warnings about what was read
    /// but looks like a mistake (a CSV quote inside an unquoted field).
    public static func readTable(
        _ file: SourceFile, format: DataFileFormat, property: String?, propertySpan: SourceSpan?,
        columns: Set<String>?, parse: [String: DataType]
    ) throws(DiagnosticError) -> (table: Table, fieldNames: [String], warnings: [Diagnostic]) {
        try readTable(file, format: format, property: property, propertySpan: propertySpan, parse: parse) { _ in columns }
    }

    /// `readTable` with the projection chosen from the file's field names once they are known (for CSV and TSV,
    /// from the header, before any row is read): `projection` returns the columns to read, nil for all.
    public static func readTable(
        _ file: SourceFile, format: DataFileFormat, property: String?, propertySpan: SourceSpan?,
        parse: [String: DataType], dateFormats: [String: DateFormat] = [:], locale: ChartLocale = .enUS,
        isUsed: (String) -> Bool = { _ in true }, projection: ([String]) -> Set<String>?
    ) throws(DiagnosticError) -> (table: Table, fieldNames: [String], warnings: [Diagnostic]) {
        if isBlank(file.bytes) {
            throw DiagnosticError(DataDiagnostic.empty(file, json: format == .json))
        }
        switch format {
        case .csv, .tsv:
            let delimiter: UInt8 = format == .csv ? 0x2C : 0x09
            if let problem = DataContent.check(file, format: format == .csv ? "CSV" : "TSV") { throw DiagnosticError(problem) }
            var columns = projection(try CSVReader.header(file, delimiter: delimiter))
            // Cells outside the projection are never decoded, so their bytes are never checked for UTF-8. A full
            // read rejects bad bytes in any cell; so that a projection never hides them, a file that is not UTF-8
            // throughout is read whole (one fast pass, eight ASCII bytes at a time, decides).
            if columns != nil && !isUTF8(file.bytes) { columns = nil }
            let read = try CSVReader.readWithHeader(
                file, options: CSVOptions(delimiter: delimiter, columns: columns, parse: parse, dateFormats: dateFormats, locale: locale))
            return (read.table, read.names, read.warnings)
        case .json:
            let document = try JSONReader.read(file, requireObject: false)
            let names = try JSONDataReader.fieldNames(in: document, property: property, propertySpan: propertySpan)
            let table = try JSONDataReader.table(
                from: document, property: property, propertySpan: propertySpan, columns: projection(names), parse: parse, dateFormats: dateFormats,
                locale: locale, isUsed: isUsed)
            return (table, names, [])
        }
    }

    /// Reads a CSV or TSV file at `path` without holding it in memory (`CSVStreamReader`), or nil when it should be
    /// read whole with `read(path:…)` and `readTable` instead: not CSV/TSV, unreadable, or with anything to report.
    /// Both give the same table; only the whole read can quote a problem at its `line:col`.
    public static func streamTable(
        path: String, format: DataFileFormat, parse: [String: DataType], dateFormats: [String: DateFormat] = [:], locale: ChartLocale = .enUS,
        projection: ([String]) -> Set<String>?
    ) -> (table: Table, fieldNames: [String])? {
        let delimiter: UInt8
        switch format {
        case .csv: delimiter = 0x2C
        case .tsv: delimiter = 0x09
        case .json: return nil
        }
        guard
            let (table, names) = CSVStreamReader.read(
                path: path, delimiter: delimiter, parse: parse, dateFormats: dateFormats, locale: locale, projection: projection)
        else { return nil }
        // An impossible date among a column's dates is an error at its line:col (SPEC §19.10): the whole read says it.
        for column in table.columns where parse[column.name] == nil {
            if case .string(_, let dictionary) = column.storage, ImpossibleDates.isDateColumnWithImpossibleCells(dictionary) { return nil }
        }
        return (table, names)
    }

    /// The first whole lines of the file at `path`, about `bytes` long (cut after the last line feed in them), when
    /// the file is larger than that; nil for a smaller file or one that cannot be read (read it whole instead).
    /// Offsets in the sample are offsets in the file, so diagnostics in it point at the right `line:col`.
    public static func sample(path: String, bytes limit: Int) -> SourceFile? {
        guard limit > 0, let (descriptor, size) = try? FileSystem.openRegular(path, limit: .data) else { return nil }
        defer { close(descriptor) }
        guard size > limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit)
        let got = bytes.withUnsafeMutableBytes { readFully(descriptor, $0.baseAddress, limit, at: 0) }
        guard got == limit, let lastLineFeed = bytes.lastIndex(of: 0x0A) else { return nil }
        bytes.removeSubrange((lastLineFeed + 1)...)
        return SourceFile(path: path, bytes: bytes)
    }

    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            return UTF8Validation.isValid(base, buffer.count)
        }
    }

    /// Nothing but whitespace (and maybe a byte order mark).
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    // MARK: - Diagnostics

    private static func problem(_ message: DataDiagnostic, path: String, span: SourceSpan?, notes: [DiagnosticNote] = []) -> Diagnostic {
        if let span { return Diagnostic(message, at: span, notes: notes) }
        return Diagnostic(message, path: path, notes: notes)
    }

    /// "No such file", with the closest name in that folder when one is likely meant.
    private static func notFound(path: String, written: String, span: SourceSpan?) -> Diagnostic {
        let (folder, name) = split(path)
        let (writtenFolder, _) = split(written)
        var message = DataDiagnostic.fileNotFound(path: path, suggestion: nil)
        var notes: [DiagnosticNote] = []
        if let entries = listFolder(folder) {
            if let match = Suggestions.closest(to: name, in: entries) {
                let suggestion = writtenFolder.isEmpty ? match : writtenFolder + "/" + match
                message = .fileNotFound(path: path, suggestion: suggestion)
            } else {
                let dataFiles = entries.filter { DataFileFormat(pathExtensionOf: $0) != nil }
                if !dataFiles.isEmpty {
                    let listed = dataFiles.prefix(5).joined(separator: ", ") + (dataFiles.count > 5 ? ", …" : "")
                    notes.append(DiagnosticNote("data files in '\(folder.isEmpty ? "." : folder)': \(listed)"))
                }
            }
        } else if !folder.isEmpty {
            message = .folderNotFound(path: path, folder: folder)
        }
        return problem(message, path: path, span: span, notes: notes)
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// The names in a folder but hidden ones, sorted (so suggestions do not depend on the file system's order);
    /// nil when the folder cannot be listed.
    private static func listFolder(_ folder: String) -> [String]? {
        (try? FileSystem.contentsOfDirectory(folder.isEmpty ? "." : folder))?.filter { !$0.hasPrefix(".") }
    }
}
