import ChartDiagnostics
import ChartFormat
import ChartJSON

/// The catalogue of what `SpecParser` reports (JSON syntax errors are `JSONDiagnostic`'s, annotation structure
/// `AnnotationDiagnostic`'s): each case carries the data its sentence needs, `message` holds the one wording of
/// each case and `kind` maps it to its id (listed in `specs/diagnostics.md`) and severity. Several cases may share
/// an id (the situations of `invalid-value`); a call site only picks a case (`decoder.report(.emptyLayers, at:)`).
/// The planner reports two of them too (an empty `aggregate`, a total the parser could not judge).
public enum SpecDiagnostic: KindedDiagnosticMessage, Equatable {
    // MARK: the generic readers (`SpecDecoder`)

    /// A key not allowed where it is (`suggestion`: the allowed key it probably meant; `home`: the object where
    /// it belongs, when it belongs elsewhere).
    case unknownKey(key: String, path: String, suggestion: String?, home: String?)
    /// A value of the wrong JSON type: `expected` says what the place takes, `found` what was written
    /// (`SpecDecoder.describe`).
    case wrongType(path: String, expected: String, found: String, advice: WrongTypeAdvice?)
    /// A string that is not one of the `names` a place takes (`what`: "mark type", "scale type", …).
    case unknownValue(what: String, value: String, path: String, suggestion: String?, names: [String])
    /// `"none"` or `"false"` as a string where `false` turns something off (`stack`).
    case offIsFalse(path: String, value: String)
    /// A field name that is the empty string.
    case emptyFieldName(path: String)
    /// A number outside the range a place takes (`rule` says the range in words).
    case outOfRange(path: String, rule: String, found: String)
    /// A fractional number where a count is needed.
    case notWholeNumber(path: String, found: String)
    /// An empty name in a list or object of fields (`groupBy`, `calculate`, …).
    case emptyNameIn(path: String)
    /// A list that must not be empty (`domain`, `range`) and is.
    case emptyList(path: String)

    // MARK: the chart and its layers

    /// No `data` at the top level.
    case missingData
    /// No `mark` (and no `layers`) at the top level.
    case missingMark
    /// A layer without `mark`.
    case missingLayerMark(path: String)
    /// A mark object without `type`.
    case missingMarkType(path: String)
    /// `mark` and `layers` both given.
    case markAndLayers
    /// `table` (SPEC §24) together with a key it replaces (`mark`, `encoding`, …).
    case tableAnd(key: String)
    /// A `table` without `columns`.
    case missingTableColumns
    /// A column key that only one `display` takes (`scheme` on a heat column, `from` on a sparkline).
    case tableColumnKey(path: String, key: String, display: String, found: String)
    /// `layers: []`.
    case emptyLayers
    /// More layers than `LayerSpec.limit`.
    case tooManyLayers(count: Int)
    /// `resolve` makes a channel independent in a chart without `layers` (SPEC §20).
    case resolveWithoutLayers(channel: String)
    /// `resolve` makes a channel independent, but not exactly two layers draw it (SPEC §20: one axis each side).
    case resolveLayerCount(channel: String, count: Int)
    /// `total` or `complete` in a layer without its own aggregation.
    case layerAggregationKey(path: String, key: String)
    /// `{ "step": … }` for `width`/`height` without `step`.
    case missingStep(path: String, axis: String)
    /// `locale` that chartc has no tables for (a warning: en-US is used).
    case unknownLocale(tag: String, suggestion: String?)
    /// `{word}` in the byline that is not `{updated}` (SPEC §23), in a spec that is no batch.
    case unknownBylinePlaceholder(found: String, suggestion: String?)

    // MARK: encoding

    /// A channel with neither `field` nor `value`.
    case missingChannelField(path: String)
    /// A channel with both `field` and `value`.
    case fieldAndValue(path: String)
    /// `along` on a channel other than color.
    case alongNotOnColor(path: String)
    /// An axis put on a side its channel cannot use (an x axis on the left).
    case axisSide(channel: String, side: String)
    /// A scale, axis or legend key on a channel that gives a constant `value` (SPEC §19.3).
    case keyOnConstant(path: String, key: String)
    /// A scale, axis, format or stack key on `detail` or `order` (SPEC §20), which only read a field's values.
    case keyOnSeriesChannel(path: String, key: String)
    /// `sort` on a channel other than `x`, `y` and `color` (SPEC §20), which have no order to set.
    case sortNotOrdering(path: String)
    /// `sort` on a position channel by that channel itself (`"-x"` on `x`).
    case sortBySelf(path: String, channel: String)

    // MARK: composite marks

    /// A mark whose `extent` aggregates its own rows in a layer (or chart: `place`) that also aggregates.
    case compositeAggregate(mark: String, place: String)
    /// An errorbar (or errorband: `mark`) without a field on its measure channel.
    case errorbarWithoutField(mark: String, measure: String, end: String)
    /// An errorbar or errorband whose range is given twice: `mark.extent` and a field on the end channel.
    case errorbarExtentAndEnd(mark: String, field: String, end: String)
    /// An errorbar or errorband with a field but neither an end field nor `mark.extent`.
    case errorbarWithoutEnd(mark: String, measure: String, end: String)
    /// An errorband without a field on the channel it runs along.
    case errorbandWithoutAlong(measure: String, along: String)
    /// A boxplot without a quantitative field to draw the boxes of.
    case boxplotWithoutMeasure(measure: String, across: String)
    /// A boxplot without a discrete field whose categories get a box each.
    case boxplotWithoutCategory(measure: String, across: String)
    /// A `tooltip` on a `"min-max"` boxplot, which draws no row (its tooltip would show nothing).
    case boxplotTooltipWithoutPoints
    case summaryTooltipField(mark: String, field: String, shown: [String])

    // MARK: data

    /// `data` with both `url` and `values`.
    case urlAndValues
    /// `data` with neither `url` nor `values`.
    case noRows
    /// `data` with two sources (SPEC §22: `basemap`, `graticule`, `sphere` beside each other or `url`/`values`).
    case twoDataSources(first: String, second: String)
    /// `"format": "geojson"`/`"topojson"` over inline `values` (a map's features come from a file or a basemap).
    case geoFormatNeedsFile(format: String)
    /// A step that runs on the top-level rows (`filter`, `calculate`, `each.field`…) in a chart with no top-level
    /// `data`, whose every layer reads its own.
    case stepWithoutTopLevelData(key: String)
    /// TopoJSON with both `feature` and `mesh`.
    case featureAndMesh
    /// TopoJSON with neither `feature` nor `mesh`.
    case topoJSONWithoutObject
    /// `feature` or `mesh` for data that is not TopoJSON.
    case geoKeyNotTopoJSON(key: String)
    /// `format`, `property`, `parse`, `feature` (or `mesh`) beside a basemap, the graticule or the sphere.
    case keyWithGeoSource(key: String, source: String)
    /// `"graticule": false` or `"sphere": false`.
    case geoSourceOff(key: String)
    /// `data.url: ""`.
    case emptyDataURL
    /// `data.url` with a scheme chartc cannot load (`ftp:`).
    case dataURLScheme(scheme: String)
    /// A `parse` date format that cannot be read (`reason`: the format's own explanation).
    case invalidParseFormat(pattern: String, path: String, reason: String)
    /// `fold` as an object without `fields`.
    case missingFoldFields
    /// `fold.fields` as an empty list.
    case foldWithoutFields
    /// A `pivot` or `lookup` without one of the keys it needs (`example`: the entry written whole).
    case missingReshapeKey(step: String, key: String, example: String)
    /// A name listed twice in a list of fields (`path`: the list's path).
    case listedTwice(name: String, path: String)
    /// `lookup.as` naming `count` fields for `fields` fields.
    case lookupNames(count: Int, fields: Int)
    /// `flatten` (or `flatten.fields`) as an empty list.
    case flattenWithoutFields
    /// `flatten.as` naming `count` fields for `fields` fields.
    case flattenNames(count: Int, fields: Int)
    /// `fold.as` with other than two names (`count`).
    case foldNames(count: Int)
    /// A field listed twice in `fold.fields`, or `fold.as` naming one field twice.
    case foldFieldTwice(String)
    /// A statistics step (SPEC §21) without a field it needs (`key`), e.g. `quantile` without `field`.
    case missingStatisticsField(path: String, key: String, example: String)
    /// Two statistics steps in one spec or layer: each replaces the rows, so only one can.
    case twoStatisticsSteps(first: String, second: String)
    /// A `regression` option its `method` does not take (`takenBy`: the methods that do).
    case statisticsOptionNotForMethod(path: String, key: String, method: String, takenBy: [String])
    /// `"params": true` with an option of the curve (`ci`, `steps`), which then draws nothing.
    case paramsWithCurveOption(path: String, key: String)
    /// `url`, `values`, `format`, `property` or `parse` beside `database`.
    case keyWithDatabase(key: String)
    /// `table` or `query` without `database`.
    case relationWithoutDatabase(key: String)
    /// Both `table` and `query`.
    case tableAndQuery
    /// `database` without `table` or `query`.
    case databaseWithoutRelation
    /// `database: "$…"` that is not an environment variable name.
    case databaseVariableName(String)
    /// `database` that is not a PostgreSQL URL (`reason` from `ConnectionSettings`).
    case invalidDatabaseURL(reason: String)
    /// `database` with a password in it.
    case passwordInSpec
    /// `data.table: ""`.
    case emptyTable
    /// `data.query` of spaces only.
    case emptyQuery

    // MARK: pipeline

    /// A `sort` entry that is `"-"` or empty.
    case sortEntryWithoutField(entry: String)
    /// More `window` fields than `WindowField.limit`.
    case tooManyWindowFields(path: String, count: Int)
    /// `windowBy` without `window`.
    case windowByWithoutWindow
    /// `groupBy` without an `aggregate` (or with an empty one, which the planner sees).
    case groupByWithoutAggregate
    /// A `total` field that is not one of `groupBy`'s fields (nil: there is no `groupBy`).
    case totalNotGrouped(String, groupBy: [String]?)

    // MARK: facet, sources, annotations

    /// `facet` without `field`.
    case missingFacetField
    /// `facet.field: ""`.
    case emptyFacetField
    /// A `sources` link with a scheme other than http, https or mailto.
    case sourceURLScheme(path: String, scheme: String)
    /// A source with neither `title` nor `site`.
    case sourceWithoutName(path: String)
    /// An annotation without `type`.
    case missingAnnotationType(path: String)
    /// `{ … }` as an annotation value without `aggregate`.
    case missingAnnotationAggregate(path: String)
    /// More annotations than `Annotation.limit`.
    case tooManyAnnotations(count: Int)
    /// More text notes than `Annotation.noteLimit`.
    case tooManyNotes(count: Int)
    /// A text note with both `at` and `x` or `y` (`key`).
    case noteAtAndPosition(key: String)
    /// An annotation's layer index past the chart's layers.
    case layerIndexOutOfRange(path: String, index: Int, layerCount: Int)
    /// SPEC §20: page text (subtitle, notes, sources, …) written in a view of `concat`.
    case pageTextInView(key: String, index: Int)
    /// SPEC §20: a view with neither `mark` nor `layers`.
    case viewWithoutMarks(index: Int)
    /// SPEC §20: `concat` or `repeat` with nothing in it.
    case emptyViews(key: String)
    /// SPEC §20: more views than a graphic may hold.
    case tooManyViews(count: Int)
    /// SPEC §20: both `concat` and `repeat`.
    case concatAndRepeat
    /// SPEC §20: `{ "repeat": … }` naming what the repeat does not give.
    case repeatReference(found: String, given: [String])
    /// SPEC §20: `columns` with a `row` × `column` grid, which has its own columns.
    case columnsOnGrid

    /// What a `wrong-type` message adds after "found …" when the mistake is a common one.
    public enum WrongTypeAdvice: Sendable, Equatable {
        /// A number or boolean written as a string.
        case withoutQuotes
        /// One string where a list is needed (the string as written).
        case bracket(String)
        /// One object where a list of them is needed.
        case wrapInBrackets
        /// An array value where one value is needed, on a rule or note annotation.
        case spanIsRange
        /// The first of several items of `data.values` that are not rows: `everyItem` when none is a row,
        /// else how many more follow.
        case notRows(everyItem: Bool, more: Int)
    }

    public enum Kind: String, DiagnosticKind {
        case unknownKey = "unknown-key"
        case wrongType = "wrong-type"
        case unknownValue = "unknown-value"
        case missingKey = "missing-key"
        case invalidValue = "invalid-value"
        case dataSource = "data-source"
        case groupByWithoutAggregate = "groupby-without-aggregate"
        case totalNotGrouped = "total-not-grouped"
        case invalidURLScheme = "invalid-url-scheme"
        case sourceWithoutName = "source-without-name"
        case conflictingKeys = "conflicting-keys"
        case misplacedKey = "misplaced-key"
        case unknownLocale = "unknown-locale"
        case bylinePlaceholder = "byline-placeholder"
        case windowByWithoutWindow = "windowby-without-window"
        case databaseURL = "data-database-url"
        case passwordInSpec = "data-password-in-spec"
        case invalidParseFormat = "invalid-parse-format"
        case layerLimit = "layer-limit"
        case annotationLimit = "annotation-limit"
        case windowLimit = "window-limit"
        case boxplotChannels = "boxplot-channels"
        case compositeAggregate = "composite-aggregate"
        case errorbarRange = "errorbar-range"
        case errorbarTooltip = "errorbar-tooltip"
        case viewPageText = "view-page-text"
        case viewWithoutMarks = "view-without-marks"
        case statisticsOption = "statistics-option"
        case resolveLayers = "resolve-layers"

        public static let domain = "ChartSpec"
        public var severity: Severity {
            switch self {
            case .unknownLocale: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .unknownKey: .unknownKey
        case .wrongType: .wrongType
        case .unknownValue, .offIsFalse: .unknownValue
        case .missingData, .missingMark, .missingTableColumns, .missingLayerMark, .missingFoldFields, .missingReshapeKey, .missingMarkType,
            .missingStep,
            .missingChannelField,
            .missingFacetField,
            .missingAnnotationType, .missingAnnotationAggregate, .missingStatisticsField:
            .missingKey
        case .emptyFieldName, .outOfRange, .notWholeNumber, .emptyNameIn, .emptyList, .emptyLayers, .axisSide, .emptyDataURL, .emptyTable,
            .emptyQuery, .sortEntryWithoutField, .emptyFacetField, .layerIndexOutOfRange, .emptyViews, .repeatReference, .foldWithoutFields,
            .flattenWithoutFields, .flattenNames, .foldNames, .foldFieldTwice, .lookupNames, .listedTwice, .sortBySelf:
            .invalidValue
        case .urlAndValues, .noRows, .keyWithDatabase, .relationWithoutDatabase, .tableAndQuery, .databaseWithoutRelation, .twoDataSources,
            .geoFormatNeedsFile, .stepWithoutTopLevelData:
            .dataSource
        case .featureAndMesh: .conflictingKeys
        case .topoJSONWithoutObject: .missingKey
        case .geoKeyNotTopoJSON, .keyWithGeoSource: .misplacedKey
        case .geoSourceOff: .invalidValue
        case .groupByWithoutAggregate: .groupByWithoutAggregate
        case .totalNotGrouped: .totalNotGrouped
        case .dataURLScheme, .sourceURLScheme: .invalidURLScheme
        case .sourceWithoutName: .sourceWithoutName
        case .markAndLayers, .tableAnd, .fieldAndValue, .keyOnConstant, .noteAtAndPosition, .concatAndRepeat, .columnsOnGrid, .twoStatisticsSteps:
            .conflictingKeys
        case .statisticsOptionNotForMethod, .paramsWithCurveOption: .statisticsOption
        case .pageTextInView: .viewPageText
        case .viewWithoutMarks: .viewWithoutMarks
        case .tooManyViews: .layerLimit
        case .compositeAggregate: .compositeAggregate
        case .errorbarWithoutField, .errorbarExtentAndEnd, .errorbarWithoutEnd, .errorbandWithoutAlong: .errorbarRange
        case .summaryTooltipField: .errorbarTooltip
        case .boxplotWithoutMeasure, .boxplotWithoutCategory, .boxplotTooltipWithoutPoints: .boxplotChannels
        case .layerAggregationKey, .tableColumnKey, .alongNotOnColor, .keyOnSeriesChannel, .sortNotOrdering: .misplacedKey
        case .unknownLocale: .unknownLocale
        case .unknownBylinePlaceholder: .bylinePlaceholder
        case .windowByWithoutWindow: .windowByWithoutWindow
        case .databaseVariableName, .invalidDatabaseURL: .databaseURL
        case .passwordInSpec: .passwordInSpec
        case .invalidParseFormat: .invalidParseFormat
        case .tooManyLayers: .layerLimit
        case .resolveWithoutLayers, .resolveLayerCount: .resolveLayers
        case .tooManyAnnotations, .tooManyNotes: .annotationLimit
        case .tooManyWindowFields: .windowLimit
        }
    }

    public var message: String {
        let name = SpecDecoder.name
        let list = SpecDecoder.list
        let markTypes = list(MarkType.allCases.map(\.rawValue))
        switch self {
        case .unknownKey(let key, let path, let suggestion, let home):
            let place = path.isEmpty ? "at the top level" : "in '\(path)'"
            if let suggestion { return "unknown key '\(key)' \(place); did you mean '\(suggestion)'?" }
            return "unknown key '\(key)' \(place)" + (home.map { "; '\(key)' belongs in \($0)" } ?? "")
        case .wrongType(let path, let expected, let found, let advice):
            return "\(name(path)) must be \(expected), found \(found)" + (advice.map(Self.wording) ?? "")
        case .unknownValue(let what, let value, let path, let suggestion?, _):
            return "unknown \(what) '\(value)' for \(name(path)); did you mean '\(suggestion)'?"
        case .unknownValue(let what, let value, let path, nil, let names):
            return "unknown \(what) '\(value)' for \(name(path)): expected \(list(names))"
        case .offIsFalse(let path, let value):
            return "'\(path)' is turned off with false, not the string '\(value)'"
        case .emptyFieldName(let path):
            return "\(name(path)) is empty: it must name a data field"
        case .outOfRange(let path, let rule, let found):
            return "\(name(path)) must be \(rule), found \(found)"
        case .notWholeNumber(let path, let found):
            return "\(name(path)) must be a whole number, found \(found)"
        case .emptyNameIn(let path):
            return "'\(path)' has an empty field name"
        case .emptyList(let path):
            return "'\(path)' is empty: list its values, or leave it out to use the data"

        case .missingData:
            return "missing 'data': a chart spec needs to say where its rows come from, e.g. \"data\": { \"url\": \"data.csv\" }"
        case .missingMark:
            return "missing 'mark': a chart spec needs a mark type, e.g. \"mark\": \"bar\" (one of \(markTypes)), or 'layers' to draw several"
        case .missingLayerMark(let path):
            return "'\(path)' needs a 'mark', e.g. { \"mark\": \"line\" } (one of \(markTypes))"
        case .missingMarkType(let path):
            return "'\(path)' needs a 'type', e.g. { \"type\": \"line\" } (one of \(markTypes))"
        case .markAndLayers:
            return
                "the chart spec has both 'mark' and 'layers': draw one mark with 'mark', or several with 'layers' (each with its own 'mark'), not both"
        case .tableAnd(let key):
            return
                "the chart spec has both 'table' and '\(key)': a table replaces the marks, so '\(key)' would change nothing; leave it out, or draw a chart without 'table'"
        case .missingTableColumns:
            return
                "missing 'table.columns': list the table's columns, e.g. \"columns\": [{ \"field\": \"country\" }, { \"field\": \"gdp\", \"display\": \"bar\" }]"
        case .tableColumnKey(let path, let key, let display, let found):
            return "'\(path).\(key)' is taken only by a column with \"display\": \"\(display)\"; this column's display is '\(found)'"
        case .emptyLayers:
            return "'layers' is empty: list at least one layer such as { \"mark\": \"line\" }, or use 'mark'"
        case .resolveWithoutLayers(let channel):
            return
                "'resolve.\(channel)': \"independent\" gives each layer its own \(channel) scale, but this chart has no 'layers': draw two layers (each with its own 'mark'), or leave 'resolve' out"
        case .resolveLayerCount(let channel, let count):
            let found = count == 0 ? "no layer draws" : count == 1 ? "only one layer draws" : "\(count) layers draw"
            let side = channel == "y" ? "one on the left, one on the right" : "one at the bottom, one at the top"
            return
                "'resolve.\(channel)': \"independent\" draws two \(channel) axes (\(side)), one for each of two layers, but \(found) \(channel): give exactly two layers a \(channel) channel, or share the scale"
        case .tooManyLayers(let count):
            return
                "'layers' has \(CountText.grouped(count)) layers; a chart has at most \(LayerSpec.limit) (specs/limits.md): more marks over one plot cannot be told apart. Draw one layer with a 'color' field for the series, or split the chart"
        case .layerAggregationKey(let path, let key):
            return
                "'\(path).\(key)' belongs to a layer's own aggregation: add 'groupBy' and 'aggregate' to the layer, or move '\(key)' to the top level"
        case .missingStep(let path, let axis):
            return "missing '\(path).step': the px each category of the \(axis) axis gets, e.g. { \"step\": 20 }"
        case .unknownLocale(let tag, let suggestion):
            return "unknown locale '\(tag)'; using en-US" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .unknownBylinePlaceholder(let found, let suggestion):
            let head = "'{\(found)}' is no placeholder of the byline, which may hold '{updated}' (when the data was read)"
            return head + (suggestion.map { "; did you mean '{\($0)}'?" } ?? "; write '{{' and '}}' for braces")

        case .missingChannelField(let path):
            return "'\(path)' needs a 'field' naming the data field to show, e.g. { \"field\": \"price\" }"
        case .fieldAndValue(let path):
            return "'\(path)' has both 'field' and 'value': a channel shows either a data field or one constant value"
        case .alongNotOnColor(let path):
            return "'along' only applies to the color channel (it colors each mark by its position along x or y), not to '\(path)'"
        case .axisSide(let channel, let side):
            let allowed = channel.hasPrefix("x") ? "'top' or 'bottom'" : "'left' or 'right'"
            return "the \(channel) axis cannot go on the \(side): it goes at the \(allowed)"

        case .urlAndValues:
            return "'data' has both 'url' and 'values': use 'url' for rows from a file or the web, or 'values' for rows written in the spec, not both"
        case .noRows:
            return "'data' needs 'url' (a file path relative to the spec, or an http(s) address) or 'values' (an array of rows)"
        case .twoDataSources(let first, let second):
            return "'data' has both '\(first)' and '\(second)': a chart's data comes from one source; draw the other in a layer of its own"
        case .geoFormatNeedsFile(let format):
            return "'\(format)' data is read from a file: give its path in 'url' (or use \"basemap\": \"world\", \"us-states\" or \"us-counties\")"
        case .stepWithoutTopLevelData(let key):
            return
                "'\(key)' runs on the chart's top-level rows, but there are none: every layer reads its own 'data'; move '\(key)' into the layers that need it, or give the chart a top-level 'data'"
        case .featureAndMesh:
            return
                "'data' has both 'feature' and 'mesh': 'feature' makes each geometry of a TopoJSON object a row, 'mesh' its borders one row (drawn once); use a layer for each"
        case .topoJSONWithoutObject:
            return
                "TopoJSON data needs 'feature' (the object whose geometries are the rows, such as \"counties\") or 'mesh' (the object whose borders to draw)"
        case .geoKeyNotTopoJSON(let key):
            return "'\(key)' names an object of a TopoJSON file: give \"format\": \"topojson\" with it, or remove it"
        case .keyWithGeoSource(let key, let source):
            return "'\(key)' does not apply to '\(source)' data, which chartc makes itself: remove it"
        case .geoSourceOff(let key):
            return "'\(key)': false draws nothing: write \"\(key)\": true, or remove the data"
        case .emptyDataURL:
            return "'data.url' is empty: give a file path relative to the spec, or an http(s) address"
        case .dataURLScheme(let scheme):
            return
                "'data.url' uses the scheme '\(scheme):', which chartc cannot load: use an http:// or https:// address, or a file path relative to the spec"
        case .invalidParseFormat(let pattern, let path, let reason):
            return "invalid date format \(JSONText.quote(pattern)) in '\(path)': \(reason)"
        case .missingStatisticsField(let path, let key, let example):
            return "'\(path)' needs '\(key)', the numeric field it reads, e.g. \(example)"
        case .twoStatisticsSteps(let first, let second):
            return
                "'\(second)' and '\(first)' are both given: a statistics step replaces the rows with the ones it computes, so a spec or layer has one; draw the other in a layer of its own"
        case .statisticsOptionNotForMethod(let path, let key, let method, let takenBy):
            return "'\(path).\(key)' does not apply to the method '\(method)': only \(SpecDecoder.list(takenBy)) take it"
        case .paramsWithCurveOption(let path, let key):
            return
                "'\(path).\(key)' shapes the fitted curve, but with \"params\": true the step gives the coefficients and R² instead of the curve; remove one of them"
        case .missingFoldFields:
            return
                "missing 'fold.fields': the wide columns to turn into rows, e.g. { \"fields\": [\"2019\", \"2020\"], \"as\": [\"year\", \"value\"] }"
        case .foldWithoutFields:
            return "'fold.fields' is empty: list the wide columns to turn into rows, e.g. [\"2019\", \"2020\"]"
        case .flattenWithoutFields:
            return "'flatten' lists no field: list the array fields to turn into a row per element, e.g. [\"outliers\"]"
        case .flattenNames(let count, let fields):
            return
                "'flatten.as' names \(count == 1 ? "one field" : "\(count) fields") for \(fields == 1 ? "one field" : "\(fields) fields") in 'flatten.fields'; give one new name for each, in the same order"
        case .foldNames(let count):
            return
                "'fold.as' names \(count == 1 ? "one field" : "\(count) fields"); it names two: the field that gets each folded column's name and the one that gets its value, e.g. [\"year\", \"value\"]"
        case .foldFieldTwice(let name):
            return "'\(name)' is named twice in 'fold'; each folded column and each new field is named once"
        case .missingReshapeKey(let step, let key, let example):
            return "missing '\(step).\(key)': e.g. \(example)"
        case .listedTwice(let name, let path):
            return "'\(name)' is listed twice in '\(path)'"
        case .lookupNames(let count, let fields):
            return
                "'lookup.as' names \(count == 1 ? "one field" : "\(count) fields") for \(fields == 1 ? "one field" : "\(fields) fields") in 'lookup.fields'; give one new name for each, in the same order"
        case .keyWithDatabase("lookup"):
            return
                "'lookup.data' reads a database but the chart's rows do not: a lookup joins in PostgreSQL only rows of one database; read the chart's rows from it too, or the other rows from a file"
        case .keyWithDatabase("flatten"):
            return
                "'flatten' cannot be used with 'database' data: unnest in 'query' (SELECT id, unnest(outliers) AS outliers FROM t)"
        case .keyWithDatabase("parse"):
            return
                "'data.parse' cannot be used with 'database': a database column's type comes from the server; cast in 'query' (e.g. SELECT day::date AS day …)"
        case .keyWithDatabase(let key):
            return "'data.\(key)' cannot be used with 'database': rows from a database come from 'table' or 'query'"
        case .relationWithoutDatabase(let key):
            return
                "'data' has '\(key)' but no 'database': add \"database\": \"$NAME\" (an environment variable holding a postgresql:// URL) or the URL itself"
        case .tableAndQuery:
            return "'data' has both 'table' and 'query': name a table, or write a SELECT, not both"
        case .databaseWithoutRelation:
            return "'data.database' needs 'table' (a table or view, e.g. \"public.members\") or 'query' (a SELECT giving the rows)"
        case .databaseVariableName(let text):
            return
                "'data.database' '\(text)' is not a valid environment variable name: write $ followed by letters, digits and '_' (e.g. $VOTEVIEW_DB)"
        case .invalidDatabaseURL(let reason):
            return "'data.database' is not a valid PostgreSQL URL: \(reason)"
        case .passwordInSpec:
            return
                "'data.database' holds a password: specs are shared and committed, so chartc never reads one from a spec; put it in ~/.pgpass or PGPASSWORD, or keep the whole URL in an environment variable and write \"database\": \"$NAME\""
        case .emptyTable:
            return "'data.table' is empty: name a table or view, e.g. \"members\" or \"public.members\""
        case .emptyQuery:
            return "'data.query' is empty: write a SELECT giving the rows"

        case .sortEntryWithoutField(let entry):
            return "'sort' entry '\(entry)' names no field: write \"field\", or \"-field\" for descending order"
        case .tooManyWindowFields(let path, let count):
            return
                "'\(path)' has \(CountText.grouped(count)) fields; a chart computes at most \(WindowField.limit) (specs/limits.md): each is a column over every row, and no chart shows that many. Keep the running figures the marks draw"
        case .windowByWithoutWindow:
            return "'windowBy' partitions the running figures of 'window', but there is no 'window'"
        case .groupByWithoutAggregate:
            return "'groupBy' needs an 'aggregate' saying what to compute for each group, e.g. \"aggregate\": { \"count\": \"count()\" }"
        case .totalNotGrouped(let field, nil):
            return
                "'total' collapses the field '\(field)', but there is no 'groupBy': a total aggregates again with one grouping field replaced by a label"
        case .totalNotGrouped(let field, let grouped?):
            if let suggestion = Suggestions.closest(to: field, in: grouped) {
                return "'total' collapses the field '\(field)', which is not in 'groupBy'; did you mean '\(suggestion)'?"
            }
            return "'total' collapses the field '\(field)', which is not in 'groupBy' (\(list(grouped.map { "'\($0)'" })))"

        case .missingFacetField:
            return "missing 'facet.field': small multiples need the field whose values make the panels, e.g. \"facet\": { \"field\": \"city\" }"
        case .emptyFacetField:
            return "'facet.field' is empty; name the field whose values make the panels"
        case .sourceURLScheme(let path, let scheme):
            return "'\(path)' uses the scheme '\(scheme):': a source link must be http, https, mailto or a relative path"
        case .sourceWithoutName(let path):
            return "'\(path)' needs a 'title' or a 'site' (or both) to show in the sources line"
        case .missingAnnotationType(let path):
            return "missing 'type' in '\(path)': one of \(list(Annotation.Kind.allCases.map(\.rawValue)))"
        case .missingAnnotationAggregate(let path):
            return "missing 'aggregate' in '\(path)': write { \"aggregate\": \"mean(field)\" }"
        case .tooManyAnnotations(let count):
            return
                "'annotations' has \(CountText.grouped(count)) annotations; a chart has at most \(Annotation.limit) (specs/limits.md): more notes, rules and ranges would cover the data. Keep the ones a reader needs, or draw the others as a layer"
        case .tooManyNotes(let count):
            return
                "'annotations' has \(CountText.grouped(count)) text notes; a chart has at most \(Annotation.noteLimit) (specs/limits.md): more would cover the data and each other. Keep the ones a reader needs, or draw the others as a text layer"
        case .noteAtAndPosition(let key):
            return
                "a text note takes 'at' or '\(key)', not both: 'at' places the note at a drawn row's x and y; remove '\(key)', or 'at' to place it by hand"
        case .layerIndexOutOfRange(let path, let index, let layerCount):
            return layerCount == 0
                ? "\(name(path)) is \(index), but the chart has no 'layers': its one mark is layer 0"
                : "\(name(path)) is \(index), but the chart has \(layerCount) layers (0 to \(layerCount - 1))"
        case .pageTextInView(let key, let index):
            return
                "'concat[\(index)].\(key)' is page text, which spans the whole graphic: move '\(key)' to the top level (a view's own heading is its 'title')"
        case .viewWithoutMarks(let index):
            return "view \(index) has no marks: give it a 'mark', e.g. \"mark\": \"bar\" (one of \(markTypes)), or 'layers'"
        case .emptyViews(let key):
            return "'\(key)' is empty: list at least one \(key == "concat" ? "view such as { \"mark\": \"bar\", … }" : "field")"
        case .tooManyViews(let count):
            return
                "the graphic has \(CountText.grouped(count)) views; it has at most \(ViewComposition.limit) (specs/limits.md): more cannot be read side by side. Use a facet for small multiples of one field"
        case .concatAndRepeat:
            return
                "the chart spec has both 'concat' and 'repeat': list the views with 'concat', or repeat one chart over fields with 'repeat', not both"
        case .repeatReference(let found, let given):
            return given.isEmpty
                ? "{ \"repeat\": \(found) } stands for a repeated field, but there is no 'repeat' at the top level"
                : "{ \"repeat\": \(found) } names no field this 'repeat' gives: use \(list(given))"
        case .columnsOnGrid:
            return "'columns' does nothing with a 'row' × 'column' repeat, whose grid has one column per 'column' field: remove 'columns'"
        case .keyOnConstant(let path, let key):
            return
                "'\(path).\(key)' does nothing on a constant: '\(path)' gives a 'value', drawn as it is with no scale, axis or legend; remove '\(key)'"
        case .sortNotOrdering(let path):
            return
                "'sort' orders the categories of a band axis or of the color domain: it goes on 'x', 'y' or 'color', not on '\(path)'"
        case .sortBySelf(let path, let channel):
            return
                "'\(path)' sorts '\(channel)' by its own value: write \"ascending\" or \"descending\" to order its categories, or sort by the other position channel"
        case .keyOnSeriesChannel(let path, let key):
            return
                "'\(path).\(key)' does nothing: '\(path)' only reads its field's values, to split lines and areas into series (detail) or to order points and stacks (order), with no scale, axis or legend; remove '\(key)'"
        case .compositeAggregate(let mark, let place):
            return
                "the \(mark) mark's 'extent' groups and aggregates its rows itself, but \(place) also has 'groupBy' or 'aggregate': draw the \(mark) in a layer of its own over the rows before aggregation, or give its range as fields"
        case .errorbarWithoutField(let mark, let measure, let end):
            return
                "an \(mark) needs a field on '\(measure)': the values it spans (with '\(end)' as a second field, or 'mark.extent' to compute the range of each group)"
        case .errorbarExtentAndEnd(let mark, let field, let end):
            return "'mark.extent' computes the \(mark)'s range from '\(field)', but 'encoding.\(end)' gives the range too: remove one of them"
        case .errorbandWithoutAlong(let measure, let along):
            return
                "an errorband runs along '\(along)': give '\(along)' a field (the band joins each group's range on '\(measure)' in its order, like an area)"
        case .boxplotWithoutMeasure(let measure, let across):
            return
                "a boxplot needs a quantitative field on '\(measure)': the values its boxes summarise (with the categories on '\(across)'; for horizontal boxes, the values on 'x' with \"type\": \"quantitative\" and the categories on 'y')"
        case .boxplotWithoutCategory(let measure, let across):
            return
                "a boxplot needs a discrete field on '\(across)': the categories that get a box each of the values on '\(measure)' (a nominal or ordinal field)"
        case .boxplotTooltipWithoutPoints:
            return
                "a boxplot's 'tooltip' shows the fields of the values drawn as points beyond the whiskers, and with \"extent\": \"min-max\" there are none (each box's tooltip already lists lower, q1, median, q3 and upper): remove the tooltip, or use \"extent\": 1.5"
        case .summaryTooltipField(let mark, let field, let shown):
            return
                "the \(mark)'s 'extent' draws one summary per group, and '\(field)' is not kept by it: a tooltip can show \(shown.map { "'\($0)'" }.joined(separator: ", ")) (the measure's field stands for its center, lower and upper); remove '\(field)' from the tooltip"
        case .errorbarWithoutEnd(let mark, let measure, let end):
            return
                "an \(mark) draws from '\(measure)' to '\(end)': give '\(end)' a field with the high ends, or let 'mark.extent' compute the range of each group (\"ci\", \"stderr\", \"stdev\" or \"iqr\")"
        }
    }

    private static func wording(_ advice: WrongTypeAdvice) -> String {
        switch advice {
        case .withoutQuotes: "; write it without quotes"
        case .bracket(let text): "; write [\(text)]"
        case .wrapInBrackets: "; wrap it in [ ]"
        case .spanIsRange: "; a span of values is a 'range' annotation"
        case .notRows(everyItem: true, _):
            " (every item of data.values is; write each row as an object, e.g. [{ \"value\": 1 }, { \"value\": 2 }])"
        case .notRows(everyItem: false, let more):
            more > 0 ? " (and \(more) more item\(more == 1 ? "" : "s") after it)" : ""
        }
    }
}
