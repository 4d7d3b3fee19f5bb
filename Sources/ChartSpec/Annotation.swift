import ChartDiagnostics
import ChartValues

/// One entry of `annotations` (SPEC §12): a reference line, a shaded range or a note pointing at data. Kept as
/// written, each value with its span, so the checking stage can say at `line:col` that a date does not belong on
/// a band axis; what a value means on its scale is decided once the scales exist (layout).
public struct Annotation: Sendable {
    /// The most annotations a chart may have (specs/limits.md, `annotation-limit`): more would cover the data.
    public static let limit = 500
    /// The most text notes among them (`annotation-limit` too): each is placed clear of the notes before it.
    public static let noteLimit = 100

    /// `type`: what is drawn.
    public enum Kind: String, Sendable, CaseIterable {
        case rule, range, text
    }

    /// Where a `text` note sits relative to its point.
    public enum NotePosition: String, Sendable, CaseIterable {
        case top, bottom, left, right
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }

    /// What joins a note to its point.
    public enum Connector: String, Sendable, CaseIterable {
        case line, arrow, none
    }

    /// How a rule is stroked.
    public enum LineStyle: String, Sendable, CaseIterable {
        case solid, dashed
    }

    public var kind: Located<Kind>
    /// `x`: one value (rule, text) or two (range: from, to); empty when not written.
    public var x: [AnnotationValue]
    /// `y`: as `x`.
    public var y: [AnnotationValue]
    /// Where `x` and `y` were written (the whole value, array included), for messages about the pair.
    public var xSpan: SourceSpan?
    public var ySpan: SourceSpan?
    /// `label` of a rule or range.
    public var label: Located<String>?
    /// `text` of a note.
    public var text: Located<String>?
    public var style: Located<LineStyle>?
    /// CSS color, checked by the checking stage like every other color.
    public var color: Located<String>?
    public var position: Located<NotePosition>?
    /// Distance in px from the point to the near edge of the note (default `defaultOffset`).
    public var offset: Located<Double>?
    public var connector: Located<Connector>?
    /// Width in px the note wraps at (default `defaultWidth`).
    public var width: Located<Double>?
    /// `panel`: the small-multiple panel (SPEC §13) this annotation is drawn in; nil: every panel. Kept here for
    /// the facet layout, which applies it.
    public var panel: Located<Value>?
    /// `at` (SPEC §19.13): the drawn row a text note points at instead of `x` and `y`.
    public var at: Located<AnnotationAnchor>?
    /// `layer`: the layer (SPEC §11) whose drawn rows `at` reads; nil: the first layer that draws rows.
    public var layer: Located<Int>?
    /// `text` with where each of its bytes sits in the file, so a `{placeholder}` problem points inside it.
    public var textSource: ExpressionSource?
    /// The whole annotation object.
    public var span: SourceSpan?

    /// Default distance from a note's point to its box, px.
    public static let defaultOffset = 30.0
    /// Default wrapping width of a note, px.
    public static let defaultWidth = 150.0

    public init(kind: Located<Kind>, span: SourceSpan?) {
        self.kind = kind
        self.x = []
        self.y = []
        self.span = span
    }

    /// Every value it holds with the axis it is on, in x-then-y order.
    public var values: [(axis: ChannelName, value: AnnotationValue)] {
        x.map { (ChannelName.x, $0) } + y.map { (ChannelName.y, $0) }
    }

    /// The values on one axis.
    public func values(on axis: ChannelName) -> [AnnotationValue] {
        axis == .x ? x : (axis == .y ? y : [])
    }
}

/// A value of an annotation as written (SPEC §12): a number, a string (an ISO 8601 date on a time axis, a category
/// name on a band axis) or `{ "aggregate": expr }` over the chart's output rows, which the pipeline resolves
/// (`resolved`) once it has the rows, because only it can evaluate expressions.
public struct AnnotationValue: Sendable {
    public enum Written: Sendable {
        case number(Double)
        case string(String)
        case aggregate(ExpressionSource)
    }

    /// Which rows an aggregate runs over (SPEC §19.13).
    public enum Rows: String, Sendable, CaseIterable {
        /// The chart's output rows, what the marks draw (the default).
        case output
        /// The rows before `groupBy` (after `calculate` and `filter`).
        case input
    }

    public var written: Written
    public var span: SourceSpan?
    /// `rows` of an aggregate value; `.output` when not written.
    public var rows: Rows = .output
    /// What an `aggregate` came to over the output rows (set by ChartPipeline's `AnnotationValues.resolve`); nil
    /// until then, and for values written directly.
    public var resolved: Value?

    public init(_ written: Written, span: SourceSpan?, resolved: Value? = nil) {
        self.written = written
        self.span = span
        self.resolved = resolved
    }

    /// The value as the scale should read it: the number or string written, or the aggregate's result (nil while
    /// unresolved).
    public var value: Value? {
        switch written {
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .aggregate: resolved
        }
    }

    /// Whether it is an `{ "aggregate": … }` value.
    public var isAggregate: Bool {
        if case .aggregate = written { return true }
        return false
    }
}

/// `at` of a text note (SPEC §19.13): which of the drawn rows it points at. The note's x and y are that row's
/// values on the view's x and y channels, so it follows the data when the data changes.
public enum AnnotationAnchor: Sendable, Equatable {
    /// `argmax(FIELD)`: the row with the largest value of FIELD (the first in line order on a tie).
    case argmax(field: Located<String>)
    /// `argmin(FIELD)`: the row with the smallest value of FIELD (the first in line order on a tie).
    case argmin(field: Located<String>)
    /// `first`: the first row in line order (SPEC §19.4).
    case first
    /// `last`: the last row in line order.
    case last

    /// The field it reads, with its place inside the `at` string.
    public var field: Located<String>? {
        switch self {
        case .argmax(let field), .argmin(let field): field
        case .first, .last: nil
        }
    }

    /// The anchor as written (`argmax(temp_max)`).
    public var text: String {
        switch self {
        case .argmax(let field): "argmax(\(field.value))"
        case .argmin(let field): "argmin(\(field.value))"
        case .first: "first"
        case .last: "last"
        }
    }
}
