import ChartDiagnostics
import ChartJSON
import ChartValues

/// `encoding` (SPEC §7): the channels, each `{ "field": … }` with its `type`, `title`, `scale`, `axis`,
/// `format`, `stack` and `along`; `tooltip` may also be a field name or a list.
extension SpecDecoder {
    static let measureTypeAliases: [String: String] = [
        "quantity": "quantitative", "number": "quantitative", "numeric": "quantitative", "continuous": "quantitative",
        "q": "quantitative", "time": "temporal", "date": "temporal", "datetime": "temporal", "t": "temporal",
        "category": "nominal", "categorical": "nominal", "string": "nominal", "n": "nominal", "ordered": "ordinal", "o": "ordinal"
    ]

    static let scaleTypeAliases: [String: String] = [
        "logarithmic": "log", "log10": "log", "squareroot": "sqrt", "temporal": "time", "date": "time", "utc": "time",
        "categorical": "ordinal", "linear-scale": "linear"
    ]

    mutating func decodeEncoding(_ value: JSONValue) -> Encoding {
        decodeEncoding(value, path: "encoding", allowsRemoval: false).encoding
    }

    /// `encoding` at `path`. With `allowsRemoval` (a layer's encoding, SPEC §11), a channel written `null` is not
    /// an error: it is listed in `removed`, and the layer drops the channel it would inherit.
    mutating func decodeEncoding(_ value: JSONValue, path: String, allowsRemoval: Bool) -> (encoding: Encoding, removed: [Located<ChannelName>]) {
        var encoding = Encoding()
        var removed: [Located<ChannelName>] = []
        encoding.span = value.span
        guard let channels = object(value, path: path, keys: SpecKeys.encoding) else { return (encoding, removed) }
        for member in channels.members {
            guard let name = ChannelName(rawValue: member.key) else { continue }
            if allowsRemoval, case .null = member.value.kind {
                removed.append(Located(name, at: member.keySpan))
                continue
            }
            if name == .tooltip {
                encoding.tooltip = decodeTooltip(member.value, path: path + ".tooltip")
                continue
            }
            let channel = decodeChannel(member.value, channel: name, path: "\(path).\(member.key)")
            switch name {
            case .x: encoding.x = channel
            case .y: encoding.y = channel
            case .x2: encoding.x2 = channel
            case .y2: encoding.y2 = channel
            case .color: encoding.color = channel
            case .offset: encoding.offset = channel
            case .size: encoding.size = channel
            case .opacity: encoding.opacity = channel
            case .text: encoding.text = channel
            case .detail: encoding.detail = channel
            case .order: encoding.order = channel
            case .theta: encoding.theta = channel
            case .radius: encoding.radius = channel
            case .longitude: encoding.longitude = channel
            case .latitude: encoding.latitude = channel
            case .longitude2: encoding.longitude2 = channel
            case .latitude2: encoding.latitude2 = channel
            case .tooltip: break
            }
        }
        return (encoding, removed)
    }

    /// `tooltip`: a channel object, a field name, or an array of either.
    private mutating func decodeTooltip(_ value: JSONValue, path tooltipPath: String) -> [ChannelDef] {
        switch value.kind {
        case .string:
            return fieldName(value, path: tooltipPath).map { [ChannelDef(channel: .tooltip, field: $0, span: value.span)] } ?? []
        case .object:
            return decodeChannel(value, channel: .tooltip, path: tooltipPath).map { [$0] } ?? []
        case .array(let items):
            var channels: [ChannelDef] = []
            for (position, item) in items.enumerated() {
                let path = "\(tooltipPath)[\(position)]"
                switch item.kind {
                case .string:
                    if let field = fieldName(item, path: path) { channels.append(ChannelDef(channel: .tooltip, field: field, span: item.span)) }
                case .object:
                    if let channel = decodeChannel(item, channel: .tooltip, path: path) { channels.append(channel) }
                default:
                    wrongType(item, path: path, expected: "a field name or an object such as { \"field\": \"price\" }")
                }
            }
            return channels
        default:
            wrongType(value, path: tooltipPath, expected: "a field name, an object such as { \"field\": \"price\" }, or an array of them")
            return []
        }
    }

    private mutating func decodeChannel(_ value: JSONValue, channel: ChannelName, path: String) -> ChannelDef? {
        if case .string(let string) = value.kind {
            // `"x": "year"`: say how to write it, and use it so later checks still run.
            let replacement = "{ \"field\": \(JSONText.quote(string.value)) }"
            wrongType(value, path: path, expected: "an object such as \(replacement)", fixIt: FixIt(span: value.span, replacement: replacement))
            return string.value.isEmpty ? nil : ChannelDef(channel: channel, field: Located(string.value, at: value.span), span: value.span)
        }
        // Only `size` takes a `legend` (SPEC §20): on another channel it is an unknown key, whose hint points to the
        // top-level `legend`.
        let keys = channel == .size ? SpecKeys.sizeChannel : SpecKeys.channel
        guard let object = object(value, path: path, keys: keys, expected: "an object such as { \"field\": \"price\" }") else {
            return nil
        }
        var def = ChannelDef(channel: channel, span: value.span)
        def.field = object["field"].flatMap { fieldName($0.value, path: object.path("field")) }
        def.value = object["value"].flatMap { member in constant(member.value, channel: channel, path: object.path("value")) }
        def.type = object["type"].flatMap {
            enumValue($0.value, path: object.path("type"), what: "channel type", aliases: Self.measureTypeAliases)
        }
        if let member = object["title"] {
            def.title = titleSetting(member.value, path: object.path("title"))
        }
        def.scale = object["scale"].flatMap { decodeScale($0.value, path: object.path("scale")) }
        def.axis = object["axis"].flatMap { decodeAxis($0.value, channel: channel, path: object.path("axis")) }
        def.format = object["format"].flatMap { formatSpec($0.value, path: object.path("format")) }
        def.stack = object["stack"].flatMap { decodeStack($0.value, path: object.path("stack")) }
        if let member = object["sort"] {
            if [.x, .y, .color].contains(channel) {
                def.sort = decodeSort(member.value, channel: channel, path: object.path("sort"))
            } else {
                report(SpecDiagnostic.sortNotOrdering(path: path), at: member.keySpan)
            }
        }
        if channel == .size, let member = object["legend"] {
            def.legend = decodeChannelLegend(member.value, path: object.path("legend"))
        }
        if let member = object["along"] {
            if channel == .color {
                def.along = enumValue(member.value, path: object.path("along"), what: "axis")
            } else {
                report(SpecDiagnostic.alongNotOnColor(path: path), at: member.keySpan)
            }
        }

        if channel == .detail || channel == .order {
            for key in ["scale", "axis", "format", "stack"] {
                guard let member = object[key] else { continue }
                report(SpecDiagnostic.keyOnSeriesChannel(path: path, key: key), at: member.keySpan)
            }
        }
        if let field = object["field"], let constant = object["value"] {
            report(
                SpecDiagnostic.fieldAndValue(path: path),
                at: constant.keySpan,
                notes: [DiagnosticNote("'field' is given here", at: field.keySpan)]
            )
        } else if object["field"] == nil, object["value"] != nil {
            // A constant has no scale, axis, legend or type (SPEC §19.3): these would change nothing.
            for key in ["type", "title", "scale", "axis", "sort", "legend", "format", "stack"] {
                guard let member = object[key] else { continue }
                report(SpecDiagnostic.keyOnConstant(path: path, key: key), at: member.keySpan)
            }
        } else if object["field"] == nil && object["value"] == nil && def.along == nil && !object.hasMisspelling(of: "field")
            && !object.hasMisspelling(of: "value")
        {
            // (A color `along` an axis takes its values from positions, so it needs no field.)
            missingKey(.missingChannelField(path: path), at: value.span)
        }
        return def
    }

    /// A channel's constant `{ "value": v }` (SPEC §19.3), of the kind its channel draws: a number of px for
    /// positions, px² or px for `size` (not negative), 0–1 for `opacity`, a string for `color` (the checking stage
    /// reads the color: `color-invalid`), a string or number for `text`. Other channels draw no constant; the
    /// checking stage says so (`channel-not-supported`), so any scalar is kept for it.
    private mutating func constant(_ value: JSONValue, channel: ChannelName, path: String) -> Located<Value>? {
        switch channel {
        case .x, .y, .x2, .y2:
            return number(value, path: path).map { Located(.number($0.value), at: $0.span) }
        case .size:
            return number(value, path: path, in: 0...100_000, rule: "a number of px from 0 to 100000").map { Located(.number($0.value), at: $0.span) }
        case .opacity:
            return number(value, path: path, in: 0...1, rule: "between 0 and 1").map { Located(.number($0.value), at: $0.span) }
        case .color:
            guard case .string(let string) = value.kind else {
                wrongType(value, path: path, expected: "a color such as \"steelblue\" or \"#1f77b4\"")
                return nil
            }
            return Located(.string(string.value), at: value.span)
        case .text:
            switch value.kind {
            case .string(let string): return Located(.string(string.value), at: value.span)
            case .number(let number, _): return Located(.number(number), at: value.span)
            default:
                wrongType(value, path: path, expected: "a string (the text written at each row)")
                return nil
            }
        case .offset, .detail, .order, .tooltip, .theta, .radius, .longitude, .latitude, .longitude2, .latitude2:
            return scalar(value, path: path).map { Located($0, at: value.span) }
        }
    }

    /// An encoding's `sort` (SPEC §20): `"ascending"`, `"descending"`, the other position channel (`"-x"`, `"y"`),
    /// a list of values, or else an aggregate expression (`"-median(yield)"`), which the planner checks.
    private mutating func decodeSort(_ value: JSONValue, channel: ChannelName, path: String) -> Located<ChannelSort>? {
        switch value.kind {
        case .string(let string):
            switch string.value {
            case "ascending": return Located(.ascending, at: value.span)
            case "descending": return Located(.descending, at: value.span)
            case "x", "-x", "y", "-y":
                let descending = string.value.hasPrefix("-")
                let name: ChannelName = string.value.hasSuffix("x") ? .x : .y
                if name == channel {
                    report(SpecDiagnostic.sortBySelf(path: path, channel: channel.rawValue), at: value.span)
                    return nil
                }
                return Located(.channel(name, descending: descending), at: value.span)
            default:
                return expression(value, path: path).map { Located(.aggregate($0), at: value.span) }
            }
        case .array:
            return nonEmptyScalars(value, path: path).map { Located(.values($0.value), at: value.span) }
        default:
            wrongType(
                value, path: path,
                expected:
                    "\"ascending\", \"descending\", a list of values, an aggregate such as \"-median(yield)\", or the other position channel such as \"-x\""
            )
            return nil
        }
    }

    /// A size channel's `legend` (SPEC §20): `null` or `false` hides it, an object sets `title` and `values`.
    mutating func decodeChannelLegend(_ value: JSONValue, path: String) -> ChannelLegend? {
        switch value.kind {
        case .null, .bool(false):
            return ChannelLegend(visible: false, span: value.span)
        case .object:
            guard let object = object(value, path: path, keys: SpecKeys.channelLegend, expected: "an object such as { \"title\": \"Population\" }")
            else { return nil }
            var legend = ChannelLegend(span: value.span)
            if let member = object["title"] { legend.title = titleSetting(member.value, path: object.path("title")) }
            legend.values = object["values"].flatMap { nonEmptyScalars($0.value, path: object.path("values")) }
            return legend
        default:
            wrongType(value, path: path, expected: "null or false (no size legend), or an object such as { \"title\": \"Population\" }")
            return nil
        }
    }

    /// A title: a string, or `null` to hide it.
    func titleSettingValue(_ value: JSONValue) -> TitleSetting? {
        switch value.kind {
        case .null: return .hidden
        case .string(let string): return .text(Located(string.value, at: value.span))
        default: return nil
        }
    }

    mutating func titleSetting(_ value: JSONValue, path: String) -> TitleSetting {
        if let setting = titleSettingValue(value) { return setting }
        wrongType(value, path: path, expected: "a string, or null to hide the title")
        return .automatic
    }

    private mutating func decodeScale(_ value: JSONValue, path: String) -> ScaleSpec? {
        guard let object = object(value, path: path, keys: SpecKeys.scale) else { return nil }
        var scale = ScaleSpec(span: value.span)
        scale.type = object["type"].flatMap { enumValue($0.value, path: object.path("type"), what: "scale type", aliases: Self.scaleTypeAliases) }
        scale.domain = object["domain"].flatMap { nonEmptyScalars($0.value, path: object.path("domain")) }
        scale.range = object["range"].flatMap { nonEmptyScalars($0.value, path: object.path("range")) }
        scale.scheme = object["scheme"].flatMap { string($0.value, path: object.path("scheme")) }
        scale.zero = object["zero"].flatMap { bool($0.value, path: object.path("zero")) }
        scale.nice = object["nice"].flatMap { bool($0.value, path: object.path("nice")) }
        scale.reverse = object["reverse"].flatMap { bool($0.value, path: object.path("reverse")) }?.value ?? false
        scale.bins = object["bins"].flatMap { number($0.value, path: object.path("bins")) }
        return scale
    }

    private mutating func nonEmptyScalars(_ value: JSONValue, path: String) -> Located<[Value]>? {
        guard let values = scalars(value, path: path) else { return nil }
        if values.value.isEmpty, value.arrayValue?.isEmpty == true {
            report(SpecDiagnostic.emptyList(path: path), at: value.span)
            return nil
        }
        return values
    }

    /// `axis`: `false` hides it, `true` is the default, an object sets options.
    private mutating func decodeAxis(_ value: JSONValue, channel: ChannelName, path: String) -> AxisSpec? {
        switch value.kind {
        case .bool(let visible):
            return AxisSpec(visible: visible, span: value.span)
        case .object:
            guard let object = object(value, path: path, keys: SpecKeys.axis) else { return nil }
            var axis = AxisSpec(span: value.span)
            if let member = object["position"],
                let position: Located<AxisPosition> = enumValue(member.value, path: object.path("position"), what: "axis position")
            {
                let horizontal = position.value == .top || position.value == .bottom
                let isXChannel = channel == .x || channel == .x2
                let isYChannel = channel == .y || channel == .y2
                if (isXChannel && !horizontal) || (isYChannel && horizontal) {
                    report(SpecDiagnostic.axisSide(channel: channel.rawValue, side: position.value.rawValue), at: member.value.span)
                } else {
                    axis.position = position
                }
            }
            if let member = object["tickCount"],
                let count = number(member.value, path: object.path("tickCount"), in: 0...1000, rule: "a whole number from 0 to 1000")
            {
                if count.value.rounded() == count.value {
                    axis.tickCount = Located(Int(count.value), at: count.span)
                } else {
                    report(SpecDiagnostic.notWholeNumber(path: object.path("tickCount"), found: Self.lexeme(member.value)), at: member.value.span)
                }
            }
            axis.values = object["values"].flatMap { scalars($0.value, path: object.path("values")) }
            axis.format = object["format"].flatMap { formatSpec($0.value, path: object.path("format")) }
            axis.grid = object["grid"].flatMap { bool($0.value, path: object.path("grid")) }
            return axis
        default:
            wrongType(value, path: path, expected: "false (to hide the axis), or an object such as { \"position\": \"left\" }")
            return nil
        }
    }

    /// `stack`: `"zero"`, `"normalize"`, `"center"`, or `false` (`true` means the default, `"zero"`).
    private mutating func decodeStack(_ value: JSONValue, path: String) -> Located<StackMode>? {
        switch value.kind {
        case .bool(let on):
            return Located(on ? .zero : StackMode.none, at: value.span)
        case .string(let string) where string.value == "none" || string.value == "false":
            report(
                SpecDiagnostic.offIsFalse(path: path, value: string.value),
                at: value.span,
                fixIt: FixIt(span: value.span, replacement: "false")
            )
            return nil
        case .string:
            return enumValue(
                value, path: path, what: "stack mode", candidates: ["zero", "normalize", "center"],
                aliases: ["stacked": "zero", "percent": "normalize", "stream": "center", "streamgraph": "center"])
        default:
            wrongType(value, path: path, expected: "\"zero\", \"normalize\", \"center\" or false")
            return nil
        }
    }
}
