import ChartFormat
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
    /// Date formats from `parse` (`"%b %d %Y"`) for columns `parse` declares dates; others read ISO 8601.
    public var dateFormats: [String: DateFormat] = [:]
    /// The locale whose month and weekday names the date formats read (English names always read too).
    public var locale: ChartLocale = .enUS

    public init(
        delimiter: UInt8 = 0x2C, columns: Set<String>? = nil, parse: [String: DataType] = [:],
        dateFormats: [String: DateFormat] = [:], locale: ChartLocale = .enUS
    ) {
        self.delimiter = delimiter
        self.columns = columns
        self.parse = parse
        self.dateFormats = dateFormats
        self.locale = locale
    }

    public static let csv = CSVOptions(delimiter: 0x2C)
    public static let tsv = CSVOptions(delimiter: 0x09)
}
