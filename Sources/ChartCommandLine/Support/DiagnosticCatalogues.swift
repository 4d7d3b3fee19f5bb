import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartExpression
import ChartFont
import ChartGeo
import ChartJSON
import ChartLayout
import ChartLint
import ChartPipeline
import ChartPreview
import ChartSemantics
import ChartSpec
import ChartStyle

/// Every catalogue of diagnostic ids chartc has, one line each, so that `specs/diagnostics.md` can be held to
/// what chartc can really say, both ways (a documented id some catalogue has, a catalogue id the page documents).
/// A module that adds a catalogue adds its `Kind` here.
public enum DiagnosticCatalogues {
    public static let kinds: [any DiagnosticKind.Type] = [
        AnnotationDiagnostic.Kind.self,
        BatchDiagnostic.Kind.self,
        CommandLineDiagnostic.Kind.self,
        DataDiagnostic.Kind.self,
        DatabaseDiagnostic.Kind.self,
        ExpressionDiagnostic.Kind.self,
        ExpressionSyntaxDiagnostic.Kind.self,
        FontDiagnostic.Kind.self,
        GeoDiagnostic.Kind.self,
        JSONDiagnostic.Kind.self,
        ScaleError.Kind.self,
        LayoutDiagnostic.Kind.self,
        LintDiagnostic.Kind.self,
        PipelineDiagnostic.Kind.self,
        FetchDiagnostic.Kind.self,
        PreviewDiagnostic.Kind.self,
        SemanticDiagnostic.Kind.self,
        LayerDiagnostic.Kind.self,
        SpecDiagnostic.Kind.self,
        ThemeDiagnostic.Kind.self
    ]

    /// Every id chartc can produce, with its severity, in the order of `kinds`.
    public static var all: [(id: DiagnosticID, severity: Severity)] {
        kinds.flatMap { $0.severities }
    }
}
