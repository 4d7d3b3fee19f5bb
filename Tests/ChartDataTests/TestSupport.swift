import ChartData
import ChartDiagnostics
import ChartValues
import Testing

/// Reads CSV text as a file named `test.csv`.
func readCSV(_ text: String, _ options: CSVOptions = .csv) throws -> Table {
    try CSVReader.read(SourceFile(path: "test.csv", text: text), options: options)
}

func readCSV(bytes: [UInt8], _ options: CSVOptions = .csv) throws -> Table {
    try CSVReader.read(SourceFile(path: "test.csv", bytes: bytes), options: options)
}

/// The diagnostics reading `text` throws (empty when it reads fine).
func csvErrors(_ text: String, _ options: CSVOptions = .csv) -> [Diagnostic] {
    csvErrors(bytes: Array(text.utf8), options)
}

func csvErrors(bytes: [UInt8], _ options: CSVOptions = .csv) -> [Diagnostic] {
    do {
        _ = try CSVReader.read(SourceFile(path: "test.csv", bytes: bytes), options: options)
        return []
    } catch {
        return error.diagnostics
    }
}

/// `file:line:col` of each diagnostic, for compact expectations.
func locations(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { $0.locationDescription ?? "-" }
}

extension Table {
    /// The column's cells as values (test helper).
    func values(_ name: String) -> [Value] {
        guard let column = column(named: name) else { return [] }
        return (0..<column.count).map { column[$0] }
    }

    func type(_ name: String) -> DataType? {
        column(named: name)?.type
    }
}
