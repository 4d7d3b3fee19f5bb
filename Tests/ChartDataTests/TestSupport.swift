import ChartData
import ChartDiagnostics
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

/// A small deterministic random generator (SplitMix64) so fuzz tests are repeatable.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
