import ChartDiagnostics
import ChartFormat
import ChartGeo
import ChartJSON
import ChartValues

/// A whole chart spec after parsing and validation: what SPEC.md §2 describes, with every user-written value
/// kept with its source span. Defaults that SPEC.md fixes are already applied (width 640, height 400, locale
/// en-US); defaults that depend on the data (scale types, stacking) are decided by later stages.
public struct ChartSpec: Sendable {
    public var file: SourceFile
    /// The JSON tree the spec was decoded from, so that later stages can point at what the model keeps whole
    /// (one element of a domain) and tell "not written" from "written but misspelled" without reading the file
    /// again.
    public var syntax: JSONValue?
    public var title: Located<String>?
    public var subtitle: Located<String>?
    public var data: DataSource
    /// Derived fields, in key order (each may use earlier ones).
    public var calculate: [CalculatedField]
    /// Kept when every expression is true.
    public var filter: [ExpressionSource]
    /// A statistics step (SPEC §21: `quantile`, `density`, `regression`): after `filter`, the rows it computes
    /// replace the data's. Nil: none.
    public var statistics: StatisticsSpec?
    public var groupBy: [Located<String>]
    /// Output fields, in key order. Empty when the spec has no `aggregate`.
    public var aggregate: [AggregateField]
    /// Whether the spec has an `aggregate` key at all (an empty object still means "aggregate to one row").
    public var hasAggregate: Bool
    public var total: [TotalSpec]
    public var complete: Located<Bool>?
    public var sort: [SortKey]
    /// Running figures over the output rows (SPEC §14), in key order (each may use earlier ones).
    public var window: [WindowField]
    /// Partitions for `window`; empty: the whole table is one partition.
    public var windowBy: [Located<String>]
    /// After `window`: output rows are kept when every expression is true.
    public var keep: [ExpressionSource]
    /// The mark; with `layers`, the first layer's (each layer's own is in `layers`).
    public var mark: MarkSpec
    /// Several marks over shared scales instead of one `mark` (SPEC §11); empty for a one-mark spec.
    public var layers: [LayerSpec] = []
    /// Set on the one-mark spec `layerChart(_:)` makes of a layer: which layer it is.
    public var layerIndex: Int?
    /// On a layer's one-mark spec: where the layer is in the `layers` the user wrote (its JSON), which differs
    /// from `layerIndex` after the composite stage (SPEC §21); nil for a layer made from a one-mark spec's `mark`.
    public var writtenLayerIndex: Int?
    public var encoding: Encoding
    /// A table instead of marks (SPEC §24); nil for a chart. With a table, `mark` is a placeholder no stage draws
    /// and `encoding` is empty.
    public var table: TableSpec?
    public var legend: LegendSpec
    /// Reference lines, shaded ranges and notes on the plot (SPEC §12), in the order written.
    public var annotations: [Annotation] = []

    /// Small multiples (SPEC §13); nil: one plot.
    public var facet: FacetSpec?
    /// `resolve` (SPEC §20): layers that keep their own x or y scale (a dual-axis chart); nil: every scale shared.
    public var resolve: ResolveSpec?
    /// The map projection (SPEC §22); nil: `equalEarth` fitted to the plot, when a mark draws shapes or places
    /// rows by `longitude`/`latitude`.
    public var projection: ProjectionSpec?
    /// The shapes of map data (SPEC §22) that the rows' `geometry` field indexes: set by the build driver after
    /// the pipeline has run (each layer's indexes offset into this one list), empty for other charts.
    public var geometries: [GeoGeometry] = [] {
        didSet {
            mapFits = FitCache()
            mapExtents = GeoExtentCache()
        }
    }
    /// The projected bounds layout measures to fit a map to its plot (`MapFrame`), kept with the shapes they
    /// measure so each projection and shape set is streamed once per build, whatever the plot sizes tried; new
    /// shapes get a new cache.
    public private(set) var mapFits = FitCache()
    /// Each shape's longitude/latitude extent, measured when a projection first needs it (albersUsa draws a shape
    /// only through the insets it reaches), kept with the shapes like `mapFits`.
    public private(set) var mapExtents = GeoExtentCache()
    public var notes: [Located<String>]
    public var sources: [SourceReference]
    public var byline: Located<String>?
    public var alt: Located<String>?
    /// The house style file (SPEC §15), relative to the spec; `--theme` overrides it.
    public var theme: Located<String>?
    /// Whole graphic, px, in (0, `maximumSize`] (the parser rejects anything else with `invalid-value`).
    public var width: Located<Double>
    /// Plot area including its axes, px, in (0, `maximumSize`].
    public var height: Located<Double>
    /// `"width": { "step": N }` (SPEC §19.8): px per category of a band or point x axis; the plot is as wide as
    /// its categories need. Nil: the default step (20 px) when the categories need more than `width` gives.
    public var widthStep: Located<Double>?
    /// `"height": { "step": N }`: px per category of a band or point y axis (the same for y).
    public var heightStep: Located<Double>?
    /// The largest `width`/`height` a spec may ask for: beyond this a chart is a mistake, and layout should not
    /// be asked to fill it. The parser's bound and the layout's are this one number.
    public static let maximumSize = 20_000.0
    /// BCP 47 tag, default `en-US`.
    public var locale: Located<String>
    /// Several views in one graphic (SPEC §20, `concat` or `repeat`): each a whole chart without page text, its
    /// pipeline merged with the top-level one. Empty for a one-view spec. On the spec that holds them, the page
    /// text, `width` and `theme` are the top level's and the rest is the first view's.
    public var views: [ChartSpec] = []
    /// `columns` of a `concat` or a list `repeat`: views per row; nil: the default (SPEC §20).
    public var viewColumns: Located<Int>?
    /// On a view of a `repeat` grid (`row` × `column`): its row and column, so only the outer views print tick
    /// labels and each field is named once per row and column.
    public var repeatCell: RepeatCell?
    /// `each` (SPEC §23): the spec is a batch, one chart per value (`batchInstance(for:)`); nil: one chart.
    public var each: BatchSpec?
    /// `outputs` (SPEC §23): the spec's own presets, in the order written (over the theme's and the built-in ones of
    /// the same name); empty: none.
    public var outputs: [OutputPreset] = []
    /// On a view: its place in `views` (from 0).
    public var viewIndex: Int?

    /// Whether the spec is several views (SPEC §20).
    public var hasViews: Bool { !views.isEmpty }

    public init(file: SourceFile, data: DataSource, mark: MarkSpec) {
        self.file = file
        self.title = nil
        self.subtitle = nil
        self.data = data
        self.calculate = []
        self.filter = []
        self.groupBy = []
        self.aggregate = []
        self.hasAggregate = false
        self.total = []
        self.complete = nil
        self.sort = []
        self.window = []
        self.windowBy = []
        self.keep = []
        self.mark = mark
        self.encoding = Encoding()
        self.legend = LegendSpec()
        self.facet = nil
        self.notes = []
        self.sources = []
        self.byline = nil
        self.alt = nil
        self.width = Located(640, at: nil)
        self.height = Located(400, at: nil)
        self.widthStep = nil
        self.heightStep = nil
        self.locale = Located("en-US", at: nil)
    }

    /// The folder relative paths resolve against: the spec file's folder.
    public var baseDirectory: String {
        let path = file.path
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}

/// Where a view of a `repeat` grid lies (SPEC §20): its row and column among `rows` × `columns`.
public struct RepeatCell: Sendable, Equatable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = rows
        self.columns = columns
    }

    public var isBottom: Bool { row == rows - 1 }
    public var isLeft: Bool { column == 0 }
}

extension ChartSpec {
    /// Who made the boundaries of the built-in basemaps the chart draws (SPEC §22), each once, in the order the
    /// data names them (a page of views: every view's): the source line names them when the spec names no source
    /// of its own.
    public var basemapAttributions: [String] {
        var names: [String] = []
        for source in [data] + layers.compactMap(\.data) {
            if case .basemap(let basemap) = source.origin, !names.contains(basemap.value.attribution) { names.append(basemap.value.attribution) }
        }
        for name in views.flatMap(\.basemapAttributions) where !names.contains(name) { names.append(name) }
        return names
    }
}

/// `projection` as the spec writes it (SPEC §22): d3-geo's options, and where it is written.
public struct ProjectionSpec: Sendable {
    public var options: ProjectionOptions
    public var span: SourceSpan?
    public var keySpan: SourceSpan?

    public init(options: ProjectionOptions, span: SourceSpan?, keySpan: SourceSpan?) {
        self.options = options
        self.span = span
        self.keySpan = keySpan
    }
}

/// `data` (SPEC §3): exactly one of `url` and `values`.
public struct DataSource: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case csv, tsv, json
        /// A GeoJSON FeatureCollection, Feature or geometry (SPEC §22): each feature a row.
        case geojson
        /// A TopoJSON topology (SPEC §22), read through `feature` or `mesh`.
        case topojson
    }

    public enum Origin: Sendable {
        /// `http://` / `https://` URL or a path relative to the spec, as written.
        case url(Located<String>)
        /// Inline rows, kept as the JSON array node so the loader can report positions.
        case values(JSONValue)
        /// Rows from a PostgreSQL table or query (SPEC §16).
        case database(DatabaseSource)
        /// A map that ships with chartc (SPEC §22: `"basemap": "world"`).
        case basemap(Located<Basemap>)
        /// The graticule as one row (SPEC §22: `{ "graticule": { "step": [10, 10] } }`): meridians every
        /// `step.0` degrees, parallels every `step.1`; without a step (`"graticule": true`), d3-geo's and
        /// Vega-Lite's default graticule (every 10°, the meridians between the quarter ones stopping at ±80°).
        case graticule(step: (Double, Double)?)
        /// The whole sphere as one row (SPEC §22: `{ "sphere": true }`), the outline of a map.
        case sphere
    }

    public var origin: Origin
    public var format: Located<Format>?
    /// TopoJSON (SPEC §22): the object whose geometries are the rows (`"feature": "counties"`).
    public var feature: Located<String>?
    /// TopoJSON or a basemap (SPEC §22): the object whose borders are one row, each shared border drawn once.
    public var mesh: Located<String>?
    /// Dotted path to the array inside a JSON document.
    public var property: Located<String>?
    /// Type overrides, in key order.
    public var parse: [(field: Located<String>, type: Located<DataType>)]
    /// Date formats from `parse` (`{ "Date": "%b %d %Y" }`, SPEC §3 v2): such a field is also in `parse` as a date.
    public var parseFormats: [(field: Located<String>, format: Located<DateFormat>)] = []
    /// The spec's `locale`, whose month and weekday names `parseFormats` read (English names always read too).
    public var parseLocale: ChartLocale = .enUS
    /// The top-level reshaping steps (SPEC §21: `fold`, `pivot`, `lookup`) in the order written, applied by the
    /// loader right after reading, so the data every later step and every layer that inherits it sees is reshaped.
    public var reshaping: [ReshapeStep] = []
    /// The `fold` among `reshaping` (setting it replaces that step, or adds it last).
    public var fold: FoldSpec? {
        get {
            for case .fold(let fold) in reshaping { return fold }
            return nil
        }
        set {
            let index = reshaping.firstIndex { if case .fold = $0 { true } else { false } }
            switch (index, newValue) {
            case (let index?, let fold?): reshaping[index] = .fold(fold)
            case (let index?, nil): reshaping.remove(at: index)
            case (nil, let fold?): reshaping.append(.fold(fold))
            case (nil, nil): break
            }
        }
    }
    public var span: SourceSpan?

    public init(
        origin: Origin, format: Located<Format>? = nil, property: Located<String>? = nil,
        parse: [(field: Located<String>, type: Located<DataType>)] = [], span: SourceSpan? = nil
    ) {
        self.origin = origin
        self.format = format
        self.property = property
        self.parse = parse
        self.span = span
    }

    /// Whether the rows come from a database (SPEC §16).
    public var isDatabase: Bool {
        if case .database = origin { return true }
        return false
    }

    /// Whether the rows are map features with a geometry each (SPEC §22): GeoJSON, TopoJSON, a basemap, the
    /// graticule or the sphere.
    public var isGeographic: Bool {
        switch origin {
        case .basemap, .graticule, .sphere: return true
        case .url, .values, .database: return format?.value == .geojson || format?.value == .topojson
        }
    }

    /// Whether `url` is a remote `http(s)` address rather than a file path.
    public var isRemote: Bool {
        guard case .url(let url) = origin else { return false }
        return url.value.hasPrefix("http://") || url.value.hasPrefix("https://")
    }
}

/// `data.database` with `table` or `query` (SPEC §16), as written. The URL (or `$NAME`) was checked by the parser:
/// it parses as libpq would, and holds no password.
public struct DatabaseSource: Sendable {
    /// What the rows are: a table or view (maybe `schema.table`), or the user's own `SELECT`.
    public enum Relation: Sendable {
        case table(Located<String>)
        case query(Located<String>)
    }

    /// A `postgresql://` URL, or `$NAME` naming an environment variable that holds one.
    public var database: Located<String>
    public var relation: Relation

    public init(database: Located<String>, relation: Relation) {
        self.database = database
        self.relation = relation
    }

    /// The variable name when `database` is `$NAME`.
    public var environmentVariable: String? {
        database.value.hasPrefix("$") ? String(database.value.dropFirst()) : nil
    }
}

/// One `calculate` entry: `name: expression`.
public struct CalculatedField: Sendable {
    public var name: Located<String>
    public var expression: ExpressionSource

    public init(name: Located<String>, expression: ExpressionSource) {
        self.name = name
        self.expression = expression
    }
}

/// One `window` entry: `name: window expression` (SPEC §14), e.g. `avg7: rolling_mean(high, 7)`.
public struct WindowField: Sendable {
    /// The most `window` fields a chart may compute (specs/limits.md, `window-limit`): each is a column over every
    /// row, and no chart draws that many running figures.
    public static let limit = 100

    public var name: Located<String>
    public var expression: ExpressionSource

    public init(name: Located<String>, expression: ExpressionSource) {
        self.name = name
        self.expression = expression
    }
}

/// One `aggregate` entry: `name: aggregate expression` (SPEC §5).
public struct AggregateField: Sendable {
    public var name: Located<String>
    public var expression: ExpressionSource

    public init(name: Located<String>, expression: ExpressionSource) {
        self.name = name
        self.expression = expression
    }
}

/// One `total` entry: aggregate again with `field` collapsed to `label`.
public struct TotalSpec: Sendable {
    public var field: Located<String>
    public var label: Located<String>

    public init(field: Located<String>, label: Located<String>) {
        self.field = field
        self.label = label
    }
}

/// One `sort` entry; `"-field"` is descending.
public struct SortKey: Sendable {
    public var field: String
    public var descending: Bool
    public var span: SourceSpan?

    public init(field: String, descending: Bool, span: SourceSpan?) {
        self.field = field
        self.descending = descending
        self.span = span
    }
}

/// A source line entry: `title | site`, linked when `url` is set.
public struct SourceReference: Sendable {
    public var title: Located<String>?
    public var site: Located<String>?
    public var url: Located<String>?
    public var span: SourceSpan?

    public init(title: Located<String>? = nil, site: Located<String>? = nil, url: Located<String>? = nil, span: SourceSpan? = nil) {
        self.title = title
        self.site = site
        self.url = url
        self.span = span
    }
}
