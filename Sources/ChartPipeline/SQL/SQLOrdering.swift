import ChartData
import ChartDatabase
import ChartExpression
import ChartValues

/// `sort`, `window` and `keep` over the data rows (no aggregation) compiled into the statement, so a top-10 of a
/// large table brings back 10 rows. The statement is
///
///     SELECT data columns, window fields
///     FROM (SELECT *, window functions OVER (PARTITION BY windowBy ORDER BY sort keys, ctid) AS field,
///                  ctid AS order
///           FROM relation WHERE filters) AS "chartc_rows"
///     WHERE keep
///     ORDER BY sort keys, order
///
/// It is exact only where chartc's order is total and known to SQL: a table's `ctid` is the input order chartc's
/// stable sort falls back on (a `query` has none, so the steps stay in chartc there), every filter is in the
/// `WHERE` (or the window would see other rows), and every field these steps read translates. The order of a key
/// is chartc's (`RowSorter`): nulls last in both directions, strings by code point (`COLLATE "C"`), weekday and
/// month names in calendar order (a `CASE` giving the position, then the name by code point). Per step, in
/// pipeline order: once `sort` stays in chartc, so do `window` and `keep`; once `window` stays, `keep` stays.
extension SQLCompiler {
    /// The compiled rows statement, or nil when not even `sort` can run in SQL (the caller then uses
    /// `compileFilters`).
    static func compileRowOrder(_ plan: Plan, load: LoadStep, relation: String, scope: SQLTranslation.Scope, inputOrder: String?) -> Plan? {
        guard let inputOrder else { return nil }
        // The steps after the row steps: sort, window, keep (no aggregate on this path).
        var sort: SortStep?
        var window: WindowStep?
        var keep: FilterStep?
        for step in plan.steps {
            switch step {
            case .aggregate: return nil
            case .sort(let step): sort = step
            case .window(let step): window = step
            case .keep(let step): keep = step
            case .calculate(let calculate) where calculate.bin != nil:
                // `bin(x)` measures the extent of the rows it sees: they must be all of them.
                return nil
            default: continue
            }
        }
        guard sort != nil || window != nil || keep != nil else { return nil }

        var reads = Set<String>()
        for key in sort?.allKeys ?? [] { reads.insert(key.field) }
        if let window {
            reads.formUnion(window.partitionBy)
            for field in window.fields { reads.formUnion(field.window.fieldsUsed) }
        }
        for expression in keep?.expressions ?? [] { reads.formUnion(expression.fieldsUsed) }

        var parameters = SQLParameters()
        let rows = rowSteps(plan, scope: scope, parameters: &parameters, reads: reads)
        let filterCount = plan.steps.reduce(0) { count, step in
            if case .filter(let filter) = step { return count + filter.expressions.count }
            return count
        }
        guard rows.translated.count == filterCount else { return nil }

        // Names the statement adds must not meet a data or calculated field.
        var taken = Set(plan.dataFields.map(\.name))
        for step in plan.steps { if case .calculate(let calculate) = step { taken.insert(calculate.name) } }
        var prefix = "chartc_"
        let windowNames = window?.fields.map(\.name) ?? []
        while (taken.union(windowNames)).contains(where: { $0.hasPrefix(prefix) }) { prefix += "_" }
        let order = SQLText.identifier(prefix + "order")

        // sort: ORDER BY terms, then the input order.
        var terms: [String] = []
        var sortInSQL = false
        if let sort {
            var scratch = parameters
            if let keys = orderTerms(sort.allKeys, scope: rows.scope, parameters: &scratch) {
                terms = keys
                parameters = scratch
                sortInSQL = true
            }
        } else {
            sortInSQL = true // the input order is the output order
        }
        guard sortInSQL else { return nil }
        let rowOrder = (terms + [order]).joined(separator: ", ")
        // Inside the select that names the order column, the window reads the input order itself.
        let windowOrder = (terms + [inputOrder]).joined(separator: ", ")

        // window: each field one call with an exact SQL form.
        var windowColumns: [String] = []
        var windowSelect: [String] = []
        var windowInSQL = window == nil
        var keepScope = rows.scope
        if let window {
            var scratch = parameters
            if let compiled = windowColumnsSQL(window, scope: rows.scope, rowOrder: windowOrder, taken: taken, parameters: &scratch) {
                parameters = scratch
                windowInSQL = true
                for (name, text, type) in compiled {
                    windowColumns.append(name)
                    windowSelect.append("\(text) AS \(SQLText.identifier(name))")
                    keepScope[name] = SQLValue(text: SQLText.identifier(name), type: type)
                }
            }
        }

        // keep: a WHERE on the outer select.
        var keepConditions: [String] = []
        var keepInSQL = false
        if windowInSQL, let keep {
            var scratch = parameters
            var conditions: [String] = []
            for expression in keep.expressions {
                guard let condition = expression.sqlCondition(in: keepScope, parameters: &scratch) else { break }
                conditions.append(condition)
            }
            if conditions.count == keep.expressions.count {
                parameters = scratch
                keepConditions = conditions
                keepInSQL = true
            }
        }

        let list = load.columns.map(SQLText.identifier) + windowColumns.map(SQLText.identifier)
        var sql = "SELECT " + (list.isEmpty ? "" : list.joined(separator: ", "))
        sql += "\nFROM (SELECT *" + windowSelect.map { ",\n             " + $0 }.joined() + ",\n             \(inputOrder) AS \(order)"
        sql += "\n      FROM \(relation)"
        if !rows.conditions.isEmpty { sql += "\n      WHERE " + rows.conditions.joined(separator: "\n        AND ") }
        sql += ") AS \"chartc_rows\""
        if !keepConditions.isEmpty { sql += "\nWHERE " + keepConditions.joined(separator: "\n  AND ") }
        sql += "\nORDER BY " + rowOrder
        // PostgreSQL refuses a parameter the text never names: every one must be used.
        guard usesEveryParameter(sql, count: parameters.values.count) else { return nil }

        var newLoad = load
        newLoad.sql = sql
        newLoad.sqlParameters = parameters.values
        newLoad.sqlColumns = windowColumns
        var stayed: [String] = []
        if sort != nil && !sortInSQL { stayed.append("sort") }
        if window != nil && !windowInSQL { stayed.append("window") }
        if keep != nil && !keepInSQL { stayed.append("keep") }
        newLoad.sqlNote =
            "the steps marked 'in PostgreSQL' run there, in output order; chartc calculates over the rows it returns"
            + (stayed.isEmpty ? "" : " and runs " + stayed.joined(separator: ", ") + " (no exact SQL form)")

        var steps: [PlanStep] = [.load(newLoad)]
        var databaseSteps: [PlanStep] = []
        for step in plan.steps.dropFirst() {
            switch step {
            case .filter: databaseSteps.append(step)
            case .sort: databaseSteps.append(step)
            case .window where windowInSQL: databaseSteps.append(step)
            case .keep where keepInSQL: databaseSteps.append(step)
            default: steps.append(step)
            }
        }
        var result = plan
        result.steps = steps
        result.databaseSteps = databaseSteps
        return result
    }

    /// `ORDER BY` terms giving chartc's order of `keys` (`RowSorter`), or nil when a key has no exact SQL order.
    static func orderTerms(_ keys: [SortOrder], scope: SQLTranslation.Scope, parameters: inout SQLParameters) -> [String]? {
        var terms: [String] = []
        for key in keys {
            guard let value = scope[key.field], let keyTerms = orderTerms(value, descending: key.descending, parameters: &parameters) else {
                return nil
            }
            terms += keyTerms
        }
        return terms
    }

    /// The terms ordering one value as `SortableColumn` does: nulls last in both directions, false before true,
    /// strings by code point, weekday and month names first in calendar order.
    static func orderTerms(_ value: SQLValue, descending: Bool, parameters: inout SQLParameters) -> [String]? {
        guard let type = value.type else { return nil }
        let direction = descending ? "DESC NULLS LAST" : "ASC NULLS LAST"
        switch type {
        case .number, .date, .boolean:
            return ["\(value.text) \(direction)"]
        case .string:
            var terms: [String] = []
            if let natural = value.naturalOrder {
                // The names first, in calendar order, then any other text by code point (`StringOrder`).
                var cases = "(CASE WHEN \(value.text) IS NULL THEN NULL"
                var seen = Set<String>()
                var position = 0
                for name in natural where seen.insert(name).inserted {
                    cases += " WHEN \(value.text) = \(parameters.add(name, cast: "text")) THEN \(parameters.add(String(position), cast: "int4"))"
                    position += 1
                }
                cases += " ELSE \(parameters.add(String(position), cast: "int4")) END)"
                terms.append("\(cases) \(direction)")
            }
            terms.append("\(value.text) COLLATE \"C\" \(direction)")
            return terms
        }
    }

    /// Whether `$1` … `$count` each occur in `sql`.
    static func usesEveryParameter(_ sql: String, count: Int) -> Bool {
        guard count > 0 else { return true }
        let used = placeholders(in: sql)
        return (1...count).allSatisfy { used.contains($0) }
    }
}

extension SQLCompiler {
    /// `sort` after a compiled aggregation, as an `ORDER BY` around the statement, when the order is exact: no
    /// `total` or `complete` (chartc appends total rows and completed groups after the others), and every key a
    /// `groupBy` field (weekday/month names in calendar order) or a field that is one call the server computes
    /// whole (`count`, `sum`, `min`, `max`, `distinct`, `first`, `last`; a sum of no value is null in both). The
    /// sort's keys always end with every `groupBy` field, so the order of the groups is total and chartc's stable
    /// sort would have nothing to break; chartc's finish keeps its input's order (groups in order of first
    /// appearance), so the groups arrive sorted and the sort step leaves chartc.
    ///
    /// Then `window`, over the same group columns (`SQLWindow`), and `keep` as a `WHERE` around it: the window
    /// fields come back as extra result columns, which chartc appends after the finished fields. The window runs
    /// in SQL only when `keep` does too (or there is none), so the rows chartc finishes are the rows it outputs.
    static func orderedAggregation(_ compiled: Plan) -> Plan? {
        guard case .load(var load)? = compiled.steps.first, let sql = load.sql, let names = load.resultColumns,
            compiled.steps.count >= 3, case .aggregate(let aggregate) = compiled.steps[1], let reduced = aggregate.reduced,
            case .sort(let sort) = compiled.steps[2]
        else { return nil }
        let types = Dictionary(compiled.outputFields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        // The group columns as SQL values, by field: the keys, then (as the steps need them) the aggregate fields.
        var scope: SQLTranslation.Scope = [:]
        for field in aggregate.groupBy {
            guard let position = names.firstIndex(of: field), let type = types[field] else { return nil }
            scope[field] = SQLValue(text: "\"chartc_\(position)\"", type: type, naturalOrder: reduced.keyOrders[field])
        }
        // Outer expressions see a total's collapsed key as null, as SQL's grouping sets give it.
        let keyScope = scope
        var parameters = SQLParameters(continuing: load.sqlParameters)
        var partOrder: String?
        if !aggregate.totals.isEmpty {
            // The output shows the label there: a string key (chartc writes a number key's text, which SQL does
            // not), the label a parameter chosen by the row's GROUPING() mask.
            guard let partColumn = reduced.partColumn, let maskPosition = names.firstIndex(of: partColumn) else { return nil }
            let mask = "\"chartc_\(maskPosition)\""
            for (part, total) in aggregate.totals.enumerated() {
                guard keyType(total.field, in: compiled) == .string, let key = scope[total.field],
                    let maskValue = reduced.partOfMask.first(where: { $0.value == part + 1 })?.key
                else { return nil }
                let label = parameters.add(total.label, cast: "text")
                let bits = parameters.add(String(maskValue), cast: "int4")
                scope[total.field] = SQLValue(
                    text: "(CASE WHEN \(mask) = \(bits) THEN \(label) ELSE \(key.text) END)", type: .string, naturalOrder: key.naturalOrder)
            }
            // Rows that tie on every key (a group whose key is the label): chartc's parts come in order.
            var cases = "(CASE"
            for (bits, part) in reduced.partOfMask.sorted(by: { $0.value < $1.value }) {
                cases += " WHEN \(mask) = \(parameters.add(String(bits), cast: "int4")) THEN \(parameters.add(String(part), cast: "int4"))"
            }
            partOrder = cases + " END) ASC"
        }
        addFields(Set(sort.allKeys.map(\.field)), of: aggregate, reduced, names: names, types: types, keys: keyScope, to: &scope, &parameters)
        guard let terms = orderTerms(sort.allKeys, scope: scope, parameters: &parameters) else { return nil }
        let rowOrder = (terms + (partOrder.map { [$0] } ?? [])).joined(separator: ", ")
        let aliases = names.indices.map { "\"chartc_\($0)\"" }.joined(separator: ", ")
        var sorted = "(" + sql + ") AS \"chartc_sorted\"(\(aliases))"
        if let complete = aggregate.complete {
            guard let completed = completedGroups(sql, complete, aggregate, reduced, names: names, types: types, parameters: &parameters) else {
                return nil
            }
            sorted = "(" + completed + ") AS \"chartc_sorted\"(\(aliases))"
        }

        // window and keep over the groups.
        var window: WindowStep?
        var keep: FilterStep?
        for step in compiled.steps.dropFirst(3) {
            if case .window(let step) = step { window = step }
            if case .keep(let step) = step { keep = step }
        }
        var windowed: (select: String, names: [String], keep: [String])?
        if let window {
            var scratch = parameters
            var scope = scope
            var reads = Set(window.partitionBy)
            for field in window.fields { reads.formUnion(field.window.fieldsUsed) }
            for expression in keep?.expressions ?? [] { reads.formUnion(expression.fieldsUsed) }
            addFields(reads, of: aggregate, reduced, names: names, types: types, keys: keyScope, to: &scope, &scratch)
            if let columns = windowColumnsSQL(window, scope: scope, rowOrder: rowOrder, taken: [], parameters: &scratch) {
                var keepScope = scope
                var select: [String] = []
                for (index, column) in columns.enumerated() {
                    let alias = "\"chartc_w\(index)\""
                    select.append("\(column.text) AS \(alias)")
                    keepScope[column.name] = SQLValue(text: alias, type: column.type)
                }
                var conditions: [String] = []
                for expression in keep?.expressions ?? [] {
                    guard let condition = expression.sqlCondition(in: keepScope, parameters: &scratch) else { break }
                    conditions.append(condition)
                }
                if conditions.count == (keep?.expressions.count ?? 0) {
                    windowed = (select.joined(separator: ",\n             "), columns.map(\.name), conditions)
                    parameters = scratch
                }
            }
        }

        var statement: String
        if let windowed {
            statement =
                "SELECT *\nFROM (SELECT *,\n             " + windowed.select + "\n      FROM " + sorted + ") AS \"chartc_windowed\""
                + (windowed.keep.isEmpty ? "" : "\nWHERE " + windowed.keep.joined(separator: "\n  AND "))
                + "\nORDER BY " + rowOrder
        } else {
            statement = "SELECT *\nFROM " + sorted + "\nORDER BY " + rowOrder
        }
        guard usesEveryParameter(statement, count: parameters.values.count) else { return nil }
        load.sql = statement
        load.sqlParameters = parameters.values
        load.sqlNote = "the steps marked 'in PostgreSQL' run there, the groups in output order; chartc finishes the groups and runs the rest"
        var result = compiled
        var steps: [PlanStep] = [.load(load), compiled.steps[1]]
        var databaseSteps = compiled.databaseSteps + [compiled.steps[2]]
        for step in compiled.steps.dropFirst(3) {
            switch step {
            case .window where windowed != nil, .keep where windowed != nil: databaseSteps.append(step)
            default: steps.append(step)
            }
        }
        if let windowed {
            load.resultColumns = names + windowed.names
            load.sqlColumns = windowed.names
            steps[0] = .load(load)
        }
        if case .aggregate(var step) = steps[1] {
            step.reduced?.sortedBy = sort.allKeys
            step.reduced?.completedInDatabase = aggregate.complete != nil
            steps[1] = .aggregate(step)
        }
        result.steps = steps
        result.databaseSteps = databaseSteps
        return result
    }

    /// The type a `groupBy` field has before the aggregation: its calculation's, or the data column's.
    static func keyType(_ field: String, in plan: Plan) -> DataType? {
        for step in (plan.databaseSteps + plan.steps).reversed() {
            if case .calculate(let calculate) = step, calculate.name == field { return calculate.expression.resultType }
        }
        return plan.dataFields.first { $0.name == field }?.type
    }
}
