import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// Runs `flatten` (SPEC §21) on the table at its place among the reshaping steps: one row per element of the
/// listed array fields (`ArrayFlattening`: zipped, missing elements null, a row of empty arrays gives none), each
/// field in its place under its `as` name. A field the data lacks is an error with a did-you-mean; so is one whose
/// cells are not arrays (offering the fields that hold arrays).
enum Flatten {
    /// The data's field names after the flatten: the listed fields renamed in place.
    static func fieldNames(_ flatten: FlattenSpec, from names: [String]) -> [String] {
        let renamed = Dictionary(zip(flatten.fields.map(\.value), flatten.outputNames), uniquingKeysWith: { first, _ in first })
        return names.map { renamed[$0] ?? $0 }
    }

    /// The columns to read for `picked` (nil: all): the arrays, whatever later steps pick of their elements.
    static func columnsToRead(_ flatten: FlattenSpec, picked: Set<String>?) -> Set<String>? {
        guard let picked else { return nil }
        return picked.subtracting(flatten.outputNames).union(flatten.fields.map(\.value))
    }

    static func apply(_ flatten: FlattenSpec, to loaded: LoadedData, origin: String) throws(DiagnosticError) -> LoadedData {
        let table = loaded.table
        let names = loaded.fieldNames.isEmpty ? table.columnNames : loaded.fieldNames
        let arrayFields = table.columns.filter(ArrayFlattening.holdsArrays).map(\.name)
        var errors: [Diagnostic] = []
        for field in flatten.fields where table.column(named: field.value) == nil {
            errors.append(
                Diagnostic(
                    PipelineDiagnostic.flattenUnknownField(field: field.value, origin: origin, names: names, arrayFields: arrayFields),
                    at: field.span ?? flatten.span))
        }
        let listed = Set(flatten.fields.map(\.value))
        for (name, span) in zip(flatten.outputNames, flatten.names.map(\.span)) where names.contains(name) && !listed.contains(name) {
            errors.append(Diagnostic(PipelineDiagnostic.flattenNameTaken(name: name), at: span ?? flatten.span))
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        switch ArrayFlattening.flatten(table, fields: flatten.fields.map(\.value), names: flatten.outputNames) {
        case .success(let flattened):
            var result = loaded
            result.table = flattened
            result.fieldNames = fieldNames(flatten, from: names)
            return result
        case .failure(let problem):
            let span = flatten.fields.first { $0.value == problem.field }?.span ?? flatten.span
            throw DiagnosticError(
                Diagnostic(
                    PipelineDiagnostic.flattenNotArray(
                        field: problem.field, row: problem.row, found: problem.found, arrayFields: arrayFields.filter { !listed.contains($0) }),
                    at: span))
        }
    }
}
