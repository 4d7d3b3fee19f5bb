import ChartData
import ChartDiagnostics
import ChartExpression
import ChartJSON
import ChartSpec
import ChartSystem
import ChartValues
import Testing
@testable import ChartPipeline

/// The SPEC §10 polarization pipeline over a small inline table, with hand-computed medians.
enum Polarization {
    static let rows: [(congress: Double, chamber: String, party: Double, score: Double?, name: String)] = [
        (79, "House", 100, -0.5, "a"), // before 1947: filtered out
        (80, "House", 100, -0.4, "b"),
        (80, "Senate", 100, -0.2, "c"),
        (80, "House", 200, 0.3, "d"),
        (80, "President", 100, -0.9, "e"), // the President: filtered out
        (80, "House", 328, 0.0, "f"), // neither party: filtered out
        (80, "Senate", 200, 0.5, "g"),
        (80, "House", 200, 0.4, "h"),
        (81, "House", 100, -0.3, "i"),
        (81, "House", 200, 0.2, "j"),
        (81, "Senate", 100, -0.1, "k"),
        (81, "House", 100, -0.5, "l"),
        (81, "House", 100, nil, "m") // no score: skipped by the median, still a Democrat row
    ]

    static var table: Table {
        Table(columns: [
            T.numbers("congress", rows.map(\.congress)),
            T.strings("chamber", rows.map(\.chamber)),
            T.numbers("party_code", rows.map(\.party)),
            T.numbers("nominate_dim1", rows.map(\.score)),
            T.strings("bioname", rows.map(\.name))
        ])
    }

    static var schema: [(name: String, type: DataType)] {
        table.columns.map { ($0.name, $0.type) }
    }

    static func spec(
        calculate: [(String, String)] = [("year", "congress * 2 + 1787"), ("party", "party_code == 100 ? 'Democrats' : 'Republicans'")],
        filter: [String] = ["congress >= 80", "chamber != 'President'", "party_code in (100, 200)"],
        groupBy: [String] = ["year", "party"],
        aggregate: [(String, String)]? = [("median", "median(nominate_dim1)")],
        total: [(String, String)] = [("party", "Congress")],
        sort: [String] = [],
        complete: Bool? = nil
    ) -> ChartSpec {
        let file = SourceFile(path: "examples/polarization/polarization.chart.json", text: "{}")
        let data = DataSource(origin: .url(Located("HSall_members.csv", at: nil)))
        var spec = ChartSpec(file: file, data: data, mark: MarkSpec(type: Located(.line, at: nil)))
        spec.calculate = calculate.map { CalculatedField(name: Located($0.0, at: nil), expression: ExpressionSource(standalone: $0.1)) }
        spec.filter = filter.map { ExpressionSource(standalone: $0) }
        spec.groupBy = groupBy.map { Located($0, at: nil) }
        if let aggregate {
            spec.hasAggregate = true
            spec.aggregate = aggregate.map { AggregateField(name: Located($0.0, at: nil), expression: ExpressionSource(standalone: $0.1)) }
        }
        spec.total = total.map { TotalSpec(field: Located($0.0, at: nil), label: Located($0.1, at: nil)) }
        spec.sort = sort.map { key in
            key.hasPrefix("-")
                ? SortKey(field: String(key.dropFirst()), descending: true, span: nil) : SortKey(field: key, descending: false, span: nil)
        }
        if let complete { spec.complete = Located(complete, at: nil) }
        return spec
    }
}

func plan(_ spec: ChartSpec, schema: [(name: String, type: DataType)] = Polarization.schema) -> (Plan?, [Diagnostic]) {
    Planner.plan(spec, schema: schema)
}

/// The same plan with every filter moved after every calculation: the order a user reads.
func withoutPushDown(_ plan: Plan) -> Plan {
    var copy = plan
    var filters: [PlanStep] = []
    var others: [PlanStep] = []
    for step in plan.steps {
        if case .filter = step { filters.append(step) } else { others.append(step) }
    }
    let lastCalculation = others.lastIndex { if case .calculate = $0 { true } else { false } } ?? 0
    others.insert(contentsOf: filters, at: lastCalculation + 1)
    copy.steps = others
    return copy
}

@Test func polarizationMediansPerYearAndParty() throws {
    let (plan, diagnostics) = plan(Polarization.spec())
    #expect(diagnostics.isEmpty)
    let result = try PipelineRunner.run(#require(plan), input: Polarization.table)
    #expect(result.columnNames == ["year", "party", "median"])
    #expect(T.numbersOf(result.columns[0]) == [1947, 1947, 1947, 1949, 1949, 1949])
    #expect(T.stringsOf(result.columns[1]) == ["Congress", "Democrats", "Republicans", "Congress", "Democrats", "Republicans"])
    // 1947 D: -0.4 -0.2; R: 0.3 0.5 0.4; all: -0.4 -0.2 0.3 0.4 0.5.
    // 1949 D: -0.5 -0.3 -0.1 (the null skipped); R: 0.2; all: -0.5 -0.3 -0.1 0.2.
    #expect(close(T.numbersOf(result.columns[2]), [0.3, -0.3, 0.4, -0.2, -0.3, 0.2]))
}

@Test func pushedDownFiltersGiveTheSameRows() throws {
    let specs = [
        Polarization.spec(),
        Polarization.spec(filter: ["party == 'Democrats'", "congress >= 80", "year > 1948 || chamber == 'Senate'"]),
        Polarization.spec(groupBy: [], aggregate: nil, total: [])
    ]
    for spec in specs {
        let (planned, _) = plan(spec)
        let plan = try #require(planned)
        let pushed = try PipelineRunner.run(plan, input: Polarization.table)
        let unpushed = try PipelineRunner.run(withoutPushDown(plan), input: Polarization.table)
        #expect(TableWriter.csv(pushed) == TableWriter.csv(unpushed))
    }
}

@Test func filtersRunRightAfterTheCalculationsTheyRead() throws {
    let (planned, _) = plan(Polarization.spec(filter: ["party == 'Democrats'", "congress >= 80", "year > 1948"]))
    let plan = try #require(planned)
    let shape = plan.steps.map { step -> String in
        switch step {
        case .load: "load"
        case .filter(let filter): "filter " + filter.sources.joined(separator: " & ")
        case .calculate(let calculate): "calc " + calculate.name
        case .aggregate: "aggregate"
        case .sort: "sort"
        case .window: "window"
        case .keep: "keep"
        case .statistics: "statistics"
        }
    }
    #expect(
        shape == [
            "load", "filter congress >= 80", "calc year", "filter year > 1948", "calc party", "filter party == 'Democrats'", "aggregate", "sort"
        ])
}

@Test func projectionReadsOnlyTheColumnsTheSpecUses() throws {
    let (planned, _) = plan(Polarization.spec())
    let plan = try #require(planned)
    #expect(plan.columns == ["congress", "chamber", "party_code", "nominate_dim1"])
    #expect(plan.projection == ["congress", "chamber", "party_code", "nominate_dim1"])
    // Without aggregate every data field is output, so every column is read.
    let (all, _) = Planner.plan(Polarization.spec(groupBy: [], aggregate: nil, total: []), schema: Polarization.schema)
    #expect(try #require(all).projection == nil)
}

@Test func planDescriptionReadsLikeThePipeline() throws {
    let (planned, _) = plan(Polarization.spec())
    let expected = """
        load    examples/polarization/HSall_members.csv  (csv; 4 of 5 columns: congress, chamber, party_code, nominate_dim1)
        filter  congress >= 80 && chamber != 'President' && party_code in (100, 200)  (pushed before calculate: uses no calculated field)
        calc    year = congress * 2 + 1787
        calc    party = party_code == 100 ? 'Democrats' : 'Republicans'
        group   year, party
        agg     median = median(nominate_dim1)
        total   party = 'Congress'  (the same aggregation without party, rows added)
        sort    year, party  (default: groupBy order, weekdays and months in natural order)
        output  year, party, median

        """
    #expect(try #require(planned).description == expected)
}

@Test func withoutAggregateTheOutputIsDataThenCalculatedFields() throws {
    let spec = Polarization.spec(
        calculate: [("year", "congress * 2 + 1787"), ("congress", "congress + 1000")],
        filter: ["party_code == 200"], groupBy: [], aggregate: nil, total: []
    )
    let (planned, _) = plan(spec)
    let result = try PipelineRunner.run(#require(planned), input: Polarization.table)
    #expect(result.columnNames == ["congress", "chamber", "party_code", "nominate_dim1", "bioname", "year"])
    #expect(T.numbersOf(result.columns[0]) == [1080, 1080, 1080, 1081])
    #expect(T.numbersOf(result.columns[5]) == [1947, 1947, 1947, 1949])
    #expect(T.stringsOf(result.columns[4]) == ["d", "g", "h", "j"])
}

@Test func explicitSortWithDescendingKeys() throws {
    let spec = Polarization.spec(aggregate: [("median", "median(nominate_dim1)"), ("n", "count()")], sort: ["-n", "party", "year"])
    let (planned, _) = plan(spec)
    let result = try PipelineRunner.run(#require(planned), input: Polarization.table)
    // Counts: 1947 D 2, R 3, all 5; 1949 D 4 (one without a score still counts), R 1, all 5.
    #expect(T.numbersOf(result.columns[3]) == [5, 5, 4, 3, 2, 1])
    #expect(T.stringsOf(result.columns[1]) == ["Congress", "Congress", "Democrats", "Republicans", "Democrats", "Republicans"])
    #expect(T.numbersOf(result.columns[0]) == [1947, 1949, 1949, 1947, 1947, 1949])
}

@Test func aggregateWithoutGroupByIsOneRowEvenWhenNothingPasses() throws {
    let spec = Polarization.spec(
        filter: ["congress > 1000"], groupBy: [],
        aggregate: [("n", "count()"), ("total", "sum(nominate_dim1)"), ("avg", "mean(nominate_dim1)")], total: []
    )
    let (planned, _) = plan(spec)
    let result = try PipelineRunner.run(#require(planned), input: Polarization.table)
    #expect(result.rowCount == 1)
    #expect(TableWriter.csv(result) == "n,total,avg\n0,,\n")
}

@Test func outerExpressionsCombineCalls() throws {
    let spec = Polarization.spec(
        filter: ["party_code in (100, 200)", "congress >= 80", "chamber != 'President'"], groupBy: ["party"],
        aggregate: [("share", "count(nominate_dim1) / count()"), ("spread", "max(nominate_dim1) - min(nominate_dim1)")], total: []
    )
    let (planned, _) = plan(spec)
    let result = try PipelineRunner.run(#require(planned), input: Polarization.table)
    #expect(T.stringsOf(result.columns[0]) == ["Democrats", "Republicans"])
    // Democrats: 5 scores of 6 rows; max -0.1, min -0.5. Republicans: 4 of 4; 0.5 - 0.2.
    #expect(close(T.numbersOf(result.columns[1]), [5.0 / 6.0, 1]))
    #expect(close(T.numbersOf(result.columns[2]), [0.4, 0.3]))
}

@Test func numericTotalFieldBecomesText() throws {
    let spec = Polarization.spec(aggregate: [("n", "count()")], total: [("year", "All")])
    let (planned, diagnostics) = plan(spec)
    #expect(diagnostics.isEmpty)
    let plan = try #require(planned)
    #expect(plan.outputFields.map(\.type) == [.string, .string, .number])
    let result = try PipelineRunner.run(plan, input: Polarization.table)
    #expect(
        TableWriter.csv(result)
            == "year,party,n\n1947,Democrats,2\n1947,Republicans,3\n1949,Democrats,4\n1949,Republicans,1\nAll,Democrats,6\nAll,Republicans,4\n")
}

@Test func completeFillsEveryWeekday() throws {
    let dates = T.dates("date", ["2024-01-01", "2024-01-03", "2024-01-08", "2024-01-06"])
    let table = Table(columns: [dates, T.numbers("sales", [5, 7, 1, 2])])
    var spec = Polarization.spec(
        calculate: [("day", "weekday(date)")], filter: [], groupBy: ["day"],
        aggregate: [("n", "count()"), ("total", "sum(sales)"), ("avg", "mean(sales)")], total: [], complete: true
    )
    spec.locale = Located("en-GB", at: nil)
    let (planned, diagnostics) = Planner.plan(spec, schema: [("date", .date), ("sales", .number)])
    #expect(diagnostics.isEmpty)
    let result = try PipelineRunner.run(#require(planned), input: table)
    // 2024-01-01 and -08 are Mondays, -03 a Wednesday, -06 a Saturday; en-GB weeks start on Monday.
    #expect(TableWriter.csv(result) == "day,n,total,avg\nMon,2,6,3\nTue,0,0,\nWed,1,7,7\nThu,0,0,\nFri,0,0,\nSat,1,2,2\nSun,0,0,\n")
}

@Test func completeUsesAnExplicitColorDomain() throws {
    var spec = Polarization.spec(groupBy: ["year", "party"], aggregate: [("n", "count()")], total: [], complete: true)
    var color = ChannelDef(channel: .color, field: Located("party", at: nil))
    var scale = ScaleSpec()
    scale.domain = Located([.string("Democrats"), .string("Republicans"), .string("Whigs")], at: nil)
    color.scale = scale
    spec.encoding.color = color
    let (planned, _) = plan(spec)
    let result = try PipelineRunner.run(#require(planned), input: Polarization.table)
    #expect(
        TableWriter.csv(result)
            == "year,party,n\n1947,Democrats,2\n1947,Republicans,3\n1947,Whigs,0\n1949,Democrats,4\n1949,Republicans,1\n1949,Whigs,0\n")
}

@Test func unknownFieldsGetADidYouMean() {
    let spec = Polarization.spec(groupBy: ["yaer", "party"], total: [("partty", "All")], sort: ["-medain"])
    let (planned, diagnostics) = plan(spec)
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["unknown-field", "unknown-field", "unknown-field"])
    #expect(diagnostics[0].message.contains("did you mean 'year'?"))
    #expect(diagnostics[1].message.contains("did you mean 'party'?"))
    #expect(diagnostics[2].message.contains("did you mean 'median'?"))
}

@Test func sortingByAFieldTheAggregationDropsIsAnError() {
    let (planned, diagnostics) = plan(Polarization.spec(sort: ["congress"]))
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["unknown-field"])
    #expect(diagnostics[0].message.contains("dropped by the aggregation"))
}

@Test func totalMustNameAGroupByField() {
    let (planned, diagnostics) = plan(Polarization.spec(total: [("chamber", "All")]))
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["total-not-grouped"])
}

@Test func filterMustBeBoolean() {
    let (planned, diagnostics) = plan(Polarization.spec(filter: ["congress + 1"]))
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["expr-type"])
}

@Test func rowsThatTieOnTheWrittenSortFollowTheGroupByOrder() throws {
    // 2024-01-03 is a Wednesday, -01 and -08 Mondays, -07 a Sunday: counts Wed 1, Mon 2, Sun 1.
    let table = Table(columns: [T.dates("date", ["2024-01-03", "2024-01-01", "2024-01-07", "2024-01-08"])])
    let spec = Polarization.spec(
        calculate: [("day", "weekday(date)")], filter: [], groupBy: ["day"], aggregate: [("n", "count()")], total: [], sort: ["-n"]
    )
    let (planned, _) = Planner.plan(spec, schema: [("date", .date)])
    let plan = try #require(planned)
    #expect(plan.description.contains("sort    -n  (ties by day)"))
    let result = try PipelineRunner.run(plan, input: table)
    #expect(TableWriter.csv(result) == "day,n\nMon,2\nSun,1\nWed,1\n")
}

@Test func completeRefusesAbsurdRowCounts() throws {
    let count = 1200
    let table = Table(columns: [
        T.numbers("a", (0..<count).map { Double($0) }),
        T.numbers("b", (0..<count).map { Double($0 * 7) })
    ])
    let spec = Polarization.spec(calculate: [], filter: [], groupBy: ["a", "b"], aggregate: [("n", "count()")], total: [], complete: true)
    let (planned, _) = Planner.plan(spec, schema: [("a", .number), ("b", .number)])
    #expect(throws: DiagnosticError.self) { try PipelineRunner.run(#require(planned), input: table) }
}

/// A calculation that fails is reported once, at the calculation: later uses of its name in filters and groupBy
/// are not reported again as unknown fields.
@Test func aFailedCalculationIsReportedOnceNotAtEveryUse() throws {
    let spec = Polarization.spec(
        calculate: [("year", "congres * 2 + 1787"), ("party", "party_code == 100 ? 'Democrats' : 'Republicans'")],
        filter: ["year > 1950"]
    )
    let (planned, diagnostics) = plan(spec)
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["unknown-field"])
    #expect(diagnostics.first?.message.contains("'congres'") == true)
}

/// An unknown field is a typed case that carries the name: the planner reads it from there (not from the
/// message or the source bytes) to tell a cascade, and its own unknown fields are worded by the same case.
@Test func anUnknownFieldCarriesItsName() throws {
    let (_, fromExpression) = plan(Polarization.spec(filter: ["congres >= 80"]))
    let expression = try #require(fromExpression.first?.diagnosticMessage as? ExpressionDiagnostic)
    #expect(expression.field == "congres")
    #expect(fromExpression.first?.diagnosticID == DiagnosticID(domain: "ChartExpression", name: "unknown-field"))
    #expect(fromExpression.first?.message == "unknown field 'congres'; did you mean 'congress'?")

    let (_, fromSort) = plan(Polarization.spec(sort: ["yeer"]))
    let sort = try #require(fromSort.first?.diagnosticMessage as? ExpressionDiagnostic)
    #expect(sort == .unknownField("yeer", role: "sort field", hint: .didYouMean("year")))
    #expect(fromSort.map(\.message) == ["unknown sort field 'yeer'; did you mean 'year'?"])
}

/// A total whose groupBy field is unknown is reported once, at the groupBy field (not again as a total of a
/// field outside groupBy).
@Test func aTotalOfAnUnknownGroupByFieldIsNotReportedAgain() throws {
    let spec = Polarization.spec(groupBy: ["year", "partty"], total: [("partty", "Congress")])
    let (planned, diagnostics) = plan(spec)
    #expect(planned == nil)
    #expect(diagnostics.map(\.id) == ["unknown-field"])
    #expect(diagnostics.first?.message.hasPrefix("unknown groupBy field 'partty'") == true)
}

/// Which columns stay alive at each step (PipelineRunner drops the others when it materializes), so memory is
/// freed as the pipeline goes without changing what it computes.
@Suite struct LiveColumnTests {
    @Test func aColumnOnlyAFilterReadsIsDroppedAfterIt() throws {
        let (planned, _) = plan(Polarization.spec())
        let steps = try #require(planned).steps
        let live = PipelineRunner.liveColumns(steps)
        for (index, step) in steps.enumerated() {
            switch step {
            case .calculate(let calculate) where calculate.name == "year":
                // Calculations run after the filters: chamber (read by a filter only) is dead by then.
                #expect(live[index] == ["congress", "party_code", "nominate_dim1"])
            case .calculate(let calculate) where calculate.name == "party":
                #expect(live[index] == ["year", "party_code", "nominate_dim1"])
            case .aggregate:
                #expect(live[index] == ["year", "party", "nominate_dim1"])
            default:
                break
            }
        }
    }

    @Test func withoutAnAggregateEveryColumnMayReachTheOutput() throws {
        let (planned, _) = plan(Polarization.spec(groupBy: [], aggregate: nil, total: []))
        let live = PipelineRunner.liveColumns(try #require(planned).steps)
        #expect(live.allSatisfy { $0 == nil })
    }

    @Test func droppingDeadColumnsChangesNoResult() throws {
        let (planned, _) = plan(Polarization.spec())
        let result = try PipelineRunner.run(try #require(planned), input: Polarization.table)
        #expect(result.columnNames == ["year", "party", "median"])
        #expect(result.rowCount == 6)
    }
}
