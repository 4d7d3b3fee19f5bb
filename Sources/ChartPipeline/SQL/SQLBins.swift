import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartExpression
import ChartValues

/// SPEC §13 bins in the compiled statement. `bin(x, step)` is `floor(x / step) * step` in `float8`, which gives
/// chartc's bits (`SQLTranslation.binStart`), and the statement's key column gets the step chartc's column would
/// remember (`ReducedAggregate.keySteps`), so `NAME_end`, `complete` over intervals and the axes are a file's.
///
/// `bin(x)` takes its step from the extent of x over the rows that reach it: a first small statement on the same
/// connection (`SQLBinExtent`: the minimum and maximum of the finite values of x after the filters before the
/// bin step) gives the extent, chartc chooses the step from it with its own arithmetic (`Binning`), and the
/// aggregation is compiled with that step as a parameter. `chartc plan` runs nothing, so it shows the statement
/// with the step to be chosen (`SQLBinExtent.pendingStep`).
public struct SQLBinExtent: Sendable {
    /// The index in the plan's steps of the `bin(x)` calculation.
    public var step: Int
    public var sql: String
    public var parameters: [String?]

    /// Marks a step that is not known yet (for `chartc plan`): NaN.
    public static let pendingStep = Double.nan
    /// What `chartc plan` prints for a pending step's parameter.
    static let pendingText = "the step bin() chooses from the extent"

    /// The step `bin(x)` chooses from this statement's one result row (`min`, `max`; nulls: no finite value).
    public static func step(fromResult table: Table) -> Double {
        guard table.rowCount == 1, table.columns.count == 2, case .number(let lower) = table.columns[0][0],
            case .number(let upper) = table.columns[1][0], lower <= upper
        else { return 1 }
        return Binning.automaticStep(lower: lower, upper: upper)
    }
}

extension SQLCompiler {
    /// A calculation in SQL: its expression, or for a field made by one `bin` call the interval start with the
    /// step (`bin.step`, or for `bin(x)` the one found from the extent, `binSteps[index]`) kept on the value.
    static func calculationSQL(
        _ calculate: CalculateStep, index: Int, scope: SQLTranslation.Scope, parameters: inout SQLParameters, binSteps: [Int: Double]
    ) -> SQLValue? {
        guard let bin = calculate.bin else { return calculate.expression.sql(in: scope, parameters: &parameters) }
        guard let step = bin.step ?? binSteps[index], step.isNaN || (step > 0 && step.isFinite) else { return nil }
        var scratch = parameters
        guard let argument = bin.argument.sql(in: scope, parameters: &scratch), argument.type == .number else { return nil }
        let stepText = scratch.add(step.isNaN ? SQLBinExtent.pendingText : SQLTranslation.numberText(step), cast: "float8")
        parameters = scratch
        var value = SQLValue(text: SQLTranslation.binStart(argument.text, step: stepText), type: .number)
        value.binStep = step.isNaN ? nil : step
        return value
    }

    /// The statement giving the extent the first `bin(x)` before the aggregation needs, whose step is not in
    /// `known`; nil when there is none, or when its rows cannot be selected in SQL (a filter before it, or its
    /// argument, has no exact SQL form: the aggregation then runs in chartc anyway).
    public static func binExtent(_ plan: Plan, relation: String, columns: [Column], known: [Int: Double]) -> SQLBinExtent? {
        guard case .load(let load)? = plan.steps.first, load.sql != nil,
            let aggregateIndex = plan.steps.firstIndex(where: { if case .aggregate = $0 { return true } else { return false } })
        else { return nil }
        for index in 1..<aggregateIndex {
            guard case .calculate(let calculate) = plan.steps[index], let bin = calculate.bin, bin.step == nil, known[index] == nil else { continue }
            var parameters = SQLParameters()
            let prefix = Plan(steps: Array(plan.steps[..<index]), columns: plan.columns, dataFields: plan.dataFields, outputFields: plan.outputFields)
            let rows = rowSteps(prefix, scope: dataScope(columns), parameters: &parameters, reads: Set(bin.argument.fieldsUsed), binSteps: known)
            let filterCount = plan.steps[..<index].reduce(0) { count, step in
                if case .filter(let filter) = step { return count + filter.expressions.count }
                return count
            }
            guard rows.translated.count == filterCount,
                let argument = bin.argument.sql(in: rows.scope, parameters: &parameters), argument.type == DataType.number
            else { return nil }
            let x = "\"chartc_x\""
            let sql =
                "SELECT min(\(x)), max(\(x))\nFROM (SELECT \(argument.text) AS \(x)\n      FROM \(relation)"
                + (rows.conditions.isEmpty ? "" : "\n      WHERE " + rows.conditions.joined(separator: "\n        AND "))
                + ") AS \"chartc_rows\"\nWHERE abs(\(x)) < 'Infinity'::float8"
            return SQLBinExtent(step: index, sql: sql, parameters: parameters.values)
        }
        return nil
    }
}

extension DataLoader {
    /// The steps of the plan's `bin(x)` calculations, each from its extent statement (`SQLBinExtent`) run on the
    /// build's connection and cached like any statement. A statement the server refuses leaves the step out: the
    /// aggregation then runs in chartc.
    static func databaseBinSteps(
        _ target: DatabaseTarget, plan: Plan, relation: String, columns: [SQLCompiler.Column], context: LoadContext
    ) throws(DiagnosticError) -> [Int: Double] {
        var steps: [Int: Double] = [:]
        while let extent = SQLCompiler.binExtent(plan, relation: relation, columns: columns, known: steps) {
            do {
                let loaded = try runStatement(target, sql: extent.sql, parameters: extent.parameters, context: context)
                steps[extent.step] = SQLBinExtent.step(fromResult: loaded.table)
            } catch {
                let notCached = context.fetch.mode == .offline && error.diagnostics.contains { $0.id == DatabaseDiagnostic.Kind.notCached.rawValue }
                guard isUnsupported(error) || notCached else { throw error }
                break
            }
        }
        return steps
    }
}
