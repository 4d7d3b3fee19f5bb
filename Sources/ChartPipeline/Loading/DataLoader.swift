import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartFormat
import ChartNetwork
import ChartSpec
import ChartSystem
import ChartValues

/// Loads a spec's `data` (SPEC §3) into a `Table`: inline `values`, or a file path relative to the spec.
/// The reading itself lives in ChartData (`DataFiles`, `CSVReader`, `JSONDataReader`); this layer maps the
/// spec's fields onto it and reports problems at the spec's own spans (`url`, `format`, `parse` keys).
///
/// Format: `data.format`, else the file extension (`.csv`; `.tsv`/`.tab`; `.json`), else (remote data only) the
/// HTTP `Content-Type`, else an error asking for `format` (`.txt` is not guessed). Remote `http(s)` data is
/// fetched through ChartNetwork under the `LoadContext`'s options (see RemoteData.swift).
public enum DataLoader {
    /// Resolves `source` (path relative to `baseDirectory`; inline values) and reads it. `columns`: projection (nil = all).
    /// Remote data uses the default timeouts and this process's cache folder; pass a `LoadContext` to choose.
    public static func load(_ source: DataSource, baseDirectory: String, columns: Set<String>?) throws(DiagnosticError) -> Table {
        try load(source, baseDirectory: baseDirectory, columns: columns, context: .standard()).table
    }

    /// Resolves `source` and reads it, remote data under `context`; also says which bytes the table came from.
    public static func load(_ source: DataSource, baseDirectory: String, columns: Set<String>?, context: LoadContext) throws(DiagnosticError)
        -> LoadedData
    {
        try load(source, baseDirectory: baseDirectory, context: context) { _ in columns }
    }

    /// Resolves `source` and reads only the columns `projection` picks from the data's field names (nil = all).
    /// For CSV and TSV the names come from the header before any row is read, so the other columns are only
    /// tokenized, never converted. Problems located in the data file carry a note at the spec's `data.url`
    /// (`ReadBySpecNote`).
    public static func load(
        _ source: DataSource, baseDirectory: String, context: LoadContext,
        projection: ([String]) -> Set<String>?
    ) throws(DiagnosticError) -> LoadedData {
        do throws(DiagnosticError) {
            guard !source.reshaping.isEmpty else {
                var loaded = try read(source, baseDirectory: baseDirectory, context: context, projection: projection)
                loaded.warnings = ReadBySpecNote.adding(to: loaded.warnings, for: source)
                return loaded
            }
            // `fold`, `pivot`, `lookup` (SPEC §21): every later step, and lint, sees the reshaped table as the data.
            let others = try ReshapeSteps.loadOthers(source.reshaping, baseDirectory: baseDirectory, context: context)
            var loaded = try read(source, baseDirectory: baseDirectory, context: context) { names in
                ReshapeSteps.columnsToRead(source.reshaping, names: names, others: others, projection: projection)
            }
            loaded.warnings = ReadBySpecNote.adding(to: loaded.warnings, for: source)
            return try ReshapeSteps.apply(source.reshaping, to: loaded, others: others, origin: originName(source))
        } catch {
            throw ReadBySpecNote.adding(to: ParseEntryFixIt.adding(to: error, for: source), for: source)
        }
    }

    /// `load(_:baseDirectory:context:projection:)` without the notes, with when the data was read (`updated`):
    /// a local file's modification time; remote and database data set their own.
    private static func read(
        _ source: DataSource, baseDirectory: String, context: LoadContext,
        projection: ([String]) -> Set<String>?
    ) throws(DiagnosticError) -> LoadedData {
        var loaded = try readRows(source, baseDirectory: baseDirectory, context: context, projection: projection)
        if loaded.updated == nil, !source.isRemote, case .url(let url) = source.origin {
            loaded.updated = WallClock.modificationTime(of: DataFiles.resolve(url.value, baseDirectory: baseDirectory))
        }
        return loaded
    }

    private static func readRows(
        _ source: DataSource, baseDirectory: String, context: LoadContext,
        projection: ([String]) -> Set<String>?
    ) throws(DiagnosticError) -> LoadedData {
        let parse = parseTypes(source)
        if let generated = try GeoData.generated(source) { return generated }
        if source.isGeographic, case .url(let url) = source.origin {
            // SPEC §22: GeoJSON or TopoJSON, each feature a row with its geometry kept beside the table.
            if source.isRemote {
                let remote = try remoteFile(source, url: url, context: context)
                var loaded = try GeoData.read(remote.file, source: source)
                loaded.provenance = [remote.provenance]
                loaded.warnings = remote.warnings
                loaded.updated = remote.readAt
                return loaded
            }
            let path = DataFiles.resolve(url.value, baseDirectory: baseDirectory)
            return try GeoData.read(try DataFiles.read(path: path, written: url.value, reportedAt: url.span), source: source)
        }
        switch source.origin {
        case .basemap, .graticule, .sphere:
            return LoadedData(table: Table(columns: [], rowCount: 0))
        case .values(let node):
            let names = try JSONDataReader.fieldNames(in: node, property: nil, propertySpan: nil)
            try checkParseFields(source, names: names, origin: "the inline values")
            let table = try JSONDataReader.table(
                from: node, property: nil, propertySpan: nil, columns: projection(names), parse: parse,
                dateFormats: dateFormats(source), locale: source.parseLocale, isUsed: usedBySpec(source))
            return LoadedData(table: table, fieldNames: names)
        case .database(let database):
            let names = try databaseSchema(database, context: context).map(\.name)
            return try databaseTable(database, fieldNames: names, columns: projection(names), context: context)
        case .url(let url):
            let file: SourceFile
            let format: DataFileFormat
            var warnings: [Diagnostic] = []
            // Provenance is recorded for remote data, whose bytes can change under the same URL. A local file is
            // in the user's own tree (usually git), and hashing it would double the cost of reading it.
            let provenance: DataProvenance?
            var readAt: Int64?
            if source.isRemote {
                let remote = try remoteFile(source, url: url, context: context)
                (file, format, warnings, provenance, readAt) = (remote.file, remote.format, remote.warnings, remote.provenance, remote.readAt)
            } else {
                format = try fileFormat(source, path: url.value, url: url)
                let path = DataFiles.resolve(url.value, baseDirectory: baseDirectory)
                // A sample of a large CSV/TSV file, when asked for and when it reads cleanly.
                if let limit = context.sampleBytes, format != .json,
                    let sample = DataFiles.sample(path: path, bytes: limit),
                    let (table, names, sampleWarnings) = try? DataFiles.readTable(
                        sample, format: format, property: nil, propertySpan: nil, parse: parse, dateFormats: dateFormats(source),
                        locale: source.parseLocale, projection: projection),
                    (try? checkParseFields(source, names: names, origin: url.value)) != nil
                {
                    return LoadedData(table: table, warnings: sampleWarnings, fieldNames: names, isSample: true)
                }
                // A well-formed CSV/TSV file is streamed, never held whole; anything to report is read whole.
                if let (table, names) = DataFiles.streamTable(
                    path: path, format: format, parse: parse, dateFormats: dateFormats(source), locale: source.parseLocale, projection: projection)
                {
                    try checkParseFields(source, names: names, origin: url.value)
                    return LoadedData(table: table, fieldNames: names)
                }
                file = try DataFiles.read(path: path, written: url.value, reportedAt: url.span)
                provenance = nil
            }
            let (table, names, readWarnings) = try DataFiles.readTable(
                file, format: format, property: source.property?.value, propertySpan: source.property?.span,
                parse: parse, dateFormats: dateFormats(source), locale: source.parseLocale, isUsed: usedBySpec(source), projection: projection)
            try checkParseFields(source, names: names, origin: url.value)
            var loaded = LoadedData(table: table, provenance: provenance.map { [$0] } ?? [], warnings: warnings + readWarnings, fieldNames: names)
            loaded.updated = readAt
            return loaded
        }
    }

    /// Field names and types without running the pipeline (for lint), using this process's cache folder.
    public static func schema(_ source: DataSource, baseDirectory: String) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        try schema(source, baseDirectory: baseDirectory, context: .standard())
    }

    /// Field names and types without running the pipeline (for lint). Never uses the network: remote data is read
    /// from the cached copy, and nil when there is none (so lint checks nothing it cannot know).
    public static func schema(_ source: DataSource, baseDirectory: String, context: LoadContext) throws(DiagnosticError) -> [(
        name: String, type: DataType
    )]? {
        if case .database(let database) = source.origin {
            guard !source.reshaping.isEmpty else { return try databaseSchema(database, context: context) }
            // Reshaped in PostgreSQL (`SQLReshaping`): the fields of the reshaped rows, as the server describes them.
            do throws(DiagnosticError) {
                return try databaseRows(source, database: database, context: context).fields.map {
                    (name: $0.name, type: ResultDecoder.dataType(ofOID: $0.typeOID))
                }
            } catch {
                throw ReadBySpecNote.adding(to: error, for: source)
            }
        }
        if source.isRemote {
            guard case .url(let url) = source.origin,
                let remote = try cachedRemoteFile(source, url: url, context: context)
            else { return nil }
            do throws(DiagnosticError) {
                let (table, names, _) = try DataFiles.readTable(
                    remote.file, format: remote.format, property: source.property?.value, propertySpan: source.property?.span,
                    parse: parseTypes(source), dateFormats: dateFormats(source), locale: source.parseLocale, isUsed: usedBySpec(source)
                ) { _ in nil }
                try checkParseFields(source, names: names, origin: url.value)
                guard !source.reshaping.isEmpty else { return table.columns.map { (name: $0.name, type: $0.type) } }
                // A lookup of other remote data: not fetched here, so its fields are not known.
                if source.reshaping.contains(where: { if case .lookup(let lookup) = $0 { lookup.data.isRemote } else { false } }) { return nil }
                let others = try ReshapeSteps.loadOthers(source.reshaping, baseDirectory: baseDirectory, context: context)
                let reshaped = try ReshapeSteps.apply(
                    source.reshaping, to: LoadedData(table: table, fieldNames: names), others: others, origin: url.value)
                return reshaped.table.columns.map { (name: $0.name, type: $0.type) }
            } catch {
                throw ReadBySpecNote.adding(to: ParseEntryFixIt.adding(to: error, for: source), for: source)
            }
        }
        let table = try load(source, baseDirectory: baseDirectory, context: context) { _ in nil }.table
        return table.columns.map { (name: $0.name, type: $0.type) }
    }

    // MARK: - Helpers

    /// How messages name where the rows come from.
    static func originName(_ source: DataSource) -> String {
        switch source.origin {
        case .url(let url): url.value
        case .values: "the inline values"
        case .database: "the database's rows"
        case .basemap(let basemap): "the basemap \(basemap.value.rawValue)"
        case .graticule: "the graticule"
        case .sphere: "the sphere"
        }
    }

    /// Whether the spec that reads `source` may use a field: its name is spelled somewhere in the spec's text
    /// (as the projection decides). A nested JSON value is an error only in such a column (`json-data-nested`);
    /// in any other it is read as text, as the file writes it (SPEC §3: only used fields must be readable).
    /// Whether the spec may read a field's cells (a nested object or array there is an error): the name occurs in
    /// the spec's text outside its inline `values` (whose keys name every field) and is no field a `flatten`
    /// lists (whose cells are arrays, read as their JSON text).
    private static func usedBySpec(_ source: DataSource) -> (String) -> Bool {
        guard let spec = source.span?.file.bytes else { return { _ in true } }
        var flattened = Set<String>()
        for case .flatten(let flatten) in source.reshaping { flattened.formUnion(flatten.fields.map(\.value)) }
        var text = spec
        if case .values(let node) = source.origin, node.span.file.bytes == spec {
            let range = node.span.range.clamped(to: 0..<spec.count)
            text = Array(spec[..<range.lowerBound]) + Array(spec[range.upperBound...])
        }
        return { name in !flattened.contains(name) && Pipeline.occurs(name, in: text) }
    }

    /// The `parse` date formats by field (the first one when a field is named twice, as for the types).
    private static func dateFormats(_ source: DataSource) -> [String: DateFormat] {
        var formats: [String: DateFormat] = [:]
        for entry in source.parseFormats where formats[entry.field.value] == nil {
            formats[entry.field.value] = entry.format.value
        }
        return formats
    }

    private static func parseTypes(_ source: DataSource) -> [String: DataType] {
        var types: [String: DataType] = [:]
        for entry in source.parse where types[entry.field.value] == nil {
            types[entry.field.value] = entry.type.value
        }
        return types
    }

    /// The format `data.format` names, if any.
    static func declaredFormat(_ source: DataSource) -> DataFileFormat? {
        guard let format = source.format else { return nil }
        switch format.value {
        case .csv: return .csv
        case .tsv: return .tsv
        case .json, .geojson, .topojson: return .json
        }
    }

    private static func fileFormat(_ source: DataSource, path: String, url: Located<String>) throws(DiagnosticError) -> DataFileFormat {
        if let format = declaredFormat(source) { return format }
        let withoutQuery = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        if let format = DataFileFormat(pathExtensionOf: withoutQuery) { return format }
        throw DiagnosticError(
            Diagnostic(PipelineDiagnostic.fileFormatUnknown(path: path), at: url.span))
    }

    /// Every field named in `parse` must exist in the data: a typo there would silently leave the real
    /// field's type to inference.
    private static func checkParseFields(_ source: DataSource, names: [String], origin: String) throws(DiagnosticError) {
        let known = Set(names)
        var errors: [Diagnostic] = []
        for entry in source.parse where !known.contains(entry.field.value) {
            errors.append(
                Diagnostic(PipelineDiagnostic.parseUnknownField(field: entry.field.value, origin: origin, names: names), at: entry.field.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
    }
}
