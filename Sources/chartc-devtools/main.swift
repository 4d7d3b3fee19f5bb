import ChartCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Developer tools for chartc: example and benchmark data, and screenshots of pages for review. Not part of the
/// chartc product.
let program = CommandLineProgram(
    name: "chartc-devtools",
    version: Chartc.version,
    abstract: "generate chartc's example and benchmark data, measure it, and screenshot pages for review.",
    commands: [
        (VoteviewCommand.description, VoteviewCommand.run),
        (BenchCommand.description, BenchCommand.run),
        (PeakCommand.description, PeakCommand.run),
        (ReviewCommand.description, ReviewCommand.run)
    ]
)

exit(program.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
