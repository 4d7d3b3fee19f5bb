import ChartDatabase
import ChartDiagnostics
import ChartSpec
import Foundation
import Testing

@Suite struct DatabaseDiagnosticTests {
    /// Every id of the catalogue has its line in specs/diagnostics.md.
    @Test func everyIDIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("specs/diagnostics.md"), encoding: .utf8)
        for id in DatabaseDiagnostic.Kind.allIDs {
            #expect(document.contains("| \(id.name) |"), "\(id.name) is missing from specs/diagnostics.md")
            #expect(id.domain == "ChartDatabase")
        }
    }

    /// Messages name the database and never hold more than `displayName` gives (no user, no password).
    @Test func displayNameHasNoSecrets() throws {
        let settings = try ConnectionSettings.parse("postgresql://reader:secret@db.example.org:6543/voteview")
        #expect(settings.displayName == "postgresql://db.example.org:6543/voteview")
        let message = DatabaseDiagnostic.authenticationFailed(
            database: settings.displayName, user: "reader", serverMessage: "password authentication failed"
        ).message
        #expect(!message.contains("secret"))
    }

    @Test func sqlQuoting() {
        #expect(SQLText.identifier(#"a"b; --"#) == #""a""b; --""#)
        #expect(SQLText.literal("it's; /* x */") == "'it''s; /* x */'")
        #expect(SQLText.relation("public.members") == #""public"."members""#)
        #expect(SQLText.relation(#""odd.name""#) == #""odd.name""#)
        #expect(SQLText.relation(#"s."t""x""#) == #""s"."t""x""#)
        // A semicolon then a comment ends the statement (the server refuses a `;` inside a subquery).
        #expect(SQLText.subquery("SELECT 1; -- trailing").text == "(SELECT 1\n) AS \"chartc_base\"")
        #expect(SQLText.subquery("SELECT 1 /* a /* nested */ one */ ;\n-- done\n").text == "(SELECT 1\n) AS \"chartc_base\"")
        #expect(SQLText.subquery("SELECT 1 -- no semicolon").text == "(SELECT 1\n) AS \"chartc_base\"")
        #expect(SQLText.subquery("SELECT 1;  \n").text == "(SELECT 1\n) AS \"chartc_base\"")
    }

    /// Semicolons and comment markers inside strings, quoted names and dollar quotes are text, not the end.
    @Test func queryEndSkipsQuotedText() {
        for body in [
            "SELECT ';' AS a", "SELECT '--' AS \"x;\"", "SELECT $$ ; -- $$ AS a", "SELECT $q$ '; $$ $q$ AS a", "SELECT E'\\'; ' AS a",
            "SELECT 'it''s;' AS a", "SELECT $1 AS a", "SELECT '/* ;' AS a"
        ] {
            #expect(SQLText.subquery(body + " ; -- end").text == "(" + body + "\n) AS \"chartc_base\"", "\(body)")
        }
    }
}
