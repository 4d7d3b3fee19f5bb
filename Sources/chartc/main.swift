import ChartCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(Chartc.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
