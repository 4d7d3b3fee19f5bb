import ChartDiagnostics
import Testing
@testable import ChartSpec

/// `data.database` with `table` / `query` (SPEC §16), parsed strictly.
@Suite struct DatabaseSectionTests {
    @Test func tableFromEnvironmentVariable() throws {
        let result = parse(lines(#""data": { "database": "$VOTEVIEW_DB", "table": "public.members" }"#, markLine))
        #expect(result.diagnostics.isEmpty)
        let spec = try #require(result.spec)
        guard case .database(let source) = spec.data.origin, case .table(let table) = source.relation else {
            Issue.record("not a database table")
            return
        }
        #expect(source.environmentVariable == "VOTEVIEW_DB")
        #expect(table.value == "public.members")
        #expect(spec.data.isDatabase && !spec.data.isRemote)
    }

    @Test func queryWithURL() throws {
        let result = parse(
            lines(
                #""data": { "database": "postgresql://reader@db.example.org/voteview?sslmode=verify-full", "query": "SELECT * FROM members" }"#,
                markLine))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func passwordInSpecIsAnErrorAtTheURL() {
        let result = parse(lines(#""data": { "database": "postgresql://reader:hunter2@db/voteview", "table": "members" }"#, markLine))
        #expect(result.ids == ["data-password-in-spec"])
        #expect(position(result.diagnostics.first) == "2:25")
        #expect(result.diagnostics.first?.message.contains("hunter2") == false)
        let parameter = parse(lines(#""data": { "database": "postgresql://db/voteview?password=x", "table": "members" }"#, markLine))
        #expect(parameter.ids == ["data-password-in-spec"])
    }

    @Test func malformedURLAndVariableName() {
        #expect(parse(lines(#""data": { "database": "mysql://db/x", "table": "t" }"#, markLine)).ids == ["data-database-url"])
        #expect(parse(lines(#""data": { "database": "postgresql://db/x?sslmode=always", "table": "t" }"#, markLine)).ids == ["data-database-url"])
        #expect(parse(lines(#""data": { "database": "$9LIVES", "table": "t" }"#, markLine)).ids == ["data-database-url"])
    }

    @Test func exactlyOneOfTableAndQuery() {
        #expect(parse(lines(#""data": { "database": "$DB", "table": "t", "query": "SELECT 1" }"#, markLine)).ids == ["data-source"])
        #expect(parse(lines(#""data": { "database": "$DB" }"#, markLine)).ids == ["data-source"])
        #expect(parse(lines(#""data": { "table": "t" }"#, markLine)).ids == ["data-source"])
        #expect(parse(lines(#""data": { "database": "$DB", "query": "  " }"#, markLine)).ids == ["invalid-value"])
    }

    @Test func fileKeysDoNotMixWithDatabase() {
        let result = parse(lines(#""data": { "database": "$DB", "table": "t", "url": "a.csv", "parse": { "a": "date" } }"#, markLine))
        #expect(result.ids == ["data-source", "data-source"])
    }
}
