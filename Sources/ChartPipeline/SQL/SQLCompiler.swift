import ChartData
import ChartDatabase
import ChartExpression
import ChartValues

/// The plan's second executor: compiles the steps of a `Plan` over data from a database into one SQL statement
/// (`calculate`, `filter`, `groupBy`/`aggregate` and `total`), so only the groups come back over the socket, and
/// leaves in chartc what has no exact SQL form. What it produces is a new `Plan`: the load step carries the
/// statement, `databaseSteps` the spec steps the statement performs, and `steps` what chartc still runs.
///
/// **Aggregations** become
///
///     SELECT [GROUPING(keys) AS mask,] keys, per call: count(*) | count(x) | count(DISTINCT x) | sum(x) |
///            min(x) | max(x) | sum(x), count(x) (mean) | the two closest ranks and the count (quantiles) |
///            the sample variance in chartc's two passes (stdev, variance: `SQLSpread`) |
///            the least/greatest value within `percentile_cont`'s fences (lower_whisker, upper_whisker)
///     FROM (SELECT key and argument expressions FROM relation WHERE filters) AS "chartc_rows"
///     GROUP BY keys | GROUP BY GROUPING SETS ((keys), (keys but a total's field), …)
///
/// and chartc finishes each group (`ReducedAggregate`): a mean is divided, a quantile interpolated, with
/// chartc's own arithmetic, so the numbers are bit for bit those of a file. `sort`, `window`, `keep` and `complete`
/// join the statement where their result is exact (`SQLOrdering`, `SQLWindow`, `SQLCompletion`); the rest runs in
/// chartc over the result rows. Whenever any part of the aggregation has no exact SQL form
/// (`sum`, `mean`, `first`/`last` and `stdev`/`variance` over a `query`, which has no input order; an expression
/// function the translation leaves out; a bpchar column), the statement reads only the
/// columns the plan reads, with every filter that translates in its `WHERE`, and chartc runs the steps.
///
/// Without an aggregation the statement reads the data columns with the filters that translate in its
/// `WHERE`; chartc calculates.
///
/// Every identifier is quoted (`SQLText.identifier`), every constant a `$n` parameter: no spec text reaches the
/// statement otherwise, except the user's own `query`.
public enum SQLCompiler {
    /// A data column: its name and PostgreSQL type OID (`RowDescription`).
    public typealias Column = (name: String, type: DataType, oid: UInt32)

    /// The statement and the plan that runs with it; nil when the plan does not read from a database.
    ///
    /// `inputOrder` is SQL for the rows' input order when the relation has one (a table's `ctid`: the order a
    /// sequential scan reads, and chartc reads, its rows); sums, means and `first`/`last` depend on it and are
    /// computed in SQL only with it.
    ///
    /// `binSteps`: the steps `bin(x)` chose from the extents `binExtent` statements found, by the index of its
    /// calculation in `plan.steps` (`SQLBinExtent.pendingStep` for `chartc plan`, which runs nothing).
    public static func compile(_ plan: Plan, relation: String, columns: [Column], inputOrder: String? = nil, binSteps: [Int: Double] = [:]) -> Plan? {
        guard case .load(let load)? = plan.steps.first, load.sql != nil else { return nil }
        let scope = dataScope(columns)
        if plan.steps.contains(where: { if case .statistics = $0 { return true } else { return false } }) {
            return StatisticsPlacement.onFetchedRows(compileFilters(plan, load: load, relation: relation, scope: scope))
        }
        var reason: String?
        if let compiled = compileAggregation(
            plan, load: load, relation: relation, scope: scope, inputOrder: inputOrder, binSteps: binSteps, reason: &reason)
        {
            return orderedAggregation(compiled) ?? compiled
        }
        if let compiled = compileRowOrder(plan, load: load, relation: relation, scope: scope, inputOrder: inputOrder) { return compiled }
        return compileFilters(plan, load: load, relation: relation, scope: scope, aggregationReason: reason)
    }

    /// How each data column reads in SQL, as chartc reads its text: numbers as `float8` (a `float4`, `oid` or
    /// other number type through its text, as chartc parses it), dates as `timestamptz` in UTC, text as text. A
    /// `bpchar` column is left out: its cast to text drops the padding chartc keeps. What chartc reads as null is
    /// null here too (`ResultDecoder`): `NaN` and `±Infinity`, an empty string (SPEC §4: an empty value is null),
    /// and a date outside the years 1–9999 (`infinity`, BC); times are read to the millisecond, as chartc reads them.
    static func dataScope(_ columns: [Column]) -> SQLTranslation.Scope {
        var scope: SQLTranslation.Scope = [:]
        for column in columns where scope[column.name] == nil {
            let quoted = SQLText.identifier(column.name)
            switch (column.type, column.oid) {
            case (.number, 20), (.number, 21), (.number, 23): scope[column.name] = SQLValue(text: "\(quoted)::float8", type: .number)
            case (.number, 701): scope[column.name] = SQLValue(text: finite(quoted), type: .number)
            case (.number, 1700): scope[column.name] = SQLValue(text: finite("\(quoted)::float8"), type: .number)
            case (.number, _): scope[column.name] = SQLValue(text: finite("\(quoted)::text::float8"), type: .number)
            case (.date, 1184): scope[column.name] = SQLValue(text: onTheTimeAxis(quoted), type: .date)
            case (.date, _): scope[column.name] = SQLValue(text: onTheTimeAxis("\(quoted)::timestamptz"), type: .date)
            case (.boolean, _): scope[column.name] = SQLValue(text: quoted, type: .boolean)
            case (.string, 25), (.string, 1043), (.string, 19): scope[column.name] = SQLValue(text: "NULLIF(\(quoted), '')", type: .string)
            case (.string, _): break
            }
        }
        return scope
    }

    /// A `float8` with `NaN` and `±Infinity` as null (in PostgreSQL `NaN` is above every number, so its `abs` is
    /// not below infinity either).
    static func finite(_ number: String) -> String {
        "(CASE WHEN abs(\(number)) < 'Infinity'::float8 THEN \(number) END)"
    }

    /// A `timestamptz` (UTC) as chartc reads its text: to the millisecond (chartc's resolution; the text's further
    /// digits are dropped, as `date_trunc` drops them), and null for the instants chartc cannot read (`±infinity`,
    /// years before 1 or after 9999).
    static func onTheTimeAxis(_ date: String) -> String {
        "(CASE WHEN \(date) >= '0001-01-01 00:00:00+00'::timestamptz AND \(date) < '10000-01-01 00:00:00+00'::timestamptz"
            + " THEN date_trunc('milliseconds', \(date)) END)"
    }

    // MARK: - Row steps

    /// The row steps before the aggregation (or all of them): each calculation that translates joins the scope
    /// (one that does not leaves its name out, so whatever reads it stays in chartc); each filter expression that
    /// translates becomes a condition, and the others are listed.
    struct RowSteps {
        var scope: SQLTranslation.Scope
        var conditions: [String] = []
        var translated: [(step: Int, expression: Int)] = []
        var untranslated: [String] = []
    }

    ///
    /// Only what the statement uses may add parameters (PostgreSQL refuses a parameter the text never names), so
    /// a first pass finds the filters that translate, and the second translates for real only the calculations
    /// they, and `reads` (the aggregation's keys and arguments), need.
    static func rowSteps(
        _ plan: Plan, scope: SQLTranslation.Scope, parameters: inout SQLParameters, reads: Set<String> = [], binSteps: [Int: Double] = [:]
    ) -> RowSteps {
        var scratch = parameters
        let first = rowSteps(plan, scope: scope, parameters: &scratch, needed: nil, binSteps: binSteps)
        var needed = reads
        for (step, expression) in first.translated {
            if case .filter(let filter) = plan.steps[step] { needed.formUnion(filter.expressions[expression].fieldsUsed) }
        }
        for step in plan.steps.reversed() {
            if case .calculate(let calculate) = step, needed.contains(calculate.name) { needed.formUnion(calculate.expression.fieldsUsed) }
        }
        return rowSteps(plan, scope: scope, parameters: &parameters, needed: needed, binSteps: binSteps)
    }

    /// One pass; `needed` nil: every calculation counts as needed.
    private static func rowSteps(
        _ plan: Plan, scope: SQLTranslation.Scope, parameters: inout SQLParameters, needed: Set<String>?, binSteps: [Int: Double]
    ) -> RowSteps {
        var rows = RowSteps(scope: scope)
        for (index, step) in plan.steps.enumerated() {
            switch step {
            case .calculate(let calculate):
                // A calculation nothing in the statement reads is translated with throwaway parameters.
                var unused = parameters
                let isNeeded = needed?.contains(calculate.name) ?? true
                let value =
                    isNeeded
                    ? calculationSQL(calculate, index: index, scope: rows.scope, parameters: &parameters, binSteps: binSteps)
                    : calculationSQL(calculate, index: index, scope: rows.scope, parameters: &unused, binSteps: binSteps)
                if let value {
                    rows.scope[calculate.name] = value
                } else {
                    rows.scope[calculate.name] = nil
                    rows.untranslated.append("calculate \(calculate.name)")
                }
            case .filter(let filter):
                for (position, expression) in filter.expressions.enumerated() {
                    if let condition = expression.sqlCondition(in: rows.scope, parameters: &parameters) {
                        rows.conditions.append(condition)
                        rows.translated.append((index, position))
                    } else {
                        rows.untranslated.append("filter \(filter.sources[position])")
                    }
                }
            default:
                continue
            }
        }
        return rows
    }

    /// The highest `$n` written in `sql` (0 when none).
    static func highestPlaceholder(in sql: String) -> Int {
        placeholders(in: sql).max() ?? 0
    }

    /// Every `$n` written in `sql`: the parameters a statement refers to (PostgreSQL refuses a bound parameter
    /// its text never names).
    static func placeholders(in sql: String) -> Set<Int> {
        let bytes = Array(sql.utf8)
        var found = Set<Int>()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$") {
                var number = 0
                var next = index + 1
                while next < bytes.count, bytes[next] >= UInt8(ascii: "0"), bytes[next] <= UInt8(ascii: "9"), number < 1_000_000 {
                    number = number * 10 + Int(bytes[next] - UInt8(ascii: "0"))
                    next += 1
                }
                if next > index + 1 { found.insert(number) }
                index = next
            } else {
                index += 1
            }
        }
        return found
    }

    /// Projection plus the filters that translate; the steps all stay in chartc except filters that went whole
    /// into the `WHERE`.
    static func compileFilters(_ plan: Plan, load: LoadStep, relation: String, scope: SQLTranslation.Scope, aggregationReason: String? = nil) -> Plan
    {
        var parameters = SQLParameters()
        let rows = rowSteps(plan, scope: scope, parameters: &parameters)
        var result = plan
        var newLoad = load
        let list = load.columns.count == load.totalColumns ? "*" : load.columns.map(SQLText.identifier).joined(separator: ", ")
        var sql = "SELECT \(list.isEmpty ? "" : list)\nFROM \(relation)"
        if !rows.conditions.isEmpty { sql += "\nWHERE " + rows.conditions.joined(separator: "\n  AND ") }
        newLoad.sql = sql
        // Only the parameters the WHERE refers to: a calculation translated on the way (month names for
        // `month(date)`) numbers its own after the filters' and must not be bound to a statement without it.
        newLoad.sqlParameters = rows.conditions.isEmpty ? [] : Array(parameters.values.prefix(Self.highestPlaceholder(in: sql)))
        let hasAggregate = plan.steps.contains { if case .aggregate = $0 { return true } else { return false } }
        if hasAggregate {
            let reasons = rows.untranslated + (aggregationReason.map { [$0] } ?? [])
            newLoad.sqlNote = "the steps below run in chartc" + (reasons.isEmpty ? "" : "; no exact SQL form: " + reasons.joined(separator: ", "))
        } else {
            newLoad.sqlNote = "the steps below run in chartc"
        }
        // A filter step all of whose expressions are in the WHERE moves to the database's list.
        var steps: [PlanStep] = [.load(newLoad)]
        var databaseSteps: [PlanStep] = []
        for (index, step) in plan.steps.enumerated().dropFirst() {
            if case .filter(let filter) = step {
                let done = Set(rows.translated.filter { $0.step == index }.map(\.expression))
                if done.count == filter.expressions.count {
                    databaseSteps.append(step)
                    continue
                }
                if !done.isEmpty {
                    var remaining = filter
                    remaining.expressions = filter.expressions.enumerated().filter { !done.contains($0.offset) }.map(\.element)
                    remaining.sources = filter.sources.enumerated().filter { !done.contains($0.offset) }.map(\.element)
                    var pushed = filter
                    pushed.expressions = filter.expressions.enumerated().filter { done.contains($0.offset) }.map(\.element)
                    pushed.sources = filter.sources.enumerated().filter { done.contains($0.offset) }.map(\.element)
                    databaseSteps.append(.filter(pushed))
                    steps.append(.filter(remaining))
                    continue
                }
            }
            steps.append(step)
        }
        result.steps = steps
        result.databaseSteps = databaseSteps
        return result
    }

    // MARK: - Aggregation

    static func compileAggregation(
        _ plan: Plan, load: LoadStep, relation: String, scope: SQLTranslation.Scope, inputOrder: String?, binSteps: [Int: Double] = [:],
        reason: inout String?
    ) -> Plan? {
        guard let aggregateIndex = plan.steps.firstIndex(where: { if case .aggregate = $0 { return true } else { return false } }),
            case .aggregate(let aggregate) = plan.steps[aggregateIndex]
        else { return nil }
        var parameters = SQLParameters()
        var reads = Set(aggregate.groupBy)
        for field in aggregate.fields {
            for call in field.aggregate.calls { reads.formUnion(call.argument?.fieldsUsed ?? []) }
        }
        let rows = rowSteps(
            Plan(steps: Array(plan.steps[..<aggregateIndex]), columns: plan.columns, dataFields: plan.dataFields, outputFields: plan.outputFields),
            scope: scope, parameters: &parameters, reads: reads, binSteps: binSteps)
        // Every filter must be in SQL, or groups would be made of the wrong rows.
        let filterCount = plan.steps[..<aggregateIndex].reduce(0) { count, step in
            if case .filter(let filter) = step { return count + filter.expressions.count }
            return count
        }
        guard rows.translated.count == filterCount else { return nil }

        // Inner select: the keys and each call's argument.
        var inner: [String] = []
        var keyNames: [String] = []
        var naturalOrders: [String: [String]] = [:]
        var keySteps: [String: Double] = [:]
        for field in aggregate.groupBy {
            guard let value = rows.scope[field] else {
                if !rows.untranslated.contains(where: { $0 == "calculate \(field)" }) { reason = "groupBy \(field) (a column type read differently)" }
                return nil
            }
            inner.append("\(value.text.nullTyped(value.type)) AS \(SQLText.identifier(field))")
            keyNames.append(SQLText.identifier(field))
            if let order = value.naturalOrder { naturalOrders[field] = order }
            if let step = value.binStep { keySteps[field] = step }
        }
        // Names for the arguments that no groupBy field has.
        var prefix = "chartc_arg"
        while aggregate.groupBy.contains(where: { $0.hasPrefix(prefix) }) { prefix += "_" }
        // The input order, read once per row when a sum or first/last needs it: floating-point sums are exact
        // only in chartc's order.
        let order = SQLText.identifier(prefix + "order")
        var needsOrder = false

        // The grouped select's columns: a plain result column, or a sorted array a quantile picks ranks from.
        enum Output { case plain(String), sorted(p: String, low: String, high: String) }
        var grouped: [(expression: String, output: Output)] = []
        var spreadMeans = SpreadWindows()
        var calls: [ReducedCall] = []
        var callIndex = 0
        for field in aggregate.fields {
            for call in field.aggregate.calls {
                let id = callIndex
                callIndex += 1
                var argument: SQLValue?
                let source = "\(call.function.rawValue)(\(call.argument?.source.text ?? ""))"
                if let expression = call.argument {
                    guard let value = expression.sql(in: rows.scope, parameters: &parameters) else {
                        reason = "the argument of \(source)"
                        return nil
                    }
                    argument = value
                }
                let column = SQLText.identifier("\(prefix)\(id)")
                if let argument {
                    inner.append("\(argument.text.nullTyped(argument.type)) AS \(column)")
                }
                let type = argument?.type
                let name = "\u{0}c\(id)"
                switch call.function {
                case .count:
                    grouped.append((argument == nil ? "count(*)" : "count(\(column))", .plain(name)))
                    calls.append(.value(column: name, zeroWhenEmpty: true))
                case .distinct:
                    guard argument != nil else { return nil }
                    grouped.append(("count(DISTINCT \(column))", .plain(name)))
                    calls.append(.value(column: name, zeroWhenEmpty: true))
                case .sum:
                    guard type == .number, inputOrder != nil else {
                        reason = "\(source) (a sum depends on the input order, which only a table has)"
                        return nil
                    }
                    needsOrder = true
                    grouped.append(("sum(\(column) ORDER BY \(order))", .plain(name)))
                    calls.append(.value(column: name, zeroWhenEmpty: true))
                case .mean:
                    guard type == .number, inputOrder != nil else {
                        reason = "\(source) (a mean depends on the input order, which only a table has)"
                        return nil
                    }
                    needsOrder = true
                    grouped.append(("sum(\(column) ORDER BY \(order))", .plain(name)))
                    grouped.append(("count(\(column))", .plain(name + "n")))
                    calls.append(.mean(sum: name, count: name + "n"))
                case .min, .max:
                    guard let type, argument?.naturalOrder == nil else { return nil }
                    let isMin = call.function == .min
                    switch type {
                    case .boolean: grouped.append(("\(isMin ? "bool_and" : "bool_or")(\(column))", .plain(name)))
                    case .string: grouped.append(("\(isMin ? "min" : "max")(\(column) COLLATE \"C\")", .plain(name)))
                    case .number, .date: grouped.append(("\(isMin ? "min" : "max")(\(column))", .plain(name)))
                    }
                    calls.append(.value(column: name, zeroWhenEmpty: false))
                case .median, .q1, .q3, .quantile:
                    guard type == .number else { return nil }
                    let p: Double
                    switch call.function {
                    case .median: p = 0.5
                    case .q1: p = 0.25
                    case .q3: p = 0.75
                    default: p = call.parameter ?? 0.5
                    }
                    guard p >= 0 && p <= 1 else { return nil }
                    let parameter = parameters.add(Int(exactly: p).map(String.init) ?? String(p), cast: "float8")
                    grouped.append(
                        (
                            "array_agg(\(column) ORDER BY \(column)) FILTER (WHERE \(column) IS NOT NULL)",
                            .sorted(p: parameter, low: name + "lo", high: name + "hi")
                        ))
                    grouped.append(("count(\(column))", .plain(name + "n")))
                    calls.append(.quantile(low: name + "lo", high: name + "hi", count: name + "n", p: p))
                case .lowerWhisker, .upperWhisker:
                    // The least (greatest) value within the fence, the quartiles as `percentile_cont` computes them
                    // (type 7): aggregates of the group inside a subquery over the group's values.
                    guard type == .number, let k = call.parameter else { return nil }
                    let quarter = parameters.add("0.25", cast: "float8")
                    let threeQuarters = parameters.add("0.75", cast: "float8")
                    let factor = parameters.add(Int(exactly: k).map(String.init) ?? String(k), cast: "float8")
                    let q1 = "(percentile_cont(\(quarter)) WITHIN GROUP (ORDER BY \(column)))"
                    let q3 = "(percentile_cont(\(threeQuarters)) WITHIN GROUP (ORDER BY \(column)))"
                    let value = SQLText.identifier(prefix + "value")
                    let condition =
                        call.function == .lowerWhisker
                        ? "\(value) >= \(q1) - \(factor) * (\(q3) - \(q1))" : "\(value) <= \(q3) + \(factor) * (\(q3) - \(q1))"
                    let extreme = call.function == .lowerWhisker ? "min" : "max"
                    grouped.append(
                        (
                            "(SELECT \(extreme)(\(value)) FROM unnest(array_agg(\(column))) AS \(SQLText.identifier(prefix + "values"))(\(value)) WHERE \(condition))",
                            .plain(name)
                        ))
                    calls.append(.value(column: name, zeroWhenEmpty: false))
                case .first, .last:
                    // The first (last) non-null value in input order (SPEC §5; nulls are skipped).
                    guard argument != nil, inputOrder != nil, argument?.naturalOrder == nil else {
                        reason = "\(source) (needs the input order, which only a table has)"
                        return nil
                    }
                    needsOrder = true
                    let direction = call.function == .first ? "" : " DESC"
                    grouped.append(("(array_agg(\(column) ORDER BY \(order)\(direction)) FILTER (WHERE \(column) IS NOT NULL))[1]", .plain(name)))
                    calls.append(.value(column: name, zeroWhenEmpty: false))
                case .stdev, .variance:
                    // chartc's two passes in input order (SQLSpread), not SQL's var_samp, which rounds differently.
                    guard type == .number, inputOrder != nil,
                        let spread = Self.spreadSQL(
                            column: column, means: prefix + "\(id)_mean", order: order, keys: keyNames, groupBy: aggregate.groupBy,
                            totals: aggregate.totals, squareRoot: call.function == .stdev, windows: &spreadMeans)
                    else {
                        reason = "\(source) (a spread depends on the input order, which only a table has)"
                        return nil
                    }
                    needsOrder = true
                    grouped.append((spread, .plain(name)))
                    calls.append(.value(column: name, zeroWhenEmpty: false))
                }
            }
        }

        if needsOrder, let inputOrder { inner.append("\(inputOrder) AS \(order)") }

        // GROUP BY, with a grouping set per total; GROUPING() says which set a row belongs to.
        var partColumn: String?
        var partOfMask: [Int: Int] = [:]
        var groupBy = ""
        var leading: [(expression: String, output: Output)] = []
        if !aggregate.groupBy.isEmpty {
            if aggregate.totals.isEmpty {
                groupBy = "\nGROUP BY " + keyNames.joined(separator: ", ")
            } else {
                var sets = ["(" + keyNames.joined(separator: ", ") + ")"]
                partOfMask[0] = 0
                for (part, total) in aggregate.totals.enumerated() {
                    guard let index = aggregate.groupBy.firstIndex(of: total.field) else { return nil }
                    let rest = keyNames.enumerated().filter { $0.offset != index }.map(\.element)
                    sets.append("(" + rest.joined(separator: ", ") + ")")
                    partOfMask[1 << (keyNames.count - 1 - index)] = part + 1
                }
                groupBy = "\nGROUP BY GROUPING SETS (" + sets.joined(separator: ", ") + ")"
                partColumn = "\u{0}part"
                leading.append(("GROUPING(" + keyNames.joined(separator: ", ") + ")", .plain("\u{0}part")))
            }
        }
        for (index, key) in keyNames.enumerated() { leading.append((key, .plain(aggregate.groupBy[index]))) }
        let columns = leading + grouped

        let rowsSelect =
            "SELECT " + (inner.isEmpty ? "1 AS \"chartc_one\"" : inner.joined(separator: ",\n             "))
            + "\n      FROM \(relation)"
            + (rows.conditions.isEmpty ? "" : "\n      WHERE " + rows.conditions.joined(separator: "\n        AND "))
        let from = "\nFROM (" + Self.withSpreadMeans(rowsSelect, spreadMeans) + ") AS \"chartc_rows\"" + groupBy
        var sql: String
        var names: [String] = []
        let hasSorted = columns.contains { if case .sorted = $0.output { return true } else { return false } }
        if !hasSorted {
            sql = "SELECT " + columns.map(\.expression).joined(separator: ",\n       ") + from
            for column in columns { if case .plain(let name) = column.output { names.append(name) } }
        } else {
            // Quantiles: an outer select picks the two closest ranks of each group's sorted values.
            var picks: [String] = []
            for (position, column) in columns.enumerated() {
                let alias = "\"chartc_groups\".\"chartc_\(position)\""
                switch column.output {
                case .plain(let name):
                    picks.append(alias)
                    names.append(name)
                case .sorted(let p, let low, let high):
                    let h = "(cardinality(\(alias)) - 1)::float8 * \(p)"
                    picks.append("\(alias)[floor(\(h))::int + 1]")
                    picks.append("\(alias)[ceil(\(h))::int + 1]")
                    names += [low, high]
                }
            }
            let inside = columns.enumerated().map { "\($0.element.expression) AS \"chartc_\($0.offset)\"" }.joined(separator: ",\n             ")
            sql =
                "SELECT " + picks.joined(separator: ",\n       ")
                + "\nFROM (SELECT " + inside + from + ") AS \"chartc_groups\""
        }

        var newLoad = load
        newLoad.sql = sql
        newLoad.sqlParameters = parameters.values
        newLoad.resultColumns = names
        newLoad.sqlNote = nil
        var reducedStep = aggregate
        reducedStep.reduced = ReducedAggregate(partColumn: partColumn, partOfMask: partOfMask, calls: calls, keyOrders: naturalOrders)
        reducedStep.reduced?.keySteps = keySteps
        var result = plan
        result.databaseSteps = Array(plan.steps[1...aggregateIndex])
        result.steps = [.load(newLoad), .aggregate(reducedStep)] + plan.steps[(aggregateIndex + 1)...]
        return result
    }
}

extension String {
    /// An untyped null constant as a null of the value's SQL type.
    fileprivate func nullTyped(_ type: DataType?) -> String {
        guard self == "NULL::float8" else { return self }
        switch type {
        case .string: return "NULL::text"
        case .date: return "NULL::timestamptz"
        case .boolean: return "NULL::bool"
        default: return self
        }
    }
}
