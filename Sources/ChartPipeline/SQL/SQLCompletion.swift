import ChartData
import ChartExpression
import ChartValues

/// `complete` in the statement, for a compiled aggregation whose groups arrive sorted (`orderedAggregation`).
extension SQLCompiler {
    /// `complete` in SQL, as chartc's finish would do it: per `groupBy` field the values seen among the groups
    /// (nulls aside; weekday and month names: the whole cycle, as parameters) crossed, each combination joined to
    /// its group, and a combination without one added with counts and sums 0 and every other value null (the
    /// finish then gives means, quantiles and outer expressions as chartc does for an added group). Groups with a
    /// null key, or a value outside an explicit domain, match no combination and are kept as they are; chartc's
    /// finish then adds none. With `total`,
    /// each part is completed over the full groups' values of the keys it keeps, as chartc does (the part's
    /// `GROUPING()` mask a parameter). A scale's explicit domain gives its values (parameters) for a string or
    /// number key. Not with a `bin` field (its intervals between the first and the last). Past `Planner.completeRowLimit` combinations the statement fails (22012) rather than send
    /// them, and chartc runs the steps and decides as from a file.
    static func completedGroups(
        _ sql: String, _ complete: [CompleteDomain], _ aggregate: AggregateStep, _ reduced: ReducedAggregate, names: [String],
        types: [String: DataType], parameters: inout SQLParameters
    ) -> String? {
        guard aggregate.binnedFields.isEmpty, complete.count == aggregate.groupBy.count, !aggregate.groupBy.isEmpty else { return nil }
        let found = "\"chartc_found\""
        let aliases = names.indices.map { "\"chartc_\($0)\"" }.joined(separator: ", ")
        // The parts: the full groups, then each total's, with the mask that tells their rows and the keys they keep.
        var mask: (position: Int, parts: [(bits: String, keys: [Int])])?
        if let partColumn = reduced.partColumn {
            guard let position = names.firstIndex(of: partColumn) else { return nil }
            var parts: [(bits: String, keys: [Int])] = []
            for part in 0...aggregate.totals.count {
                guard let bits = reduced.partOfMask.first(where: { $0.value == part })?.key else { return nil }
                var keys = Array(aggregate.groupBy.indices)
                if part > 0 {
                    guard let collapsed = aggregate.groupBy.firstIndex(of: aggregate.totals[part - 1].field) else { return nil }
                    keys.removeAll { $0 == collapsed }
                }
                parts.append((parameters.add(String(bits), cast: "int4"), keys))
            }
            mask = (position, parts)
        } else if !aggregate.totals.isEmpty {
            return nil
        }
        var keyPositions: [Int] = []
        var domains: [String] = []
        for (index, field) in aggregate.groupBy.enumerated() {
            guard let position = names.firstIndex(of: field) else { return nil }
            keyPositions.append(position)
            if case .explicit(let values, _) = complete[index] {
                // A scale's domain: its values, as the key's type reads them (`Aggregation.converted`).
                var texts: [String] = []
                for value in values {
                    switch (value, types[field]) {
                    case (.null, _): continue
                    case (.string(let text), .string?): texts.append(parameters.add(text, cast: "text"))
                    case (.number, .string?), (.date, .string?), (.boolean, .string?):
                        guard let text = ColumnOperations.text(of: value) else { return nil }
                        texts.append(parameters.add(text, cast: "text"))
                    case (.number(let number), .number?):
                        guard number.isFinite, !(number == 0 && number.sign == .minus) else { return nil }
                        let text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                        texts.append(parameters.add(text, cast: "float8"))
                    default: return nil
                    }
                }
                guard !texts.isEmpty else { return nil }
                domains.append(
                    "\"chartc_d\(index)\"(\"v\") AS (SELECT DISTINCT * FROM (VALUES " + texts.map { "(\($0))" }.joined(separator: ", ")
                        + ") AS \"chartc_values\")")
                continue
            }
            // The values of the full groups (a total's rows hold null there).
            var domain = "SELECT DISTINCT \"chartc_\(position)\" FROM \(found) WHERE \"chartc_\(position)\" IS NOT NULL"
            if let mask { domain += " AND \"chartc_\(mask.position)\" = \(mask.parts[0].bits)" }
            if let natural = reduced.keyOrders[field], !natural.isEmpty {
                domain +=
                    " UNION SELECT * FROM (VALUES " + natural.map { "(\(parameters.add($0, cast: "text")))" }.joined(separator: ", ")
                    + ") AS \"chartc_names\""
            }
            domains.append("\"chartc_d\(index)\"(\"v\") AS (\(domain))")
        }
        var zeroColumns = Set<String>()
        for call in reduced.calls { if case .value(let column, true) = call { zeroColumns.insert(column) } }
        let parts = mask?.parts ?? [("", Array(aggregate.groupBy.indices))]
        var selects: [String] = []
        for (number, part) in parts.enumerated() {
            let rows = "\"chartc_part\(number)\""
            let partRows = mask.map { "(SELECT * FROM \(found) WHERE \"chartc_\($0.position)\" = \(part.bits))" } ?? found
            let kept = names.indices.map { "\(rows).\"chartc_\($0)\"" }.joined(separator: ", ")
            guard !part.keys.isEmpty else {
                selects.append("SELECT \(kept) FROM \(partRows) AS \(rows)")
                continue
            }
            var crossed: [String] = []
            for (position, name) in names.enumerated() {
                let column = "\(rows).\"chartc_\(position)\""
                if let key = keyPositions.firstIndex(of: position), part.keys.contains(key) {
                    crossed.append("\"chartc_d\(key)\".\"v\"")
                } else if let mask, position == mask.position {
                    crossed.append(part.bits)
                } else if zeroColumns.contains(name) {
                    crossed.append("(CASE WHEN \(rows).\"chartc_seen\" THEN \(column) ELSE 0 END)")
                } else {
                    crossed.append(column)
                }
            }
            let matches = part.keys.map { "\(rows).\"chartc_\(keyPositions[$0])\" = \"chartc_d\($0)\".\"v\"" }
            // The groups no combination matches: a null key, or (an explicit domain) a value outside it.
            let nullKey = part.keys.map {
                "\(rows).\"chartc_\(keyPositions[$0])\" IS NULL OR \(rows).\"chartc_\(keyPositions[$0])\" NOT IN (SELECT \"v\" FROM \"chartc_d\($0)\")"
            }
            selects.append(
                "SELECT " + crossed.joined(separator: ", ") + "\n      FROM "
                    + part.keys.map { "\"chartc_d\($0)\"" }.joined(separator: " CROSS JOIN ")
                    + "\n      LEFT JOIN \(partRows) AS \(rows) ON " + matches.joined(separator: " AND ")
                    + "\n      UNION ALL\n      SELECT \(kept) FROM \(partRows) AS \(rows) WHERE " + nullKey.joined(separator: " OR "))
        }
        // Past the limit the statement stops with a division by zero (22012): chartc then runs the steps itself
        // and decides, as from a file (the rows here are at least the full groups' combinations).
        let limit = parameters.add(String(Planner.completeRowLimit), cast: "int8")
        let all = "\"chartc_all\""
        return "WITH \(found) AS (SELECT *, TRUE AS \"chartc_seen\" FROM (" + sql + ") AS \"chartc_inner\"(\(aliases))),\n     "
            + domains.joined(separator: ",\n     ")
            + "\nSELECT " + names.indices.map { "\(all).\"chartc_\($0)\"" }.joined(separator: ", ")
            + "\nFROM (SELECT *, count(*) OVER () AS \"chartc_combinations\" FROM (" + selects.joined(separator: "\n      UNION ALL\n      ")
            + ") AS \"chartc_union\"(\(aliases))) AS \(all)"
            + "\nWHERE (CASE WHEN \(all).\"chartc_combinations\" > \(limit)"
            + " THEN 1 / (\(all).\"chartc_combinations\" - \(all).\"chartc_combinations\") = 1 ELSE TRUE END)"
    }
}
