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
}

/// `1 error`, `2 warnings`, `3 files`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
