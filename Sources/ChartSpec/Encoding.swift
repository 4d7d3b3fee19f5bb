import ChartDiagnostics
import ChartValues

/// The channels of SPEC §7 (`opacity` takes only a constant, SPEC §19.3), and SPEC §20's `detail` (series
/// without color) and `order` (the order a line joins its points, the stacking order).
public enum ChannelName: String, Sendable, CaseIterable {
    case x, y, x2, y2, color, offset, size, opacity, text, detail, order, tooltip
    /// An arc's angle (SPEC §21): each slice's share of 360°, stacked in color order.
    case theta
    /// An arc's outer radius (SPEC §21): a square-root scale from zero (a radial chart).
    case radius
    /// A point's or a text's place on a map (SPEC §22), in degrees east, through the chart's `projection`.
    case longitude
    /// A point's or a text's place on a map (SPEC §22), in degrees north.
    case latitude
    /// Where a rule on a map ends (SPEC §22): it runs along the great circle from `longitude`/`latitude` to here.
    case longitude2
    case latitude2
}

/// Measurement type of a channel (`type`).
public enum MeasureType: String, Sendable, CaseIterable {
    case quantitative, temporal, ordinal, nominal

    /// Ordinal and nominal data go on band/point/ordinal scales.
    public var isDiscrete: Bool { self == .ordinal || self == .nominal }
}

/// `scale.type`.
public enum ScaleType: String, Sendable, CaseIterable {
    case linear, log, sqrt, time, band, point, ordinal
    /// SPEC §22: stepped colors. `quantize` cuts the domain into `bins` equal intervals, `quantile` the values into
    /// `bins` groups of equal counts, `threshold` at the `domain`'s breaks; each step gets one color.
    case quantize, quantile, threshold

    /// The stepped (discretizing) scales of SPEC §22: numbers onto a few colors, with a stepped legend.
    public var isStepped: Bool { self == .quantize || self == .quantile || self == .threshold }
}

/// `stack` on the measure channel of bars and areas.
public enum StackMode: String, Sendable, CaseIterable {
    case zero, normalize, center
    /// Written as `false`.
    case none
}

/// `along` on the color channel: color each mark by its position along an axis.
public enum AlongAxis: String, Sendable, CaseIterable {
    case x, y
}

public enum AxisPosition: String, Sendable, CaseIterable {
    case left, right, top, bottom
}

/// A title that may be left to its default (the field name), hidden with `null`, or written out.
public enum TitleSetting: Sendable, Equatable {
    case automatic
    case hidden
    case text(Located<String>)

    public static func == (lhs: TitleSetting, rhs: TitleSetting) -> Bool {
        switch (lhs, rhs) {
        case (.automatic, .automatic), (.hidden, .hidden): true
        case (.text(let a), .text(let b)): a.value == b.value
        default: false
        }
    }
}

/// `scale` (SPEC §7). Every field is optional; layout picks defaults from the data and the channel.
public struct ScaleSpec: Sendable {
    public var type: Located<ScaleType>?
    /// Explicit domain: numbers, strings or dates (dates already parsed to `.date`).
    public var domain: Located<[Value]>?
    /// Explicit range: colors for the color channel, pixels otherwise.
    public var range: Located<[Value]>?
    public var scheme: Located<String>?
    public var zero: Located<Bool>?
    public var nice: Located<Bool>?
    public var reverse: Bool
    /// `bins` (SPEC §22; `quantize` and `quantile`): how many steps. The checking stage refuses one that is not a
    /// whole number of at least 2.
    public var bins: Located<Double>?
    public var span: SourceSpan?

    public init(span: SourceSpan? = nil) {
        self.bins = nil
        self.type = nil
        self.domain = nil
        self.range = nil
        self.scheme = nil
        self.zero = nil
        self.nice = nil
        self.reverse = false
        self.span = span
    }
}

/// `axis` (SPEC §7). `axis: false` becomes `visible == false`.
public struct AxisSpec: Sendable {
    public var visible: Bool
    public var position: Located<AxisPosition>?
    /// A hint, not a promise: ticks stay round numbers.
    public var tickCount: Located<Int>?
    public var values: Located<[Value]>?
    public var format: FormatSpec?
    public var grid: Located<Bool>?
    /// Not written in a spec: false on an inner view of a repeat grid (SPEC §20), whose axis keeps its gridlines
    /// but prints no tick labels and no title (the outer views print them, once per row and column).
    public var printsLabels: Bool
    public var span: SourceSpan?

    public init(visible: Bool = true, span: SourceSpan? = nil) {
        self.printsLabels = true
        self.visible = visible
        self.position = nil
        self.tickCount = nil
        self.values = nil
        self.format = nil
        self.grid = nil
        self.span = span
    }
}

/// One channel definition `{ "field": …, … }`.
public struct ChannelDef: Sendable {
    public var channel: ChannelName
    public var field: Located<String>?
    /// A constant instead of a field (`{"value": 3}`, SPEC §19.3): `x`/`y`/`x2`/`y2` in px from the plot's left or
    /// top edge, `size` an area in px² (a point), a thickness (a bar, a tick), a stroke width (a line, a rule, an
    /// area's outline) or a font size (text), `color` a CSS color, `opacity` 0–1, `text` the string written. The
    /// parser has checked its kind (a number, or a string for `color` and `text`).
    public var value: Located<Value>?
    public var type: Located<MeasureType>?
    public var title: TitleSetting
    public var scale: ScaleSpec?
    public var axis: AxisSpec?
    public var format: FormatSpec?
    public var stack: Located<StackMode>?
    public var along: Located<AlongAxis>?
    /// The size legend's options (SPEC §20; `size` only): nil when the spec does not write `legend`.
    public var legend: ChannelLegend?
    /// `sort` (SPEC §20; `x`, `y` and `color`): how the channel's categories are ordered.
    public var sort: Located<ChannelSort>?
    /// The categories' keys (`Value.text`) in `sort`'s order: not written in a spec but set by ChartPipeline's
    /// `PanelOrder.resolve` over the drawn rows, so layout only reads the order. Nil: the default order.
    public var sortedKeys: [String]?
    public var span: SourceSpan?

    public init(channel: ChannelName, field: Located<String>? = nil, span: SourceSpan? = nil) {
        self.channel = channel
        self.field = field
        self.value = nil
        self.type = nil
        self.title = .automatic
        self.scale = nil
        self.axis = nil
        self.format = nil
        self.stack = nil
        self.along = nil
        self.legend = nil
        self.sort = nil
        self.sortedKeys = nil
        self.span = span
    }
}

/// A `size` channel's `legend` (SPEC §20): `null` or `false` hides the size legend; an object gives its `title`
/// (`null` hides the title; default the channel's title) and the `values` it shows (default: 3–5 round values).
public struct ChannelLegend: Sendable {
    public var visible: Bool
    public var title: TitleSetting
    public var values: Located<[Value]>?
    public var span: SourceSpan?

    public init(visible: Bool = true, title: TitleSetting = .automatic, values: Located<[Value]>? = nil, span: SourceSpan? = nil) {
        self.visible = visible
        self.title = title
        self.values = values
        self.span = span
    }
}

/// `encoding`: every channel is optional; `tooltip` may list several fields.
public struct Encoding: Sendable {
    public var x: ChannelDef?
    public var y: ChannelDef?
    public var x2: ChannelDef?
    public var y2: ChannelDef?
    public var color: ChannelDef?
    public var offset: ChannelDef?
    public var size: ChannelDef?
    /// Only a constant (`{ "value": 0.4 }`): a field on opacity is `channel-not-supported`.
    public var opacity: ChannelDef?
    public var text: ChannelDef?
    /// Splits lines and areas into series without coloring them (SPEC §20): series are color × detail.
    public var detail: ChannelDef?
    /// The order a line joins its points (a connected scatter plot) and the stacking order (SPEC §20).
    public var order: ChannelDef?
    /// An arc's angle: each slice's share of the whole (SPEC §21).
    public var theta: ChannelDef?
    /// An arc's outer radius, on a square-root scale from zero (SPEC §21).
    public var radius: ChannelDef?
    /// Degrees east and north (SPEC §22): a row placed on the map through the chart's projection.
    public var longitude: ChannelDef?
    public var latitude: ChannelDef?
    /// A rule's other end on a map (SPEC §22), in degrees east and north.
    public var longitude2: ChannelDef?
    public var latitude2: ChannelDef?
    public var tooltip: [ChannelDef]
    public var span: SourceSpan?

    public init() {
        self.tooltip = []
    }

    /// The single-valued channels that are set, in SPEC order.
    public var channels: [ChannelDef] {
        [x, y, x2, y2, color, offset, size, opacity, text, detail, order, theta, radius, longitude, latitude, longitude2, latitude2].compactMap { $0 }
    }

    public subscript(name: ChannelName) -> ChannelDef? {
        get { channel(name) }
        set {
            switch name {
            case .x: x = newValue
            case .y: y = newValue
            case .x2: x2 = newValue
            case .y2: y2 = newValue
            case .color: color = newValue
            case .offset: offset = newValue
            case .size: size = newValue
            case .opacity: opacity = newValue
            case .text: text = newValue
            case .detail: detail = newValue
            case .order: order = newValue
            case .theta: theta = newValue
            case .radius: radius = newValue
            case .longitude: longitude = newValue
            case .latitude: latitude = newValue
            case .longitude2: longitude2 = newValue
            case .latitude2: latitude2 = newValue
            case .tooltip: tooltip = newValue.map { [$0] } ?? []
            }
        }
    }

    private func channel(_ name: ChannelName) -> ChannelDef? {
        switch name {
        case .x: x
        case .y: y
        case .x2: x2
        case .y2: y2
        case .color: color
        case .offset: offset
        case .size: size
        case .opacity: opacity
        case .text: text
        case .detail: detail
        case .order: order
        case .tooltip: tooltip.first
        case .theta: theta
        case .radius: radius
        case .longitude: longitude
        case .latitude: latitude
        case .longitude2: longitude2
        case .latitude2: latitude2
        }
    }
}

/// Legend placement (SPEC §2); `direct` labels each line at its end.
public enum LegendPosition: String, Sendable, CaseIterable {
    case top, right, bottom, left, direct, none
}

/// `legend`: `false` becomes `position == .none`.
public struct LegendSpec: Sendable {
    /// Nil: layout's default (top for categorical color).
    public var position: Located<LegendPosition>?
    public var title: TitleSetting
    /// Series that start hidden (left out of SVG; toggles in HTML).
    public var hidden: [Located<String>]
    public var span: SourceSpan?

    public init(position: Located<LegendPosition>? = nil, title: TitleSetting = .automatic, hidden: [Located<String>] = [], span: SourceSpan? = nil) {
        self.position = position
        self.title = title
        self.hidden = hidden
        self.span = span
    }
}

extension ScaleSpec {
    /// Steps a quantize or quantile scale has when neither `bins` nor `range` says: Vega's default count.
    public static let defaultSteps = 5
    /// The most steps a stepped scale may have: more colors than a reader can tell apart in a legend.
    public static let maximumSteps = 20

    /// How many colors a stepped scale (SPEC §22) draws with: a threshold scale one more than its breaks, a
    /// quantize or quantile scale `bins`, else as many as `range` lists, else `defaultSteps`. Nil for other scales.
    public var stepCount: Int? {
        guard let type = type?.value, type.isStepped else { return nil }
        if type == .threshold { return (domain?.value.count ?? 0) + 1 }
        if let bins = bins?.value, bins.isFinite, bins == bins.rounded(), bins >= 2, bins <= Double(Self.maximumSteps), let count = Int(exactly: bins)
        {
            return count
        }
        if let range = range?.value, range.count >= 2 { return range.count }
        return Self.defaultSteps
    }
}
