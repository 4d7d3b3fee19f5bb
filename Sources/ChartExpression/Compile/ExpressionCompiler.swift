import ChartData
import ChartDiagnostics

/// The entry points: parse, check and compile an expression for where it is used. Every function returns all
/// diagnostics found (syntax first, then names and types) and a compiled result only when there are no errors.
public enum ExpressionCompiler {
    /// A row expression: `filter`, `calculate`, or anything else evaluated once per row.
    public static func compileRow(_ source: ExpressionSource, schema: ExpressionSchema, environment: ExpressionEnvironment = ExpressionEnvironment())
        -> (CompiledExpression?, [Diagnostic])
    {
        let (expr, parsed) = ExpressionParser.parse(source)
        let syntaxDiagnostics = naming(parsed, schema: schema)
        guard let expr else { return (nil, syntaxDiagnostics) }
        var checker = TypeChecker(source: source, schema: schema, environment: environment, context: .row)
        let root = checker.check(expr)
        let diagnostics = inSourceOrder(syntaxDiagnostics + checker.diagnostics)
        guard let root, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (CompiledExpression(root: root, fieldsUsed: checker.fieldsUsed, source: source, environment: environment), diagnostics)
    }

    /// A `calculate` field: a row expression that may also be `bin(x)`, whose step the planner chooses from the
    /// data (SPEC §13). When the whole expression is a `bin` call, `bin` describes it, so the field can remember
    /// its step.
    public static func compileCalculation(
        _ source: ExpressionSource, schema: ExpressionSchema, environment: ExpressionEnvironment = ExpressionEnvironment()
    ) -> (CompiledExpression?, [Diagnostic], BinCall?) {
        let (expr, parsed) = ExpressionParser.parse(source)
        let syntaxDiagnostics = naming(parsed, schema: schema)
        guard let expr else { return (nil, syntaxDiagnostics, nil) }
        var checker = TypeChecker(source: source, schema: schema, environment: environment, context: .row)
        checker.autoBinRange = expr.range
        let root = checker.check(expr)
        let diagnostics = inSourceOrder(syntaxDiagnostics + checker.diagnostics)
        guard let root, !diagnostics.hasErrors else { return (nil, diagnostics, nil) }
        let compiled = CompiledExpression(root: root, fieldsUsed: checker.fieldsUsed, source: source, environment: environment)
        var bin: BinCall?
        if case .call(.bin, let arguments) = root.operation, let first = arguments.first {
            let argument = CompiledExpression(root: first, fieldsUsed: checker.fieldsUsed, source: source, environment: environment)
            bin = BinCall(argument: argument, step: arguments.count == 2 ? arguments[1].constantValue?.numberValue : nil)
        }
        return (compiled, diagnostics, bin)
    }

    /// A `filter` expression: a row expression that must give a boolean (or be always null, which keeps no row).
    public static func compileFilter(
        _ source: ExpressionSource, schema: ExpressionSchema, environment: ExpressionEnvironment = ExpressionEnvironment()
    ) -> (CompiledExpression?, [Diagnostic]) {
        let (compiled, diagnostics) = compileRow(source, schema: schema, environment: environment)
        guard let compiled, let type = compiled.resultType, type != .boolean else { return (compiled, diagnostics) }
        let whole = 0..<source.text.utf8.count
        return (nil, diagnostics + [Diagnostic(ExpressionDiagnostic.filterNotBoolean(source: source.text, type: type), at: source.span(for: whole))])
    }

    /// An `aggregate` value (SPEC §5): aggregate calls over row expressions, combined by an outer expression
    /// that may also use the `groupFields`.
    public static func compileAggregate(
        _ source: ExpressionSource, schema: ExpressionSchema, groupFields: [String], environment: ExpressionEnvironment = ExpressionEnvironment()
    ) -> (CompiledAggregate?, [Diagnostic]) {
        let (expr, parsed) = ExpressionParser.parse(source)
        let syntaxDiagnostics = naming(parsed, schema: schema)
        guard let expr else { return (nil, syntaxDiagnostics) }
        var checker = TypeChecker(source: source, schema: schema, environment: environment, context: .aggregateOuter(groupFields: groupFields))
        let root = checker.check(expr)
        let diagnostics = inSourceOrder(syntaxDiagnostics + checker.diagnostics)
        guard let root, !diagnostics.hasErrors else { return (nil, diagnostics) }
        let outer = CompiledExpression(root: root, fieldsUsed: checker.fieldsUsed, source: source, environment: environment)
        return (CompiledAggregate(calls: checker.calls, outer: outer), diagnostics)
    }

    /// A `window` value (SPEC §14): window calls over row expressions of the output's fields, combined by an
    /// outer row expression that may also read the row's own fields.
    public static func compileWindow(
        _ source: ExpressionSource, schema: ExpressionSchema, environment: ExpressionEnvironment = ExpressionEnvironment()
    ) -> (CompiledWindow?, [Diagnostic]) {
        let (expr, parsed) = ExpressionParser.parse(source)
        let syntaxDiagnostics = naming(parsed, schema: schema)
        guard let expr else { return (nil, syntaxDiagnostics) }
        var checker = TypeChecker(source: source, schema: schema, environment: environment, context: .windowOuter)
        let root = checker.check(expr)
        let diagnostics = inSourceOrder(syntaxDiagnostics + checker.diagnostics)
        guard let root, !diagnostics.hasErrors else { return (nil, diagnostics) }
        let outer = CompiledExpression(root: root, fieldsUsed: checker.fieldsUsed, source: source, environment: environment)
        return (CompiledWindow(calls: checker.windowCalls, outer: outer), diagnostics)
    }

    /// A syntax error for names side by side (`Major Genre == 'Action'`, SPEC §19.15) whose backticked fix-it names
    /// a field the expression can read gets a note saying so, so the reader knows the fix is right.
    static func naming(_ diagnostics: [Diagnostic], schema: ExpressionSchema) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.diagnosticID == ExpressionSyntaxDiagnostic.Kind.syntax.diagnosticID, let replacement = diagnostic.fixIt?.replacement,
                replacement.count > 2, replacement.hasPrefix("`"), replacement.hasSuffix("`")
            else { return diagnostic }
            let name = String(replacement.dropFirst().dropLast())
            guard schema.names.contains(name) else { return diagnostic }
            var named = diagnostic
            named.notes.append(DiagnosticNote("'\(name)' is a field of the data"))
            return named
        }
    }

    /// Diagnostics sorted by where they point (stable, so equal positions keep the order they were found in).
    private static func inSourceOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? Int.max
            let right = b.element.span?.range.lowerBound ?? Int.max
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}

/// A `calculate` field that is one `bin` call (SPEC §13): what it bins, and its step (nil: `bin(x)`, chosen by
/// the planner's bin step from the rows after `filter`).
public struct BinCall: Sendable {
    public let argument: CompiledExpression
    public let step: Double?
}
