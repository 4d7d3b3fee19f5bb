import ChartDiagnostics

/// The catalogue of what the commands themselves report: paths given on the command line, output files, `chartc
/// fmt` (each id listed in `specs/diagnostics.md`). Each case carries what its sentence names; `message` holds the
/// one wording of each, `kind` its id and severity.
public enum CommandLineDiagnostic: KindedDiagnosticMessage, Equatable {
    /// A path that does not exist: `suggestion` is a near name in its folder, `missingFolder` the folder when it
    /// does not exist either.
    case fileNotFound(suggestion: String?, missingFolder: String?)
    /// A path that is neither a file nor a folder.
    case notAFileOrFolder
    /// A file that cannot be read (`reason` from the file system).
    case fileUnreadable(reason: String)
    /// A folder with no spec (`suffix`: the spec file suffix).
    case noSpecsFound(suffix: String)
    /// Two specs that would write one output file.
    case outputCollision(output: String, owner: String)
    /// The output folder cannot be created.
    case outputFolderFailed(reason: String)
    /// A chart's output cannot be written.
    case chartWriteFailed(reason: String)
    /// `chartc fmt` cannot write the formatted file.
    case formattedWriteFailed(reason: String)
    /// A format asked for whose scenes the driver did not lay out (a bug in the driver).
    case scenesMissing(format: String)
    /// `chartc fmt --check`: the file differs from its canonical layout from `line` on.
    case unformatted(line: Int, path: String)
    /// `chartc fmt` could not keep the file's meaning.
    case formatFailed
    /// `--preset NAME` names no preset the chart has (SPEC §23): `known` are its presets.
    case unknownPreset(name: String, suggestion: String?, known: [String])
    /// An output preset's picture came out larger than the preset asks (a long title at a small size: the text
    /// keeps its lines and the plot its least height), so the file is not the size asked for (a warning).
    case presetSize(name: String, asked: String, made: String)

    public enum Kind: String, DiagnosticKind {
        case fileNotFound = "file-not-found"
        case fileUnreadable = "file-unreadable"
        case noSpecsFound = "no-specs-found"
        case outputCollision = "output-collision"
        case outputFailed = "output-failed"
        case formatUnformatted = "fmt-unformatted"
        case formatFailed = "fmt-failed"
        case unknownPreset = "unknown-preset"
        case presetSize = "preset-size"

        public static let domain = "ChartCommandLine"
        public var severity: Severity {
            switch self {
            case .presetSize: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .fileNotFound: .fileNotFound
        case .notAFileOrFolder, .fileUnreadable: .fileUnreadable
        case .noSpecsFound: .noSpecsFound
        case .outputCollision: .outputCollision
        case .outputFolderFailed, .chartWriteFailed, .formattedWriteFailed, .scenesMissing: .outputFailed
        case .unformatted: .formatUnformatted
        case .formatFailed: .formatFailed
        case .unknownPreset: .unknownPreset
        case .presetSize: .presetSize
        }
    }

    public var message: String {
        switch self {
        case .fileNotFound(let suggestion?, _):
            return "no such file or folder. Did you mean '\(suggestion)'?"
        case .fileNotFound(nil, let folder?):
            return "no such file or folder (the folder '\(folder)' does not exist either)"
        case .fileNotFound(nil, nil):
            return "no such file or folder"
        case .notAFileOrFolder:
            return "not a file or folder"
        case .fileUnreadable(let reason):
            return "cannot read the file: \(reason)"
        case .noSpecsFound(let suffix):
            return "the folder has no chart specs: no '*\(suffix)' file in it or in any folder below it"
        case .outputCollision(let output, let owner):
            return
                "not built: its output '\(output)' would overwrite the chart built from '\(owner)'; rename one of the specs or build them separately"
        case .outputFolderFailed(let reason):
            return "cannot create the output folder: \(reason)"
        case .chartWriteFailed(let reason):
            return "cannot write the chart: \(reason)"
        case .formattedWriteFailed(let reason):
            return "cannot write the formatted file: \(reason)"
        case .scenesMissing(let format):
            return "cannot write the \(format) output: its scenes were not laid out"
        case .unformatted(let line, let path):
            return "the file is not formatted (line \(line) of the formatted text differs from here); run 'chartc fmt \(path)'"
        case .formatFailed:
            return "chartc could not format this file without changing its meaning; it was left as it was (please report this)"
        case .presetSize(let name, let asked, let made):
            return
                "the preset '\(name)' asks for \(asked) px, but the chart needs \(made) px (its text keeps every line and the plot at least 40 px): the output is \(made); give the preset more room or shorten the text"
        case .unknownPreset(let name, let suggestion, let known):
            return "the chart has no output preset '\(name)' (its presets: " + known.joined(separator: ", ") + "; or 'all' for each)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }
}
