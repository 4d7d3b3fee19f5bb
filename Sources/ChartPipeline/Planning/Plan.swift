import ChartData
import ChartDiagnostics
import ChartExpression
import ChartSpec
import ChartValues

/// One order `PanelOrder` computes over the output rows (`chartc plan`'s `order` lines): what is ordered (the
/// panels, or a channel's categories), the field whose values are ordered, and the order in the spec's words.
public struct OrderStep: Sendable {
    public var target: String
    public var field: String
    public var by: String

    public init(target: String, field: String, by: String) {
        self.target = target
        self.field = field
        self.by = by
    }
}

/// The data pipeline of one spec, compiled and ordered (SPEC §2 "Pipeline order"): what `chartc plan` prints and
/// `PipelineRunner` executes. Built by `Planner`, which may move filters earlier and read fewer columns than the
/// user's reading order suggests, as long as the result is the same.
public struct Plan: Sendable {
    public var steps: [PlanStep]
    /// The data columns the pipeline reads, in file order (the projection). Equal to every data field when the
    /// output keeps them all (no `aggregate`).
    public var columns: [String]
    /// Every field of the data, in file order.
    public var dataFields: [(name: String, type: DataType)]
    /// For data from a database: the steps of the spec that the load step's SQL statement performs (the SQL
    /// compiler moved them out of `steps`), for `chartc plan`. Empty otherwise.
    public var databaseSteps: [PlanStep] = []
    /// The fields of the output table, in output order (SPEC §9), with their types.
    public var outputFields: [(name: String, type: DataType)]
    /// What `PanelOrder` orders over the output rows once they are known: the panels (`facet.sort`) and the
    /// categories of sorted channels (an encoding's `sort`, SPEC §20), for `chartc plan`.
    public var orders: [OrderStep] = []

    public init(steps: [PlanStep], columns: [String], dataFields: [(name: String, type: DataType)], outputFields: [(name: String, type: DataType)]) {
        self.steps = steps
        self.columns = columns
        self.dataFields = dataFields
        self.outputFields = outputFields
    }

    /// The first step's load (every plan starts with one).
    public var loadStep: LoadStep {
        if case .load(let load)? = steps.first { return load }
        return LoadStep(source: "", format: nil, columns: columns, totalColumns: dataFields.count)
    }

    /// Whether a database groups and reduces the rows (`SQLCompiler`): the load step's result is then one row
    /// per group, not data rows.
    public var isCompiledAggregation: Bool { loadStep.resultColumns != nil }

    /// Whether the statement runs more than filters (an aggregation, or `sort`/`window`/`keep` over the data
    /// rows): a server that refuses it gets the filters-only statement next.
    public var isCompiledBeyondFilters: Bool {
        isCompiledAggregation
            || databaseSteps.contains { step in
                switch step {
                case .sort, .window, .keep: return true
                default: return false
                }
            }
    }

    /// The projection as a set, for `DataLoader.load(_:baseDirectory:columns:)`; nil when every column is read.
    public var projection: Set<String>? {
        columns.count == dataFields.count ? nil : Set(columns)
    }
}

/// One stage of a `Plan`.
public enum PlanStep: Sendable {
    case load(LoadStep)
    case filter(FilterStep)
    case calculate(CalculateStep)
    case aggregate(AggregateStep)
    case sort(SortStep)
    case window(WindowStep)
    /// `keep`: a filter over the output rows after `window`.
    case keep(FilterStep)
    /// A statistics step (SPEC §21): the rows it computes replace the rows after `filter`.
    case statistics(StatisticsStep)
}

/// `quantile`, `density` or `regression` (SPEC §21) as the planner checked it: the fields it reads exist and hold
/// numbers (a regression's x may hold dates), and the fields it makes, with their types.
public struct StatisticsStep: Sendable {
    public var spec: StatisticsSpec
    public var groupBy: [String]
    /// The `groupBy` fields, then the step's own (`StatisticsSpec.outputNames`).
    public var outputFields: [(name: String, type: DataType)]
    /// Set when the data is in a database: the step runs in chartc over the rows the statement fetched (for
    /// `chartc plan`).
    public var onFetchedRows = false

    public init(spec: StatisticsSpec, groupBy: [String], outputFields: [(name: String, type: DataType)]) {
        self.spec = spec
        self.groupBy = groupBy
        self.outputFields = outputFields
    }

    /// The fields the step reads.
    public var fieldsRead: [String] { groupBy + spec.inputFields.map(\.value) }
}

/// Where the rows come from, and which columns are read.
public struct LoadStep: Sendable {
    /// The path or URL as resolved against the spec (or `inline values`), for printing.
    public var source: String
    /// `csv`, `tsv`, `json`, or nil when it is only known after fetching (content type).
    public var format: String?
    public var columns: [String]
    public var totalColumns: Int
    /// For data from a database: the statement the server runs (the steps after it run in chartc). This is
    /// where a SQL compiler of the later steps plugs in (`specs/databases.md`, "What runs where").
    public var sql: String?
    /// The values of the statement's `$1`, `$2`… parameters (text; nil is NULL).
    public var sqlParameters: [String?]
    /// The names the pipeline gives the statement's result columns, by position, when the statement is a
    /// compiled aggregation (nil: the result columns are data columns, named as the server names them).
    public var resultColumns: [String]?
    /// Why steps that could have run in the database run in chartc (for `chartc plan`).
    public var sqlNote: String?
    /// Fields the statement computes after the data columns (`window` fields run in SQL, `SQLCompiler`): read
    /// with the data columns and placed last in the output, where chartc's own window step would put them.
    public var sqlColumns: [String] = []
    /// The reshaping steps (SPEC §21) the loader runs right after reading, in order (for `chartc plan`): each a
    /// keyword, what it does to which fields, and a note. `columns` and `totalColumns` count the reshaped fields.
    public var reshaping: [(keyword: String, text: String, note: String)] = []

    public init(source: String, format: String?, columns: [String], totalColumns: Int, sql: String? = nil, sqlParameters: [String?] = []) {
        self.source = source
        self.format = format
        self.columns = columns
        self.totalColumns = totalColumns
        self.sql = sql
        self.sqlParameters = sqlParameters
    }
}

/// Keeps the rows for which every expression is true. Consecutive `filter` entries that run at the same point
/// form one step.
public struct FilterStep: Sendable {
    public var expressions: [CompiledExpression]
    /// The expression texts, as written.
    public var sources: [String]
    /// Why the step runs where it does, when the planner moved it (for `chartc plan`).
    public var note: String?

    public init(expressions: [CompiledExpression], sources: [String], note: String?) {
        self.expressions = expressions
        self.sources = sources
        self.note = note
    }
}

/// Adds (or replaces) the column `name`.
public struct CalculateStep: Sendable {
    public var name: String
    public var expression: CompiledExpression
    public var source: String
    /// Set when the field is one `bin` call (SPEC §13): the step `chartc plan` shows as `bin`. The column
    /// remembers its step (`Column.binStep`).
    public var bin: BinCall?

    public init(name: String, expression: CompiledExpression, source: String, bin: BinCall? = nil) {
        self.name = name
        self.expression = expression
        self.source = source
        self.bin = bin
    }
}

/// One output field of `aggregate`.
public struct AggregateOutput: Sendable {
    public var name: String
    public var aggregate: CompiledAggregate
    public var source: String

    public init(name: String, aggregate: CompiledAggregate, source: String) {
        self.name = name
        self.aggregate = aggregate
        self.source = source
    }
}

/// `total {field: label}`: the aggregation again with `field` collapsed and set to `label`.
public struct TotalStep: Sendable, Equatable {
    public var field: String
    public var label: String

    public init(field: String, label: String) {
        self.field = field
        self.label = label
    }
}

/// How `complete` finds the values of one `groupBy` field.
public enum CompleteDomain: Sendable, Equatable {
    /// The values seen in the data, or every weekday or month when the column holds their names.
    case observed
    /// The explicit domain of the scale of a channel showing the field.
    case explicit([Value], channel: String)
}

/// `groupBy` + `aggregate` (+ `total`, `complete`).
public struct AggregateStep: Sendable {
    public var groupBy: [String]
    public var fields: [AggregateOutput]
    public var totals: [TotalStep]
    /// Per `groupBy` field, when `complete` is on; nil when it is off.
    public var complete: [CompleteDomain]?
    /// Where `complete` was written, for the diagnostic when it would make too many rows.
    public var completeSpan: SourceSpan?
    /// The `groupBy` fields made by `bin` (SPEC §13): `complete` fills their intervals between the first and the
    /// last (for `chartc plan`; the column itself carries its step).
    public var binnedFields: [String] = []
    /// Set when a database already grouped and reduced the rows (`SQLCompiler`): the input is then one row per
    /// group and part, and this says which columns hold what.
    public var reduced: ReducedAggregate?

    public init(groupBy: [String], fields: [AggregateOutput], totals: [TotalStep], complete: [CompleteDomain]?, completeSpan: SourceSpan? = nil) {
        self.groupBy = groupBy
        self.fields = fields
        self.totals = totals
        self.complete = complete
        self.completeSpan = completeSpan
    }
}

/// The output order.
public struct SortStep: Sendable {
    public var keys: [SortOrder]
    /// True when the order is the default one (`groupBy` fields ascending), not a written `sort`.
    public var isDefault: Bool
    /// After a written `sort`, the `groupBy` fields it does not name, ascending: rows that tie on the written
    /// keys come in the default order (weekdays in order) rather than in order of first appearance.
    public var tieBreakers: [SortOrder]

    public init(keys: [SortOrder], isDefault: Bool, tieBreakers: [SortOrder] = []) {
        self.keys = keys
        self.isDefault = isDefault
        self.tieBreakers = tieBreakers
    }

    /// Every key the rows are ordered by.
    public var allKeys: [SortOrder] { keys + tieBreakers }
}

/// `window` + `windowBy` (SPEC §14): running figures over the output rows, computed in table order (the output's
/// `sort` order) within each partition. It takes any table and these settings, not the spec itself, so a layer
/// or a facet panel can run its own.
public struct WindowStep: Sendable {
    /// The `windowBy` fields; empty: the whole table is one partition.
    public var partitionBy: [String]
    /// The order the rows are in when the step runs (for `chartc plan`); empty: the data's row order.
    public var order: [SortOrder]
    public var fields: [WindowOutput]

    public init(partitionBy: [String], order: [SortOrder], fields: [WindowOutput]) {
        self.partitionBy = partitionBy
        self.order = order
        self.fields = fields
    }
}

/// One field of `window`.
public struct WindowOutput: Sendable {
    public var name: String
    public var window: CompiledWindow
    public var source: String

    public init(name: String, window: CompiledWindow, source: String) {
        self.name = name
        self.window = window
        self.source = source
    }
}

/// An aggregation a database has already grouped and reduced: one input row per group of each part (the full
/// `groupBy`, then each `total`), its key columns named after the `groupBy` fields (null where a total collapsed
/// them), and per aggregate call the columns to finish it from. chartc then does what is exact only here:
/// quantile interpolation and means with its own arithmetic, the outer expressions, total labels, `complete`.
public struct ReducedAggregate: Sendable {
    /// The column holding SQL's `GROUPING(…)` bit mask of each row, and which part each mask is; nil: one part.
    public var partColumn: String?
    public var partOfMask: [Int: Int]
    /// One per aggregate call, in the order `Aggregation` flattens them (field by field).
    public var calls: [ReducedCall]
    /// The weekday/month order of key columns that hold such names (chartc's columns carry it; SQL's do not).
    public var keyOrders: [String: [String]]
    /// Set when the statement returns the groups in output order (`SQLCompiler.orderedAggregation`), to the
    /// sort's keys: the finished rows keep that order, total rows among the others, instead of coming part after
    /// part. Should the groups not be one per row (a key SQL tells apart and chartc does not, such as NaN and
    /// null), chartc sorts the finished rows by these keys itself.
    public var sortedBy: [SortOrder]?
    /// Set when the statement already added `complete`'s missing combinations (`SQLCompiler.completedGroups`):
    /// the finish adds none (a `keep` in SQL may have dropped some on purpose).
    public var completedInDatabase = false
    /// The step of key columns made by `bin` (SPEC §13; chartc's columns remember it, SQL's do not).
    public var keySteps: [String: Double] = [:]

    public init(partColumn: String?, partOfMask: [Int: Int], calls: [ReducedCall], keyOrders: [String: [String]] = [:]) {
        self.partColumn = partColumn
        self.partOfMask = partOfMask
        self.calls = calls
        self.keyOrders = keyOrders
    }
}

/// How one aggregate call's per-group value is finished from the columns the database returned.
public enum ReducedCall: Sendable, Equatable {
    /// The value itself (`count`, `min`, `sum`, …); counts and sums are 0 in a row `complete` adds.
    case value(column: String, zeroWhenEmpty: Bool)
    /// `sum / count`, divided here as chartc divides.
    case mean(sum: String, count: String)
    /// The two closest ranks and the count of values: chartc interpolates (type 7) with its own arithmetic.
    case quantile(low: String, high: String, count: String, p: Double)
}
