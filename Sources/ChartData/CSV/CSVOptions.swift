import ChartValues

/// What to read from a CSV or TSV file: the delimiter, which columns to build, and type overrides.
public struct CSVOptions: Sendable {
    /// The field separator: `,` (0x2C) for CSV, tab (0x09) for TSV.
    public var delimiter: UInt8 = 0x2C
    /// Projection: only these columns are built (nil = all). Names not in the header are ignored here; the
    /// loader reports fields the spec uses that the file lacks.
    public var columns: Set<String>? = nil
    /// Type overrides from the spec's `parse` (SPEC §3); other columns are inferred.
    public var parse: [String: DataType] = [:]

    public init(delimiter: UInt8 = 0x2C, columns: Set<String>? = nil, parse: [String: DataType] = [:]) {
        self.delimiter = delimiter
        self.columns = columns
        self.parse = parse
    }

    public static let csv = CSVOptions(delimiter: 0x2C)
    public static let tsv = CSVOptions(delimiter: 0x09)
}
