/// The arguments of one command after parsing and validation: every value is one the command declared and
/// accepts, so a command only reads them, it never checks them again.
public struct ParsedArguments: Sendable {
    public let command: CommandDescription
    /// Options given, in command-line order; list options already split at commas.
    private var given: [(name: String, values: [String])]
    /// Positional words by argument, in declaration order.
    private var positionalValues: [(name: String, values: [String])]

    init(command: CommandDescription) {
        self.command = command
        self.given = []
        self.positionalValues = command.arguments.map { ($0.name, []) }
    }

    mutating func record(option name: String, values: [String]) {
        if let index = given.firstIndex(where: { $0.name == name }) {
            let repeatable = command.option(named: name)?.isRepeatable ?? false
            given[index].values = repeatable ? given[index].values + values : values
        } else {
            given.append((name, values))
        }
    }

    mutating func record(positional name: String, value: String) {
        if let index = positionalValues.firstIndex(where: { $0.name == name }) {
            positionalValues[index].values.append(value)
        }
    }

    /// Whether the flag (or option) was given.
    public func flag(_ name: String) -> Bool {
        given.contains { $0.name == name }
    }

    /// The option's value: the last one given, else its default.
    public func value(_ name: String) -> String? {
        if let entry = given.first(where: { $0.name == name }) { return entry.values.last }
        return command.option(named: name)?.defaultValue
    }

    /// Every value given for a repeatable or list option, in order, duplicates removed; else its default
    /// (split at commas for a list option).
    public func values(_ name: String) -> [String] {
        var raw: [String]
        if let entry = given.first(where: { $0.name == name }) {
            raw = entry.values
        } else if let option = command.option(named: name), let fallback = option.defaultValue {
            raw = option.isList ? fallback.split(separator: ",").map(String.init) : [fallback]
        } else {
            raw = []
        }
        var seen: [String] = []
        for value in raw where !seen.contains(value) { seen.append(value) }
        return seen
    }

    /// The words given for a positional argument (several for a repeated one).
    public func positional(_ name: String) -> [String] {
        positionalValues.first { $0.name == name }?.values ?? []
    }
}

/// What the command line asks for once parsed.
public enum Invocation: Sendable {
    /// Run a command.
    case run(ParsedArguments)
    /// Print help: for the program (`command == nil`) or one command.
    case help(command: String?)
    /// Print `NAME VERSION`.
    case version
}
