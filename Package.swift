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
        .target(name: "ChartFont", dependencies: ["ChartDiagnostics", "ChartSystem"]),
        .target(name: "ChartJSON", dependencies: ["ChartDiagnostics"]),
        // Value and DataType, and the one function that writes a value as text: the leaf every stage shares.
        .target(name: "ChartValues", dependencies: ["ChartFormat"]),
        // Colors: CSS parsing, OKLab, named palettes and schemes. Layout, lint and the HTML writer share them.
        .target(name: "ChartColor"),
        // The operating system's side, shared by every stage: one POSIX file layer (atomic writes with fsync),
        // the parallel map, and SHA-256 (cache names, data provenance, the HTML page's script hashes).
        .target(name: "ChartSystem"),
        // ChartStyle: house styles (SPEC §15): the theme model, its reader, resolution (extends, variants, the
        // nearest chartc.theme.json), the built-in theme, the logo sanitizer.
        .target(name: "ChartStyle", dependencies: ["ChartColor", "ChartDiagnostics", "ChartJSON", "ChartSystem"]),
        .target(name: "ChartData", dependencies: ["ChartSystem", "ChartDiagnostics", "ChartJSON", "ChartFormat", "ChartValues"]),
        .target(name: "ChartExpression", dependencies: ["ChartDiagnostics", "ChartData", "ChartValues", "ChartFormat"]),
        // Maps (SPEC §22): d3-geo's projections, clipping and resampling; GeoJSON and TopoJSON readers.
        .target(name: "ChartGeo", dependencies: ["ChartDiagnostics", "ChartJSON", "ChartValues"], exclude: ["Basemaps/generate.py"]),
        .target(name: "ChartSpec", dependencies: ["ChartDiagnostics", "ChartJSON", "ChartValues", "ChartFormat", "ChartGeo"]),
        // ChartNetwork fetches remote data into a cache. The HTTP itself happens in a helper process, `chartc-fetch`
        // (below), so chartc links no Foundation networking, libcurl or TLS libraries (specs/performance.md).
        .target(name: "ChartNetwork", dependencies: ["ChartSystem"]),
        // ChartDatabase speaks PostgreSQL's wire protocol itself (POSIX sockets; TLS from the system's libssl,
        // loaded with dlopen only when a connection uses TLS), so chartc links no libpq and no Foundation
        // (specs/databases.md).
        .target(name: "ChartDatabase", dependencies: ["ChartDiagnostics", "ChartData", "ChartFormat", "ChartSpec", "ChartSystem", "ChartValues"]),
        .target(name: "ChartPipeline", dependencies: ["ChartValues", "ChartDiagnostics", "ChartSpec", "ChartData", "ChartExpression", "ChartFormat", "ChartNetwork", "ChartDatabase", "ChartSystem", "ChartGeo"]),
        // The checking stage: spec + what is known of the data -> a checked chart, or every reason it cannot be drawn.
        .target(name: "ChartSemantics", dependencies: ["ChartStyle", "ChartColor", "ChartData", "ChartDiagnostics", "ChartFormat", "ChartJSON", "ChartSpec", "ChartValues"]),
        .target(name: "ChartLayout", dependencies: ["ChartStyle", "ChartFont", "ChartSemantics", "ChartColor", "ChartValues", "ChartDiagnostics", "ChartSpec", "ChartData", "ChartFormat", "ChartGeo"]),
        .target(name: "ChartRender", dependencies: ["ChartFont", "ChartStyle", "ChartSystem", "ChartColor", "ChartDiagnostics", "ChartFormat", "ChartLayout"]),
        .target(name: "ChartLint", dependencies: ["ChartStyle", "ChartColor", "ChartData", "ChartDiagnostics", "ChartFormat", "ChartNetwork", "ChartPipeline", "ChartSemantics", "ChartSpec", "ChartValues", "ChartExpression"]),
        // `chartc preview`: a loopback HTTP/1.1 server, Server-Sent Events and a file watcher, over POSIX alone.
        .target(name: "ChartPreview", dependencies: ["ChartSystem", "ChartDiagnostics"]),
        .target(
            name: "ChartCommandLine",
            dependencies: ["ChartDiagnostics", "ChartJSON", "ChartSpec", "ChartData", "ChartValues", "ChartPipeline", "ChartLayout", "ChartRender", "ChartLint", "ChartNetwork", "ChartSemantics", "ChartSystem", "ChartPreview", "ChartStyle", "ChartExpression", "ChartDatabase", "ChartFont", "ChartGeo"]
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
        .executableTarget(name: "chartc-fetch", dependencies: ["ChartNetwork", "ChartSystem"]),
        // Developer tools: deterministic example data (a Voteview-shaped members file), benchmarks, and `review`
        // (screenshots of pages in headless Chromium; its DevTools-protocol driver is also what the browser
        // tests use). Foundation-free, like chartc: `peak` measures children that start at this process's size.
        .executableTarget(name: "chartc-devtools", dependencies: ["ChartCommandLine", "ChartSystem", "ChartJSON", "ChartDiagnostics", "ChartFormat"]),

        // Helpers the test targets share (a seeded random generator, the example specs read from examples/, a runner
        // for external tools); not part of any product.
        .target(name: "ChartTestSupport", path: "Tests/ChartTestSupport"),
        .testTarget(name: "ChartDiagnosticsTests", dependencies: ["ChartDiagnostics"]),
        .testTarget(name: "ChartPreviewTests", dependencies: ["ChartPreview"]),
        .testTarget(name: "ChartFormatTests", dependencies: ["ChartFormat"]),
        .testTarget(name: "ChartColorTests", dependencies: ["ChartColor", "ChartDiagnostics"]),
        .testTarget(name: "ChartFontTests", dependencies: ["ChartTestSupport", "ChartFont", "ChartDiagnostics"]),
        .testTarget(name: "ChartStyleTests", dependencies: ["ChartStyle", "ChartColor", "ChartDiagnostics", "ChartJSON"]),
        .testTarget(name: "ChartJSONTests", dependencies: ["ChartTestSupport", "ChartJSON", "ChartDiagnostics"]),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartSystem", "ChartValues", "ChartTestSupport", "ChartData", "ChartDiagnostics"]),
        .testTarget(name: "ChartExpressionTests", dependencies: ["ChartValues", "ChartTestSupport", "ChartExpression", "ChartData", "ChartDiagnostics"]),
        // Data: the TopoJSON files of ../shared/data/geo (licences in its README); Fixtures: d3-geo's own output.
        .testTarget(name: "ChartGeoTests", dependencies: ["ChartTestSupport", "ChartGeo", "ChartDiagnostics", "ChartJSON", "ChartValues"], exclude: ["Data", "Fixtures"]),
        .testTarget(name: "ChartSpecTests", dependencies: ["ChartValues", "ChartTestSupport", "ChartSpec", "ChartJSON", "ChartDiagnostics"]),
        .testTarget(name: "ChartDatabaseTests", dependencies: ["ChartTestSupport", "ChartDatabase", "ChartData", "ChartDiagnostics", "ChartCommandLine", "ChartSpec", "ChartSystem", "ChartValues"]),
        .testTarget(name: "ChartcFetchTests", dependencies: ["ChartSystem", "chartc-fetch", "ChartNetwork"]),
        .testTarget(name: "ChartNetworkTests", dependencies: ["ChartSystem", "ChartValues", "ChartNetwork", "ChartPipeline", "ChartSpec", "ChartData", "ChartDiagnostics", "ChartCommandLine"]),
        .testTarget(name: "ChartPipelineTests", dependencies: ["ChartSystem", "ChartDatabase", "ChartValues", "ChartTestSupport", "ChartPipeline", "ChartSpec", "ChartData", "ChartExpression", "ChartDiagnostics", "ChartGeo"]),
        .testTarget(name: "ChartLayoutTests", dependencies: ["ChartTestSupport", "ChartSemantics", "ChartColor", "ChartValues", "ChartLayout", "ChartSpec", "ChartData", "ChartFormat"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartTestSupport", "ChartStyle", "ChartFont", "chartc-devtools", "ChartSystem", "ChartSemantics", "ChartColor", "ChartValues", "ChartRender", "ChartLayout", "ChartSpec", "ChartData", "ChartJSON", "ChartDiagnostics", "ChartFormat", "ChartPipeline"]),
        .testTarget(name: "ChartLintTests", dependencies: ["ChartTestSupport", "ChartSemantics", "ChartColor", "ChartValues", "ChartLint", "ChartSpec", "ChartDiagnostics", "ChartJSON", "ChartData", "ChartFormat", "ChartLayout", "ChartExpression", "ChartPipeline", "ChartNetwork", "ChartStyle"]),
        .testTarget(name: "BadInputTests", dependencies: ["ChartSystem", "ChartCommandLine", "ChartDiagnostics"]),
        // Golden files are read and re-recorded in the source tree (Tests/ChartCommandLineTests/Golden, found
        // from #filePath), so they are not bundled as resources.
        .testTarget(
            name: "ChartCommandLineTests",
            // chartc-devtools: its HeadlessChromium drives the preview's pages in the end-to-end tests.
            dependencies: ["ChartTestSupport", "ChartCommandLine", "chartc-devtools", "ChartPipeline", "ChartSpec", "ChartData", "ChartDiagnostics", "ChartValues"],
            exclude: ["Golden", "PDFCharts", "PNGCharts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
