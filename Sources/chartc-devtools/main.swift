import ChartCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Developer tools for chartc: example and benchmark data. Not part of the chartc product.
let program = CommandLineProgram(
    name: "chartc-devtools",
    version: Chartc.version,
    abstract: "generate chartc's example and benchmark data.",
    commands: [
        (VoteviewCommand.description, VoteviewCommand.run),
        (BenchCommand.description, BenchCommand.run),
        (PeakCommand.description, PeakCommand.run),
    ]
)

exit(program.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
