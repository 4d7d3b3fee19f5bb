import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartExpression
import ChartGeo
import ChartNetwork
import ChartSpec
import ChartValues

/// What running a spec's data pipeline produces: the table marks are drawn from (and `chartc data` prints), the
/// plan that made it (`chartc plan`), and any warnings found on the way.
public struct PipelineOutput: Sendable {
    public var table: Table
    public var plan: Plan
    public var warnings: [Diagnostic]
    /// Which bytes the data was read from (url and SHA-256 per source), for the SVG's `<metadata>`.
    public var provenance: [DataProvenance]
    /// The data's fields and types as `Pipeline.schema` gives them (lint checks the spec against them), so
    /// a command that runs the pipeline need not read the data a second time to know them.
    public var schema: [(name: String, type: DataType)]
    /// The table was made from the data's first rows only (`LoadContext.sampleBytes`).
    public var isSample: Bool
    /// Map data (SPEC §22): the features' shapes, which the table's `geometry` field indexes.
    public var geometries: [GeoGeometry] = []
    /// When the data was read (`LoadedData.updated`; with layers' own data, the latest), for `{updated}`.
    public var updated: Int64?

    public init(
        table: Table, plan: Plan, warnings: [Diagnostic], provenance: [DataProvenance] = [],
        schema: [(name: String, type: DataType)] = [], isSample: Bool = false
    ) {
        self.table = table
        self.plan = plan
        self.warnings = warnings
        self.provenance = provenance
        self.schema = schema
        self.isSample = isSample
    }
}

/// The whole data stage for one parsed spec: load, plan against the data's schema, run.
public enum Pipeline {
    /// Plans a spec against its data's schema (for `chartc plan` and `lint`). Remote data's schema comes from its
    /// cached copy; when there is none the data is fetched (or, `--offline`, the loader reports it is not cached).
    public static func plan(spec: ChartSpec) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        try plan(spec: spec, context: .standard())
    }

    /// `plan(spec:)` with remote data reached under `context` (cache folder, `--offline`, timeouts).
    public static func plan(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        if case .database(let database) = spec.data.origin {
            // Reshaping steps (SPEC §21) compile into the relation the statement reads (`SQLReshaping`).
            let rows = try DataLoader.databaseRows(spec.data, database: database, context: context)
            let schema = rows.fields.map { (name: $0.name, type: ResultDecoder.dataType(ofOID: $0.typeOID)) }
            let (plan, planWarnings) = try plan(spec, schema: schema)
            let warnings = rows.warnings + planWarnings
            let columns = rows.columns
            let relation = rows.target.relation
            // Nothing runs: a `bin(x)` step shows as chosen from the extent.
            var binSteps: [Int: Double] = [:]
            while let extent = SQLCompiler.binExtent(plan, relation: relation, columns: columns, known: binSteps) {
                binSteps[extent.step] = SQLBinExtent.pendingStep
            }
            let compiled = SQLCompiler.compile(
                plan, relation: relation, columns: columns, inputOrder: rows.inputOrder, binSteps: binSteps, naturalOrders: rows.naturalOrders)
            return (Self.reshapedInDatabase(compiled ?? plan), warnings)
        }
        let schema: [(name: String, type: DataType)]
        if let known = try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory, context: context) {
            schema = known
        } else {
            schema = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context).table.columns.map {
                ($0.name, $0.type)
            }
        }
        return try plan(spec, schema: schema)
    }

    /// The data's field names and types for checking a spec (lint), as `DataLoader.schema` gives them, but for a
    /// spec with `aggregate` over a local file only the columns whose names occur in the spec's text are read
    /// and typed; the others are listed as strings. The planner looks at the types of the fields a spec reads
    /// alone (other fields only by name, for did-you-mean), so its diagnostics are the same as with every column.
    public static func schema(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> [(name: String, type: DataType)]? {
        guard spec.hasAggregate && !spec.data.isRemote && !spec.data.isDatabase else {
            return try DataLoader.schema(spec.data, baseDirectory: spec.baseDirectory, context: context)
        }
        let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, context: context, projection: projection(for: spec))
        return loaded.fieldNames.map { (name: $0, type: loaded.table.column(named: $0)?.type ?? DataType.string) }
    }

    /// `schema(spec:context:)` with the warnings found reading it: a database lookup's rows without a match and
    /// repeated keys (`SQLReshaping` counts them in PostgreSQL), which lint reports as it does for files.
    public static func schemaReportingWarnings(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> (
        schema: [(name: String, type: DataType)]?, warnings: [Diagnostic]
    ) {
        guard case .database(let database) = spec.data.origin, !spec.data.reshaping.isEmpty else {
            return (try schema(spec: spec, context: context), [])
        }
        let rows: DataLoader.DatabaseRows
        do {
            rows = try DataLoader.databaseRows(spec.data, database: database, context: context)
        } catch {
            throw ReadBySpecNote.adding(to: error, for: spec.data)
        }
        return (rows.fields.map { (name: $0.name, type: ResultDecoder.dataType(ofOID: $0.typeOID)) }, rows.warnings)
    }

    /// Picks, from the data's field names, those spelled somewhere in the spec (and those `parse` names).
    private static func projection(for spec: ChartSpec) -> ([String]) -> Set<String>? {
        let text = spec.file.bytes
        let parsed = Set(spec.data.parse.map(\.field.value))
        return { names in Set(names.filter { parsed.contains($0) || occurs($0, in: text) }) }
    }

    /// Runs the whole pipeline. The planner needs the data's column types, which the loader infers from every
    /// row, so a spec with `aggregate` reads only the columns whose names occur somewhere in the spec's text (a
    /// superset of what the plan can read), plans against those, and checks the plan reads nothing else. When it
    /// does, or when loading or planning fails (so that errors are exactly those of a full read), the data is read in
    /// full.
    public static func run(spec: ChartSpec) throws(DiagnosticError) -> PipelineOutput {
        try run(spec: spec, context: .standard())
    }

    /// `run(spec:)` with remote data reached under `context` (cache folder, `--offline`, timeouts).
    public static func run(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> PipelineOutput {
        // A database: plan against the described columns (nothing is run), compile the plan to SQL, and read only
        // its result (see `SQLCompiler`).
        if case .database(let database) = spec.data.origin {
            // One connection for the description and the statement.
            // Reshaping steps (SPEC §21) compile into the relation the statement reads (`SQLReshaping`).
            let rows = try DataLoader.databaseRows(spec.data, database: database, context: context)
            let target = rows.target
            let schema = rows.fields.map { (name: $0.name, type: ResultDecoder.dataType(ofOID: $0.typeOID)) }
            let (plan, planWarnings) = try plan(spec, schema: schema)
            let warnings = rows.warnings + planWarnings
            let columns = rows.columns
            let relation = target.relation
            var candidates: [Plan] = []
            let binSteps = try DataLoader.databaseBinSteps(target, plan: plan, relation: relation, columns: columns, context: context)
            if let compiled = SQLCompiler.compile(
                plan, relation: relation, columns: columns, inputOrder: rows.inputOrder, binSteps: binSteps, naturalOrders: rows.naturalOrders)
            {
                candidates.append(compiled)
            }
            if candidates.first?.isCompiledBeyondFilters == true {
                candidates.append(
                    SQLCompiler.compileFilters(
                        plan, load: plan.loadStep, relation: relation, scope: SQLCompiler.dataScope(columns, naturalOrders: rows.naturalOrders)))
            }
            // The plain projection: every step in chartc (over the reshaped relation, when there is one).
            candidates.append(
                spec.data.reshaping.isEmpty
                    ? plan : SQLCompiler.compileFilters(plan, load: plan.loadStep, relation: relation, scope: [:]))
            for (index, candidate) in candidates.enumerated() {
                let load = candidate.loadStep
                do {
                    // A fold's names keep the order the spec lists them in, as they do from a file.
                    let loaded = Self.withNaturalOrders(
                        try DataLoader.databaseStatement(
                            target, fieldNames: schema.map(\.name), sql: load.sql ?? "", parameters: load.sqlParameters,
                            resultColumns: load.resultColumns, context: context), rows.naturalOrders)
                    let candidate = Self.reshapedInDatabase(candidate)
                    let output = try execute(candidate, warnings: warnings, loaded: consume loaded)
                    context.timings?.lap("pipeline")
                    return output
                } catch {
                    // This server lacks something the statement uses: the next candidate runs more in chartc.
                    // --offline: a statement the server refused was never cached, the candidate that ran was.
                    let notCached =
                        context.fetch.mode == .offline && error.diagnostics.contains { $0.id == DatabaseDiagnostic.Kind.notCached.rawValue }
                    guard index + 1 < candidates.count, DataLoader.isUnsupported(error) || notCached else { throw error }
                }
            }
        }
        // Local data only: a failed projected read is read again, and a download must not be retried.
        if spec.hasAggregate && !spec.data.isRemote {
            // A load error falls through to the full read below, which reports every problem of the file.
            if let loaded = try? DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, context: context, projection: projection(for: spec)) {
                let schema = loaded.fieldNames.map { (name: $0, type: loaded.table.column(named: $0)?.type ?? DataType.string) }
                let (plan, diagnostics) = Planner.plan(spec, schema: schema)
                if let plan, !diagnostics.hasErrors, plan.columns.allSatisfy({ loaded.table.column(named: $0) != nil }) {
                    return try execute(plan, warnings: diagnostics, loaded: consume loaded)
                }
            }
        }
        let loaded = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil, context: context)
        let (plan, warnings) = try plan(spec, schema: loaded.table.columns.map { ($0.name, $0.type) })
        return try execute(plan, warnings: warnings, loaded: consume loaded)
    }

    /// Runs the plan over the loaded data, which it takes over: the loaded columns are handed to the runner
    /// with no other reference left, so it can free them as it filters.
    static func execute(_ plan: Plan, warnings: [Diagnostic], loaded: consuming LoadedData) throws(DiagnosticError) -> PipelineOutput {
        let schema = loaded.fieldNames.map { (name: $0, type: loaded.table.column(named: $0)?.type ?? DataType.string) }
        let (provenance, loadWarnings, isSample, geometries) = (loaded.provenance, loaded.warnings, loaded.isSample, loaded.geometries)
        let updated = loaded.updated
        var input = Table(columns: [], rowCount: 0)
        swap(&input, &loaded.table)
        if !plan.isCompiledAggregation {
            input = Table(columns: (plan.columns + plan.loadStep.sqlColumns).compactMap { input.column(named: $0) }, rowCount: input.rowCount)
        }
        // Window fields the statement computed go after the fields chartc calculated or finished, as its window
        // step puts them; after an aggregation they are taken from the groups, which the finish keeps in order.
        let trailing = plan.loadStep.sqlColumns
        let computed = plan.isCompiledAggregation ? trailing.compactMap { input.column(named: $0) } : []
        var result = try PipelineRunner.run(plan, input: consume input)
        if !trailing.isEmpty {
            let tail = plan.isCompiledAggregation ? computed : trailing.compactMap { result.column(named: $0) }
            guard tail.count == trailing.count, tail.allSatisfy({ $0.count == result.rowCount }) else {
                throw DiagnosticError(
                    Diagnostic(ExpressionDiagnostic.missingAtExecution(trailing[0], role: "column", from: "database's result"), at: nil))
            }
            result = Table(columns: result.columns.filter { !trailing.contains($0.name) } + tail, rowCount: result.rowCount).compacted()
        }
        var output = PipelineOutput(
            table: result, plan: plan, warnings: loadWarnings + warnings, provenance: provenance, schema: schema, isSample: isSample)
        output.geometries = geometries
        output.updated = updated
        return output
    }

    /// The loaded text columns named in `orders` with their categories' order (a fold's names from SQL).
    static func withNaturalOrders(_ loaded: LoadedData, _ orders: [String: [String]]) -> LoadedData {
        guard !orders.isEmpty else { return loaded }
        var result = loaded
        result.table = Table(
            columns: loaded.table.columns.map { column in
                var column = column
                if column.type == .string, column.naturalOrder == nil, let order = orders[column.name] { column.naturalOrder = order }
                return column
            }, rowCount: loaded.table.rowCount)
        return result
    }

    /// A database plan's reshaping steps (SPEC §21) are in its statement (`SQLReshaping`): `chartc plan` says so.
    static func reshapedInDatabase(_ plan: Plan) -> Plan {
        guard case .load(var load)? = plan.steps.first, load.sql != nil, !load.reshaping.isEmpty else { return plan }
        load.reshaping = load.reshaping.map { ($0.keyword, $0.text, "in PostgreSQL (the statement's FROM); " + $0.note) }
        var result = plan
        result.steps[0] = .load(load)
        return result
    }

    /// Whether `name`'s UTF-8 bytes occur anywhere in `text` (the spec file). A field the spec reads is spelled
    /// in it, unless through a JSON escape, which the plan check above catches.
    static func occurs(_ name: String, in text: [UInt8]) -> Bool {
        let needle = Array(name.utf8)
        guard let first = needle.first else { return true }
        guard needle.count <= text.count else { return false }
        var index = 0
        while index <= text.count - needle.count {
            if text[index] == first && text[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) throws(DiagnosticError) -> (Plan, [Diagnostic]) {
        let (plan, diagnostics) = Planner.plan(spec, schema: schema)
        guard let plan, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics) }
        return (plan, diagnostics)
    }
}
