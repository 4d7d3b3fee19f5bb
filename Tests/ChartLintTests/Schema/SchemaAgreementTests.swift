import ChartColor
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartJSON
import ChartLayout
import ChartSpec
import ChartTestSupport
import ChartValues
import Testing

/// `specs/chart.schema.json` and the compiler must describe the same language: every key the parser knows is in
/// the schema and back, in the same order; every enum matches the model's cases; every example is valid; and
/// specs the parser rejects for their structure are rejected by the schema too (and the other way round).
@Suite("JSON Schema agrees with the compiler")
struct SchemaAgreementTests {
    let schema: JSONValue
    let validator: SchemaValidator

    init() throws {
        schema = try TestFiles.schema()
        validator = SchemaValidator(root: schema)
    }

    func definition(_ path: String) -> JSONValue? {
        validator.resolve("#/" + path)
    }

    func propertyNames(_ path: String) -> [String] {
        let node = path.isEmpty ? schema : definition(path)
        return node?["properties"]?.objectValue?.map(\.key) ?? []
    }

    func enumValues(_ path: String) -> [String] {
        definition(path)?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func theSchemaUsesOnlyWhatTheValidatorChecks() throws {
        // Validating any spec walks the schema; unsupported keywords come back as errors.
        let errors = validator.validate(try JSONReader.read(try ExampleSpecs.polarization(), requireObject: true))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(arguments: [
        ("", SpecKeys.topLevel + SpecKeys.views),
        ("$defs/view", SpecKeys.view),
        ("$defs/data", SpecKeys.data),
        ("$defs/markObject", SpecKeys.mark),
        ("$defs/labels", SpecKeys.labels),
        ("$defs/encoding", SpecKeys.encoding),
        ("$defs/colorChannel", SpecKeys.channel),
        ("$defs/channel", SpecKeys.channel.filter { $0 != "along" }),
        ("$defs/sizeChannel", SpecKeys.sizeChannel),
        ("$defs/scale", SpecKeys.scale),
        ("$defs/axis/anyOf/1", SpecKeys.axis),
        ("$defs/legendObject", SpecKeys.legend),
        ("$defs/source", SpecKeys.source),
        ("$defs/layer", SpecKeys.layer),
        ("$defs/layerEncoding", SpecKeys.encoding),
        ("$defs/resolve", SpecKeys.resolve),
        ("$defs/annotation", SpecKeys.annotation),
        ("$defs/table", SpecKeys.table),
        ("$defs/tableColumn", SpecKeys.tableColumn),
        ("$defs/sparklineFrom", SpecKeys.sparklineFrom),
        ("$defs/outputPreset", SpecKeys.outputPreset)
    ])
    func everyKeyIsInTheSchemaAndBackInSpecOrder(path: String, keys: [String]) {
        let properties = propertyNames(path)
        let missing = keys.filter { !properties.contains($0) }
        let extra = properties.filter { !keys.contains($0) }
        #expect(missing.isEmpty, "keys the parser knows but the schema at '\(path)' does not: \(missing)")
        #expect(extra.isEmpty, "keys in the schema at '\(path)' the parser does not know: \(extra)")
        #expect(properties == keys, "the schema at '\(path)' should list keys in SpecKeys order")
        // Every typed object allows `$` keys and nothing else.
        let node = path.isEmpty ? schema : definition(path)
        #expect(node?["additionalProperties"]?.boolValue == false)
        #expect(node?["patternProperties"]?["^\\$"]?.boolValue == true)
    }

    @Test func everyEnumMatchesTheModel() {
        #expect(enumValues("$defs/markType") == MarkType.allCases.map(\.rawValue))
        #expect(enumValues("$defs/markObject/properties/interpolate") == Interpolation.allCases.map(\.rawValue))
        #expect(enumValues("$defs/labels/properties/position") == LabelPosition.allCases.map(\.rawValue))
        #expect(enumValues("$defs/measureType") == MeasureType.allCases.map(\.rawValue))
        #expect(enumValues("$defs/scale/properties/type") == ScaleType.allCases.map(\.rawValue))
        #expect(enumValues("$defs/axis/anyOf/1/properties/position") == AxisPosition.allCases.map(\.rawValue))
        #expect(enumValues("$defs/legendObject/properties/position") == LegendPosition.allCases.map(\.rawValue))
        #expect(enumValues("$defs/stack/anyOf/0") == StackMode.allCases.filter { $0 != .none }.map(\.rawValue))
        #expect(enumValues("$defs/colorChannel/properties/along") == AlongAxis.allCases.map(\.rawValue))
        #expect(enumValues("$defs/data/properties/format") == DataSource.Format.allCases.map(\.rawValue))
        #expect(enumValues("$defs/annotation/properties/type") == Annotation.Kind.allCases.map(\.rawValue))
        #expect(enumValues("$defs/annotation/properties/position") == Annotation.NotePosition.allCases.map(\.rawValue))
        #expect(enumValues("$defs/annotation/properties/connector") == Annotation.Connector.allCases.map(\.rawValue))
        #expect(enumValues("$defs/annotation/properties/style") == Annotation.LineStyle.allCases.map(\.rawValue))
        #expect(enumValues("$defs/data/properties/parse/additionalProperties/anyOf/0") == ["number", "string", "date", "boolean"])
        #expect(Set(enumValues("$defs/data/properties/parse/additionalProperties/anyOf/0")) == Set(DataType.allCases.map(\.rawValue)))
        #expect(propertyNames("$defs/encoding") == ChannelName.allCases.map(\.rawValue))
        #expect(enumValues("$defs/resolve/properties/y") == FacetScaleSharing.allCases.map(\.rawValue))
        #expect(enumValues("$defs/tableColumn/properties/display") == TableDisplay.allCases.map(\.rawValue))
        #expect(enumValues("$defs/tableColumn/properties/align") == TableAlign.allCases.map(\.rawValue))
        #expect(enumValues("$defs/tableColumn/properties/scale") == SparklineScale.allCases.map(\.rawValue))
    }

    @Test func completionListsMatchWhatTheCompilerKnows() {
        let schemes = definition("$defs/scale/properties/scheme")?["examples"]?.arrayValue?.compactMap(\.stringValue)
        #expect(schemes == ColorScheme.names)
        let locales = schema["properties"]?["locale"]?["examples"]?.arrayValue?.compactMap(\.stringValue)
        #expect(locales == ChartLocale.all.map(\.identifier))
    }

    @Test func everyKeyHasADescription() {
        var undocumented: [String] = []
        func walk(_ node: JSONValue, path: String) {
            guard let members = node.objectValue else { return }
            if let properties = node["properties"]?.objectValue {
                for property in properties where property.value["description"] == nil {
                    // A bare $ref is documented where it points.
                    guard let reference = property.value["$ref"]?.stringValue, validator.resolve(reference)?["description"] != nil else {
                        undocumented.append("\(path).\(property.key)")
                        continue
                    }
                }
            }
            for member in members { walk(member.value, path: path + "/" + member.key) }
            if let items = node.arrayValue { for item in items { walk(item, path: path) } }
        }
        walk(schema, path: "#")
        #expect(undocumented.isEmpty, "\(undocumented)")
    }

    @Test func everyExampleIsValidAndParses() throws {
        var checked = 0
        for path in TestFiles.exampleSpecs {
            let file = try #require(TestFiles.sourceFile(path))
            let root = try JSONReader.read(file, requireObject: true)
            #expect(validator.validate(root).isEmpty, "\(path): \(validator.validate(root))")
            let parsed = SpecParser.decode(root, file: file)
            #expect(!parsed.diagnostics.hasErrors, "\(path): \(parsed.diagnostics.map(\.message))")
            checked += 1
        }
        let polarization = try JSONReader.read(try ExampleSpecs.polarization(), requireObject: true)
        #expect(validator.validate(polarization).isEmpty)
        checked += 1
        #expect(checked >= 1)
    }

    /// Small specs, each with whether the compiler accepts its structure. The schema must agree on each.
    static let cases: [(spec: String, accepted: Bool)] = [
        (#"{"data": {"url": "a.csv"}, "mark": "bar"}"#, true),
        (#"{"$schema": "../specs/chart.schema.json", "$comment": "x", "data": {"values": [{"a": 1}]}, "mark": {"type": "line", "$note": 1}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "legend": true, "sources": "Census", "notes": "n"}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"tooltip": ["a", {"field": "b"}]}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "stack": false, "axis": false}}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"y": {"value": 3}}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"opacity": {"value": 0.5}}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"opacity": {"value": 1.5}}}"#, false),
        // A constant has no scale, axis or title (SPEC §19.3).
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"y": {"value": 3, "scale": {"zero": false}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"color": {"value": "red", "title": "c"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "axis": {"tickCount": 4.0}}}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "sort": ["-a", "b"], "width": 300, "height": 0.5}"#, true),
        (
            #"{"data": {"url": "a.csv"}, "mark": "bar", "calculate": {"$c": "x", "b": "a * 2"}, "total": {}, "complete": true, "groupBy": ["b"], "aggregate": {}}"#,
            true
        ),
        (#"{"data": {"url": "a.csv"}, "mark": {"type": "bar", "labels": {"position": "end", "angle": -90}, "opacity": 0}}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "sources": [{"site": "NOAA"}, "Other"]}"#, true),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"color": {"along": "y", "scale": {"scheme": "turbo"}}}}"#, true),
        (#"{"titel": "x", "data": {"url": "a.csv"}, "mark": "bar"}"#, false),
        (#"{"mark": "bar"}"#, false),
        (#"{"data": {"url": "a.csv"}}"#, false),
        (#"{"data": {"url": "a.csv", "values": []}, "mark": "bar"}"#, false),
        (#"{"data": {}, "mark": "bar"}"#, false),
        (#"{"data": {"url": ""}, "mark": "bar"}"#, false),
        (#"{"data": {"values": [1, 2.5, null]}, "mark": "bar"}"#, true),
        (#"{"data": {"values": [{"a": 1}, 2]}, "mark": "bar"}"#, false),
        (#"{"data": {"values": [null]}, "mark": "bar"}"#, false),
        (#"{"data": {"values": [[1]]}, "mark": "bar"}"#, false),
        (#"{"data": {"url": "a.csv", "format": "xml"}, "mark": "bar"}"#, false),
        (#"{"data": {"url": "a.csv", "parse": {"a": "int"}}, "mark": "bar"}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "scatter"}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": {"interpolate": "linear"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": {"type": "line", "interpolate": "smooth"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": {"type": "bar", "opacity": 1.5}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": {"type": "bar", "labels": "yes"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "title": 3}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "width": "640"}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "width": 0}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "height": 1e9}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "filter": 3}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "groupBy": "a", "aggregate": {}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "sort": ["-"]}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "complete": "yes"}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": "a"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"z": {"field": "a"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"feld": "a"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"title": "a"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "value": 1}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": ""}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "type": "number"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "along": "x"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"color": {"field": "a", "along": "z"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "scale": {"type": "logarithmic"}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "scale": {"domain": []}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "scale": {"domain": [[1]]}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "scale": {"zero": "false"}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "axis": {"tickCount": 2.5}}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "axis": "none"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"x": {"field": "a", "stack": "none"}}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "encoding": {"tooltip": 3}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "legend": {"position": "above"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "legend": {"hidden": "a"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "legend": "top"}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "sources": [{"url": "https://x.org"}]}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "sources": {"title": "x"}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "notes": [1]}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "calculate": ["a"]}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "aggregate": {"n": 1}}"#, false),
        (#"{"data": {"url": "a.csv"}, "mark": "bar", "total": {"a": null}}"#, false)
    ]

    @Test(arguments: cases.indices)
    func theSchemaAndTheParserAgree(index: Int) throws {
        let (text, accepted) = Self.cases[index]
        let file = SourceFile(path: "case\(index).chart.json", text: text)
        let root = try JSONReader.read(file, requireObject: true)
        let structural: [SpecDiagnostic.Kind] = [
            .unknownKey, .wrongType, .unknownValue, .missingKey, .invalidValue, .dataSource, .conflictingKeys, .misplacedKey, .sourceWithoutName
        ]
        let parserErrors = SpecParser.decode(root, file: file).diagnostics.filter { diagnostic in
            diagnostic.severity == .error && structural.contains { diagnostic.is($0) }
        }
        #expect(parserErrors.isEmpty == accepted, "parser: \(parserErrors.map(\.message))")
        let schemaErrors = validator.validate(root)
        #expect(schemaErrors.isEmpty == accepted, "schema: \(schemaErrors)")
    }
}
