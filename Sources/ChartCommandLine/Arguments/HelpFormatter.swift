/// Writes help and usage-error text from the same descriptions the parser reads: usage line, aligned argument
/// and option tables, examples. Plain text wrapped to a fixed width, so the output is the same on every terminal
/// and can be pinned in tests.
public struct HelpFormatter: Sendable {
    public let program: ProgramDescription
    /// Lines are wrapped to this many characters.
    public var width: Int

    public init(program: ProgramDescription, width: Int = 80) {
        self.program = program
        self.width = width
    }

    // MARK: program

    /// `chartc --help`: what the program is, its commands and the root options.
    public func programHelp() -> String {
        var out = program.name
        if let version = program.version { out += " \(version)" }
        out += ": \(program.abstract)\n\n"
        out += "Usage: \(programUsage())\n"
        if !program.discussion.isEmpty { out += "\n" + wrap(program.discussion, indent: 0) }
        out += "\nCommands:\n"
        var commandRows = program.commands.map { ($0.name, $0.abstract) }
        commandRows.append(("help", "Show help for a command."))
        out += table(commandRows)
        out += "\nOptions:\n"
        var optionRows: [(String, String)] = []
        if program.version != nil { optionRows.append(("    --version", "Print the version and exit.")) }
        optionRows.append(("-h, --help", "Show this help."))
        out += table(optionRows)
        if !program.examples.isEmpty { out += "\nExamples:\n" + examples(program.examples) }
        out += "\nRun '\(program.name) help COMMAND' for a command's arguments and options.\n"
        return out
    }

    public func programUsage() -> String { "\(program.name) COMMAND [OPTIONS]" }

    // MARK: command

    /// `chartc build --help`.
    public func commandHelp(_ command: CommandDescription) -> String {
        var out = "\(program.name) \(command.name): \(command.abstract)\n\n"
        out += "Usage: \(usage(command))\n"
        if !command.discussion.isEmpty { out += "\n" + wrap(command.discussion, indent: 0) }
        if !command.arguments.isEmpty {
            out += "\nArguments:\n"
            out += table(command.arguments.map { ($0.name + ($0.isRepeated ? "..." : ""), $0.help) })
        }
        out += "\nOptions:\n"
        var rows = command.options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += option.longSpelling
            if option.takesValue { left += " " + option.valuePlaceholder }
            var help = option.help
            if let fallback = option.defaultValue { help += " (default: \(fallback))" }
            return (left, help)
        }
        rows.append(("-h, --help", "Show this help."))
        out += table(rows)
        if !command.examples.isEmpty { out += "\nExamples:\n" + examples(command.examples) }
        return out
    }

    /// `chartc build PATH... [-o DIR] [--format svg|html]`.
    public func usage(_ command: CommandDescription) -> String {
        var parts = ["\(program.name) \(command.name)"]
        for argument in command.arguments {
            let word = argument.name + (argument.isRepeated ? "..." : "")
            parts.append(argument.isRequired ? word : "[\(word)]")
        }
        for option in command.options {
            let spelling = option.short.map { "-\($0)" } ?? option.longSpelling
            let item = option.takesValue ? "\(spelling) \(option.valuePlaceholder)" : spelling
            parts.append("[\(item)]")
        }
        return parts.joined(separator: " ")
    }

    // MARK: errors

    /// What a usage mistake prints on stderr: the problem, the usage line, and where to read more.
    public func errorText(_ error: UsageError) -> String {
        let command = error.command.flatMap { program.command(named: $0) }
        let prefix = command.map { "\(program.name) \($0.name)" } ?? program.name
        var out = "\(prefix): error: \(error.message)"
        if let suggestion = error.suggestion { out += ". \(suggestion)" }
        out += "\n"
        out += "Usage: \(command.map(usage) ?? programUsage())\n"
        out += "See '\(prefix) --help'.\n"
        return out
    }

    // MARK: layout

    /// Two columns: names indented by 2, help text aligned after the longest name (up to a limit; longer names
    /// put their help on the next line), help wrapped to the width.
    private func table(_ rows: [(String, String)]) -> String {
        let longest = rows.map { $0.0.count }.max() ?? 0
        let column = min(longest, 26) + 4
        var out = ""
        for (left, help) in rows {
            var line = "  " + left
            if help.isEmpty {
                out += line + "\n"
                continue
            }
            if line.count + 2 > column {
                out += line + "\n"
                line = String(repeating: " ", count: column)
            } else {
                line += String(repeating: " ", count: column - line.count)
            }
            let wrapped = wrapLines(help, width: width - column)
            out += line + (wrapped.first ?? "") + "\n"
            for continuation in wrapped.dropFirst() {
                out += String(repeating: " ", count: column) + continuation + "\n"
            }
        }
        return out
    }

    private func examples(_ examples: [Example]) -> String {
        var out = ""
        for example in examples {
            out += "  \(example.commandLine)\n"
            out += wrap(example.explanation, indent: 6)
        }
        return out
    }

    /// Paragraphs (separated by blank lines) wrapped to the width with an indent.
    private func wrap(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true)
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { out += "\n" }
            for line in wrapLines(String(paragraph), width: width - indent) { out += pad + line + "\n" }
        }
        return out
    }

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    private func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= max(width, 20) {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
