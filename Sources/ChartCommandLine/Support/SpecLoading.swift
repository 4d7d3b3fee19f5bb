import ChartDiagnostics
import ChartSpec

/// Reads and parses one spec for the single-spec commands (`data`, `plan`), printing what went wrong.
enum SpecLoading {
    /// The parsed spec, or nil after printing why there is none. Warnings are printed and do not stop it.
    static func load(_ path: String, console: any Console) -> ChartSpec? {
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let diagnostic):
            console.report([diagnostic])
            return nil
        }
        let (spec, diagnostics) = Compiler.parse(file)
        console.report(diagnostics)
        guard let spec, !diagnostics.hasErrors else { return nil }
        return spec
    }
}
