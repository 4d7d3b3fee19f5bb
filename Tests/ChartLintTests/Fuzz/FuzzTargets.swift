import ChartData
import ChartDiagnostics
import ChartExpression
import ChartJSON
import ChartLint
import ChartSpec
import ChartValues

/// What each fuzz target does with one input, shared by the libFuzzer binaries (`Tests/Fuzz/run.sh` compiles
/// this file into them) and by `FuzzCorpusTests`, which replays the committed corpus through the same code in a
/// normal test run. Each target returns the invariants the input broke (empty when all is well); the fuzz
/// binaries trap on any, so libFuzzer saves the input.
///
/// Invariants checked beyond "does not crash or hang": every diagnostic points inside its file and renders in
/// every output format; a JSON document that reads formats to text that reads again to the same tree, and
/// formatting is idempotent; a CSV table has one value per row in every column.
enum FuzzTargets {
    /// The strict JSON reader, then the spec formatter on whatever it accepts.
    static func json(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "fuzz.json", bytes: bytes)
        var problems: [String] = []
        do {
            let root = try JSONReader.read(file, requireObject: false)
            checkSpans(root, in: file, problems: &problems)
            guard case .object = root.kind else { return problems }
            let formatted = SpecFormatter.format(root)
            let again: JSONValue
            do {
                again = try JSONReader.read(SourceFile(path: "formatted.json", text: formatted), requireObject: true)
            } catch {
                problems.append("formatted text does not read back: \(error.diagnostics.first?.message ?? "?")")
                return problems
            }
            if !SpecFormatter.sameMeaning(root, again) {
                problems.append("formatting changed the JSON tree")
            }
            if SpecFormatter.format(again) != formatted {
                problems.append("formatting is not idempotent")
            }
        } catch {
            checkDiagnostics(error.diagnostics, in: file, problems: &problems)
            if error.diagnostics.count != 1 { problems.append("the JSON reader reported \(error.diagnostics.count) errors, not 1") }
        }
        return problems
    }

    /// The CSV reader (the first byte picks comma or tab and whether types are forced by `parse`).
    static func csv(_ bytes: [UInt8]) -> [String] {
        let selector = bytes.first ?? 0
        let body = Array(bytes.dropFirst())
        let file = SourceFile(path: "fuzz.csv", bytes: body)
        var options = selector & 1 == 0 ? CSVOptions.csv : CSVOptions.tsv
        var problems: [String] = []
        let names: [String]
        do {
            names = try CSVReader.header(file, delimiter: options.delimiter)
        } catch {
            checkDiagnostics(error.diagnostics, in: file, problems: &problems)
            return problems
        }
        if selector & 2 != 0 {
            let types: [DataType] = [.number, .date, .boolean, .string]
            for (position, name) in names.enumerated() {
                options.parse[name] = types[(Int(selector >> 2) + position) % types.count]
            }
        }
        if selector & 0x40 != 0, let first = names.first {
            options.columns = [first]
        }
        do {
            let table = try CSVReader.read(file, options: options)
            for column in table.columns where column.count != table.rowCount {
                problems.append("column '\(column.name)' has \(column.count) values for \(table.rowCount) rows")
            }
        } catch {
            checkDiagnostics(error.diagnostics, in: file, problems: &problems)
        }
        return problems
    }

    /// The fields expressions may use in the `expression` target, and the rows they run on: nulls, extremes,
    /// empty and non-ASCII text, dates from year 1 to 9999.
    static let expressionTable = Table(columns: [
        Column(name: "n", type: .number, values: [.number(1), .number(-2.5), .null, .number(1e308), .number(0)]),
        Column(name: "s", type: .string, values: [.string("a"), .string(""), .null, .string("Zürich 🙂"), .string("a")]),
        Column(name: "d", type: .date, values: [.date(0), .date(-62_135_596_800_000), .null, .date(253_402_300_799_000), .date(1_420_070_400_000)]),
        Column(name: "b", type: .boolean, values: [.boolean(true), .boolean(false), .null, .boolean(true), .boolean(false)]),
        Column(name: "two words", type: .number, values: [.number(3), .null, .number(-4), .number(.leastNonzeroMagnitude), .number(6)])
    ])

    /// The expression parser and checker, then evaluation of what compiles. The first byte picks row, filter or
    /// aggregate; the rest is the expression text (invalid UTF-8 becomes U+FFFD, as it could not come out of a
    /// JSON string otherwise).
    static func expression(_ bytes: [UInt8]) -> [String] {
        let selector = bytes.first ?? 0
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let source = ExpressionSource(standalone: text, path: "fuzz.expr")
        let schema = ExpressionSchema(table: expressionTable)
        var problems: [String] = []
        var diagnostics: [Diagnostic] = []
        switch selector % 3 {
        case 0:
            let (compiled, found) = ExpressionCompiler.compileRow(source, schema: schema)
            diagnostics = found
            if let compiled {
                do {
                    let column = try compiled.evaluate(on: expressionTable, name: "out")
                    if column.count != expressionTable.rowCount { problems.append("\(column.count) values for \(expressionTable.rowCount) rows") }
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        case 1:
            let (compiled, found) = ExpressionCompiler.compileFilter(source, schema: schema)
            diagnostics = found
            if let compiled {
                do {
                    let rows = try compiled.selectRows(of: expressionTable, rows: [4, 0, 2])
                    if !rows.allSatisfy({ [4, 0, 2].contains($0) }) { problems.append("a filter selected rows it was not given: \(rows)") }
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        default:
            let (compiled, found) = ExpressionCompiler.compileAggregate(source, schema: schema, groupFields: ["s"])
            diagnostics = found
            for call in compiled?.calls ?? [] {
                guard let argument = call.argument else { continue }
                do {
                    _ = try argument.evaluate(on: expressionTable, name: "arg")
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        let file = source.literalSpan.file
        for diagnostic in diagnostics {
            if let span = diagnostic.span, span.range.lowerBound < 0 || span.range.upperBound > file.bytes.count {
                problems.append("[\(diagnostic.id)] points outside the expression: \(span.range) of \(file.bytes.count) bytes")
            }
            if diagnostic.message.isEmpty { problems.append("[\(diagnostic.id)] has an empty message") }
        }
        for format in DiagnosticFormat.allCases {
            _ = DiagnosticFormatter(format: format).render(diagnostics)
        }
        return problems
    }

    /// A whole spec: the parser, every lint rule (against a small schema), and the formatter.
    static func spec(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "fuzz.chart.json", bytes: bytes)
        var problems: [String] = []
        let parsed = SpecParser.parse(file)
        var diagnostics = parsed.diagnostics
        if let spec = parsed.spec {
            let schema: [(name: String, type: DataType)] = [("a", .number), ("b", .string), ("d", .date)]
            diagnostics += Linter.lint(spec: spec, schema: schema)
            diagnostics += Linter.lint(spec: spec, schema: nil, table: expressionTable)
        }
        for diagnostic in diagnostics {
            if let span = diagnostic.span { checkSpan(span, in: file, what: "[\(diagnostic.id)]", problems: &problems) }
            if let fixIt = diagnostic.fixIt { checkSpan(fixIt.span, in: file, what: "the fix-it of [\(diagnostic.id)]", problems: &problems) }
        }
        if parsed.spec == nil && !diagnostics.hasErrors { problems.append("no spec and no error") }
        for format in DiagnosticFormat.allCases {
            _ = DiagnosticFormatter(format: format).render(diagnostics)
        }
        problems += json(bytes)
        return problems
    }

    // MARK: invariants

    static func checkDiagnostics(_ diagnostics: [Diagnostic], in file: SourceFile, problems: inout [String]) {
        if diagnostics.isEmpty { problems.append("an error without diagnostics") }
        for diagnostic in diagnostics {
            if diagnostic.message.isEmpty { problems.append("[\(diagnostic.id)] has an empty message") }
            if let span = diagnostic.span {
                checkSpan(span, in: file, what: "[\(diagnostic.id)]", problems: &problems)
            }
            for note in diagnostic.notes {
                if let span = note.span { checkSpan(span, in: file, what: "a note of [\(diagnostic.id)]", problems: &problems) }
            }
        }
        for format in DiagnosticFormat.allCases {
            _ = DiagnosticFormatter(format: format).render(diagnostics)
        }
    }

    static func checkSpan(_ span: SourceSpan, in file: SourceFile, what: String, problems: inout [String]) {
        if span.file !== file { return }
        if span.range.lowerBound < 0 || span.range.upperBound > file.bytes.count {
            problems.append("\(what) points outside the file: \(span.range) of \(file.bytes.count) bytes")
        }
    }

    static func checkSpans(_ value: JSONValue, in file: SourceFile, problems: inout [String]) {
        checkSpan(value.span, in: file, what: "a \(value.typeName)", problems: &problems)
        switch value.kind {
        case .object(let members):
            for member in members {
                checkSpan(member.keySpan, in: file, what: "a key", problems: &problems)
                checkSpans(member.value, in: file, problems: &problems)
            }
        case .array(let items):
            for item in items { checkSpans(item, in: file, problems: &problems) }
        default:
            break
        }
    }

    /// Whether two JSON trees say the same thing: same scalars (numbers by lexeme), same arrays, and objects with
    /// the same members — in the same order when `orderedObjects`, else as sets of keys.
    static func sameTree(_ a: JSONValue, _ b: JSONValue, orderedObjects: Bool) -> Bool {
        switch (a.kind, b.kind) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            if orderedObjects {
                return zip(left, right).allSatisfy {
                    $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && sameTree($0.value, $1.value, orderedObjects: true)
                }
            }
            for member in left {
                guard let other = right.first(where: { $0.key.unicodeScalars.elementsEqual(member.key.unicodeScalars) }),
                    sameTree(member.value, other.value, orderedObjects: false)
                else {
                    return false
                }
            }
            return true
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameTree($0, $1, orderedObjects: orderedObjects) }
        case (.string(let left), .string(let right)):
            return left.value.unicodeScalars.elementsEqual(right.value.unicodeScalars)
        case (.number(_, let left), .number(_, let right)):
            return left == right
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.null, .null):
            return true
        default:
            return false
        }
    }
}
