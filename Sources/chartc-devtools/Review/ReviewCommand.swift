import ChartCommandLine
import ChartSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `chartc-devtools review PATH… [-o DIR]`: builds specs the way `chartc build` does (SVG and HTML into DIR) and
/// screenshots each page in headless Chromium at 1000 and 360 px, light and dark, with a tooltip showing, for a
/// person to look at. Review aids are a tool, not tests: a test that writes files only when an environment
/// variable is set passes without checking anything.
///
/// The browser is driven over the DevTools protocol by `HeadlessChromium` (Foundation-free: chartc-devtools
/// must stay small, since `peak` measures children whose `ru_maxrss` starts at this process's size).
enum ReviewCommand {
    static let description = CommandDescription(
        name: "review",
        abstract: "Build specs as SVG and HTML into a folder and screenshot each page for review.",
        discussion:
            "Each PATH is a spec or a folder of specs, as for 'chartc build'. Writes DIR/NAME.svg and DIR/NAME.html (built by chartc's own build command), then, with Chromium installed, DIR/NAME-1000.png, NAME-360.png, NAME-1000-dark.png and NAME-360-dark.png: the page at that width, with the tooltip of a data point in the middle of the chart showing. Problems the page reports (console errors, blocked requests) are printed. Remote data is read from the cache only.\n\nExit status: 0 all built and screenshot, 1 a spec failed or the browser is missing or failed.",
        arguments: [PositionalArgument("PATH", help: "Spec files or folders.", repeated: true)],
        options: [
            .value("output", short: "o", valueName: "DIR", help: "The folder for pages and screenshots (created if missing).", default: "review")
        ],
        examples: [
            Example("swift run chartc-devtools review examples/polarization -o /tmp/review", "The polarization page and its four screenshots.")
        ]
    )

    /// The views every page is screenshot in.
    static let views: [(width: Int, dark: Bool)] = [(1000, false), (360, false), (1000, true), (360, true)]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(UsageError) -> ExitStatus {
        let paths = arguments.positional("PATH")
        let folder = arguments.value("output") ?? "review"
        // chartc's own build: the pages are exactly what `chartc build --format svg,html` writes.
        let built = Chartc.run(["build"] + paths + ["-o", folder, "--format", "svg,html", "--offline"], console: console)
        let pages = SpecFiles.expand(paths).files.map { Paths.join(folder, Paths.chartName(of: $0) + ".html") }
            .filter { FileSystem.kind(of: $0) == .file }
        guard HeadlessChromium.executable != nil else {
            console.printError(
                "error: chromium is not installed (apt-get install chromium fonts-liberation); the pages are in \(folder), without screenshots")
            return .failure
        }
        var failed = built != 0
        for page in pages {
            do {
                for path in try screenshots(of: page) { console.print("wrote \(path)") }
            } catch {
                console.printError("\(page): error: \(error)")
                failed = true
            }
        }
        return failed ? .failure : .success
    }

    /// The four screenshots of one page; returns the files written. Problems the page reports are errors.
    static func screenshots(of page: String) throws -> [String] {
        let base = String(page.dropLast(".html".count))
        var written: [String] = []
        for view in views {
            let browser = try HeadlessChromium()
            let tab = try browser.openPage(width: view.width, height: 1000, dark: view.dark)
            try tab.load(page)
            // A data point halfway through the visible ones: its tooltip shows in the picture.
            let middle = try tab.evaluate(
                """
                (function () {
                  var shown = Array.from(document.querySelectorAll('[data-row]')).filter(function (e) {
                    var box = e.getBoundingClientRect(); return box.width > 0 || box.height > 0;
                  });
                  if (shown.length === 0) { return null; }
                  var box = shown[Math.floor(shown.length / 2)].getBoundingClientRect();
                  return [box.left + box.width / 2, box.top + box.height / 2];
                })()
                """)?.arrayValue
            if let middle, middle.count == 2, let x = middle[0].numberValue, let y = middle[1].numberValue {
                try tab.moveMouse(x: x, y: y)
            }
            let path = base + "-\(view.width)\(view.dark ? "-dark" : "").png"
            do {
                try FileSystem.writeAtomically(try tab.screenshot(), to: path)
            } catch let error as FileSystem.Failure {
                throw HeadlessChromium.Failure(description: "cannot write \(error.path): \(error.reason)")
            }
            written.append(path)
            if !tab.problems.isEmpty {
                throw HeadlessChromium.Failure(
                    description: "the page at \(view.width) px\(view.dark ? ", dark" : "") reports: \(tab.problems.joined(separator: "; "))")
            }
        }
        return written
    }
}
