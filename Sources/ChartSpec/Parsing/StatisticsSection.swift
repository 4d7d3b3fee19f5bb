import ChartDiagnostics
import ChartJSON

/// The statistics steps (SPEC §21), `quantile`, `density` and `regression`, at the top level or in a layer: their
/// shape, the ranges of their numbers, and options a regression `method` does not take. Whether the fields exist
/// and hold numbers is the planner's to say, at these spans.
extension SpecDecoder {
    /// The one statistics step among `top`'s keys (two are `conflicting-keys`); `prefix` is `layers[N]` in a layer.
    mutating func decodeStatistics(_ top: SpecObject, prefix: String = "") -> StatisticsSpec? {
        let written = StatisticsStepKind.allCases.compactMap { kind in top[kind.rawValue].map { (kind, $0) } }
        guard let (kind, member) = written.first else { return nil }
        if written.count > 1 {
            report(
                SpecDiagnostic.twoStatisticsSteps(first: kind.rawValue, second: written[1].0.rawValue), at: written[1].1.keySpan,
                notes: [DiagnosticNote("'\(kind.rawValue)' is given here", at: member.keySpan)])
            return nil
        }
        let path = Self.join(prefix, kind.rawValue)
        let keys: [String]
        let example: String
        switch kind {
        case .quantile:
            keys = SpecKeys.quantile
            example = "{ \"field\": \"rating\", \"probs\": 101 }"
        case .density:
            keys = SpecKeys.density
            example = "{ \"field\": \"rating\", \"groupBy\": [\"genre\"] }"
        case .regression:
            keys = SpecKeys.regression
            example = "{ \"x\": \"year\", \"y\": \"price\", \"method\": \"linear\" }"
        }
        guard let object = object(member.value, path: path, keys: keys, expected: "an object such as \(example)") else { return nil }
        var spec = StatisticsSpec(step: Located(kind, at: member.keySpan))
        if let groupBy = object["groupBy"] {
            spec.groupBy = stringList(groupBy.value, path: object.path("groupBy"), what: "field names")
            for name in spec.groupBy where name.value.isEmpty { report(SpecDiagnostic.emptyNameIn(path: object.path("groupBy")), at: name.span) }
        }
        var ok = true
        /// A required field name: missing is reported at the object.
        func required(_ key: String, _ decoder: inout SpecDecoder) -> Located<String>? {
            guard let member = object[key] else {
                if !object.hasMisspelling(of: key) {
                    decoder.missingKey(.missingStatisticsField(path: path, key: key, example: example), at: object.span)
                }
                ok = false
                return nil
            }
            guard let name = decoder.fieldName(member.value, path: object.path(key)) else {
                ok = false
                return nil
            }
            return name
        }
        func steps(_ decoder: inout SpecDecoder) -> Int? {
            guard let member = object["steps"] else { return nil }
            guard let steps = decoder.wholeNumber(member.value, path: object.path("steps"), in: 2...100_000, rule: "a whole number from 2 to 100000")
            else {
                ok = false
                return nil
            }
            return steps.value
        }
        switch kind {
        case .quantile:
            let field = required("field", &self)
            var probabilities = Located(QuantileOptions.evenlySpaced(100), at: nil)
            if let member = object["probs"] {
                if case .array(let items) = member.value.kind {
                    var values: [Double] = []
                    for (position, item) in items.enumerated() {
                        if let p = number(item, path: "\(object.path("probs"))[\(position)]", in: 0...1, rule: "a probability from 0 to 1") {
                            values.append(p.value)
                        } else {
                            ok = false
                        }
                    }
                    if items.isEmpty {
                        report(SpecDiagnostic.emptyList(path: object.path("probs")), at: member.value.span)
                        ok = false
                    }
                    probabilities = Located(values, at: member.value.span)
                } else if case .number = member.value.kind {
                    if let count = wholeNumber(member.value, path: object.path("probs"), in: 1...100_000, rule: "a whole number from 1 to 100000") {
                        probabilities = Located(QuantileOptions.evenlySpaced(count.value), at: member.value.span)
                    } else {
                        ok = false
                    }
                } else {
                    wrongType(
                        member.value, path: object.path("probs"),
                        expected: "a number of evenly spaced probabilities, or a list such as [0.25, 0.5, 0.75]")
                    ok = false
                }
            }
            guard let field, ok else { return nil }
            spec.quantile = QuantileOptions(field: field, probabilities: probabilities)
        case .density:
            let field = required("field", &self)
            var options = field.map(DensityOptions.init)
            if let member = object["bandwidth"] {
                options?.bandwidth = number(
                    member.value, path: object.path("bandwidth"), in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude,
                    rule: "greater than 0")
                if options?.bandwidth == nil { ok = false }
            }
            if let member = object["extent"] {
                if let extent = scalars(member.value, path: object.path("extent")) {
                    let numbers = extent.value.compactMap { $0.numberValue }
                    if numbers.count == 2, extent.value.count == 2, numbers[0] < numbers[1], numbers.allSatisfy(\.isFinite) {
                        options?.extent = Located(numbers, at: extent.span)
                    } else {
                        report(
                            SpecDiagnostic.outOfRange(
                                path: object.path("extent"), rule: "two numbers, the lower first, such as [0, 10]", found: Self.lexeme(member.value)),
                            at: member.value.span)
                        ok = false
                    }
                } else {
                    ok = false
                }
            }
            if let steps = steps(&self) { options?.steps = steps }
            if let member = object["cumulative"], let flag = bool(member.value, path: object.path("cumulative")) { options?.cumulative = flag.value }
            if let member = object["counts"], let flag = bool(member.value, path: object.path("counts")) { options?.counts = flag.value }
            guard let options, ok else { return nil }
            spec.density = options
        case .regression:
            let x = required("x", &self)
            let y = required("y", &self)
            guard let x, let y else { return nil }
            var options = RegressionOptions(x: x, y: y)
            if let member = object["method"] {
                guard let method = enumValue(member.value, path: object.path("method"), what: "regression method", as: RegressionMethod.self) else {
                    return nil
                }
                options.method = method
            }
            let method = options.method.value
            for key in ["order", "bandwidth"] where !method.options.contains(key) {
                if let member = object[key] {
                    let takenBy = RegressionMethod.allCases.filter { $0.options.contains(key) }.map(\.rawValue)
                    report(
                        SpecDiagnostic.statisticsOptionNotForMethod(path: path, key: key, method: method.rawValue, takenBy: takenBy),
                        at: member.keySpan)
                    ok = false
                }
            }
            if method.options.contains("order"), let member = object["order"] {
                options.order = wholeNumber(member.value, path: object.path("order"), in: 1...10, rule: "a whole number from 1 to 10")
                if options.order == nil { ok = false }
            }
            if method.options.contains("bandwidth"), let member = object["bandwidth"] {
                options.bandwidth = number(
                    member.value, path: object.path("bandwidth"), in: 0.000_001...1, rule: "a share of the points, greater than 0 and at most 1")
                if options.bandwidth == nil { ok = false }
            }
            if let steps = steps(&self) { options.steps = steps }
            if let member = object["ci"] {
                options.ci = number(
                    member.value, path: object.path("ci"), in: 0.000_001...0.999_999, rule: "a confidence level between 0 and 1, such as 0.95")
                if options.ci == nil { ok = false }
            }
            if let member = object["params"], let flag = bool(member.value, path: object.path("params")) {
                options.params = flag
                if flag.value, method == .loess {
                    report(
                        SpecDiagnostic.statisticsOptionNotForMethod(
                            path: path, key: "params", method: method.rawValue, takenBy: ["linear", "poly", "log", "exp", "pow"]),
                        at: member.keySpan)
                    ok = false
                }
                if flag.value, let ci = object["ci"] {
                    report(
                        SpecDiagnostic.paramsWithCurveOption(path: path, key: "ci"), at: ci.keySpan,
                        notes: [DiagnosticNote("'params' is true here", at: member.value.span)])
                    ok = false
                }
                if flag.value, let steps = object["steps"] {
                    report(
                        SpecDiagnostic.paramsWithCurveOption(path: path, key: "steps"), at: steps.keySpan,
                        notes: [DiagnosticNote("'params' is true here", at: member.value.span)])
                    ok = false
                }
            }
            guard ok else { return nil }
            spec.regression = options
        }
        return spec
    }
}
