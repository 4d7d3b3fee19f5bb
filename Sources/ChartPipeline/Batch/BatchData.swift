import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// A batch's data (SPEC §23): read once (`load`), its values found once (`values`), then each chart's pipeline
/// run over the shared table (`run`), so a thousand charts read and parse the file once.
public enum BatchData {
    /// The spec's data read whole (reshaped, as every chart of the batch reads it).
    public static func load(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> LoadedData {
        try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context)
    }

    /// The values of the batch: a list's as written; a field's in the order the rows first give them (after
    /// `calculate`, before `filter`; missing values give no chart). An unknown field, a field with no values or
    /// more than `BatchSpec.limit` are errors at `each`.
    public static func values(of spec: ChartSpec, loaded: LoadedData) throws(DiagnosticError) -> [Value] {
        guard let each = spec.each else { return [] }
        switch each.source {
        case .values(let list):
            return list.map(\.value)
        case .field(let field):
            let column = try self.column(field, of: spec, loaded: loaded)
            var seen: Set<Value> = []
            var values: [Value] = []
            for row in 0..<column.count where !column.isNull(row) {
                let value = column[row]
                if seen.insert(value).inserted { values.append(value) }
            }
            if values.isEmpty { throw DiagnosticError(Diagnostic(BatchDiagnostic.noValues(field: field.value), at: field.span)) }
            if values.count > BatchSpec.limit {
                throw DiagnosticError(
                    Diagnostic(BatchDiagnostic.tooManyValues(field: field.value, count: values.count, limit: BatchSpec.limit), at: field.span))
            }
            return values
        }
    }

    /// The field's column: the data's, or computed by the spec's `calculate` steps up to it.
    static func column(_ field: Located<String>, of spec: ChartSpec, loaded: LoadedData) throws(DiagnosticError) -> Column {
        if let column = loaded.table.column(named: field.value) { return column }
        let calculated = spec.calculate.map(\.name.value)
        guard calculated.contains(field.value) else {
            let names = loaded.table.columns.map(\.name) + calculated
            throw DiagnosticError(
                Diagnostic(
                    BatchDiagnostic.unknownField(field: field.value, suggestion: Suggestions.closest(to: field.value, in: names)), at: field.span))
        }
        // The calculations as the first chart plans them (placeholders filled in with a missing value).
        guard let probe = spec.batchInstance(for: .null).spec else {
            throw DiagnosticError(Diagnostic(BatchDiagnostic.unknownField(field: field.value, suggestion: nil), at: field.span))
        }
        let (plan, diagnostics) = Planner.plan(probe, schema: loaded.table.columns.map { ($0.name, $0.type) })
        guard let plan, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics.filter { $0.severity == .error }) }
        var steps: [PlanStep] = []
        for step in plan.steps {
            switch step {
            case .load, .calculate: steps.append(step)
            default: continue
            }
        }
        var calculating = plan
        calculating.steps = steps
        let table = try PipelineRunner.run(calculating, input: loaded.table)
        guard let column = table.column(named: field.value) else {
            throw DiagnosticError(Diagnostic(BatchDiagnostic.unknownField(field: field.value, suggestion: nil), at: field.span))
        }
        return column
    }

    /// A batch ready to build: its data read once, its values, and (when its `filter` selects `FIELD == {NAME}`)
    /// the rows of each value, so a chart's pipeline starts from its own rows rather than filtering all of them.
    public struct Shared: Sendable {
        public var loaded: LoadedData
        public var values: [Value]
        /// The rows where the selecting field has each value, in file order; nil: every chart reads every row.
        var rows: [Value: [Int]]?
    }

    /// Reads the data and finds the values and each value's rows, once for the whole batch.
    public static func prepare(_ spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> Shared {
        let loaded = try load(spec, context: context)
        let values = try self.values(of: spec, loaded: loaded)
        var shared = Shared(loaded: loaded, values: values)
        if let field = selectingField(spec), let column = try? column(Located(field, at: nil), of: spec, loaded: loaded) {
            var rows: [Value: [Int]] = [:]
            for row in 0..<column.count where !column.isNull(row) { rows[column[row], default: []].append(row) }
            shared.rows = rows
        }
        return shared
    }

    /// The field a `filter` entry written `FIELD == {NAME}` (or `{NAME} == FIELD`) compares with the batch's
    /// value: every row a chart keeps has that value in that field.
    static func selectingField(_ spec: ChartSpec) -> String? {
        guard let name = spec.each?.name.value else { return nil }
        let placeholder = "{" + name + "}"
        for filter in spec.filter {
            let text = String(filter.text.filter { !$0.isWhitespace })
            let sides = text.split(separator: "==", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard sides.count == 2, !sides[0].contains("="), !sides[1].contains("=") else { continue }
            let other: String
            if sides[1] == placeholder {
                other = sides[0]
            } else if sides[0] == placeholder {
                other = sides[1]
            } else {
                continue
            }
            var field = other
            if field.hasPrefix("`") && field.hasSuffix("`") && field.count > 2 { field = String(field.dropFirst().dropLast()) }
            guard !field.isEmpty, field.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || other.hasPrefix("`") else { continue }
            return field
        }
        return nil
    }

    /// One chart's pipeline over the batch's shared data: planned against its columns, run over a copy of them
    /// (the columns' storage is shared, not copied, until a step writes); over only the value's rows when the
    /// filter selects them and nothing before the filter reads the whole table (a calculated `bin`'s extent).
    public static func run(_ spec: ChartSpec, shared: Shared, value: Value) throws(DiagnosticError) -> PipelineOutput {
        let loaded = shared.loaded
        let (plan, warnings) = Planner.plan(spec, schema: loaded.table.columns.map { ($0.name, $0.type) })
        guard let plan, !warnings.hasErrors else { throw DiagnosticError(warnings) }
        let binned = plan.steps.contains { step in
            if case .calculate(let calculate) = step { return calculate.bin != nil }
            return false
        }
        guard let rows = shared.rows, !binned else { return try Pipeline.execute(plan, warnings: warnings, loaded: loaded) }
        var subset = loaded
        let indices = rows[value] ?? []
        subset.table = Table(columns: loaded.table.columns.map { $0.gathering(indices) }, rowCount: indices.count)
        return try Pipeline.execute(plan, warnings: warnings, loaded: subset)
    }
}
