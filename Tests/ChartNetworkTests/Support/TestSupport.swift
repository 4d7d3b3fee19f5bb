import ChartNetwork
import Foundation

/// A fresh empty folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "chartc-network-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// Options for tests: short timeouts, a cache in `cache`.
func testOptions(
    cache: TemporaryFolder?, mode: FetchOptions.Mode = .normal, connectTimeout: Double = 1, totalTimeout: Double = 2, maxBytes: Int = 1 << 20
) -> FetchOptions {
    FetchOptions(connectTimeout: connectTimeout, totalTimeout: totalTimeout, maxBytes: maxBytes, mode: mode, cacheDirectory: cache?.path)
}

/// The error `body` throws, or nil.
func fetchError(_ body: () throws(FetchError) -> FetchedData) -> FetchError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
