import ChartCommandLine
import ChartSystem

/// `chartc-devtools voteview [--copies K] [-o FILE]`: writes the synthetic members file.
enum VoteviewCommand {
    static let defaultSeed: UInt64 = 1789

    static let description = CommandDescription(
        name: "voteview",
        abstract: "Write a synthetic members file shaped like Voteview's HSall_members.csv.",
        discussion:
            "The file has Voteview's 22 columns and about 51,000 rows (congresses 1-119: House, Senate and President), with made-up members whose DW-NOMINATE-like scores put the party medians where the real ones are. The same arguments always give the same bytes.",
        options: [
            .value("copies", valueName: "K", help: "Repeat the rows K times (header once), for benchmarks.", default: "1"),
            .value("seed", valueName: "N", help: "Random seed.", default: String(defaultSeed)),
            .value("output", short: "o", valueName: "FILE", help: "Write to FILE (replaced atomically) instead of standard output.")
        ],
        examples: [
            Example("swift run chartc-devtools voteview -o examples/polarization/HSall_members.csv", "Regenerate the polarization example's data."),
            Example("swift run -c release chartc-devtools voteview --copies 20 -o /tmp/members-20x.csv", "A 20x file (about 120 MB) for benchmarks.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console) throws(UsageError) -> ExitStatus {
        let copies = try integer(arguments, "copies", in: 1...1000)
        let seed = try integer(arguments, "seed", in: 0...Int.max)

        var generator = MembersGenerator(seed: UInt64(seed))
        generator.generate()
        var body = ""
        body.reserveCapacity(generator.rows.count * 120)
        for row in generator.rows { body += generator.line(row) }
        let bodyBytes = Array(body.utf8)
        let headerBytes = Array((MembersGenerator.header + "\n").utf8)

        guard let path = arguments.value("output") else {
            console.write(MembersGenerator.header + "\n", to: .output)
            for _ in 0..<copies { console.write(body, to: .output) }
            return .success
        }
        do {
            let file = try AtomicFile(path)
            try file.append(headerBytes)
            for _ in 0..<copies { try file.append(bodyBytes) }
            try file.commit()
        } catch {
            console.printError("\(error.path): error: cannot write the file: \(error.reason)")
            return .failure
        }
        console.printError("wrote \(path): \(generator.rows.count * copies) rows")
        return .success
    }

    private static func integer(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = arguments.value(name) ?? ""
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                .notAWholeNumber(text, option: name, lower: range.lowerBound, upper: range.upperBound == Int.max ? nil : range.upperBound))
        }
        return value
    }
}
