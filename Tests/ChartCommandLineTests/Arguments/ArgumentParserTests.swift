import ChartCommandLine
import Testing

/// A small program with one of every kind of argument, so each parsing rule is tested in isolation from chartc's
/// real commands.
private let program = ProgramDescription(
    name: "tool",
    version: "9.8.7",
    abstract: "test the parser.",
    commands: [
        CommandDescription(
            name: "make",
            abstract: "Make things.",
            arguments: [PositionalArgument("PATH", help: "Inputs.", repeated: true)],
            options: [
                .value("output", short: "o", valueName: "DIR", help: "Output folder."),
                .value("format", valueName: "FORMAT", help: "Formats.", allowed: ["svg", "html"], list: true, default: "svg"),
                .value("tag", valueName: "TAG", help: "A tag; repeatable.", repeatable: true),
                .value("level", valueName: "LEVEL", help: "Level.", allowed: ["low", "high"]),
                .flag("strict", help: "Be strict.")
            ]
        ),
        CommandDescription(
            name: "show",
            abstract: "Show one thing.",
            arguments: [PositionalArgument("SPEC", help: "The spec file.")]
        )
    ]
)

private func parse(_ words: [String]) throws(UsageError) -> Invocation {
    try ArgumentParser(program: program).parse(words)
}

private func arguments(_ words: [String]) throws -> ParsedArguments {
    guard case .run(let parsed) = try parse(words) else {
        Issue.record("expected a command to run")
        throw UsageError(.noCommand(commands: []))
    }
    return parsed
}

private func usageError(_ words: [String]) -> UsageError? {
    do {
        _ = try parse(words)
        return nil
    } catch {
        return error
    }
}

@Suite struct ArgumentParserTests {
    @Test func optionValuesInEveryForm() throws {
        let parsed = try arguments(["make", "a.json", "--output=out", "--format", "html", "b.json"])
        #expect(parsed.positional("PATH") == ["a.json", "b.json"])
        #expect(parsed.value("output") == "out")
        #expect(parsed.values("format") == ["html"])
        #expect(try arguments(["make", "x", "-o", "dir"]).value("output") == "dir")
        #expect(try arguments(["make", "x", "-odir"]).value("output") == "dir")
        #expect(try arguments(["make", "x", "-o=dir"]).value("output") == "dir")
    }

    @Test func defaultsApplyWhenAbsent() throws {
        let parsed = try arguments(["make", "x"])
        #expect(parsed.values("format") == ["svg"])
        #expect(parsed.value("output") == nil)
        #expect(parsed.flag("strict") == false)
        #expect(parsed.values("tag") == [])
    }

    @Test func commaListsAreSplitAndEachItemChecked() throws {
        #expect(try arguments(["make", "x", "--format", "svg,html"]).values("format") == ["svg", "html"])
        #expect(try arguments(["make", "x", "--format=html,svg,html"]).values("format") == ["html", "svg"])
        let error = usageError(["make", "x", "--format", "svg,pdf"])
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == "invalid value 'pdf' for '--format'")
        #expect(error?.suggestion == "Expected one or more of svg, html, separated by commas.")
        #expect(usageError(["make", "x", "--format", "svg,"])?.message == "invalid value '' for '--format'")
    }

    @Test func repeatableOptionsAccumulateOthersKeepTheLast() throws {
        let parsed = try arguments(["make", "x", "--tag", "a", "--tag=b", "-o", "first", "-o", "second"])
        #expect(parsed.values("tag") == ["a", "b"])
        #expect(parsed.value("output") == "second")
    }

    @Test func flags() throws {
        #expect(try arguments(["make", "--strict", "x"]).flag("strict"))
        let error = usageError(["make", "x", "--strict=yes"])
        #expect(error?.kind == .unexpectedValue)
        #expect(error?.message == "'--strict' is a flag and takes no value")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try arguments(["make", "--", "--strict", "-o", "-"])
        #expect(parsed.positional("PATH") == ["--strict", "-o", "-"])
        #expect(parsed.flag("strict") == false)
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let error = usageError(["make", "x", "--fromat", "svg"])
        #expect(error?.kind == .unknownOption)
        #expect(error?.message == "unknown option '--fromat'")
        #expect(error?.suggestion == "Did you mean '--format'?")
        #expect(error?.command == "make")
        #expect(usageError(["make", "x", "-format", "svg"])?.suggestion == "Did you mean '--format'?")
        #expect(usageError(["make", "x", "--stirct"])?.suggestion == "Did you mean '--strict'?")
        #expect(usageError(["make", "x", "--zzz"])?.suggestion == nil)
        #expect(usageError(["make", "x", "-q"])?.message == "unknown option '-q'")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let error = usageError(["mkae"])
        #expect(error?.kind == .unknownCommand)
        #expect(error?.message == "unknown command 'mkae'")
        #expect(error?.suggestion == "Did you mean 'make'?")
        #expect(usageError(["frobnicate"])?.suggestion == "Commands: make, show.")
        #expect(usageError(["--make"])?.suggestion == "Did you mean 'make' (a command, without dashes)?")
    }

    @Test func missingValue() {
        let atEnd = usageError(["make", "x", "--output"])
        #expect(atEnd?.kind == .missingValue)
        #expect(atEnd?.message == "missing value for '--output'")
        #expect(atEnd?.suggestion == "Expected DIR.")
        let beforeFlag = usageError(["make", "x", "--level", "--strict"])
        #expect(beforeFlag?.message == "missing value for '--level'")
        #expect(beforeFlag?.suggestion == "Expected one of low, high.")
        #expect(usageError(["make", "x", "--output="])?.kind == .missingValue)
    }

    @Test func invalidEnumValueListsTheValidOnes() {
        let error = usageError(["make", "x", "--level", "hihg"])
        #expect(error?.message == "invalid value 'hihg' for '--level'")
        #expect(error?.suggestion == "Did you mean 'high'? Expected one of low, high.")
    }

    @Test func positionalArguments() throws {
        #expect(try arguments(["show", "a.json"]).positional("SPEC") == ["a.json"])
        let missing = usageError(["show"])
        #expect(missing?.kind == .missingArgument)
        #expect(missing?.message == "missing SPEC (the spec file)")
        let extra = usageError(["show", "a.json", "b.json"])
        #expect(extra?.kind == .unexpectedArgument)
        #expect(extra?.message == "unexpected argument 'b.json'")
        #expect(extra?.suggestion == "'tool show' takes one SPEC.")
        #expect(usageError(["make"])?.message == "missing PATH (inputs)")
    }

    @Test func helpAndVersion() throws {
        guard case .help(nil) = try parse(["--help"]) else { Issue.record("--help"); return }
        guard case .help(nil) = try parse(["-h"]) else { Issue.record("-h"); return }
        guard case .help(nil) = try parse(["help"]) else { Issue.record("help"); return }
        guard case .help("make") = try parse(["help", "make"]) else { Issue.record("help make"); return }
        guard case .help("make") = try parse(["make", "--fromat", "--help"]) else { Issue.record("make --help"); return }
        guard case .help("show") = try parse(["show", "-h"]) else { Issue.record("show -h"); return }
        guard case .version = try parse(["--version"]) else { Issue.record("--version"); return }
        #expect(usageError(["help", "mkae"])?.suggestion == "Did you mean 'make'?")
        #expect(usageError([])?.kind == .missingCommand)
        // After `--`, `--help` is an ordinary word.
        #expect(try arguments(["make", "--", "--help"]).positional("PATH") == ["--help"])
    }
}
