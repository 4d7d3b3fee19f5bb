import ChartCommandLine
import Testing

/// Help and usage-error text, pinned (help pages as golden files in `Golden/`): the first thing a new user reads.
@Suite struct HelpTextGoldenTests {
    @Test func programHelp() {
        let console = BufferConsole()
        #expect(Chartc.run(["--help"], console: console) == 0)
        #expect(console.error == "")
        assertGolden(name: "help-chartc.txt", actual: console.output)
    }

    @Test(arguments: ["build", "lint", "data", "plan", "preview"])
    func commandHelp(command: String) {
        let console = BufferConsole()
        #expect(Chartc.run(["help", command], console: console) == 0)
        assertGolden(name: "help-\(command).txt", actual: console.output)
        let viaFlag = BufferConsole()
        #expect(Chartc.run([command, "--help"], console: viaFlag) == 0)
        #expect(viaFlag.output == console.output)
    }

    @Test func usageErrorText() {
        let console = BufferConsole()
        #expect(Chartc.run(["data", "x.chart.json", "--fromat", "json"], console: console) == 2)
        #expect(console.output == "")
        #expect(
            console.error == """
                chartc data: error: unknown option '--fromat'. Did you mean '--format'?
                Usage: chartc data SPEC [--format csv|json] [--layer N] [--view N] [--offline] [--refresh] [--timeout SECONDS] [--connect-timeout SECONDS] [--theme FILE] [--variant NAME]
                See 'chartc data --help'.

                """)
    }

    @Test func unknownCommandText() {
        let console = BufferConsole()
        #expect(Chartc.run(["buidl", "examples"], console: console) == 2)
        #expect(
            console.error == """
                chartc: error: unknown command 'buidl'. Did you mean 'build'?
                Usage: chartc COMMAND [OPTIONS]
                See 'chartc --help'.

                """)
    }

    @Test func invalidFormatListsTheValidOnes() {
        let console = BufferConsole()
        #expect(Chartc.run(["build", "examples", "--format", "gif"], console: console) == 2)
        #expect(
            console.error.hasPrefix(
                "chartc build: error: invalid value 'gif' for '--format'. Expected one or more of svg, html, pdf, png, separated by commas.\n"),
            "\(console.error)")
    }

    @Test func noCommandPrintsHelpOnStandardErrorAndFails() {
        let console = BufferConsole()
        #expect(Chartc.run([], console: console) == 2)
        #expect(console.output == "")
        #expect(console.error.hasPrefix("chartc 0.1.0: "))
    }

    @Test func version() {
        let console = BufferConsole()
        #expect(Chartc.run(["--version"], console: console) == 0)
        #expect(console.output == "chartc 0.1.0\n")
    }
}
