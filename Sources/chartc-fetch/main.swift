// chartc-fetch: the helper that performs one HTTP GET for chartc. The work is in FetchHelper.swift.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(FetchHelper.main(arguments: Array(CommandLine.arguments.dropFirst())))
