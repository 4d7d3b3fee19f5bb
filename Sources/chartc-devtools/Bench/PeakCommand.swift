import ChartCommandLine
import ChartSystem

/// `chartc-devtools peak -- COMMAND [ARG…]`: runs one command and prints its peak resident memory and exit status.
///
/// Why a separate small process: a child started with `posix_spawn` shares its parent's address space until it
/// calls `exec`, and Linux carries that address space's high-water mark into the child's `ru_maxrss`. Measured
/// from a large process (a test runner with hundreds of tests in memory) every child would seem as large as its
/// parent; measured from this small one, the figure is the command's own (this process adds about 10 MB at most).
enum PeakCommand {
    static let description = CommandDescription(
        name: "peak",
        abstract: "Run a command and print its peak RSS in bytes and its exit status.",
        discussion:
            "Prints one line, 'PEAK_BYTES EXIT_STATUS', on standard output; the command's own output and errors are discarded. Used by the memory tests, which run in a large test process whose size would otherwise count as the child's.",
        arguments: [PositionalArgument("COMMAND", help: "The program and its arguments (after --).", repeated: true)],
        examples: [
            Example("chartc-devtools peak -- .build/release/chartc build spec.chart.json -o out", "Peak memory of one build.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console) throws(UsageError) -> ExitStatus {
        let command = arguments.positional("COMMAND")
        guard !command.isEmpty, let measured = ChildProcess.run(command) else {
            console.printError("error: could not start \(command.first ?? "a command")")
            return .failure
        }
        console.print("\(measured.peakBytes) \(measured.exitStatus)")
        return .success
    }
}
