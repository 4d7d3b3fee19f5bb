#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the `chartc-fetch` program that performs chartc's downloads: the path in `$CHARTC_FETCH` when that is
/// set, else `chartc-fetch` in the folder of the running executable (SwiftPM builds it next to `chartc`, and an
/// install copies both), else the first `chartc-fetch` on `PATH`. When it is missing the error says where it
/// looked and how to get it.
package enum FetchHelperLocator {
    package static let programName = "chartc-fetch"
    /// Names the helper explicitly (a path); it then must be there.
    package static let environmentVariable = "CHARTC_FETCH"

    /// The result of a search.
    package enum Lookup: Sendable, Equatable {
        case found(String)
        /// `$CHARTC_FETCH` names something that is not an executable file.
        case explicitPathUnusable(String)
        /// Nowhere: the folders searched, in order.
        case notFound(searched: [String])
    }

    /// Searches `explicit` (the variable's value), then `executableDirectory`, then the folders of `searchPath`.
    package static func lookup(
        explicit: String?, executableDirectory: String?, searchPath: String?,
        isExecutable: (String) -> Bool = FetchHelperLocator.isExecutableFile
    ) -> Lookup {
        if let explicit, !explicit.isEmpty {
            return isExecutable(explicit) ? .found(explicit) : .explicitPathUnusable(explicit)
        }
        var folders: [String] = []
        if let executableDirectory { folders.append(executableDirectory) }
        // Empty PATH entries (the current folder, by old convention) are skipped: a download must not run
        // whatever program happens to lie in the folder chartc was started from.
        for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
            folders.append(String(folder))
        }
        for folder in folders {
            let candidate = folder.hasSuffix("/") ? folder + programName : folder + "/" + programName
            if isExecutable(candidate) { return .found(candidate) }
        }
        return .notFound(searched: folders)
    }

    /// The helper for this process (its environment and executable), or the error that explains its absence
    /// for a fetch of `url`.
    package static func locate(for url: String) throws(FetchError) -> String {
        let result = lookup(
            explicit: getenv(environmentVariable).map { String(cString: $0) },
            executableDirectory: executableDirectory(),
            searchPath: getenv("PATH").map { String(cString: $0) })
        return try path(of: result, for: url)
    }

    /// The path in `lookup`, or a `FetchError` for `url` that names where chartc looked and what to do.
    package static func path(of lookup: Lookup, for url: String) throws(FetchError) -> String {
        switch lookup {
        case .found(let path):
            return path
        case .explicitPathUnusable(let path):
            throw FetchError(
                .failed, url: url, "cannot fetch \(url): \(environmentVariable) is set to '\(path)', which is not an executable file",
                notes: [
                    "set \(environmentVariable) to the path of \(programName) (built together with chartc by `swift build`), or unset it to use the \(programName) next to chartc"
                ])
        case .notFound(let searched):
            let places = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
            throw FetchError(
                .failed, url: url, "cannot fetch \(url): the download helper \(programName) was not found next to chartc or on PATH\(places)",
                notes: [
                    "chartc downloads remote data with the separate program \(programName); build it with `swift build` (it is built together with chartc), or install it next to chartc, or set \(environmentVariable) to its path"
                ])
        }
    }

    /// Whether `path` is a regular file this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// The folder holding the running executable, symbolic links resolved; nil when the system will not say.
    package static func executableDirectory() -> String? {
        guard let path = executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func executablePath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            guard let resolved = realpath(buffer, nil) else { return String(cString: buffer) }
            defer { free(resolved) }
            return String(cString: resolved)
        #else
            return nil
        #endif
    }
}
