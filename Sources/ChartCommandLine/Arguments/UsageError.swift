/// A mistake on the command line itself (not in a spec): unknown command or option, missing or invalid value.
/// Printed with the command's usage line and exits with status 2, so scripts can tell it from a failed build.
public struct UsageError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case unknownCommand
        case unknownOption
        case missingValue
        case invalidValue
        case unexpectedValue
        case missingArgument
        case unexpectedArgument
        case missingCommand
    }

    public var kind: Kind
    /// What is wrong, naming the word the user typed: `unknown option '--fromat'`.
    public var message: String
    /// What they probably meant, ready to print after the message: `Did you mean '--format'?`.
    public var suggestion: String?
    /// The command whose arguments were being read; nil at the program level.
    public var command: String?

    /// The mistake as its catalogue case: the only way to make one, so each sentence is written once
    /// (`UsageProblem.message`, `UsageProblem.suggestion`).
    public var problem: UsageProblem

    public init(_ problem: UsageProblem, command: String? = nil) {
        self.problem = problem
        self.kind = problem.kind
        self.message = problem.message
        self.suggestion = problem.suggestion
        self.command = command
    }
}
