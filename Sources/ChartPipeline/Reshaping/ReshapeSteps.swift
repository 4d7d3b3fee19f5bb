import ChartData
import ChartDiagnostics
import ChartSpec

/// Runs a spec's reshaping steps (SPEC §21: `fold`, `pivot`, `lookup`, `flatten`) in the order written, on the table just
/// read. Each `lookup`'s other data is read first, so the field names every step makes are known before the main
/// data is read, and only the columns the steps and the spec need are converted.
enum ReshapeSteps {
    /// Each lookup's rows by its index in `steps`: only its key and the fields it copies are converted.
    static func loadOthers(_ steps: [ReshapeStep], baseDirectory: String, context: LoadContext) throws(DiagnosticError) -> [Int: LoadedData] {
        var others: [Int: LoadedData] = [:]
        for (index, step) in steps.enumerated() {
            guard case .lookup(let lookup) = step else { continue }
            let wanted: Set<String>? = lookup.fields.map { Set([lookup.key.value] + $0.map(\.value)) }
            others[index] = try DataLoader.load(lookup.data, baseDirectory: baseDirectory, context: context) { _ in wanted }
        }
        return others
    }

    /// The columns of data whose fields are `names` to read so that the steps give every field `projection`
    /// picks from the reshaped names (nil: all). Names a pivot makes are not known before the data is read, but a
    /// pivot reads only its own fields, so nothing before it depends on them.
    static func columnsToRead(_ steps: [ReshapeStep], names: [String], others: [Int: LoadedData], projection: ([String]) -> Set<String>?)
        -> Set<String>?
    {
        var stages = [names]
        for (index, step) in steps.enumerated() {
            let before = stages[stages.count - 1]
            switch step {
            case .fold(let fold): stages.append(Fold.fieldNames(fold, from: before))
            case .pivot(let pivot): stages.append(pivot.groupBy.map(\.value))
            case .lookup(let lookup): stages.append(before + Lookup.addedNames(lookup, otherNames: otherNames(others[index])))
            case .flatten(let flatten): stages.append(Flatten.fieldNames(flatten, from: before))
            }
        }
        var picked = projection(stages[stages.count - 1])
        for (index, step) in steps.enumerated().reversed() {
            switch step {
            case .fold(let fold): picked = Fold.columnsToRead(fold, picked: picked)
            case .pivot(let pivot): picked = Pivot.columnsToRead(pivot)
            case .lookup(let lookup): picked = Lookup.columnsToRead(lookup, otherNames: otherNames(others[index]), picked: picked)
            case .flatten(let flatten): picked = Flatten.columnsToRead(flatten, picked: picked)
            }
        }
        return picked
    }

    /// The reshaped data, or the errors of the first step that cannot run.
    static func apply(_ steps: [ReshapeStep], to loaded: LoadedData, others: [Int: LoadedData], origin: String) throws(DiagnosticError)
        -> LoadedData
    {
        var result = loaded
        for (index, step) in steps.enumerated() {
            switch step {
            case .fold(let fold):
                result = try Fold.apply(fold, to: result, origin: origin)
            case .pivot(let pivot):
                result = try Pivot.apply(pivot, to: result, origin: origin)
            case .lookup(let lookup):
                guard let other = others[index] else { continue }
                result = try Lookup.apply(lookup, to: result, other: other, origin: origin, otherOrigin: DataLoader.originName(lookup.data))
            case .flatten(let flatten):
                result = try Flatten.apply(flatten, to: result, origin: origin)
            }
        }
        // `{updated}` (SPEC §23): the latest of the data's and every lookup's read time.
        for other in others.values { result.updated = LoadedData.latest(result.updated, other.updated) }
        return result
    }

    private static func otherNames(_ other: LoadedData?) -> [String] {
        guard let other else { return [] }
        return other.fieldNames.isEmpty ? other.table.columnNames : other.fieldNames
    }
}
