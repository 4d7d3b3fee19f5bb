import ChartDiagnostics
import ChartPipeline
import ChartSpec

/// Reads and parses one spec for the single-spec commands (`data`, `plan`), printing what went wrong.
enum SpecLoading {
    /// The parsed spec, or nil after printing why there is none. Warnings are printed and do not stop it. Of a
    /// batch (SPEC §23), with `context` (how its data is read), the chart of its first value.
    static func load(_ path: String, console: any Console, context: LoadContext? = nil) -> ChartSpec? {
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
        guard spec.each != nil, let context else { return spec }
        do throws(DiagnosticError) {
            let first = try Compiler.firstBatchInstance(spec, context: context)
            console.report(first.diagnostics)
            guard let instance = first.spec, !first.diagnostics.hasErrors else { return nil }
            return instance
        } catch {
            console.report(error.diagnostics)
            return nil
        }
    }
}
