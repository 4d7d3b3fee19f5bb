import Foundation

/// The project's own example specs, read from `examples/`: the tests check the very files people read, build
/// and lint, instead of each test target keeping a pasted copy that drifts from them.
public enum ExampleSpecs {
    /// A spec file that cannot be read (the checkout is incomplete).
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "cannot read \(path)" }
    }

    /// The package's root folder, found from this source file (`Tests/ChartTestSupport/ExampleSpecs.swift`).
    public static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ChartTestSupport
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
        .path

    /// `examples/polarization/polarization.chart.json`: SPEC §10's chart of party polarization, over the local
    /// `HSall_members.csv` instead of Voteview's URL.
    public static let polarizationPath = packageRoot + "/examples/polarization/polarization.chart.json"

    /// The text of the polarization example.
    public static func polarization() throws -> String {
        try text(of: polarizationPath)
    }

    /// The text of the file at `path`.
    public static func text(of path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return String(decoding: data, as: UTF8.self)
    }
}
