import ChartDiagnostics

/// What the parser says about `annotations` (SPEC §12) beyond the generic unknown keys and wrong types: the
/// structure each annotation type needs.
public enum AnnotationDiagnostic: KindedDiagnosticMessage, DiagnosticCatalogue {
    /// A key another annotation type takes (`connector` on a rule).
    case keyNotForType(key: String, kind: String, owners: [String])
    /// A rule or range with both `x` and `y`.
    case bothAxes(kind: String)
    /// A rule or range without `x` or `y`, a note without `x`, `y` or `text`.
    case missingValue(kind: String, needs: String)
    /// A range whose value is not `[from, to]`.
    case rangeNotPair(path: String, count: Int)
    /// An `at` that is not `argmax(FIELD)`, `argmin(FIELD)`, `first` or `last` (SPEC §19.13); the sentence says why.
    case invalidAnchor(String)
    /// `layer` on a note placed by `x` and `y`: it only says whose rows `at` reads.
    case layerWithoutAt

    public enum Kind: String, DiagnosticKind {
        case keyNotForType = "annotation-key-not-for-type"
        case bothAxes = "annotation-both-axes"
        case missingValue = "annotation-missing-value"
        case rangeNotPair = "annotation-range-not-pair"
        case invalidAnchor = "annotation-at-invalid"
        case layerWithoutAt = "annotation-layer-without-at"

        public static let domain = "ChartSpec"
        public var severity: Severity { .error }
    }

    public static var allIDs: [DiagnosticID] { Kind.allIDs }

    public var kind: Kind {
        switch self {
        case .keyNotForType: .keyNotForType
        case .bothAxes: .bothAxes
        case .missingValue: .missingValue
        case .rangeNotPair: .rangeNotPair
        case .invalidAnchor: .invalidAnchor
        case .layerWithoutAt: .layerWithoutAt
        }
    }

    public var message: String {
        switch self {
        case .keyNotForType(let key, let kind, let owners):
            let list = owners.count > 1 ? owners.dropLast().joined(separator: ", ") + " and " + (owners.last ?? "") : (owners.first ?? "")
            return "'\(key)' does not apply to a '\(kind)' annotation; it is for \(list) annotations"
        case .bothAxes(let kind):
            return "a '\(kind)' annotation takes 'x' or 'y', not both: write one annotation per axis"
        case .missingValue(let kind, let needs):
            return "a '\(kind)' annotation needs \(needs)"
        case .rangeNotPair(let path, let count):
            return "'\(path)' of a range is [from, to], found \(count) value\(count == 1 ? "" : "s")"
        case .invalidAnchor(let why):
            return why
        case .layerWithoutAt:
            return
                "'layer' says whose drawn rows 'at' points at, but this note has no 'at': add \"at\": \"argmax(FIELD)\" (or argmin(FIELD), first, last), or remove 'layer'"
        }
    }
}
