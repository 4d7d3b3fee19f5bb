import Foundation
import Testing

/// No unchecked Double → integer conversion in Sources (issue 30): `Int(someDouble)` traps on NaN, ±infinity and
/// values beyond the integer's range, and a spec alone reached four of them (`bin(x)` over ±1e308, `bin(x, 1e-300)`
/// in lint and on an axis, a logo arc of radius 1e308 in a PDF). A conversion of a floating value is written
/// `Int(exactly:)` (with its rounding explicit), or goes through `NumberConversion.exact`/`.clamped` (ChartFormat);
/// the labelled integer-to-integer forms (`clamping:`, `truncatingIfNeeded:`, `bitPattern:`) are fine.
///
/// The scan has no type checker: it flags an unlabelled `Int(…)`, `Int64(…)`, `UInt16(…)`, … whose argument
/// shows it is floating — a rounding or math call, a `Double`, a decimal literal — or names a variable, constant,
/// parameter or property the same file declares as `Double`/`Float`.
@Suite struct NumericConversionStructureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let conversion = try! NSRegularExpression(pattern: #"(?<![\w.])(U?Int(?:8|16|32|64)?)\("#)
    static let floatingMarkers = try! NSRegularExpression(
        pattern:
            #"\.rounded|\bfloor\(|\bceil\(|\btrunc\(|\blog(?:10|2)?\(|\bsqrt\(|\.squareRoot\(|\bpow\(|\bexp\(|\bDouble\b|\bFloat\b|(?<![\w.])\d+\.\d+|\d[eE][-+]?\d|\.infinity|\.pi\b"#
    )
    static let labelled = try! NSRegularExpression(pattern: #"^\s*(exactly|clamping|truncatingIfNeeded|bitPattern|bigEndian|littleEndian)\s*:"#)
    static let floatingDeclaration = try! NSRegularExpression(pattern: #"\b(\w+)\s*:\s*(?:Double|Float)\b(?!\.)"#)
    static let floatingInitialised = try! NSRegularExpression(
        pattern:
            #"\b(?:let|var)\s+(\w+)\s*=\s*[^\n]*?(?:\.rounded|\bfloor\(|\bceil\(|\blog(?:10|2)?\(|\bsqrt\(|\bpow\(|\bDouble\(|(?<![\w.])\d+\.\d+\b)"#)

    /// The argument text of a call whose open parenthesis ends at `start` (balanced, on the same line).
    static func argument(in line: String, from start: String.Index) -> String {
        var depth = 1
        var index = start
        while index < line.endIndex {
            if line[index] == "(" { depth += 1 }
            if line[index] == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            index = line.index(after: index)
        }
        return String(line[start..<index])
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> [NSTextCheckingResult] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// The unchecked conversions in one file's text, as "line: call".
    static func uncheckedConversions(in text: String) -> [String] {
        var floatingNames = Set<String>()
        for regex in [floatingDeclaration, floatingInitialised] {
            for match in matches(regex, text) {
                if let range = Range(match.range(at: 1), in: text) { floatingNames.insert(String(text[range])) }
            }
        }
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
            for match in matches(conversion, line) {
                guard let open = Range(match.range, in: line) else { continue }
                let argument = argument(in: line, from: open.upperBound)
                if !matches(labelled, argument).isEmpty { continue }
                // A text parse (`Int(text) ?? 400`, `guard let n = Int(text)`) returns an optional; a conversion
                // of a Double does not, so neither form can be one.
                let after = line[open.upperBound...].dropFirst(argument.count + 1)
                let before = line[..<open.lowerBound]
                if after.hasPrefix(" ??") || after.hasPrefix("?") { continue }
                if before.range(of: #"(if|guard|,)\s+let\s+\w+\s*=\s*$"#, options: .regularExpression) != nil { continue }
                let words = Set(argument.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                if !matches(floatingMarkers, argument).isEmpty || !words.isDisjoint(with: floatingNames) {
                    found.append("\(number + 1): \(line[open.lowerBound...].prefix(80))")
                }
            }
        }
        return found
    }

    @Test func noUncheckedFloatingToIntegerConversionInSources() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        var problems: [String] = []
        var scanned = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            scanned += 1
            problems += Self.uncheckedConversions(in: text).map { "Sources/\(file):\($0)" }
        }
        #expect(scanned > 300)
        #expect(
            problems.isEmpty, "unchecked Double → integer conversions (use Int(exactly:) or NumberConversion):\n\(problems.joined(separator: "\n"))")
    }

    /// The scan itself: what it flags and what it lets through.
    @Test func theScanFlagsFloatingConversionsAndPassesCheckedOnes() {
        let flagged = Self.uncheckedConversions(
            in: """
                let a = Int(log10(span).rounded(.down))
                let b = Int64((value * 100).rounded())
                func f(width: Double) -> Int { Int(width) }
                let ratio = 1.5
                let c = Int(ratio)
                """)
        #expect(flagged.count == 4)
        #expect(flagged.first?.hasPrefix("1: Int(log10") == true)
        let passed = Self.uncheckedConversions(
            in: """
                let a = Int(exactly: log10(span).rounded(.down))
                let b = Int(clamping: count)
                let c = UInt8(truncatingIfNeeded: code)
                let d = Int(bytes.count)
                let e = NumberConversion.clamped(log10(span), rounding: .down)
                // let f = Int(1.5)
                let value = 0.5
                let g = Int(text) ?? 400
                guard let h = Int(value), h > 0 else { return }
                """)
        #expect(passed.isEmpty)
    }
}
