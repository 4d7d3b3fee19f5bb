import ChartData
import ChartDatabase
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSpec
import ChartValues

/// Turns a parsed spec and the schema of its data into a `Plan` (SPEC §2 "Pipeline order"), reporting every
/// mistake it can see before reading a row: expressions that do not compile, `groupBy`/`total`/`sort` fields
/// that do not exist (with a did-you-mean), a `sort` field that is not in the output.
///
/// It also decides two things the user does not write:
/// - the **projection**: only the data columns some part of the spec reads are loaded (all of them when the
///   output keeps every data field, i.e. without `aggregate`);
/// - **filter push-down**: a filter that reads no calculated field runs right after loading, and one that reads
///   calculated fields runs right after the last of them is computed, so calculations see fewer rows. Calculated
///   fields are row-wise, so the result is the same as running every filter after every calculation.
public enum Planner {
    /// The largest number of rows `complete` may create before the pipeline refuses.
    public static let completeRowLimit = 1_000_000

    public static func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) -> (Plan?, [Diagnostic]) {
        let analysis = analyze(spec, schema: schema)
        return (analysis.plan, analysis.diagnostics)
    }

    /// The plan, the planner's diagnostics, and the type of every calculated and aggregated field that compiled,
    /// also when others did not, so that the checking stage can go on with what is known.
    public static func analyze(_ spec: ChartSpec, schema: [(name: String, type: DataType)]) -> PlanAnalysis {
        var builder = PlanBuilder(spec: spec, schema: schema)
        let (plan, diagnostics) = builder.build()
        // Each problem once: a composite mark's statistics (SPEC §21) read the user's one field in several
        // aggregates, and an error about it is the same error at the same place.
        return PlanAnalysis(plan: plan, diagnostics: DiagnosticCollector.unique(diagnostics), fieldTypes: builder.fieldTypes)
    }

    /// The expressions' syntax errors, for a spec whose data's columns are unknown (remote data not yet cached):
    /// without the columns only the syntax can be checked.
    public static func checkSyntax(_ spec: ChartSpec) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for source in spec.calculate.map(\.expression) + spec.filter + spec.aggregate.map(\.expression) + spec.window.map(\.expression) + spec.keep
            + AnnotationValues.sources(spec) + (spec.facet?.sort.map { [$0] } ?? []) + PanelOrder.channelSorts(spec).map(\.source)
        {
            diagnostics += ExpressionParser.parse(source).1
        }
        return diagnostics
    }
}

/// What the planner found: the plan (nil when there were errors), every diagnostic, and the result type of each
/// calculated and aggregated field that compiled (a nil type: the field is always null).
public struct PlanAnalysis: Sendable {
    public var plan: Plan?
    public var diagnostics: [Diagnostic]
    public var fieldTypes: [String: DataType?]

    public init(plan: Plan?, diagnostics: [Diagnostic], fieldTypes: [String: DataType?]) {
        self.plan = plan
        self.diagnostics = diagnostics
        self.fieldTypes = fieldTypes
    }
}

private struct PlanBuilder {
    let spec: ChartSpec
    let dataFields: [(name: String, type: DataType)]
    let environment: ExpressionEnvironment
    var diagnostics: [Diagnostic] = []
    var failed = false
    /// Calculated fields whose expression did not compile. Their errors were reported at the calculation; a later
    /// use of the name is not reported again as an unknown field (one mistake, one error).
    var failedCalculations = Set<String>()
    /// The result type of each calculated and aggregated field that compiled.
    var fieldTypes: [String: DataType?] = [:]

    init(spec: ChartSpec, schema: [(name: String, type: DataType)]) {
        self.spec = spec
        // A data field named twice: the later column cannot be addressed; keep the first.
        var seen = Set<String>()
        self.dataFields = schema.filter { seen.insert($0.name).inserted }
        self.environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
    }

    mutating func add(_ found: [Diagnostic]) {
        let kept = found.filter { !isCascade($0) }
        diagnostics.append(contentsOf: kept)
        if found.hasErrors { failed = true }
    }

    /// An unknown-field error about a calculated field whose own expression failed.
    private func isCascade(_ diagnostic: Diagnostic) -> Bool { Self.isCascade(diagnostic, of: failedCalculations) }

    /// An unknown-field error about one of the `failed` fields (its definition failed and was reported there).
    static func isCascade(_ diagnostic: Diagnostic, of failed: Set<String>) -> Bool {
        guard !failed.isEmpty, let message = diagnostic.diagnosticMessage as? ExpressionDiagnostic else { return false }
        return message.field.map(failed.contains) ?? false
    }

    mutating func error(_ message: PipelineDiagnostic, at span: SourceSpan?, fixIt: FixIt? = nil) {
        report(Diagnostic(message, at: span, fixIt: fixIt))
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { failed = true }
    }

    mutating func build() -> (Plan?, [Diagnostic]) {
        let dataNames = Set(dataFields.map(\.name))

        // calculate, in key order, each seeing the earlier ones.
        var schema = ExpressionSchema(fields: dataFields)
        var calculations: [(name: String, expression: CompiledExpression, source: String, bin: BinCall?)] = []
        var calculatedIndex: [String: Int] = [:]
        var dataColumnsUsed = Set<String>()
        for field in spec.calculate {
            let (compiled, found, bin) = ExpressionCompiler.compileCalculation(field.expression, schema: schema, environment: environment)
            add(found)
            guard let compiled else {
                failedCalculations.insert(field.name.value)
                continue
            }
            for name in compiled.fieldsUsed where calculatedIndex[name] == nil { dataColumnsUsed.insert(name) }
            // A calculation whose type cannot be known (only nulls) is still a field; call it a number.
            schema.set(field.name.value, type: compiled.resultType ?? .number)
            fieldTypes[field.name.value] = .some(compiled.resultType)
            calculatedIndex[field.name.value] = calculations.count
            calculations.append((field.name.value, compiled, field.expression.text, bin))
        }
        let fullSchema = schema
        // `bin(x)` takes its step from the rows after filter: calculations it does not feed run first, so the
        // filters they allow run before it (SPEC §13).
        calculations = Self.orderedForAutomaticBins(calculations)
        calculatedIndex = [:]
        for (index, calculation) in calculations.enumerated() { calculatedIndex[calculation.name] = index }

        // filter: compiled against every field (users read filters as running after calculate), then pushed to
        // just after the last calculation they read.
        var filtersAt: [[(expression: CompiledExpression, source: String)]] = Array(repeating: [], count: calculations.count + 1)
        for source in spec.filter {
            let (compiled, found) = ExpressionCompiler.compileFilter(source, schema: fullSchema, environment: environment)
            add(found)
            guard let compiled else { continue }
            var position = 0
            for name in compiled.fieldsUsed {
                if let index = calculatedIndex[name] {
                    position = max(position, index + 1)
                } else {
                    dataColumnsUsed.insert(name)
                }
            }
            filtersAt[position].append((compiled, source.text))
        }

        // A statistics step (SPEC §21) replaces the rows after filter.
        let statistics = planStatistics(schema: fullSchema, calculated: Set(calculatedIndex.keys), dataColumnsUsed: &dataColumnsUsed)

        // groupBy fields must exist before aggregation.
        let available = fullSchema.names
        var groupBy: [String] = []
        for field in spec.groupBy {
            guard fullSchema.contains(field.value) else {
                if failedCalculations.contains(field.value) { continue } // already reported at its calculation
                unknownField(field.value, at: field.span, candidates: available, role: "groupBy field")
                continue
            }
            if groupBy.contains(field.value) {
                error(.listedTwice(field: field.value, list: "groupBy"), at: field.span)
                continue
            }
            groupBy.append(field.value)
            if calculatedIndex[field.value] == nil { dataColumnsUsed.insert(field.value) }
        }

        let aggregates = spec.hasAggregate || !spec.groupBy.isEmpty
        if !spec.hasAggregate && !spec.groupBy.isEmpty {
            // `"aggregate": {}`: the parser's own check sees the key and lets it pass.
            report(Diagnostic(SpecDiagnostic.groupByWithoutAggregate, at: spec.groupBy.first?.span))
        }

        var outputs: [AggregateOutput] = []
        for field in spec.aggregate {
            if groupBy.contains(field.name.value) {
                error(.aggregateNamedAsGroup(field.name.value), at: field.name.span)
                continue
            }
            let (compiled, found) = ExpressionCompiler.compileAggregate(
                field.expression, schema: fullSchema, groupFields: groupBy, environment: environment)
            add(found)
            guard let compiled else { continue }
            for call in compiled.calls {
                for name in call.argument?.fieldsUsed ?? [] where calculatedIndex[name] == nil { dataColumnsUsed.insert(name) }
            }
            for name in compiled.outer.fieldsUsed where calculatedIndex[name] == nil && dataNames.contains(name) {
                dataColumnsUsed.insert(name)
            }
            outputs.append(AggregateOutput(name: field.name.value, aggregate: compiled, source: field.expression.text))
            fieldTypes[field.name.value] = .some(compiled.resultType)
        }

        // total: each field must be one of groupBy.
        var totals: [TotalStep] = []
        for total in spec.total {
            let field = total.field.value
            if groupBy.contains(field) {
                if totals.contains(where: { $0.field == field }) {
                    error(.twoTotals(field), at: total.field.span)
                } else {
                    totals.append(TotalStep(field: field, label: total.label.value))
                }
            } else if spec.groupBy.contains(where: { $0.value == field }) {
                // Its groupBy field failed (an unknown field) and was reported there: one mistake, one error.
                failed = true
            } else if fullSchema.contains(field) {
                report(Diagnostic(SpecDiagnostic.totalNotGrouped(field, groupBy: groupBy), at: total.field.span))
            } else {
                unknownField(field, at: total.field.span, candidates: groupBy, role: "total field")
            }
        }

        // complete: the domain of each groupBy field.
        var complete: [CompleteDomain]?
        if let flag = spec.complete, flag.value {
            if groupBy.isEmpty {
                diagnostics.append(Diagnostic(PipelineDiagnostic.completeWithoutGroupBy, at: flag.span))
            } else {
                complete = groupBy.map { completeDomain(for: $0) }
            }
        }

        // The output fields, in SPEC §9 order.
        var outputFields: [(name: String, type: DataType)] = []
        if aggregates {
            for name in groupBy {
                let type = fullSchema.type(of: name) ?? .string
                outputFields.append((name, totals.contains { $0.field == name } ? .string : type))
            }
            for output in outputs { outputFields.append((output.name, output.aggregate.resultType ?? .number)) }
        } else if let statistics {
            outputFields = statistics.outputFields
        } else {
            outputFields = fullSchema.fields
        }

        // sort: fields of the output.
        var sortKeys: [SortOrder] = []
        let outputNames = outputFields.map(\.name)
        for key in spec.sort {
            if outputNames.contains(key.field) {
                sortKeys.append(SortOrder(key.field, descending: key.descending))
            } else if aggregates && fullSchema.contains(key.field) {
                report(Diagnostic(ExpressionDiagnostic.droppedByAggregation(key.field, outputs: outputNames), at: key.span))
            } else {
                unknownField(key.field, at: key.span, candidates: outputNames, role: "sort field")
            }
        }

        // window, windowBy and keep (SPEC §14): over the output fields, in output order.
        let (windowOutputs, partitionBy, keeps) = planWindow(outputFields: &outputFields, fullSchema: fullSchema, aggregates: aggregates)

        // Annotation values (SPEC §12): aggregates over the output rows, or (SPEC §19.13) the rows before groupBy.
        add(AnnotationValues.check(spec, outputFields: outputFields, inputFields: fullSchema.fields, environment: environment))

        // facet (SPEC §13): its field is an output field; its sort an aggregate over each panel's rows.
        planFacet(outputFields: outputFields)
        // An encoding's sort (SPEC §20): an aggregate over each category's rows, as `facet.sort` over each panel's.
        planChannelSorts(outputFields: outputFields)

        // Encoding fields of data columns are read too (a chart without aggregate reads all of them anyway).
        for channel in spec.encoding.channels + spec.encoding.tooltip {
            if let name = channel.field?.value, dataNames.contains(name), calculatedIndex[name] == nil {
                dataColumnsUsed.insert(name)
            }
        }
        // A table's columns (SPEC §24) likewise.
        for column in spec.table?.columns ?? [] where dataNames.contains(column.field.value) && calculatedIndex[column.field.value] == nil {
            dataColumnsUsed.insert(column.field.value)
        }

        if failed { return (nil, diagnostics) }

        // Assemble the steps.
        let columns =
            aggregates || statistics != nil ? dataFields.map(\.name).filter { dataColumnsUsed.contains($0) } : dataFields.map(\.name)
        var steps: [PlanStep] = [.load(loadStep(columns: columns))]
        for (index, filters) in filtersAt.enumerated() {
            if index > 0 {
                let calculation = calculations[index - 1]
                steps.append(
                    .calculate(
                        CalculateStep(name: calculation.name, expression: calculation.expression, source: calculation.source, bin: calculation.bin)))
            }
            guard !filters.isEmpty else { continue }
            steps.append(
                .filter(
                    FilterStep(
                        expressions: filters.map(\.expression),
                        sources: filters.map(\.source),
                        note: pushDownNote(position: index, calculations: calculations.map(\.name))
                    )))
        }
        if let statistics { steps.append(.statistics(statistics)) }
        if aggregates {
            var step = AggregateStep(groupBy: groupBy, fields: outputs, totals: totals, complete: complete, completeSpan: spec.complete?.span)
            step.binnedFields = groupBy.filter { name in calculations.contains { $0.name == name && $0.bin != nil } }
            steps.append(.aggregate(step))
        }
        if !sortKeys.isEmpty {
            let ties = groupBy.filter { field in !sortKeys.contains { $0.field == field } }.map { SortOrder($0) }
            steps.append(.sort(SortStep(keys: sortKeys, isDefault: false, tieBreakers: ties)))
        } else if aggregates && !groupBy.isEmpty {
            steps.append(.sort(SortStep(keys: groupBy.map { SortOrder($0) }, isDefault: true)))
        }
        if !windowOutputs.isEmpty {
            var order: [SortOrder] = []
            if case .sort(let sort)? = steps.last { order = sort.allKeys }
            steps.append(.window(WindowStep(partitionBy: partitionBy, order: order, fields: windowOutputs)))
        }
        if !keeps.isEmpty {
            steps.append(.keep(FilterStep(expressions: keeps.map(\.expression), sources: keeps.map(\.source), note: nil)))
        }
        var plan = Plan(steps: steps, columns: columns, dataFields: dataFields, outputFields: outputFields)
        plan.orders = PanelOrder.orderSteps(spec)
        return (plan, diagnostics)
    }

    /// The calculations with those an automatic `bin(x)` does not feed moved before it (stable), so every filter
    /// that does not read a binned field can run before the bin step measures its extent. Unchanged when there is
    /// no `bin(x)`, or when moving would change what a calculation reads (a later field shadowing an earlier name).
    static func orderedForAutomaticBins(
        _ calculations: [(name: String, expression: CompiledExpression, source: String, bin: BinCall?)]
    ) -> [(name: String, expression: CompiledExpression, source: String, bin: BinCall?)] {
        guard let first = calculations.firstIndex(where: { $0.bin != nil && $0.bin?.step == nil }) else { return calculations }
        var fed = Set<String>()
        var isFed = [Bool](repeating: false, count: calculations.count)
        for index in first..<calculations.count {
            let calculation = calculations[index]
            if (calculation.bin != nil && calculation.bin?.step == nil) || calculation.expression.fieldsUsed.contains(where: fed.contains) {
                fed.insert(calculation.name)
                isFed[index] = true
            }
        }
        let moved = calculations.indices.filter { $0 > first && !isFed[$0] }
        // A moved field must not be a name an earlier fed calculation reads (it would read the new definition).
        for index in moved {
            let name = calculations[index].name
            for earlier in first..<index where isFed[earlier] && calculations[earlier].expression.fieldsUsed.contains(name) { return calculations }
            if calculations[..<index].contains(where: { $0.name == name }) { return calculations }
        }
        let order = calculations.indices.filter { !isFed[$0] } + calculations.indices.filter { isFed[$0] }
        return order.map { calculations[$0] }
    }

    /// Compiles `window` against the output fields (each field seeing the earlier ones), checks `windowBy`
    /// against them, and compiles `keep` against the output with the window fields; the window fields are
    /// appended to `outputFields` (SPEC §14: after the aggregate fields).
    mutating func planWindow(
        outputFields: inout [(name: String, type: DataType)], fullSchema: ExpressionSchema, aggregates: Bool
    ) -> ([WindowOutput], [String], [(expression: CompiledExpression, source: String)]) {
        var schema = ExpressionSchema(fields: outputFields)
        let outputNames = outputFields.map(\.name)
        var partitionBy: [String] = []
        for field in spec.windowBy {
            if partitionBy.contains(field.value) {
                error(.listedTwice(field: field.value, list: "windowBy"), at: field.span)
            } else if schema.contains(field.value) {
                partitionBy.append(field.value)
            } else if aggregates && fullSchema.contains(field.value) {
                error(.windowByDropped(field: field.value, outputs: outputNames), at: field.span)
            } else {
                let suggestion = Suggestions.closest(to: field.value, in: outputNames)
                error(
                    .unknownWindowByField(field: field.value, suggestion: suggestion, outputs: outputNames),
                    at: field.span,
                    fixIt: suggestion.flatMap { replacement in field.span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) } }
                )
            }
        }
        // SPEC §19.11: in a faceted chart, running figures start again in every panel.
        if !spec.window.isEmpty, let facet = spec.facet?.field.value, !partitionBy.contains(facet), schema.contains(facet) {
            partitionBy.append(facet)
        }
        var outputs: [WindowOutput] = []
        var failedWindows = Set<String>()
        for field in spec.window {
            let name = field.name.value
            if outputFields.contains(where: { $0.name == name }) {
                error(.windowNamedAsOutput(name), at: field.name.span)
                continue
            }
            let (compiled, found) = ExpressionCompiler.compileWindow(field.expression, schema: schema, environment: environment)
            add(found.filter { !Self.isCascade($0, of: failedWindows) })
            guard let compiled else {
                failedWindows.insert(name)
                continue
            }
            let type = compiled.resultType ?? .number
            schema.set(name, type: type)
            fieldTypes[name] = .some(compiled.resultType)
            outputFields.append((name, type))
            outputs.append(WindowOutput(name: name, window: compiled, source: field.expression.text))
        }
        var keeps: [(expression: CompiledExpression, source: String)] = []
        for source in spec.keep {
            let (compiled, found) = ExpressionCompiler.compileFilter(source, schema: schema, environment: environment)
            add(found.filter { !Self.isCascade($0, of: failedWindows) })
            if let compiled { keeps.append((compiled, source.text)) }
        }
        return (outputs, partitionBy, keeps)
    }

    /// Checks `facet.field` against the output fields and compiles `facet.sort` as an aggregate over them
    /// (`PanelOrder` evaluates it per panel once the rows are known).
    mutating func planFacet(outputFields: [(name: String, type: DataType)]) {
        guard let facet = spec.facet else { return }
        let names = outputFields.map(\.name)
        let field = facet.field.value
        if !names.contains(field) {
            if spec.hasAggregate, dataFields.contains(where: { $0.name == field }) || spec.calculate.contains(where: { $0.name.value == field }) {
                // A data field the aggregation drops: name the output's fields.
                report(Diagnostic(ExpressionDiagnostic.unknownField(field, role: "facet field", hint: .fieldsHere(names)), at: facet.field.span))
            } else {
                unknownField(field, at: facet.field.span, candidates: names, role: "facet field")
            }
        }
        if let sort = facet.sort {
            let schema = ExpressionSchema(fields: outputFields)
            let (_, found) = ExpressionCompiler.compileAggregate(sort, schema: schema, groupFields: [field], environment: environment)
            add(found)
        }
    }

    /// Compiles each encoding `sort` written as an aggregate (`"-median(yield)"`) over the output fields, grouped by
    /// its channel's field (`PanelOrder` evaluates it per category once the rows are known): an unknown aggregate
    /// or field is reported inside the string, with a did-you-mean.
    mutating func planChannelSorts(outputFields: [(name: String, type: DataType)]) {
        let schema = ExpressionSchema(fields: outputFields)
        for sort in PanelOrder.channelSorts(spec) {
            let (_, found) = ExpressionCompiler.compileAggregate(sort.source, schema: schema, groupFields: [sort.field], environment: environment)
            add(found)
        }
    }

    mutating func unknownField(_ name: String, at span: SourceSpan?, candidates: [String], role: String) {
        let suggestion = Suggestions.closest(to: name, in: candidates)
        if failedCalculations.contains(name) { return } // its calculation failed and was reported there
        let hint: ExpressionDiagnostic.UnknownFieldHint =
            if let suggestion { .didYouMean(suggestion) } else if !candidates.isEmpty { .fieldsHere(candidates) } else { .none }
        // The fix-it replaces the text inside the quotes, when the span is a JSON string literal.
        var fixIt: FixIt?
        if let suggestion, let span {
            // `"name"`, or `"-name"` for a descending sort key.
            let prefix = span.range.count - name.utf8.count - 1
            if prefix == 1 || prefix == 2 {
                fixIt = FixIt(
                    span: SourceSpan(file: span.file, range: (span.range.lowerBound + prefix)..<(span.range.upperBound - 1)), replacement: suggestion)
            }
        }
        report(Diagnostic(ExpressionDiagnostic.unknownField(name, role: role, hint: hint), at: span, fixIt: fixIt))
    }

    /// The scale domain a channel gives a field, when that channel is discrete (a quantitative domain is a
    /// range, not a list of values to complete).
    func completeDomain(for field: String) -> CompleteDomain {
        let channels = spec.encoding.channels
        for channel in channels {
            guard channel.field?.value == field, let domain = channel.scale?.domain?.value, !domain.isEmpty else { continue }
            let discreteType = channel.type.map { $0.value.isDiscrete } ?? false
            let discreteScale = channel.scale?.type.map { [.band, .point, .ordinal].contains($0.value) } ?? false
            let allStrings = domain.allSatisfy { $0.stringValue != nil }
            if discreteType || discreteScale || allStrings {
                return .explicit(domain, channel: channel.channel.rawValue)
            }
        }
        return .observed
    }

    func pushDownNote(position: Int, calculations: [String]) -> String? {
        guard position < calculations.count else { return nil }
        if position == 0 { return "pushed before calculate: uses no calculated field" }
        let used = calculations[position - 1]
        return "pushed before calculating \(calculations[position...].joined(separator: ", ")): uses \(used) but no later calculated field"
    }

    func loadStep(columns: [String]) -> LoadStep {
        var step = plainLoadStep(columns: columns)
        step.reshaping = spec.data.reshaping.map(Planner.planLine)
        return step
    }

    private func plainLoadStep(columns: [String]) -> LoadStep {
        switch spec.data.origin {
        case .basemap(let basemap):
            return LoadStep(source: "basemap \(basemap.value.rawValue)", format: "topojson", columns: columns, totalColumns: dataFields.count)
        case .graticule(let given):
            let step = given ?? (10, 10)
            return LoadStep(
                source: "graticule every \(Value.number(step.0).text ?? "")° × \(Value.number(step.1).text ?? "")°", format: nil, columns: columns,
                totalColumns: dataFields.count)
        case .sphere:
            return LoadStep(source: "sphere", format: nil, columns: columns, totalColumns: dataFields.count)
        case .values(let json):
            _ = json
            return LoadStep(source: "inline values", format: nil, columns: columns, totalColumns: dataFields.count)
        case .database(let database):
            let what: String
            switch database.relation {
            case .table(let table): what = "table \(table.value)"
            case .query: what = "query"
            }
            let relation: String
            switch database.relation {
            case .table(let table): relation = SQLText.relation(table.value)
            case .query(let query): relation = SQLText.subquery(query.value).text
            }
            let list = columns.count == dataFields.count ? "*" : columns.map(SQLText.identifier).joined(separator: ", ")
            return LoadStep(
                source: "database \(database.database.value), \(what)", format: "postgresql", columns: columns,
                totalColumns: dataFields.count, sql: "SELECT \(list) FROM \(relation)")
        case .url(let url):
            let path: String
            if spec.data.isRemote || url.value.hasPrefix("/") || spec.baseDirectory == "." {
                path = url.value
            } else {
                path = spec.baseDirectory + "/" + url.value
            }
            var format = spec.data.format?.value.rawValue
            if format == nil {
                let lowered = url.value.lowercased()
                let stem = lowered.split(separator: "?").first.map(String.init) ?? lowered
                for candidate in ["csv", "tsv", "json"] where stem.hasSuffix("." + candidate) { format = candidate }
            }
            return LoadStep(source: path, format: format, columns: columns, totalColumns: dataFields.count)
        }
    }
}

extension PlanBuilder {
    /// Checks the statistics step (SPEC §21) against the fields after `calculate`: each field it reads exists
    /// (did-you-mean) and holds numbers (a regression's x may hold dates), its `groupBy` fields exist, no
    /// `aggregate` competes with it for the rows, and its output fields do not collide. Nil without a step or
    /// with errors (reported).
    mutating func planStatistics(schema: ExpressionSchema, calculated: Set<String>, dataColumnsUsed: inout Set<String>) -> StatisticsStep? {
        guard let statistics = spec.statistics else { return nil }
        let step = statistics.step.value.rawValue
        var ok = true
        if spec.hasAggregate {
            report(Diagnostic(PipelineDiagnostic.statisticsWithAggregate(step: step), at: statistics.step.span))
            return nil
        }
        for field in statistics.inputFields {
            guard let type = schema.type(of: field.value) else {
                unknownField(field.value, at: field.span, candidates: schema.names, role: "\(step) field")
                ok = false
                continue
            }
            let datesAllowed = statistics.regression?.x.value == field.value && statistics.regression?.x.span == field.span
            if type != .number && !(datesAllowed && type == .date) {
                error(.statisticsNotNumeric(step: step, field: field.value, type: type, datesAllowed: datesAllowed), at: field.span)
                ok = false
            }
            if !calculated.contains(field.value) { dataColumnsUsed.insert(field.value) }
        }
        var groupBy: [String] = []
        var outputFields: [(name: String, type: DataType)] = []
        for field in statistics.groupBy {
            guard let type = schema.type(of: field.value) else {
                unknownField(field.value, at: field.span, candidates: schema.names, role: "\(step).groupBy field")
                ok = false
                continue
            }
            if groupBy.contains(field.value) {
                error(.listedTwice(field: field.value, list: "\(step).groupBy"), at: field.span)
                ok = false
                continue
            }
            if statistics.outputNames.contains(field.value) {
                error(.statisticsNameTaken(step: step, field: field.value, outputs: statistics.outputNames), at: field.span)
                ok = false
                continue
            }
            groupBy.append(field.value)
            outputFields.append((field.value, type))
            if !calculated.contains(field.value) { dataColumnsUsed.insert(field.value) }
        }
        guard ok else { return nil }
        for name in statistics.outputNames {
            var type = DataType.number
            if let regression = statistics.regression, !regression.params.value, name == regression.x.value {
                type = schema.type(of: name) ?? .number
            }
            outputFields.append((name, type))
            fieldTypes[name] = .some(type)
        }
        return StatisticsStep(spec: statistics, groupBy: groupBy, outputFields: outputFields)
    }
}

extension Planner {
    /// How `chartc plan` prints a reshaping step (SPEC §21).
    static func planLine(_ step: ReshapeStep) -> (keyword: String, text: String, note: String) {
        switch step {
        case .fold(let fold):
            let fields = fold.fields.map(\.value).joined(separator: ", ")
            return ("fold", "\(fields) → \(fold.key.value), \(fold.value.value)", "wide to long: a row per field and row read")
        case .pivot(let pivot):
            let groups = pivot.groupBy.isEmpty ? "one row" : "a row per " + pivot.groupBy.map(\.value).joined(separator: ", ")
            return (
                "pivot", "\(pivot.op.value.rawValue)(\(pivot.value.value)) by \(pivot.field.value)",
                "long to wide: \(groups), a column per value of \(pivot.field.value)"
            )
        case .lookup(let lookup):
            let fields = lookup.fields.map { $0.map(\.value).joined(separator: ", ") } ?? "every field"
            let renamed = lookup.names.isEmpty ? "" : " as " + lookup.names.map(\.value).joined(separator: ", ")
            return (
                "lookup", "\(fields)\(renamed) from \(DataLoader.originName(lookup.data))",
                "left join: \(lookup.on.value) = \(lookup.key.value), the first matching row; unmatched rows keep nulls"
            )
        case .flatten(let flatten):
            let fields = flatten.fields.map(\.value).joined(separator: ", ")
            let renamed = flatten.names.isEmpty ? "" : " → " + flatten.names.map(\.value).joined(separator: ", ")
            return ("flatten", fields + renamed, "a row per array element; arrays of a row zipped, a shorter one null")
        }
    }
}
