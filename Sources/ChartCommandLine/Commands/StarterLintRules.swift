import ChartDiagnostics
import ChartSpec

/// The lint rules `chartc lint` applies until the ChartLint rule set is wired in: just `missing-title`, so that
/// the warning path (printing, counting, `--strict`) is real from the start.
enum StarterLintRules {
    static func check(_ spec: ChartSpec) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if spec.title == nil || spec.title?.value.allSatisfy(\.isWhitespace) == true {
            diagnostics.append(.warning(
                "missing-title", "the chart has no title; add \"title\" with a short headline so readers know what it shows",
                at: spec.title?.span ?? openingBrace(of: spec.file)
            ))
        }
        return diagnostics
    }

    /// The span of the spec's top-level `{` (after any byte-order mark and white space), for file-wide warnings.
    static func openingBrace(of file: SourceFile) -> SourceSpan {
        var offset = 0
        let bytes = file.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return SourceSpan(file: file, range: offset..<min(offset + 1, bytes.count))
    }
}
