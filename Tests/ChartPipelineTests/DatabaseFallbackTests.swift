import ChartDatabase
import ChartDiagnostics
import Testing
@testable import ChartPipeline

/// Whether a compiled statement falls back to running its steps in chartc is read from the diagnostic's case
/// (its SQLSTATE), not from its words (issue 24 item 6): a server that words its errors in German, or a message
/// that happens to say "(SQLSTATE 42", decides nothing.
@Suite struct DatabaseFallbackTests {
    func error(_ message: DatabaseDiagnostic) -> DiagnosticError {
        DiagnosticError(Diagnostic(message, at: nil))
    }

    @Test func theSQLStateClassDecides() {
        for code in ["0A000", "42883", "22012", "54001"] {
            let german = DatabaseDiagnostic.serverError(database: "db", code: code, message: "Funktion existiert nicht")
            #expect(DataLoader.isUnsupported(error(german)), "\(code)")
        }
        for code in ["53200", "57014", "08006", "XX000"] {
            let worded = DatabaseDiagnostic.serverError(database: "db", code: code, message: "looks like (SQLSTATE 42883) in its text")
            #expect(!DataLoader.isUnsupported(error(worded)), "\(code)")
        }
        #expect(DataLoader.isUnsupported(error(.querySyntax(database: "db", message: "syntax error at or near \"GROUPING\""))))
        #expect(DataLoader.isUnsupported(error(.unknownColumn(database: "db", message: "column \"ctid\" does not exist"))))
        #expect(!DataLoader.isUnsupported(error(.unknownTable(database: "db", message: "relation \"t\" does not exist"))))
    }
}
