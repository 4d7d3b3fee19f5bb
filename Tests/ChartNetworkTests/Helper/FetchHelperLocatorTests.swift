@testable import ChartNetwork
import Testing

/// Where chartc looks for `chartc-fetch`, in order, and what it says when the helper is missing.
@Suite struct FetchHelperLocatorTests {
    static let url = "https://example.org/a.csv"

    static func lookup(
        explicit: String? = nil, executableDirectory: String? = "/opt/chartc/bin", searchPath: String? = "/usr/local/bin:/usr/bin",
        existing: Set<String>
    ) -> FetchHelperLocator.Lookup {
        FetchHelperLocator.lookup(
            explicit: explicit, executableDirectory: executableDirectory, searchPath: searchPath, isExecutable: { existing.contains($0) })
    }

    @Test func theVariableWinsThenTheExecutablesFolderThenPATH() {
        let everywhere: Set = ["/tmp/my-fetch", "/opt/chartc/bin/chartc-fetch", "/usr/bin/chartc-fetch"]
        #expect(Self.lookup(explicit: "/tmp/my-fetch", existing: everywhere) == .found("/tmp/my-fetch"))
        #expect(Self.lookup(existing: everywhere) == .found("/opt/chartc/bin/chartc-fetch"))
        #expect(Self.lookup(explicit: "", existing: ["/usr/bin/chartc-fetch"]) == .found("/usr/bin/chartc-fetch"))
        #expect(Self.lookup(executableDirectory: "/", existing: ["/chartc-fetch"]) == .found("/chartc-fetch"))
    }

    @Test func anExplicitPathMustWork() throws {
        let lookup = Self.lookup(explicit: "/tmp/missing", existing: ["/opt/chartc/bin/chartc-fetch"])
        #expect(lookup == .explicitPathUnusable("/tmp/missing"))
        let error = try #require(fetchError(lookup))
        #expect(error.message == "cannot fetch \(Self.url): CHARTC_FETCH is set to '/tmp/missing', which is not an executable file")
        #expect(
            error.notes == [
                "set CHARTC_FETCH to the path of chartc-fetch (built together with chartc by `swift build`), or unset it to use the chartc-fetch next to chartc"
            ])
    }

    @Test func aMissingHelperNamesWhereChartcLookedAndHowToFixIt() throws {
        // Empty PATH entries (the current folder) are not searched.
        let lookup = Self.lookup(searchPath: "/usr/local/bin::/usr/bin:", existing: [])
        #expect(lookup == .notFound(searched: ["/opt/chartc/bin", "/usr/local/bin", "/usr/bin"]))
        let error = try #require(fetchError(lookup))
        #expect(error.kind == .failed)
        #expect(
            error.message
                == "cannot fetch \(Self.url): the download helper chartc-fetch was not found next to chartc or on PATH (looked in /opt/chartc/bin, /usr/local/bin, /usr/bin)"
        )
        #expect(
            error.notes == [
                "chartc downloads remote data with the separate program chartc-fetch; build it with `swift build` (it is built together with chartc), or install it next to chartc, or set CHARTC_FETCH to its path"
            ])
    }

    @Test func theTestBundlesFolderHoldsTheBuiltHelper() throws {
        // SwiftPM builds chartc-fetch next to the test bundle, so the in-process fetch tests use the real helper.
        let folder = try #require(FetchHelperLocator.executableDirectory())
        #expect(FetchHelperLocator.isExecutableFile(folder + "/chartc-fetch"))
        #expect(!FetchHelperLocator.isExecutableFile(folder))
    }

    private func fetchError(_ lookup: FetchHelperLocator.Lookup) -> FetchError? {
        do {
            _ = try FetchHelperLocator.path(of: lookup, for: Self.url)
            return nil
        } catch {
            return error
        }
    }
}
