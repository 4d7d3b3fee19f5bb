#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartDiagnostics
import ChartFormat
import Testing

/// A fresh folder under the system's temporary directory, with files written into it.
private struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/chartc-data-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw TemporaryFolderError() }
        path = String(cString: created)
    }

    func save(_ name: String, _ text: String) {
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    func makeFolder(_ name: String) {
        mkdir(path + "/" + name, 0o755)
    }
}

private struct TemporaryFolderError: Error {}

private func readErrors(_ path: String, written: String? = nil, span: SourceSpan? = nil) -> [Diagnostic] {
    do {
        _ = try DataFiles.read(path: path, written: written, reportedAt: span)
        return []
    } catch {
        return error.diagnostics
    }
}

@Suite("Data files")
struct DataFilesTests {
    @Test func resolvesAgainstTheSpecFolder() {
        #expect(DataFiles.resolve("data/a.csv", baseDirectory: "examples") == "examples/data/a.csv")
        #expect(DataFiles.resolve("data/a.csv", baseDirectory: "examples/") == "examples/data/a.csv")
        #expect(DataFiles.resolve("a.csv", baseDirectory: ".") == "a.csv")
        #expect(DataFiles.resolve("/abs/a.csv", baseDirectory: "examples") == "/abs/a.csv")
    }

    @Test func formatFromExtension() {
        #expect(DataFileFormat(pathExtensionOf: "data/A.CSV") == .csv)
        #expect(DataFileFormat(pathExtensionOf: "x.tsv") == .tsv)
        #expect(DataFileFormat(pathExtensionOf: "x.tab") == .tsv)
        #expect(DataFileFormat(pathExtensionOf: "x.json") == .json)
        #expect(DataFileFormat(pathExtensionOf: "x.txt") == nil)
        #expect(DataFileFormat(pathExtensionOf: "folder.v2/data") == nil)
        #expect(DataFileFormat(pathExtensionOf: ".csv") == nil)
    }

    @Test func readsAFile() throws {
        let folder = try TemporaryFolder()
        folder.save("a.csv", "x\n1\n")
        let file = try DataFiles.read(path: folder.path + "/a.csv", reportedAt: nil)
        #expect(file.bytes == Array("x\n1\n".utf8))
        #expect(file.path == folder.path + "/a.csv")
    }

    @Test func missingFileSuggestsTheClosestName() throws {
        let folder = try TemporaryFolder()
        folder.save("seattle-weather.csv", "a\n1\n")
        folder.save("other.json", "[]")
        let spec = SourceFile(path: "chart.json", text: #"{"url": "data/seatle-weather.csv"}"#)
        let span = SourceSpan(file: spec, range: 8..<33)
        let errors = readErrors(folder.path + "/seatle-weather.csv", written: "data/seatle-weather.csv", span: span)
        #expect(errors.map(\.id) == ["data-file-not-found"])
        #expect(
            errors.first?.message
                == "no data file at '\(folder.path)/seatle-weather.csv' (paths are relative to the spec's folder). Did you mean 'data/seattle-weather.csv'?"
        )
        #expect(locations(errors) == ["chart.json:1:9"])
        // Nothing close: the note lists the data files there.
        let far = readErrors(folder.path + "/zzz.csv", written: "zzz.csv")
        #expect(far.first?.notes.map(\.message) == ["data files in '\(folder.path)': other.json, seattle-weather.csv"])
        #expect(far.first?.locationDescription == folder.path + "/zzz.csv")
    }

    @Test func missingFolder() throws {
        let folder = try TemporaryFolder()
        let errors = readErrors(folder.path + "/nope/a.csv")
        #expect(errors.map(\.id) == ["data-file-not-found"])
        #expect(errors.first?.message.contains(": the folder '\(folder.path)/nope' does not exist") == true)
    }

    @Test func folderInsteadOfFile() throws {
        let folder = try TemporaryFolder()
        folder.makeFolder("data.csv")
        #expect(readErrors(folder.path + "/data.csv").map(\.id) == ["data-file-is-directory"])
    }

    @Test func readTableByFormat() throws {
        let csv = try DataFiles.readTable(
            SourceFile(path: "a.csv", text: "x,y\n1,a\n"), format: .csv, property: nil, propertySpan: nil, columns: ["y"], parse: [:])
        #expect(csv.table.columnNames == ["y"])
        #expect(csv.fieldNames == ["x", "y"])
        let tsv = try DataFiles.readTable(
            SourceFile(path: "a.tsv", text: "x\ty\n1,5\ta\n"), format: .tsv, property: nil, propertySpan: nil, columns: nil, parse: [:])
        #expect(tsv.table.values("x") == [.string("1,5")])
        let json = try DataFiles.readTable(
            SourceFile(path: "a.json", text: #"{"rows": [{"x": 1, "y": "a"}]}"#), format: .json, property: "rows", propertySpan: nil, columns: ["x"],
            parse: [:])
        #expect(json.table.values("x") == [.number(1)])
        #expect(json.fieldNames == ["x", "y"])
    }

    @Test func blankFilesAreEmpty() {
        for format in DataFileFormat.allCases {
            do {
                _ = try DataFiles.readTable(
                    SourceFile(path: "blank", text: " \n\n"), format: format, property: nil, propertySpan: nil, columns: nil, parse: [:])
                Issue.record("expected data-empty for \(format)")
            } catch {
                #expect(error.diagnostics.map(\.id) == ["data-empty"])
            }
        }
    }

    /// The sample data the seattle-weather examples read (the same bytes as `../shared/data/seattle-weather.csv`,
    /// but inside the project, so this test runs in every checkout and in CI instead of skipping without it).
    static let seattleWeatherPath: String = {
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        return root + "/examples/seattle-weather/seattle-weather.csv"
    }()

    @Test func seattleWeather() throws {
        let file = try DataFiles.read(path: Self.seattleWeatherPath, reportedAt: nil)
        let (table, names, _) = try DataFiles.readTable(file, format: .csv, property: nil, propertySpan: nil, columns: nil, parse: ["date": .date])
        #expect(names == ["date", "precipitation", "temp_max", "temp_min", "wind", "weather"])
        #expect(table.rowCount == 1461)
        #expect(table.columns.map(\.type) == [.date, .number, .number, .number, .number, .string])
        #expect(
            table.row(0) == [
                .date(CivilDate.milliseconds(year: 2012, month: 1, day: 1)), .number(0), .number(12.8), .number(5), .number(4.7), .string("drizzle")
            ])
        if case .string(_, let dictionary)? = table.column(named: "weather")?.storage {
            #expect(dictionary == ["drizzle", "rain", "sun", "snow", "fog"])
        }
        // Without parse the slash dates stay text (SPEC §3: only ISO 8601 is inferred).
        let inferred = try CSVReader.read(file, options: CSVOptions(columns: ["date"]))
        #expect(inferred.type("date") == .string)
    }
}

/// Issue 30, items 3 and 8: only regular files are read, within the data limit; a file read as CSV that is
/// evidently something else says what it looks like, never what it holds.
@Suite("Data files that are not data")
struct DataFilesNotDataTests {
    private func tableErrors(_ text: String, path: String = "data.csv", format: DataFileFormat = .csv) -> [Diagnostic] {
        do {
            _ = try DataFiles.readTable(
                SourceFile(path: path, text: text), format: format, property: nil, propertySpan: nil, columns: nil, parse: [:])
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func aNamedPipeAndADeviceAreRefusedBeforeOpening() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/pipe.csv", 0o644) == 0)
        let pipe = readErrors(folder.path + "/pipe.csv")
        #expect(pipe.map(\.id) == ["data-file-not-regular"])
        #expect(
            pipe.first?.message == "'\(folder.path)/pipe.csv' is a named pipe (FIFO), not a regular file; chartc reads data only from regular files")
        #expect(readErrors("/dev/zero").first?.message.contains("is a character device, not a regular file") == true)
        // The streamed and sampled reads leave such a file to the whole read, which reports it.
        #expect(DataFiles.streamTable(path: folder.path + "/pipe.csv", format: .csv, parse: [:]) { _ in nil } == nil)
        #expect(DataFiles.sample(path: "/dev/zero", bytes: 1024) == nil)
    }

    @Test func aFileOverTheLimitNamesItsSize() throws {
        let folder = try TemporaryFolder()
        folder.save("big.csv", "a\n1\n")
        #expect(truncate(folder.path + "/big.csv", 513 << 20) == 0)
        let errors = readErrors(folder.path + "/big.csv")
        #expect(errors.map(\.id) == ["data-file-too-large"])
        #expect(errors.first?.message.hasSuffix("big.csv' is 513 MB; the limit for a data file is 512 MB (specs/limits.md)") == true)
    }

    @Test(arguments: [
        ("<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n", "an HTML page"),
        ("[{\"secret\": \"hunter2\", \"b\": 1}]", "JSON"),
        ("{ \"rows\": [] }", "JSON"),
        ("<?xml version=\"1.0\"?><rows/>", "XML"),
        ("%PDF-1.7\n%secret", "a PDF document")
    ])
    func aFileThatIsNotCSVSaysWhatItLooksLikeNotWhatItHolds(text: String, looksLike: String) {
        let errors = tableErrors(text)
        #expect(errors.map(\.id) == ["data-wrong-content"])
        let message = errors.first?.message ?? ""
        #expect(message.hasPrefix("data.csv looks like \(looksLike), not CSV text;"), "\(message)")
        #expect(!message.contains("secret") && !message.contains("Sign in"))
        // No line of the file under the message either.
        #expect(errors.first?.span == nil)
    }

    @Test func csvThatStartsWithABracketWordIsStillCSV() throws {
        #expect(tableErrors("[unit],value\nkm,3\n").isEmpty)
        #expect(tableErrors("<b>,value\nkm,3\n").isEmpty)
    }
}
