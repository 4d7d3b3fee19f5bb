import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartNetwork
import ChartPipeline
import ChartSpec
import ChartStyle
import ChartTestSupport
import Testing

/// The in-process fuzz target (issue 30): seeded mutations of the committed corpus (`Tests/Fuzz/Corpus/<target>/`)
/// through the spec reader, the expression evaluator, binning and axes with extreme numbers, and the logo
/// sanitizer. Every input must end (a trap would end this process: the run fails), within `inputBound`, and the
/// readers' errors must point inside their file (a line:col). The same seed mutates the same way on every run, so a
/// failure names the iteration that reproduces it; each target stops after `iterations` inputs or `budget`,
/// whichever comes first, so the whole suite stays near a minute in CI. `Tests/Fuzz/run.sh` is the long,
/// coverage-guided run of the readers (libFuzzer); this suite is the short one every test run makes.
@Suite("Seeded fuzzing", .serialized)
struct SeededFuzzTests {
    /// Longest one input may take (a debug build on a busy machine).
    static let inputBound: Duration = .seconds(5)
    /// Longest one target may run.
    static let budget: Duration = .seconds(15)

    /// What mutations splice in: the numbers that broke binning and axes (issue 30), and tokens of each language.
    static let dictionary: [String] = [
        "1e308", "-1e308", "1e-323", "-1e-323", "5e-324", "0", "-0", "1e300", "1e-300", "NaN", "Infinity", "9007199254740993", "0.1",
        "bin(", "bin(x, 1e-300)", "bin(x, 1e308)", "log(", "sqrt(-1)", "0/0", "1/0", "-1/0", "pow(10, 400)", "\"domain\": [-1, 1e308]",
        "\"domain\": [1e-323, 1e308]", "\"type\": \"log\"", "\"type\": \"sqrt\"", "\"tickCount\": 1000000", "\"zero\": false", "\"nice\": true",
        ",", ":", "[", "]", "{", "}", "\"", "\\u0000", "null", "true", "`", "(", ")", "&#114;", "\\72 ", "url(", "<g>", "</g>",
        "<path d=\"M0 0 A 1e308 1e308 0 1 1 1 0\"/>", "<svg viewBox=\"0 0 1e308 1e-323\">", "<!DOCTYPE", "<![CDATA[", "&amp;", "&"
    ]

    /// One mutation of `bytes`: a flipped byte, a removed or repeated run, a dictionary token put in, or a run of
    /// another corpus entry spliced in.
    static func mutate(_ bytes: [UInt8], with random: inout SeededRandom, other: [UInt8]) -> [UInt8] {
        var out = bytes
        for _ in 0...random.below(3) {
            let at = random.below(out.count + 1)
            switch random.below(6) {
            case 0 where !out.isEmpty:
                out[min(at, out.count - 1)] ^= UInt8(1 << random.below(8))
            case 1 where !out.isEmpty:
                let start = min(at, out.count - 1)
                out.removeSubrange(start..<min(out.count, start + 1 + random.below(16)))
            case 2 where !out.isEmpty:
                let start = min(at, out.count - 1)
                let run = Array(out[start..<min(out.count, start + 1 + random.below(32))])
                out.insert(contentsOf: run, at: start)
            case 3 where !other.isEmpty:
                let start = random.below(other.count)
                out.insert(contentsOf: other[start..<min(other.count, start + 1 + random.below(64))], at: at)
            case 4:
                // Replace a number in place with an extreme one, so the document often still reads.
                let digits = out.indices.filter { out[$0] >= 0x30 && out[$0] <= 0x39 }
                if let first = digits.isEmpty ? nil : digits[random.below(digits.count)] {
                    var end = first
                    while end < out.count, (0x30...0x39).contains(out[end]) || out[end] == 0x2E || out[end] == 0x65 || out[end] == 0x2D { end += 1 }
                    let token = ["1e308", "-1e308", "1e-323", "1e300", "1e-300", "0", "9007199254740993"][random.below(7)]
                    out.replaceSubrange(first..<end, with: Array(token.utf8))
                }
            default:
                out.insert(contentsOf: Array(dictionary[random.below(dictionary.count)].utf8), at: at)
            }
        }
        return out
    }

    /// Runs `entry` over the corpus entries and `iterations` seeded mutations of them; every input ends within
    /// `inputBound` and breaks no invariant `entry` checks.
    static func fuzz(_ target: String, seed: UInt64, iterations: Int, _ entry: ([UInt8]) -> [String]) throws {
        let paths = TestFiles.files(under: "Tests/Fuzz/Corpus/\(target)")
        #expect(!paths.isEmpty, "no corpus for \(target)")
        let corpus = try paths.map { try #require(TestFiles.bytes($0)) }
        guard !corpus.isEmpty else { return }
        var random = SeededRandom(seed: seed)
        let clock = ContinuousClock()
        let start = clock.now
        var ran = 0
        for iteration in 0..<(corpus.count + iterations) {
            let input: [UInt8]
            if iteration < corpus.count {
                input = corpus[iteration]
            } else {
                input = mutate(corpus[random.below(corpus.count)], with: &random, other: corpus[random.below(corpus.count)])
            }
            let began = clock.now
            let problems = entry(input)
            let took = clock.now - began
            let label = iteration < corpus.count ? paths[iteration] : "\(target) mutation \(iteration - corpus.count) (seed \(seed))"
            #expect(problems.isEmpty, "\(label): \(problems)\n\(String(decoding: input.prefix(2000), as: UTF8.self))")
            #expect(took < inputBound, "\(label) took \(took)\n\(String(decoding: input.prefix(2000), as: UTF8.self))")
            ran += 1
            if iteration >= corpus.count && clock.now - start > budget { break }
        }
        #expect(ran >= min(corpus.count, 1))
    }

    @Test func specReader() throws {
        try Self.fuzz("spec", seed: 30, iterations: 400, FuzzTargets.spec)
    }

    @Test func expressionEvaluator() throws {
        try Self.fuzz("expression", seed: 31, iterations: 1500, FuzzTargets.expression)
    }

    @Test func binningAndAxesWithExtremeNumbers() throws {
        try Self.fuzz("numbers", seed: 32, iterations: 250, Self.numbers)
    }

    @Test func logoSanitizer() throws {
        try Self.fuzz("logo", seed: 33, iterations: 20_000, Self.logo)
    }

    /// A whole chart with inline data: lint (parser, pipeline with its bins, checks and rules), then the pipeline
    /// and layout (scales, axes, marks) of what lint passes. Errors point inside the spec.
    static func numbers(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "fuzz.chart.json", bytes: bytes)
        var problems: [String] = []
        let offline = Linter.Options(fetch: FetchOptions(mode: .offline, cacheDirectory: "/nonexistent/chartc-fuzz-cache"))
        let diagnostics = Linter.lint(file, options: offline)
        for diagnostic in diagnostics {
            if let span = diagnostic.span { FuzzTargets.checkSpan(span, in: file, what: "[\(diagnostic.id)]", problems: &problems) }
            if diagnostic.message.isEmpty { problems.append("[\(diagnostic.id)] has an empty message") }
        }
        guard !diagnostics.hasErrors, let spec = SpecParser.parse(file).spec, case .values = spec.data.origin else { return problems }
        let context = LoadContext(fetch: FetchOptions(mode: .offline, cacheDirectory: "/nonexistent/chartc-fuzz-cache"), environment: [:])
        do {
            let output = try Pipeline.runLayers(spec: spec, context: context)
            let chart = try ChartLayoutEngine.check(spec, table: output.top.table, layers: spec.isLayered ? output.layerTables : [])
            _ = try ChartLayoutEngine.layout(chart: chart, table: output.top.table)
        } catch {
            for diagnostic in error.diagnostics {
                if let span = diagnostic.span { FuzzTargets.checkSpan(span, in: file, what: "[\(diagnostic.id)]", problems: &problems) }
            }
        }
        return problems
    }

    /// The logo sanitizer through its public entry point: whatever it keeps can be written and sized, and holds no script.
    static func logo(_ bytes: [UInt8]) -> [String] {
        guard let result = LogoSanitizer.sanitize(bytes) else { return [] }
        _ = result.width(atHeight: 24)
        // Text is written escaped, so a script element can only come out of the sanitizer as an element.
        return result.body.lowercased().contains("<script") ? ["a <script> element survived: \(result.body.prefix(300))"] : []
    }
}
