import ChartDiagnostics

/// Reads a command line against a `ProgramDescription`: picks the command, then matches `--opt value`,
/// `--opt=value`, `-o value`, `-oVALUE`, flags, positionals and `--` (everything after it is positional), and
/// checks each value. Every mistake becomes a `UsageError` naming the word the user typed and, where one is close,
/// what they probably meant.
public struct ArgumentParser: Sendable {
    public let program: ProgramDescription

    public init(program: ProgramDescription) {
        self.program = program
    }

    /// Parses the arguments after the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else {
            throw UsageError(.noCommand(commands: program.commands.map(\.name)))
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(command: nil)
        case "--version" where program.version != nil:
            return .version
        case "help":
            guard let topic = rest.first else { return .help(command: nil) }
            if topic == "-h" || topic == "--help" { return .help(command: nil) }
            let command = try commandNamed(topic)
            if rest.count > 1 {
                throw UsageError(.helpTakesOneCommand(extra: rest[1]))
            }
            return .help(command: command.name)
        default:
            if first.hasPrefix("-") && first != "-" {
                var names = ["help"]
                if program.version != nil { names.append("version") }
                throw UsageError(
                    .unknownOption(first, advice: Self.suggestion(for: first, longNames: names, commands: program.commands.map(\.name))))
            }
            let command = try commandNamed(first)
            return try parse(rest, for: command)
        }
    }

    /// Parses the arguments of one command (the words after its name).
    public func parse(_ arguments: [String], for command: CommandDescription) throws(UsageError) -> Invocation {
        // `--help` anywhere before `--` wins over any other mistake on the line.
        for argument in arguments {
            if argument == "--" { break }
            if argument == "--help" || argument == "-h" { return .help(command: command.name) }
        }

        var parsed = ParsedArguments(command: command)
        var positionalWords: [String] = []
        var onlyPositionals = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionalWords.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }

            let option: OptionDescription
            let spelling: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                spelling = "--" + name
                guard let found = command.option(named: String(name)) else {
                    throw unknownOption(spelling, in: command)
                }
                option = found
            } else {
                let letters = argument.dropFirst()
                guard let letter = letters.first, let found = command.option(short: letter) else {
                    throw unknownOption(argument, in: command)
                }
                if letters.count > 1 {
                    guard found.takesValue else { throw unknownOption(argument, in: command) }
                    var attached = letters.dropFirst()
                    if attached.first == "=" { attached = attached.dropFirst() }
                    inlineValue = String(attached)
                }
                option = found
                spelling = "-" + String(letter)
            }

            guard option.takesValue else {
                if inlineValue != nil {
                    throw UsageError(.flagTakesNoValue(spelling: spelling), command: command.name)
                }
                parsed.record(option: option.name, values: [])
                continue
            }

            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(.missingValue(spelling: spelling, expectation: Self.expectation(for: option)), command: command.name)
            }
            if value.isEmpty {
                throw UsageError(.missingValue(spelling: spelling, expectation: Self.expectation(for: option)), command: command.name)
            }
            let items = option.isList ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
            for item in items where !option.allowedValues.isEmpty && !option.allowedValues.contains(item) {
                throw UsageError(
                    .valueNotAllowed(
                        item, spelling: spelling, closest: Suggestions.closest(to: item, in: option.allowedValues),
                        expectation: Self.expectation(for: option)),
                    command: command.name)
            }
            parsed.record(option: option.name, values: items)
        }

        var remaining = positionalWords[...]
        for argument in command.arguments {
            if argument.isRepeated {
                for word in remaining { parsed.record(positional: argument.name, value: word) }
                remaining = []
            } else if let word = remaining.first {
                parsed.record(positional: argument.name, value: word)
                remaining = remaining.dropFirst()
            }
            if argument.isRequired && parsed.positional(argument.name).isEmpty {
                throw UsageError(.missingArgument(name: argument.name, about: Self.sentenceFragment(argument.help)), command: command.name)
            }
        }
        if let extra = remaining.first {
            let takes =
                command.arguments.isEmpty
                ? "no arguments"
                : command.arguments.count == 1
                    ? "one \(command.arguments[0].name)"
                    : command.arguments.map(\.name).joined(separator: " ")
            throw UsageError(.unexpectedArgument(extra, program: program.name, command: command.name, takes: takes), command: command.name)
        }
        return .run(parsed)
    }

    private func commandNamed(_ name: String) throws(UsageError) -> CommandDescription {
        if let command = program.command(named: name) { return command }
        let names = program.commands.map(\.name)
        throw UsageError(.unknownCommand(name, closest: Suggestions.closest(to: name, in: names), commands: names))
    }

    private func unknownOption(_ spelling: String, in command: CommandDescription) -> UsageError {
        let longNames = command.options.map(\.name) + ["help"]
        return UsageError(.unknownOption(spelling, advice: Self.suggestion(for: spelling, longNames: longNames, commands: [])), command: command.name)
    }

    /// `Did you mean '--format'?` for `--fromat`, `-format` or `--formt`; for a command typed as an option
    /// (`--build`), the command.
    private static func suggestion(for spelling: String, longNames: [String], commands: [String]) -> String? {
        var word = Substring(spelling)
        while word.first == "-" { word = word.dropFirst() }
        if let equals = word.firstIndex(of: "=") { word = word[..<equals] }
        guard !word.isEmpty else { return nil }
        if let name = Suggestions.closest(to: String(word), in: longNames) { return "Did you mean '--\(name)'?" }
        if commands.contains(String(word)) { return "Did you mean '\(word)' (a command, without dashes)?" }
        return nil
    }

    private static func expectation(for option: OptionDescription) -> String {
        if !option.allowedValues.isEmpty {
            let list = option.allowedValues.joined(separator: ", ")
            return option.isList ? "Expected one or more of \(list), separated by commas." : "Expected one of \(list)."
        }
        return "Expected \(option.valuePlaceholder)."
    }

    /// `Spec files to check.` → `spec files to check`, to sit inside a sentence.
    private static func sentenceFragment(_ help: String) -> String {
        var text = help
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// A word that starts another option rather than being a value (`-` alone and negative numbers are values).
    private static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word.utf8.dropFirst().first ?? 0
        let isNumber = (second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")) || second == UInt8(ascii: ".")
        return !isNumber
    }
}
