import ChartData
import ChartDiagnostics
import ChartSpec

/// Loads a spec's `data` (SPEC §3) into a `Table`: inline `values`, or a file path relative to the spec.
/// The reading itself lives in ChartData (`DataFiles`, `CSVReader`, `JSONDataReader`); this layer maps the
/// spec's fields onto it and reports problems at the spec's own spans (`url`, `format`, `parse` keys).
///
/// Format: `data.format`, else the file extension (`.csv`; `.tsv`/`.tab`; `.json`), else an error asking
/// for `format` (`.txt` is not guessed). Remote `http(s)` data is not supported yet: `remoteFile` is the seam
/// where fetching will go.
public enum DataLoader {
    /// Resolves `source` (path relative to `baseDirectory`; inline values) and reads it. `columns`: projection (nil = all).
    public static func load(_ source: DataSource, baseDirectory: String, columns: Set<String>?) throws(DiagnosticError) -> Table {
        let parse = parseTypes(source)
        switch source.origin {
        case .values(let node):
            let names = try JSONDataReader.fieldNames(in: node, property: nil, propertySpan: nil)
            try checkParseFields(source, names: names, origin: "the inline values")
            return try JSONDataReader.table(from: node, property: nil, propertySpan: nil, columns: columns, parse: parse)
        case .url(let url):
            let file: SourceFile
            let format: DataFileFormat
            if source.isRemote {
                file = try remoteFile(url)
                format = try fileFormat(source, path: url.value, url: url)
            } else {
                format = try fileFormat(source, path: url.value, url: url)
                let path = DataFiles.resolve(url.value, baseDirectory: baseDirectory)
                file = try DataFiles.read(path: path, written: url.value, reportedAt: url.span)
            }
            let (table, names) = try DataFiles.readTable(
                file, format: format, property: source.property?.value, propertySpan: source.property?.span,
                columns: columns, parse: parse)
            try checkParseFields(source, names: names, origin: url.value)
            return table
        }
    }

    /// Field names and types without running the pipeline (for lint); nil when the data is remote (not available offline).
    public static func schema(_ source: DataSource, baseDirectory: String) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        if source.isRemote { return nil }
        let table = try load(source, baseDirectory: baseDirectory, columns: nil)
        return table.columns.map { (name: $0.name, type: $0.type) }
    }

    /// The seam for remote data. A later change fetches the URL here (and may take the format from the HTTP
    /// content type); until then remote data is an error that says what to do instead.
    static func remoteFile(_ url: Located<String>) throws(DiagnosticError) -> SourceFile {
        throw DiagnosticError(.error(
            "data-remote-unsupported",
            "remote data is not supported yet; download '\(url.value)' next to the spec and point url at the local file",
            at: url.span))
    }

    // MARK: - Helpers

    private static func parseTypes(_ source: DataSource) -> [String: DataType] {
        var types: [String: DataType] = [:]
        for entry in source.parse where types[entry.field.value] == nil {
            types[entry.field.value] = entry.type.value
        }
        return types
    }

    private static func fileFormat(_ source: DataSource, path: String, url: Located<String>) throws(DiagnosticError) -> DataFileFormat {
        if let format = source.format {
            switch format.value {
            case .csv: return .csv
            case .tsv: return .tsv
            case .json: return .json
            }
        }
        let withoutQuery = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        if let format = DataFileFormat(pathExtensionOf: withoutQuery) { return format }
        throw DiagnosticError(.error(
            "data-format-unknown",
            "cannot tell the format of '\(path)' from its name; add \"format\": \"csv\", \"tsv\" or \"json\" to data",
            at: url.span))
    }

    /// Every field named in `parse` must exist in the data: a typo there would silently leave the real
    /// field's type to inference.
    private static func checkParseFields(_ source: DataSource, names: [String], origin: String) throws(DiagnosticError) {
        let known = Set(names)
        var errors: [Diagnostic] = []
        for entry in source.parse where !known.contains(entry.field.value) {
            errors.append(.error(
                "data-parse-unknown-field",
                "parse names '\(entry.field.value)', which is not a field of \(origin)." + Suggestions.didYouMean(entry.field.value, in: names),
                at: entry.field.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
    }
}
