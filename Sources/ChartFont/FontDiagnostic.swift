import ChartDiagnostics

/// Every diagnostic ChartFont reports (each id listed in specs/diagnostics.md): a font file that cannot be read
/// or is broken, and a font family that is not installed.
public enum FontDiagnostic: KindedDiagnosticMessage, Equatable, Error {
    case unreadable(path: String, reason: String)
    case malformed(path: String, table: String, problem: String)
    case familyNotFound(families: [String], install: String?)
    /// A face that a PDF cannot carry: its licence forbids embedding, or its outlines are not TrueType.
    case notEmbeddable(path: String, family: String, reason: String)
    /// A face whose outlines the PNG rasterizer cannot read (CFF; it draws TrueType `glyf` outlines).
    case notDrawable(path: String, family: String)

    public enum Kind: String, DiagnosticKind {
        case unreadable = "font-unreadable"
        case malformed = "font-malformed"
        case familyNotFound = "font-not-found"
        case notEmbeddable = "font-not-embeddable"
        case notDrawable = "font-not-drawable"
        public static let domain = "ChartFont"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .unreadable: .unreadable
        case .malformed: .malformed
        case .familyNotFound: .familyNotFound
        case .notEmbeddable: .notEmbeddable
        case .notDrawable: .notDrawable
        }
    }

    public var message: String {
        switch self {
        case .unreadable(_, let reason):
            "cannot read the font file: \(reason)"
        case .malformed(_, let table, let problem):
            table.isEmpty ? "not a usable TrueType/OpenType font: \(problem)" : "not a usable TrueType/OpenType font: the '\(table)' table \(problem)"
        case .familyNotFound(let families, let install):
            "no installed font of the family " + families.map { "'\($0)'" }.joined(separator: ", ")
                + " in the system font folders" + (install.map { "; install \($0)" } ?? "")
        case .notEmbeddable(_, let family, let reason):
            "the face '\(family)' cannot be embedded in a PDF: \(reason)"
        case .notDrawable(_, let family):
            "the face '\(family)' cannot be drawn in a PNG: it has neither TrueType (glyf) nor CFF outlines (a CFF2 variable font or"
                + " bitmaps only); use a static .ttf or .otf of the family"
        }
    }

    /// The diagnostic, at the font file's path when there is one.
    public var diagnostic: Diagnostic {
        switch self {
        case .unreadable(let path, _), .malformed(let path, _, _), .notEmbeddable(let path, _, _), .notDrawable(let path, _):
            Diagnostic(self, path: path)
        case .familyNotFound: Diagnostic(self, at: nil)
        }
    }
}
