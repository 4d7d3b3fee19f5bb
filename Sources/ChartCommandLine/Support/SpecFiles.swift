import ChartDiagnostics
import ChartSystem

/// Finds and reads the spec files a command was given. A folder stands for every `*.chart.json` under it
/// (recursively, sorted, hidden folders and symbolic-linked folders skipped); a missing path becomes a
/// `file-not-found` diagnostic that suggests a close name in the same folder.
public enum SpecFiles {
    public static let suffix = ".chart.json"

    /// The spec files named by `paths`, in argument order, each once, and a diagnostic for every path that
    /// yields none.
    public static func expand(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            switch FileSystem.kind(of: path) {
            case .file:
                if !files.contains(path) { files.append(path) }
            case .directory:
                var found: [String] = []
                collect(in: path, depth: 0, into: &found)
                if found.isEmpty {
                    diagnostics.append(
                        Diagnostic(CommandLineDiagnostic.noSpecsFound(suffix: suffix), path: path))
                }
                for file in found where !files.contains(file) { files.append(file) }
            case .missing:
                diagnostics.append(missingFile(path))
            case .other:
                diagnostics.append(Diagnostic(CommandLineDiagnostic.notAFileOrFolder, path: path))
            }
        }
        return (files, diagnostics)
    }

    /// Reads a spec (or any input file) as a `SourceFile`, or the diagnostic that says why it cannot be read.
    public static func read(_ path: String) -> Result<SourceFile, Diagnostic> {
        do {
            return .success(SourceFile(path: path, bytes: try FileSystem.readFile(path, limit: .spec)))
        } catch {
            if error.isMissing { return .failure(missingFile(path)) }
            return .failure(Diagnostic(CommandLineDiagnostic.fileUnreadable(reason: error.reason), path: path))
        }
    }

    /// `no such file or folder. Did you mean 'examples/polarization.chart.json'?`
    public static func missingFile(_ path: String) -> Diagnostic {
        let directory = Paths.directory(of: path)
        var suggestion: String?
        var missingFolder: String?
        if FileSystem.kind(of: directory) == .directory {
            let names = (try? FileSystem.contentsOfDirectory(directory)) ?? []
            suggestion = Suggestions.closest(to: Paths.fileName(of: path), in: names).map { Paths.join(directory, $0) }
        } else {
            missingFolder = directory
        }
        return Diagnostic(CommandLineDiagnostic.fileNotFound(suggestion: suggestion, missingFolder: missingFolder), path: path)
    }

    /// Every spec below `directory`, sorted, skipping hidden and symlinked folders and whatever a
    /// `.chartcignore` in a folder on the way lists (see `IgnoreFile`).
    private static func collect(
        in directory: String, depth: Int, into found: inout [String],
        ignores: [(folder: String, file: IgnoreFile)] = []
    ) {
        guard depth < 64, let names = try? FileSystem.contentsOfDirectory(directory) else { return }
        var ignores = ignores
        if let here = IgnoreFile.load(in: directory) { ignores.append((directory, here)) }
        for name in names where !name.hasPrefix(".") {
            let path = Paths.join(directory, name)
            switch FileSystem.kind(of: path) {
            case .file where name.hasSuffix(suffix):
                let ignored = ignores.contains { folder, file in
                    file.ignores(String(path.dropFirst(folder.count).drop { $0 == "/" }))
                }
                if !ignored { found.append(path) }
            case .directory where !FileSystem.isSymbolicLink(path):
                collect(in: path, depth: depth + 1, into: &found, ignores: ignores)
            default:
                break
            }
        }
    }
}
