/// The exit statuses every chartc command uses: scripts and CI tell "the charts have problems" (1) from "the
/// command line is wrong" (2).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
}

/// A program ready to run: its description plus what each command does. Handles `--help`, `help COMMAND`,
/// `--version` and usage errors the same way for every program built on it (`chartc`, `chartc-devtools`).
public struct CommandLineProgram {
    /// Runs a command. A handler that finds a value it cannot use (a count that is not a number) throws a
    /// `UsageError`, which is printed like the parser's own.
    public typealias Handler = (ParsedArguments, any Console) throws(UsageError) -> ExitStatus

    public let description: ProgramDescription
    private let handlers: [(name: String, run: Handler)]

    /// `commands` pairs each command's description with its handler, in the order help lists them.
    public init(
        name: String, version: String?, abstract: String, discussion: String = "", examples: [Example] = [], commands: [(CommandDescription, Handler)]
    ) {
        self.description = ProgramDescription(
            name: name, version: version, abstract: abstract, discussion: discussion,
            commands: commands.map(\.0), examples: examples
        )
        self.handlers = commands.map { ($0.0.name, $0.1) }
    }

    /// Parses `arguments` (without the program name), runs the command and returns the exit status.
    public func run(_ arguments: [String], console: any Console) -> Int32 {
        let help = HelpFormatter(program: description)
        let invocation: Invocation
        do {
            invocation = try ArgumentParser(program: description).parse(arguments)
        } catch {
            if error.kind == .missingCommand {
                console.write(help.programHelp(), to: .error)
            } else {
                console.write(help.errorText(error), to: .error)
            }
            return ExitStatus.usage.rawValue
        }
        switch invocation {
        case .version:
            console.print("\(description.name) \(description.version ?? "")")
            return ExitStatus.success.rawValue
        case .help(let name):
            if let name, let command = description.command(named: name) {
                console.write(help.commandHelp(command), to: .output)
            } else {
                console.write(help.programHelp(), to: .output)
            }
            return ExitStatus.success.rawValue
        case .run(let parsed):
            guard let handler = handlers.first(where: { $0.name == parsed.command.name }) else {
                return ExitStatus.usage.rawValue
            }
            do {
                return try handler.run(parsed, console).rawValue
            } catch {
                var error = error
                if error.command == nil { error.command = parsed.command.name }
                console.write(help.errorText(error), to: .error)
                return ExitStatus.usage.rawValue
            }
        }
    }
}
