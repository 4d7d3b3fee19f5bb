import Testing

/// Replays every input the fuzzers kept (`Tests/Fuzz/Corpus/<target>/`: seeds, inputs that found new coverage,
/// and any that once crashed or hung) through the same entry points the fuzz binaries use, so a crash found by
/// fuzzing stays fixed.
@Suite("Fuzz corpus replay")
struct FuzzCorpusTests {
    static func corpus(_ target: String) -> [String] {
        TestFiles.files(under: "Tests/Fuzz/Corpus/\(target)")
    }

    func replay(_ target: String, _ entry: ([UInt8]) -> [String]) throws {
        let paths = Self.corpus(target)
        #expect(!paths.isEmpty, "no corpus for \(target)")
        for path in paths {
            let bytes = try #require(TestFiles.bytes(path))
            let problems = entry(bytes)
            #expect(problems.isEmpty, "\(path): \(problems)")
        }
    }

    @Test func json() throws { try replay("json", FuzzTargets.json) }
    @Test func csv() throws { try replay("csv", FuzzTargets.csv) }
    @Test func expression() throws { try replay("expression", FuzzTargets.expression) }
    @Test func spec() throws { try replay("spec", FuzzTargets.spec) }
}
