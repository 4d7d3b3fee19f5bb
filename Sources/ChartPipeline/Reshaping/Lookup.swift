import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Runs `lookup` (SPEC §21) on a table just read: a left join with another data source. Each row gains the
/// looked-up fields of the first row of the other data whose `key` equals the row's `on` value (values compare as
/// they print, so the number 7 finds the text "7"), or nulls when none does. Unlike Vega-Lite's lookup, which fails
/// silently (vega-lite#6904), the rows that found no match are a warning with their count and, for keys that are
/// near misses of the other data's keys, a did-you-mean; so is a key the other data holds more than once. Onto map
/// data, `MapJoin` words the warnings for features and adds the keys' id system.
enum Lookup {
    /// The names of the fields the lookup adds (its `as`, else its `fields`, else every field of `other` but the key).
    static func addedNames(_ lookup: LookupSpec, otherNames: [String]) -> [String] {
        if !lookup.names.isEmpty { return lookup.names.map(\.value) }
        return sourceNames(lookup, otherNames: otherNames)
    }

    /// The other data's fields the lookup copies, in order.
    static func sourceNames(_ lookup: LookupSpec, otherNames: [String]) -> [String] {
        lookup.fields?.map(\.value) ?? otherNames.filter { $0 != lookup.key.value }
    }

    /// The file's columns to read so the lookup gives `picked` (nil: all): the `on` field, never the added ones.
    static func columnsToRead(_ lookup: LookupSpec, otherNames: [String], picked: Set<String>?) -> Set<String>? {
        guard let picked else { return nil }
        return picked.subtracting(addedNames(lookup, otherNames: otherNames)).union([lookup.on.value])
    }

    static func apply(_ lookup: LookupSpec, to loaded: LoadedData, other: LoadedData, origin: String, otherOrigin: String) throws(DiagnosticError)
        -> LoadedData
    {
        let table = loaded.table
        let names = loaded.fieldNames.isEmpty ? table.columnNames : loaded.fieldNames
        let otherNames = other.fieldNames.isEmpty ? other.table.columnNames : other.fieldNames
        var errors: [Diagnostic] = []
        if table.column(named: lookup.on.value) == nil {
            errors.append(
                Diagnostic(
                    PipelineDiagnostic.reshapeUnknownField(step: "lookup", field: lookup.on.value, origin: origin, names: names), at: lookup.on.span))
        }
        let copied = sourceNames(lookup, otherNames: otherNames)
        let spans = lookup.fields?.map(\.span) ?? copied.map { _ in lookup.span }
        for (name, span) in [(lookup.key.value, lookup.key.span)] + zip(copied, spans).map({ ($0, $1) })
        where other.table.column(named: name) == nil {
            errors.append(
                Diagnostic(PipelineDiagnostic.reshapeUnknownField(step: "lookup", field: name, origin: otherOrigin, names: otherNames), at: span))
        }
        let added = addedNames(lookup, otherNames: otherNames)
        let addedSpans = lookup.names.isEmpty ? spans : lookup.names.map(\.span)
        for ((name, span), source) in zip(zip(added, addedSpans), copied) where names.contains(name) && other.table.column(named: source) != nil {
            errors.append(Diagnostic(PipelineDiagnostic.lookupNameTaken(name: name), at: span ?? lookup.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        guard let on = table.column(named: lookup.on.value), let key = other.table.column(named: lookup.key.value) else { return loaded }

        // Map data (SPEC §22): its features' keys, and the width numbers are padded to when they are zero-padded
        // codes ("01001"), since a CSV reader takes such a code for the number 1001 (`MapJoin`).
        let isMap = !loaded.geometries.isEmpty
        let featureKeys: [String?] = isMap ? (0..<table.rowCount).map { on[$0].text } : []
        let padWidth = isMap && key.type == .number ? MapJoin.padWidth(featureKeys.compactMap { $0 }) : nil
        func keyText(_ row: Int) -> String? {
            if let padWidth, let padded = MapJoin.padded(key[row], width: padWidth) { return padded }
            return key[row].text
        }
        // The other data's rows by key text; the first row of a key wins.
        var rowOfKey: [String: Int] = [:]
        var repeatedKeys = 0
        for row in 0..<other.table.rowCount {
            guard let text = keyText(row) else { continue }
            if rowOfKey[text] == nil { rowOfKey[text] = row } else { repeatedKeys += 1 }
        }
        var matches = [Int?](repeating: nil, count: table.rowCount)
        var unmatched: [String] = []
        var unmatchedRows = 0
        for row in 0..<table.rowCount {
            if let text = on[row].text, let match = rowOfKey[text] {
                matches[row] = match
            } else {
                unmatchedRows += 1
                if let text = on[row].text, !unmatched.contains(text), unmatched.count < 200 { unmatched.append(text) }
            }
        }
        var output = table.columns
        for (source, name) in zip(copied, added) {
            guard let column = other.table.column(named: source) else { continue }
            var builder = ColumnBuilder(name: name, type: column.type, capacity: table.rowCount)
            for match in matches {
                if let match { builder.append(column[match]) } else { builder.appendNull() }
            }
            var joined = builder.finish()
            joined.naturalOrder = column.naturalOrder
            output.append(joined)
        }
        var result = loaded
        result.table = Table(columns: output, rowCount: table.rowCount)
        result.fieldNames = names + added
        result.provenance += other.provenance
        result.warnings += other.warnings
        if isMap {
            result.warnings += MapJoin.warnings(
                on: lookup.on.value, key: lookup.key.value, origin: origin, otherOrigin: otherOrigin, features: table, featureKeys: featureKeys,
                dataKeys: (0..<other.table.rowCount).map(keyText), matched: matches.map { $0 != nil }, onSpan: lookup.on.span,
                keySpan: lookup.key.span, lookupSpan: lookup.span)
        } else if unmatchedRows > 0 {
            result.warnings.append(
                Diagnostic(
                    PipelineDiagnostic.lookupUnmatched(
                        rows: unmatchedRows, of: table.rowCount, on: lookup.on.value, key: lookup.key.value, origin: otherOrigin,
                        nearMisses: nearMisses(unmatched, keys: rowOfKey.keys.sorted())),
                    at: lookup.on.span ?? lookup.span))
        }
        if repeatedKeys > 0 {
            result.warnings.append(
                Diagnostic(
                    PipelineDiagnostic.lookupRepeatedKeys(count: repeatedKeys, key: lookup.key.value, origin: otherOrigin),
                    at: lookup.key.span ?? lookup.span))
        }
        return result
    }

    /// Up to three unmatched values with the other data's key each was probably meant to be.
    static func nearMisses(_ unmatched: [String], keys: [String]) -> [PipelineDiagnostic.NearMiss] {
        guard keys.count <= 20_000 else { return [] }
        var result: [PipelineDiagnostic.NearMiss] = []
        for value in unmatched.prefix(20) {
            if let key = Suggestions.closest(to: value, in: keys) ?? paddingMatch(value, keys: keys) {
                result.append(PipelineDiagnostic.NearMiss(value: value, key: key))
            }
            if result.count == 3 { break }
        }
        return result
    }

    /// A key that is `value` with its leading zeros restored or dropped (FIPS codes read as numbers: 1001 for "01001").
    static func paddingMatch(_ value: String, keys: [String]) -> String? {
        let stripped = value.drop { $0 == "0" }
        guard !stripped.isEmpty, stripped.allSatisfy(\.isNumber) else { return nil }
        return keys.first { $0 != value && $0.drop(while: { $0 == "0" }) == stripped }
    }
}
