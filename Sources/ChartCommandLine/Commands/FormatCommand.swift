import ChartDiagnostics
import ChartJSON
import ChartSpec
import ChartSystem

/// `chartc fmt PATH... [--check]`: rewrites specs in the canonical layout (`SpecFormatter`), so that specs kept
/// in git differ only where their meaning does. `--check` changes nothing and fails when a file is not formatted,
/// for CI. A file is written only when its formatted text reads back to the same meaning, and it is replaced in
/// one step (temporary file, then rename), so an interrupted run never leaves half a spec.
enum FormatCommand {
    static let description = CommandDescription(
        name: "fmt",
        abstract: "Rewrite specs in the canonical layout.",
        discussion:
            "Each PATH is a spec file or a folder (every *.chart.json file under it). Keys go in the order the language reference lists them, with two-space indentation and short lists of values on one line; the meaning of a spec never changes. A file that is not valid JSON is reported and left alone.\n\nExit status: 0 every file is formatted, 1 a file could not be read or formatted (or, with --check, is not formatted), 2 usage.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders to format.", repeated: true)],
        options: [
            .flag("check", help: "Change nothing; fail if a file is not formatted.")
        ],
        examples: [
            Example("chartc fmt examples", "Format every spec under examples/."),
            Example("chartc fmt charts --check", "In CI: fail when a spec is not formatted.")
        ]
    )

    /// What happened to one file.
    enum Outcome: Equatable {
        case unchanged
        case formatted
        case unformatted
        case failed
    }

    static func run(_ arguments: ParsedArguments, console: any Console, environment: CommandEnvironment) -> ExitStatus {
        let check = arguments.flag("check")
        let (files, pathDiagnostics) = SpecFiles.expand(arguments.positional("PATH"))
        console.report(pathDiagnostics)

        var outcomes: [Outcome] = []
        for path in files {
            let (outcome, diagnostics) = format(path, check: check)
            console.report(diagnostics)
            if outcome == .formatted { console.print(path) }
            outcomes.append(outcome)
        }

        let changed = outcomes.filter { $0 == .formatted || $0 == .unformatted }.count
        let failed = outcomes.filter { $0 == .failed }.count + pathDiagnostics.errorCount
        let checked = counted(files.count, "file")
        if check {
            console.printError(
                changed == 0
                    ? "\(checked) formatted"
                    : "\(counted(changed, "file")) of \(files.count) not formatted; run 'chartc fmt' on \(changed == 1 ? "it" : "them")")
        } else {
            console.printError(
                "\(counted(changed, "file")) reformatted, \(files.count - changed - outcomes.filter { $0 == .failed }.count) already formatted")
        }
        return changed > 0 && check || failed > 0 ? .failure : .success
    }

    /// Formats one file: writes it (or, with `check`, only compares) and says what happened.
    static func format(_ path: String, check: Bool) -> (Outcome, [Diagnostic]) {
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let diagnostic): return (.failed, [diagnostic])
        }
        let root: JSONValue
        do {
            root = try JSONReader.read(file, requireObject: true)
        } catch {
            return (.failed, error.diagnostics)
        }
        let formatted = SpecFormatter.format(root)
        let bytes = Array(formatted.utf8)
        if bytes == file.bytes { return (.unchanged, []) }

        // Never write something that means anything else (a formatter bug must not cost a user their spec).
        let reread = try? JSONReader.read(SourceFile(path: path, bytes: bytes), requireObject: true)
        guard let reread, SpecFormatter.sameMeaning(root, reread) else {
            return (
                .failed,
                [
                    Diagnostic(CommandLineDiagnostic.formatFailed, path: path)
                ]
            )
        }
        if check {
            return (.unformatted, [unformatted(file, formatted: bytes)])
        }
        do {
            try FileSystem.writeAtomically(bytes, to: path)
        } catch {
            return (.failed, [Diagnostic(CommandLineDiagnostic.formattedWriteFailed(reason: error.reason), path: path)])
        }
        return (.formatted, [])
    }

    /// `fmt-unformatted`, pointing at the first line that differs from the canonical layout.
    static func unformatted(_ file: SourceFile, formatted: [UInt8]) -> Diagnostic {
        let original = file.bytes
        var index = 0
        while index < original.count && index < formatted.count && original[index] == formatted[index] { index += 1 }
        var lineStart = index
        while lineStart > 0 && original[lineStart - 1] != 0x0A { lineStart -= 1 }
        let (line, _) = SourceFile(path: file.path, bytes: formatted).lineColumn(at: index)
        return Diagnostic(CommandLineDiagnostic.unformatted(line: line, path: file.path), at: SourceSpan(file: file, range: lineStart..<lineStart))
    }
}
