// The libFuzzer entry point. `Tests/Fuzz/run.sh` compiles this file together with
// `Tests/ChartLintTests/Fuzz/FuzzTargets.swift` and passes `-D FUZZ_<TARGET>` to pick what one binary fuzzes.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    #if FUZZ_JSON
        let problems = FuzzTargets.json(bytes)
    #elseif FUZZ_CSV
        let problems = FuzzTargets.csv(bytes)
    #elseif FUZZ_EXPRESSION
        let problems = FuzzTargets.expression(bytes)
    #elseif FUZZ_SPEC
        let problems = FuzzTargets.spec(bytes)
    #else
        let problems = ["no FUZZ_<TARGET> was defined"]
    #endif
    if let first = problems.first {
        fatalError("invariant broken: \(first)")
    }
    return 0
}
