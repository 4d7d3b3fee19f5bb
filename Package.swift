// swift-tools-version:6.0
import PackageDescription

// The pipeline, one library module per stage:
//   ChartJSON (strict reader) -> ChartSpec (typed model) -> ChartPipeline (plan + run over ChartData tables,
//   using ChartExpression) -> ChartLayout (scene) -> ChartRender (SVG / HTML).
// ChartLint checks specs; ChartCommandLine holds the commands; `chartc` is a thin executable over it.
let package = Package(
    name: "chartc",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "chartc", targets: ["chartc"]),
        .executable(name: "chartc-fetch", targets: ["chartc-fetch"]),
        .library(name: "ChartCommandLine", targets: ["ChartCommandLine"]),
    ],
    targets: [
        .target(name: "ChartDiagnostics"),
        .target(name: "ChartFormat"),
        // ChartFont reads TrueType/OpenType files (metrics, glyphs, names) and finds installed families; a leaf.
        .target(name: "ChartFont", dependencies: ["ChartDiagnostics"]),
        .target(name: "ChartJSON", dependencies: ["ChartDiagnostics"]),
        .target(name: "ChartData", dependencies: ["ChartDiagnostics", "ChartJSON", "ChartFormat"]),
        .target(name: "ChartExpression", dependencies: ["ChartDiagnostics", "ChartData", "ChartFormat"]),
        .target(name: "ChartSpec", dependencies: ["ChartDiagnostics", "ChartJSON", "ChartData", "ChartFormat"]),
        // ChartNetwork fetches remote data into a cache. The HTTP itself happens in a helper process, `chartc-fetch`
        // (below), so chartc links no Foundation networking, libcurl or TLS libraries (specs/performance.md).
        .target(name: "ChartNetwork"),
        .target(name: "ChartPipeline", dependencies: ["ChartDiagnostics", "ChartSpec", "ChartData", "ChartExpression", "ChartFormat", "ChartNetwork"]),
        .target(name: "ChartLayout", dependencies: ["ChartDiagnostics", "ChartSpec", "ChartData", "ChartPipeline", "ChartFormat"]),
        .target(name: "ChartRender", dependencies: ["ChartDiagnostics", "ChartFont", "ChartFormat", "ChartData", "ChartSpec", "ChartPipeline", "ChartLayout", "ChartNetwork"]),
        .target(name: "ChartLint", dependencies: ["ChartDiagnostics", "ChartJSON", "ChartSpec", "ChartData", "ChartFormat", "ChartExpression", "ChartPipeline", "ChartLayout"]),
        .target(
            name: "ChartCommandLine",
            dependencies: ["ChartDiagnostics", "ChartJSON", "ChartSpec", "ChartData", "ChartPipeline", "ChartLayout", "ChartRender", "ChartLint", "ChartNetwork"]
        ),
        // chartc depends on chartc-fetch only so that building chartc builds the helper too. SwiftPM links an
        // executable dependency's library targets into the dependent, but not its own code: so the URLSession code
        // lives in the chartc-fetch target itself, never in a library, and chartc stays free of Foundation.
        .executableTarget(
            name: "chartc", dependencies: ["ChartCommandLine", "chartc-fetch"],
            // The Swift runtime linked in: no dynamic symbol lookup at start-up (about 2.5 ms of every run).
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        // The helper that performs one HTTP GET per run for chartc (URLSession from FoundationNetworking).
        .executableTarget(name: "chartc-fetch", dependencies: ["ChartNetwork"]),
        // Developer tools: deterministic example data (a Voteview-shaped members file), later benchmarks.
        .executableTarget(name: "chartc-devtools", dependencies: ["ChartCommandLine"]),

        // Helpers the test targets share (a seeded random generator, a runner for external tools); not part of any product.
        .target(name: "ChartTestSupport", path: "Tests/ChartTestSupport"),
        .testTarget(name: "ChartFormatTests", dependencies: ["ChartFormat"]),
        .testTarget(name: "ChartFontTests", dependencies: ["ChartTestSupport", "ChartFont", "ChartDiagnostics"]),
        .testTarget(name: "ChartJSONTests", dependencies: ["ChartTestSupport", "ChartJSON", "ChartDiagnostics"]),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartTestSupport", "ChartData", "ChartDiagnostics"]),
        .testTarget(name: "ChartExpressionTests", dependencies: ["ChartTestSupport", "ChartExpression", "ChartData", "ChartDiagnostics"]),
        .testTarget(name: "ChartSpecTests", dependencies: ["ChartTestSupport", "ChartSpec", "ChartJSON", "ChartDiagnostics"]),
        .testTarget(name: "ChartcFetchTests", dependencies: ["chartc-fetch", "ChartNetwork"]),
        .testTarget(name: "ChartNetworkTests", dependencies: ["ChartNetwork", "ChartPipeline", "ChartSpec", "ChartData", "ChartDiagnostics", "ChartCommandLine"]),
        .testTarget(name: "ChartPipelineTests", dependencies: ["ChartTestSupport", "ChartPipeline", "ChartSpec", "ChartData", "ChartExpression", "ChartDiagnostics"]),
        .testTarget(name: "ChartLayoutTests", dependencies: ["ChartLayout", "ChartSpec", "ChartData", "ChartFormat"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartTestSupport", "ChartRender", "ChartFont", "ChartLayout", "ChartSpec", "ChartData", "ChartJSON", "ChartDiagnostics", "ChartFormat", "ChartPipeline"]),
        .testTarget(name: "ChartLintTests", dependencies: ["ChartLint", "ChartSpec", "ChartDiagnostics", "ChartJSON", "ChartData", "ChartFormat", "ChartLayout", "ChartExpression"]),
        .testTarget(name: "BadInputTests", dependencies: ["ChartCommandLine", "ChartDiagnostics"]),
        .testTarget(
            name: "ChartCommandLineTests",
            dependencies: ["ChartTestSupport", "ChartCommandLine"],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
