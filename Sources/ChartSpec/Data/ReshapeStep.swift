/// One reshaping step of SPEC §21 (`fold`, `pivot`, `lookup`, `flatten`), in the order the spec writes them: the loader runs
/// them right after reading, before `calculate`, so every later step, every layer and view that inherits the data,
/// and lint see the reshaped table as the data.
public enum ReshapeStep: Sendable {
    case fold(FoldSpec)
    case pivot(PivotSpec)
    case lookup(LookupSpec)
    case flatten(FlattenSpec)

    /// The spec key that writes it.
    public var key: String {
        switch self {
        case .fold: "fold"
        case .pivot: "pivot"
        case .lookup: "lookup"
        case .flatten: "flatten"
        }
    }
}
