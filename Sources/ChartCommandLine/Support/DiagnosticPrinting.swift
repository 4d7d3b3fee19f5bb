import ChartDiagnostics

extension Console {
    /// Prints diagnostics in compiler format (`file:line:col: error: message [id]` with the source line) on stderr.
    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        write(DiagnosticFormatter(format: .text).render(diagnostics), to: .error)
    }
}

extension Array where Element == Diagnostic {
    var errorCount: Int { filter { $0.severity == .error }.count }
    var warningCount: Int { filter { $0.severity == .warning }.count }

    /// In file order: by position, diagnostics without one first; equal positions keep their order.
    func sortedByPosition() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? -1
            let right = b.element.span?.range.lowerBound ?? -1
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}

/// `1 error`, `2 warnings`, `3 files`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
