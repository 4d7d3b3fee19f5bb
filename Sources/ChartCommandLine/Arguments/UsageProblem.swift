/// Every mistake on a command line, as data (the catalogue of `UsageError`): each case's sentence and its advice
/// are written once, here, as `DataDiagnostic` and `ExpressionDiagnostic` word theirs; call sites pick a case and
/// pass what it needs (`throw UsageError(.missingValue(spelling: "--format", expectation: …), command: "build")`).
public enum UsageProblem: Sendable, Equatable {
    /// No command word at all (`commands`: every command's name).
    case noCommand(commands: [String])
    /// `chartc help build extra`.
    case helpTakesOneCommand(extra: String)
    /// A command word that is none (`closest`: the nearest command name).
    case unknownCommand(String, closest: String?, commands: [String])
    /// An option the program or command does not have (`advice`: what it probably meant, from
    /// `ArgumentParser.suggestion`).
    case unknownOption(String, advice: String?)
    /// `--flag=value`.
    case flagTakesNoValue(spelling: String)
    /// An option without its value (`expectation`: what it takes).
    case missingValue(spelling: String, expectation: String?)
    /// A value outside an option's allowed list (`closest`: the nearest allowed one).
    case valueNotAllowed(String, spelling: String, closest: String?, expectation: String)
    /// A required positional argument is missing (`about`: its help, as a fragment).
    case missingArgument(name: String, about: String)
    /// A word no positional argument takes (`takes`: what the command does take).
    case unexpectedArgument(String, program: String, command: String, takes: String)
    /// `--offline` with `--refresh`.
    case offlineAndRefresh
    /// A timeout that is no number of seconds.
    case notSeconds(String, option: String)
    /// `--port` that is no port number.
    case notAPort(String)
    /// `--layer` that is no layer number.
    case notALayerNumber(String)
    /// `--layer N` beyond the spec's layers (`count`: how many it has; 0: it draws one `mark`).
    case noSuchLayer(Int, path: String, count: Int)
    /// `--view` that is no view number (SPEC §20).
    case notAViewNumber(String)
    /// `--view N` beyond the spec's views (`count`: how many it has; 0: it is one view).
    case noSuchView(Int, path: String, count: Int)
    /// A whole-number option out of `lower...upper` (nil `upper`: no limit).
    case notAWholeNumber(String, option: String, lower: Int, upper: Int?)
    /// `-o FILE` (a file name with a format's extension) with several specs.
    case outputFileForSeveralSpecs(path: String, specs: Int)
    /// `-o FILE` whose extension names one format, with `--format` asking for others.
    case outputFileFormats(path: String, format: String, formats: [String])
    /// `--preset` with `--format`: a preset names its own formats (SPEC §23).
    case presetWithFormat
    /// `--preset` with `-o FILE`: a preset writes files of its own names.
    case presetWithOutputFile(path: String)

    /// The kind of mistake (how a test or a caller tells them apart).
    public var kind: UsageError.Kind {
        switch self {
        case .noCommand: .missingCommand
        case .unknownCommand: .unknownCommand
        case .unknownOption: .unknownOption
        case .flagTakesNoValue: .unexpectedValue
        case .missingValue: .missingValue
        case .missingArgument: .missingArgument
        case .helpTakesOneCommand, .unexpectedArgument: .unexpectedArgument
        case .valueNotAllowed, .offlineAndRefresh, .notSeconds, .notAPort, .notALayerNumber, .noSuchLayer, .notAViewNumber, .noSuchView,
            .notAWholeNumber,
            .outputFileForSeveralSpecs, .outputFileFormats, .presetWithFormat, .presetWithOutputFile:
            .invalidValue
        }
    }

    /// What is wrong, naming the word the user typed: `unknown option '--fromat'`.
    public var message: String {
        switch self {
        case .noCommand: "no command given"
        case .helpTakesOneCommand(let extra), .unexpectedArgument(let extra, _, _, _): "unexpected argument '\(extra)'"
        case .unknownCommand(let name, _, _): "unknown command '\(name)'"
        case .unknownOption(let spelling, _): "unknown option '\(spelling)'"
        case .flagTakesNoValue(let spelling): "'\(spelling)' is a flag and takes no value"
        case .missingValue(let spelling, _): "missing value for '\(spelling)'"
        case .valueNotAllowed(let value, let spelling, _, _), .notSeconds(let value, let spelling): "invalid value '\(value)' for '\(spelling)'"
        case .missingArgument(let name, let about): "missing \(name) (\(about))"
        case .offlineAndRefresh: "'--offline' and '--refresh' cannot be used together"
        case .notAPort(let text): "invalid value '\(text)' for '--port'"
        case .notALayerNumber(let text): "invalid value '\(text)' for '--layer'"
        case .noSuchLayer(let layer, let path, let count):
            "invalid value '\(layer)' for '--layer': \(path) "
                + (count == 0 ? "has no layers (it draws one 'mark')" : "has \(count) layer\(count == 1 ? "" : "s") (0 to \(count - 1))")
        case .notAViewNumber(let text): "invalid value '\(text)' for '--view'"
        case .noSuchView(let view, let path, let count):
            "invalid value '\(view)' for '--view': \(path) " + (count == 0 ? "has one view" : "has \(count) views (0 to \(count - 1))")
        case .notAWholeNumber(let text, let option, _, _): "invalid value '\(text)' for '--\(option)'"
        case .outputFileForSeveralSpecs(let path, let specs): "'-o \(path)' names one file, but \(specs) specs are given"
        case .outputFileFormats(let path, let format, let formats):
            "'-o \(path)' names one \(format) file, but --format asks for \(formats.joined(separator: ","))"
        case .presetWithFormat: "'--preset' and '--format' cannot be used together"
        case .presetWithOutputFile(let path): "'-o \(path)' names one file, but --preset writes NAME.PRESET.EXT files"
        }
    }

    /// What to do instead, ready to print after the message: `Did you mean '--format'?`.
    public var suggestion: String? {
        switch self {
        case .noCommand(let commands): "Commands: \(commands.joined(separator: ", "))."
        case .helpTakesOneCommand: "'help' takes one command name."
        case .unknownCommand(_, let closest, let commands):
            closest.map { "Did you mean '\($0)'?" } ?? "Commands: \(commands.joined(separator: ", "))."
        case .unknownOption(_, let advice): advice
        case .flagTakesNoValue(let spelling): "Write '\(spelling)' alone."
        case .missingValue(_, let expectation): expectation
        case .valueNotAllowed(_, _, let closest, let expectation):
            (closest.map { "Did you mean '\($0)'? " } ?? "") + expectation
        case .missingArgument, .noSuchLayer, .noSuchView: nil
        case .unexpectedArgument(_, let program, let command, let takes): "'\(program) \(command)' takes \(takes)."
        case .offlineAndRefresh: "--offline never downloads; --refresh always does. Choose one."
        case .notSeconds: "Expected a number of seconds greater than 0, such as 30 or 2.5."
        case .notAPort: "Expected a port number from 0 to 65535; 0 picks a free one."
        case .notALayerNumber: "Expected a layer number: 0 for the first layer."
        case .notAViewNumber: "Expected a view number: 0 for the first view."
        case .notAWholeNumber(_, _, let lower, let upper): "Expected a whole number from \(lower)\(upper.map { " to \($0)" } ?? "")."
        case .outputFileForSeveralSpecs: "Give -o a folder to build several specs into it."
        case .outputFileFormats(_, let format, _):
            "Leave out --format (the extension says \(format)), or give -o a folder for several formats."
        case .presetWithFormat: "A preset names its formats; leave out --format, or define a preset with the formats in 'outputs'."
        case .presetWithOutputFile: "With --preset, give -o the folder to write NAME.PRESET.EXT into."
        }
    }
}
