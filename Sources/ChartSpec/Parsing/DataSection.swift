import ChartDiagnostics
import ChartFormat
import ChartGeo
import ChartJSON
import ChartValues

/// `data` (SPEC §3): exactly one of `url` and `values`, plus `format`, `property` and `parse`.
extension SpecDecoder {
    /// Words people write for the parse types.
    static let parseTypeAliases: [String: String] = [
        "int": "number", "integer": "number", "float": "number", "double": "number", "numeric": "number",
        "quantitative": "number", "str": "string", "text": "string", "nominal": "string", "bool": "boolean",
        "datetime": "date", "time": "date", "timestamp": "date", "temporal": "date"
    ]

    mutating func decodeData(_ value: JSONValue, path: String = "data") -> DataSource? {
        guard let data = object(value, path: path, keys: SpecKeys.data, expected: "an object such as { \"url\": \"data.csv\" }") else {
            return nil
        }
        if data["database"] != nil || data["table"] != nil || data["query"] != nil {
            return decodeDatabase(data, value: value, path: path)
        }
        // SPEC §22: a basemap, the graticule or the sphere instead of rows.
        let geoMembers = ["basemap", "graticule", "sphere"].compactMap { key in data[key].map { (key, $0) } }
        if let (key, member) = geoMembers.first {
            for other in ["url", "values"] + geoMembers.dropFirst().map(\.0) {
                if let second = data[other] {
                    report(
                        SpecDiagnostic.twoDataSources(first: key, second: other), at: second.keySpan,
                        notes: [DiagnosticNote("'\(key)' is given here", at: member.keySpan)])
                }
            }
            return decodeGeoSource(key: key, member: member, data: data, value: value, path: path)
        }
        let urlMember = data["url"]
        let valuesMember = data["values"]
        if let urlMember, let valuesMember {
            report(
                SpecDiagnostic.urlAndValues,
                at: valuesMember.keySpan,
                notes: [DiagnosticNote("'url' is given here", at: urlMember.keySpan)]
            )
        } else if urlMember == nil && valuesMember == nil && !data.hasMisspelling(of: "url") && !data.hasMisspelling(of: "values") {
            report(SpecDiagnostic.noRows, at: Self.start(of: value.span))
        }

        var origin: DataSource.Origin?
        if let urlMember, let url = string(urlMember.value, path: "\(path).url") {
            if url.value.isEmpty {
                report(SpecDiagnostic.emptyDataURL, at: url.span)
            } else {
                if let scheme = Self.urlScheme(url.value), scheme != "http" && scheme != "https" {
                    report(SpecDiagnostic.dataURLScheme(scheme: scheme), at: url.span)
                }
                origin = .url(url)
            }
        }
        if let valuesMember, origin == nil {
            if case .array(let rows) = valuesMember.value.kind {
                // One error for the array, at its first item that is not a row (issue 24: a plain array of 420
                // numbers gave 420 errors), with how many more there are.
                // A plain array of numbers, strings or booleans is one column named `data` (as in Vega-Lite).
                let notRows = JSONValue.isColumnOfScalars(rows) ? [] : rows.indices.filter { rows[$0].objectValue == nil }
                if let position = notRows.first {
                    wrongType(
                        rows[position], path: "\(path).values[\(position)]", expected: "an object (one row, e.g. { \"day\": \"Mon\", \"count\": 3 })",
                        advice: .notRows(everyItem: notRows.count == rows.count && rows.count > 1, more: notRows.count - 1))
                }
                origin = .values(valuesMember.value)
            } else {
                wrongType(valuesMember.value, path: "\(path).values", expected: "an array of rows, e.g. [{ \"day\": \"Mon\", \"count\": 3 }]")
            }
        }

        var format: Located<DataSource.Format>? = data["format"].flatMap {
            enumValue($0.value, path: "\(path).format", what: "data format", aliases: ["txt": "tsv", "ndjson": "json"])
        }
        let feature = data["feature"].flatMap { string($0.value, path: "\(path).feature") }
        let mesh = data["mesh"].flatMap { string($0.value, path: "\(path).mesh") }
        if format == nil, case .url(let url)? = origin {
            // SPEC §22: `.geojson` reads as GeoJSON; `.topojson`, or a `feature`/`mesh` to read, as TopoJSON.
            let lowered = url.value.lowercased()
            if lowered.hasSuffix(".geojson") {
                format = Located(.geojson, at: url.span)
            } else if lowered.hasSuffix(".topojson") || feature != nil || mesh != nil {
                format = Located(.topojson, at: url.span)
            }
        }
        checkGeoObjects(format: format, feature: feature, mesh: mesh, data: data, value: value)
        let property = data["property"].flatMap { string($0.value, path: "\(path).property") }
        var parse: [(field: Located<String>, type: Located<DataType>)] = []
        var parseFormats: [(field: Located<String>, format: Located<DateFormat>)] = []
        if let parseMember = data["parse"], case .object(let members) = parseMember.value.kind {
            for member in members where !member.key.hasPrefix("$") {
                if case .string(let pattern) = member.value.kind, pattern.value.utf8.contains(UInt8(ascii: "%")) {
                    if let format = dateFormat(Located(pattern.value, at: member.value.span), path: "\(path).parse.\(member.key)") {
                        parse.append((Located(member.key, at: member.keySpan), Located(.date, at: member.value.span)))
                        parseFormats.append((Located(member.key, at: member.keySpan), format))
                    }
                } else if let type: Located<DataType> = enumValue(
                    member.value, path: "\(path).parse.\(member.key)", what: "parse type", aliases: Self.parseTypeAliases
                ) {
                    parse.append((Located(member.key, at: member.keySpan), type))
                }
            }
        } else if let parseMember = data["parse"] {
            wrongType(parseMember.value, path: "\(path).parse", expected: "an object such as { \"date\": \"date\" }")
        }

        guard let origin else { return nil }
        if let format, format.value == .geojson || format.value == .topojson, case .values = origin {
            report(SpecDiagnostic.geoFormatNeedsFile(format: format.value.rawValue), at: format.span)
        }
        var source = DataSource(origin: origin, format: format, property: property, parse: parse, span: value.span)
        source.parseFormats = parseFormats
        source.feature = feature
        source.mesh = mesh
        return source
    }

    /// `feature` and `mesh` (SPEC §22): exactly one of them for TopoJSON, neither for other formats.
    private mutating func checkGeoObjects(
        format: Located<DataSource.Format>?, feature: Located<String>?, mesh: Located<String>?, data: SpecObject, value: JSONValue
    ) {
        if format?.value == .topojson {
            if let featureMember = data["feature"], let meshMember = data["mesh"] {
                report(
                    SpecDiagnostic.featureAndMesh, at: meshMember.keySpan,
                    notes: [DiagnosticNote("'feature' is given here", at: featureMember.keySpan)])
            } else if feature == nil && mesh == nil && data["feature"] == nil && data["mesh"] == nil {
                report(SpecDiagnostic.topoJSONWithoutObject, at: format?.span ?? Self.start(of: value.span))
            }
        } else {
            for key in ["feature", "mesh"] {
                if let member = data[key] {
                    report(SpecDiagnostic.geoKeyNotTopoJSON(key: key), at: member.keySpan)
                }
            }
        }
    }

    /// `basemap`, `graticule` or `sphere` (SPEC §22): map data that needs no file.
    private mutating func decodeGeoSource(key: String, member: JSONMember, data: SpecObject, value: JSONValue, path: String) -> DataSource? {
        for other in ["format", "property", "parse", "feature"] {
            if let given = data[other] {
                report(SpecDiagnostic.keyWithGeoSource(key: other, source: key), at: given.keySpan)
            }
        }
        if key != "basemap", let given = data["mesh"] {
            report(SpecDiagnostic.keyWithGeoSource(key: "mesh", source: key), at: given.keySpan)
        }
        let origin: DataSource.Origin
        switch key {
        case "basemap":
            guard let basemap: Located<Basemap> = enumValue(member.value, path: "\(path).basemap", what: "basemap", aliases: [:]) else {
                return nil
            }
            origin = .basemap(basemap)
        case "graticule":
            var step: (Double, Double)?
            if case .object = member.value.kind {
                guard
                    let object = object(member.value, path: "\(path).graticule", keys: ["step"], expected: "an object such as { \"step\": [10, 10] }")
                else { return nil }
                if let stepMember = object["step"] {
                    let numbers = stepMember.value.arrayValue?.compactMap {
                        number($0, path: "\(path).graticule.step", in: 0.1...360, rule: "from 0.1 to 360 degrees")
                    }
                    guard let numbers, numbers.count == 2, stepMember.value.arrayValue?.count == 2 else {
                        if stepMember.value.arrayValue?.count != 2 {
                            wrongType(stepMember.value, path: "\(path).graticule.step", expected: "two numbers of degrees, such as [10, 10]")
                        }
                        return nil
                    }
                    step = (numbers[0].value, numbers[1].value)
                }
            } else {
                guard let on = bool(member.value, path: "\(path).graticule") else { return nil }
                guard on.value else {
                    report(SpecDiagnostic.geoSourceOff(key: key), at: member.value.span)
                    return nil
                }
            }
            origin = .graticule(step: step)
        default:
            guard let on = bool(member.value, path: "\(path).sphere") else { return nil }
            guard on.value else {
                report(SpecDiagnostic.geoSourceOff(key: key), at: member.value.span)
                return nil
            }
            origin = .sphere
        }
        var source = DataSource(origin: origin, span: value.span)
        source.mesh = data["mesh"].flatMap { string($0.value, path: "\(path).mesh") }
        return source
    }

    /// A `parse` date format (`"%b %d %Y"`); an unknown directive, or one that cannot be read back (`%q`), is an
    /// error with the directive underlined.
    private mutating func dateFormat(_ pattern: Located<String>, path: String) -> Located<DateFormat>? {
        let failure: FormatError
        do {
            let format = try DateFormat(parsing: pattern.value)
            guard let problem = format.parsingProblem else { return Located(format, at: pattern.span) }
            failure = problem
        } catch {
            failure = error
        }
        report(
            SpecDiagnostic.invalidParseFormat(pattern: pattern.value, path: path, reason: failure.message),
            at: Self.directiveSpan(at: failure.offset, in: pattern))
        return nil
    }

    /// The `%` directive at a byte offset of the pattern (with its flag and letter), when the JSON literal has no
    /// escapes (so offsets map one to one); else the whole literal.
    static func directiveSpan(at offset: Int, in pattern: Located<String>) -> SourceSpan? {
        guard let span = pattern.span else { return nil }
        let bytes = Array(pattern.value.utf8)
        guard span.range.count == bytes.count + 2, offset >= 0, offset < bytes.count else { return span }
        var end = offset + 1
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "_") || bytes[end] == UInt8(ascii: "0") { end += 1 }
        if end < bytes.count { end += 1 }
        // Cover a whole UTF-8 sequence after the `%`.
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let start = span.range.lowerBound + 1
        return SourceSpan(file: span.file, range: (start + offset)..<(start + end))
    }

    /// `data.database` + `table` | `query` (SPEC §16): the URL is parsed as libpq does and may not hold a password.
    private mutating func decodeDatabase(_ data: SpecObject, value: JSONValue, path: String) -> DataSource? {
        for key in ["url", "values", "format", "property", "parse"] {
            if let member = data[key] {
                report(SpecDiagnostic.keyWithDatabase(key: key), at: member.keySpan)
            }
        }
        guard let databaseMember = data["database"] else {
            let given = data["table"] ?? data["query"]
            report(
                SpecDiagnostic.relationWithoutDatabase(key: data["table"] != nil ? "table" : "query"),
                at: given?.keySpan ?? Self.start(of: value.span))
            return nil
        }
        let tableMember = data["table"]
        let queryMember = data["query"]
        if let tableMember, let queryMember {
            report(
                SpecDiagnostic.tableAndQuery,
                at: queryMember.keySpan, notes: [DiagnosticNote("'table' is given here", at: tableMember.keySpan)])
            return nil
        }
        if tableMember == nil && queryMember == nil {
            report(SpecDiagnostic.databaseWithoutRelation, at: databaseMember.keySpan)
            return nil
        }
        guard let url = string(databaseMember.value, path: "\(path).database") else { return nil }
        var valid = true
        if url.value.hasPrefix("$") {
            let name = url.value.utf8.dropFirst()
            let isName =
                !name.isEmpty
                && name.enumerated().allSatisfy { index, byte in
                    byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                        || (index > 0 && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                }
            if !isName {
                report(SpecDiagnostic.databaseVariableName(url.value), at: url.span)
                valid = false
            }
        } else {
            do {
                let settings = try ConnectionSettings.parse(url.value)
                if settings.hasWrittenPassword {
                    report(SpecDiagnostic.passwordInSpec, at: url.span)
                    valid = false
                }
            } catch {
                report(SpecDiagnostic.invalidDatabaseURL(reason: error.reason), at: url.span)
                valid = false
            }
        }
        let relation: DatabaseSource.Relation
        if let tableMember {
            guard let table = string(tableMember.value, path: "\(path).table") else { return nil }
            if table.value.isEmpty {
                report(SpecDiagnostic.emptyTable, at: table.span)
                return nil
            }
            relation = .table(table)
        } else if let queryMember {
            guard let query = string(queryMember.value, path: "\(path).query") else { return nil }
            if query.value.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
                report(SpecDiagnostic.emptyQuery, at: query.span)
                return nil
            }
            relation = .query(query)
        } else {
            return nil
        }
        guard valid else { return nil }
        return DataSource(origin: .database(DatabaseSource(database: url, relation: relation)), span: value.span)
    }

    /// The scheme of a URL (lowercased, without `:`), or nil for a relative or absolute path. Browsers ignore
    /// ASCII whitespace and control characters inside a scheme (`java\tscript:`), so they are dropped first: a
    /// link must not slip past this check by hiding its scheme.
    static func urlScheme(_ url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
            if byte == UInt8(ascii: ":") {
                guard let first = scheme.first, (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else { return nil }
                return String(decoding: scheme, as: UTF8.self).lowercased()
            }
            let isSchemeByte =
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return nil }
            scheme.append(byte)
        }
        return nil
    }
}
