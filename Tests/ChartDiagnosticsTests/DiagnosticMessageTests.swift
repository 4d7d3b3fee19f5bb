import ChartDiagnostics
import Testing

/// A diagnostic takes its id, domain and severity from its catalogue and keeps the message it was made from.
@Suite struct DiagnosticMessageTests {
    enum Sample: KindedDiagnosticMessage, Equatable {
        case missing(field: String)

        enum Kind: String, DiagnosticKind, ComposedWording {
            case missing = "sample-missing"
            case loose = "sample-loose"

            static let domain = "Samples"
            var severity: Severity { self == .loose ? .warning : .error }
        }

        var kind: Kind { .missing }
        var message: String {
            switch self {
            case .missing(let field): "no field '\(field)'"
            }
        }
    }

    static let span = SourceSpan(file: SourceFile(path: "s.json", text: "{}"), offset: 0)

    @Test func aCaseGivesIDDomainSeverityAndWordingAndIsKept() throws {
        let diagnostic = Diagnostic(Sample.missing(field: "x"), at: Self.span)
        #expect(diagnostic.id == "sample-missing")
        #expect(diagnostic.domain == "Samples")
        #expect(diagnostic.diagnosticID == DiagnosticID(domain: "Samples", name: "sample-missing"))
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "no field 'x'")
        #expect(diagnostic.is(Sample.Kind.missing))
        #expect(!diagnostic.is(Sample.Kind.loose))
        #expect(try #require(diagnostic.diagnosticMessage as? Sample) == .missing(field: "x"))
    }

    @Test func aKindWithAComposedSentenceTakesTheKindsSeverity() {
        let diagnostic = Diagnostic(Sample.Kind.loose, "a loose end", path: "s.json")
        #expect(diagnostic.id == "sample-loose")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.path == "s.json")
        #expect(diagnostic.diagnosticMessage is ComposedMessage<Sample.Kind>)
    }

    /// Equality is what a reader sees: the same id, text and place, whichever message value made it.
    @Test func equalityIgnoresTheMessageValue() {
        let composed = Diagnostic(Sample.Kind.missing, "no field 'x'", at: Self.span)
        #expect(composed == Diagnostic(Sample.missing(field: "x"), at: Self.span))
        #expect(composed != Diagnostic(Sample.Kind.missing, "no field 'y'", at: Self.span))
    }

    @Test func aKindListsItsIDsWithTheirSeverities() {
        #expect(Sample.Kind.allIDs.map(\.name) == ["sample-missing", "sample-loose"])
        #expect(Sample.Kind.severities.map(\.severity) == [.error, .warning])
    }
}
