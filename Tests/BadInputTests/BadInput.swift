import ChartDiagnostics
import Testing

/// One bad input: a spec (and the files next to it) that `chartc lint` must reject with exit status 1 and one
/// exact diagnostic. In file text, `⟪` marks where the diagnostic must point (it is removed before the file is
/// written; its `line:col` becomes part of the expected line) and `⟦XX⟧` writes the raw byte 0xXX, for invalid
/// UTF-8, NUL and other bytes a Swift string cannot hold.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    /// The spec's text; written as `case.chart.json`.
    let spec: String
    /// Other files in the spec's folder, by name.
    let files: [String: String]
    /// The file holding the `⟪` marker, when it is not the spec.
    let markedFile: String?
    /// `error: message [rule]`, as printed after the location.
    let expected: String

    init(_ name: String, spec: String, files: [String: String] = BadInputCorpus.dataFiles, markedIn markedFile: String? = nil, _ expected: String) {
        self.name = name
        self.spec = spec
        self.files = files
        self.markedFile = markedFile
        self.expected = expected
    }

    var testDescription: String { name }

    static let specName = "case.chart.json"

    /// The bytes of a file's text, and the offset of its `⟪` marker if it has one.
    static func bytes(_ text: String) -> (bytes: [UInt8], marker: Int?) {
        var bytes: [UInt8] = []
        var marker: Int?
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "⟪" {
                marker = bytes.count
            } else if scalar == "⟦", scalars.count >= 3, let byte = UInt8(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16) {
                bytes.append(byte)
                scalars = scalars.dropFirst(3)
            } else {
                bytes.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        return (bytes, marker)
    }

    /// The first line the diagnostic must print, with `$DIR` for the case's folder.
    var expectedLine: String {
        let marked = markedFile ?? Self.specName
        let text = marked == Self.specName ? spec : (files[marked] ?? "")
        let (bytes, marker) = Self.bytes(text)
        guard let marker else { return "$DIR/\(marked): \(expected)" }
        let (line, column) = SourceFile(path: marked, bytes: bytes).lineColumn(at: marker)
        return "$DIR/\(marked):\(line):\(column): \(expected)"
    }
}
