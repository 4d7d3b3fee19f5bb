/// What a command accepts, written once as data: the parser reads it to understand the arguments, and the help
/// writer reads it to explain them, so the two can never disagree.
public struct CommandDescription: Sendable {
    /// The word that selects the command (`build`), or the program name for the root.
    public var name: String
    /// One line: what the command does. Shown in the root's command list and at the top of the help.
    public var abstract: String
    /// Paragraphs shown after the usage line.
    public var discussion: String
    public var arguments: [PositionalArgument]
    /// Options and flags, in the order help lists them. `-h`/`--help` is added by the parser.
    public var options: [OptionDescription]
    public var examples: [Example]

    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [PositionalArgument] = [],
        options: [OptionDescription] = [],
        examples: [Example] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// The option whose long name is `name` (without dashes).
    public func option(named name: String) -> OptionDescription? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionDescription? {
        options.first { $0.short == short }
    }
}

/// A positional argument (`SPEC`, `PATH...`).
public struct PositionalArgument: Sendable {
    /// Upper-case placeholder shown in usage and help (`PATH`).
    public var name: String
    public var help: String
    /// Takes every remaining positional word. Only the last argument of a command may repeat.
    public var isRepeated: Bool
    public var isRequired: Bool

    public init(_ name: String, help: String, repeated: Bool = false, required: Bool = true) {
        self.name = name
        self.help = help
        self.isRepeated = repeated
        self.isRequired = required
    }
}

/// A flag (`--strict`) or an option that takes a value (`--format svg`, `--format=svg`, `-o DIR`).
public struct OptionDescription: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent; takes no value.
        case flag
        /// Takes one value, written `VALUE` in help.
        case value(valueName: String)
    }

    /// Long name without the dashes (`format`).
    public var name: String
    /// Single-letter alias (`o` for `-o`).
    public var short: Character?
    public var help: String
    public var kind: Kind
    /// When not empty, the only accepted values; help lists them as `svg|html`.
    public var allowedValues: [String]
    /// The value is a comma-separated list (`svg,html`), each item checked against `allowedValues`.
    public var isList: Bool
    /// May be given several times; the values accumulate. Otherwise the last one given wins.
    public var isRepeatable: Bool
    /// Used when the option is absent; shown in help.
    public var defaultValue: String?

    public init(
        name: String,
        short: Character? = nil,
        help: String,
        kind: Kind,
        allowedValues: [String] = [],
        isList: Bool = false,
        isRepeatable: Bool = false,
        defaultValue: String? = nil
    ) {
        self.name = name
        self.short = short
        self.help = help
        self.kind = kind
        self.allowedValues = allowedValues
        self.isList = isList
        self.isRepeatable = isRepeatable
        self.defaultValue = defaultValue
    }

    /// `--strict`: a yes/no switch.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDescription {
        OptionDescription(name: name, short: short, help: help, kind: .flag)
    }

    /// `-o DIR`, `--format svg|html`: an option with a value.
    public static func value(
        _ name: String,
        short: Character? = nil,
        valueName: String,
        help: String,
        allowed: [String] = [],
        list: Bool = false,
        repeatable: Bool = false,
        default defaultValue: String? = nil
    ) -> OptionDescription {
        OptionDescription(
            name: name, short: short, help: help, kind: .value(valueName: valueName),
            allowedValues: allowed, isList: list, isRepeatable: repeatable, defaultValue: defaultValue
        )
    }

    var takesValue: Bool { kind != .flag }

    /// `--format`.
    var longSpelling: String { "--" + name }

    /// How the value is written in usage and help: `svg|html` for a closed set, else the value name.
    var valuePlaceholder: String {
        guard case .value(let valueName) = kind else { return "" }
        if allowedValues.isEmpty { return valueName }
        return allowedValues.joined(separator: "|")
    }
}

/// A command line shown under EXAMPLES in help, with what it does.
public struct Example: Sendable {
    public var commandLine: String
    public var explanation: String

    public init(_ commandLine: String, _ explanation: String) {
        self.commandLine = commandLine
        self.explanation = explanation
    }
}

/// A whole program: a name, a version and its commands (`chartc build|lint|data|plan`). The root takes only
/// `--help` and `--version`; `help COMMAND` is built in.
public struct ProgramDescription: Sendable {
    public var name: String
    public var version: String?
    public var abstract: String
    public var discussion: String
    public var commands: [CommandDescription]
    public var examples: [Example]

    public init(
        name: String, version: String? = nil, abstract: String, discussion: String = "", commands: [CommandDescription], examples: [Example] = []
    ) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.commands = commands
        self.examples = examples
    }

    public func command(named name: String) -> CommandDescription? {
        commands.first { $0.name == name }
    }
}
