import ChartData
import ChartDiagnostics
import ChartValues

/// `lookup` onto map data (SPEC §22). A choropleth whose join leaves features without a value draws them as
/// "no data" without a word in Vega-Lite (vega-lite#6904); here the join says which features found no value (by
/// name), which rows of the other data matched no feature (with a did-you-mean for near misses such as "Saint
/// Louis" for "St. Louis"), and when the other data's keys are of another id system than the features' (names
/// where FIPS codes are expected, codes that lost their leading zeros, ISO alpha-3 codes against numeric ids).
/// A numeric key finds a feature whose key is that number written with leading zeros when the features' keys
/// are zero-padded codes of one width (`padWidth`): a CSV or JSON reader takes the FIPS code "01001" for the
/// number 1001.
enum MapJoin {
    /// How a set of keys is written, for `lookup-key-system`.
    enum KeyStyle: Equatable {
        /// Digits only; `width` when every key has that many.
        case codes(width: Int?)
        /// Three capital letters (ISO 3166-1 alpha-3: "USA").
        case alpha3
        /// Two capital letters (ISO alpha-2 or US postal codes: "CA").
        case alpha2
        case names
        /// No style holds nine keys in ten.
        case mixed
    }

    /// The style of most (nine in ten) of `keys`.
    static func style(_ keys: [String]) -> KeyStyle {
        guard !keys.isEmpty else { return .mixed }
        var digits = 0, alpha3 = 0, alpha2 = 0
        var widths = Set<Int>()
        for key in keys {
            let bytes = Array(key.utf8)
            if !bytes.isEmpty && bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                digits += 1
                widths.insert(bytes.count)
            } else if bytes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) && bytes.count == 3 {
                alpha3 += 1
            } else if bytes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) && bytes.count == 2 {
                alpha2 += 1
            }
        }
        let most = (keys.count * 9 + 9) / 10
        if digits >= most { return .codes(width: widths.count == 1 ? widths.first : nil) }
        if alpha3 >= most { return .alpha3 }
        if alpha2 >= most { return .alpha2 }
        if digits + alpha3 + alpha2 <= keys.count / 10 { return .names }
        return .mixed
    }

    /// The width the features' keys are padded to with zeros ("01001": 5), or nil when they are not all digits of
    /// one width with a leading zero somewhere.
    static func padWidth(_ keys: [String]) -> Int? {
        guard case .codes(let width?) = style(keys), width >= 2, keys.contains(where: { $0.utf8.first == 0x30 && isDigits($0) }) else { return nil }
        return width
    }

    static func isDigits(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Up to two of `keys` written in `style` (the examples a message shows).
    static func examples(_ keys: [String], of style: KeyStyle) -> [String] {
        let fitting = keys.filter { key in
            switch style {
            case .codes: isDigits(key)
            case .alpha3, .alpha2: key.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
            case .names, .mixed: !isDigits(key)
            }
        }
        return Array((fitting.isEmpty ? keys : fitting).prefix(2))
    }

    /// The text a numeric key matches among zero-padded codes: the integer written with `width` digits.
    static func padded(_ value: Value, width: Int) -> String? {
        guard case .number(let number) = value, number >= 0, number < 1e15, let integer = Int(exactly: number) else { return nil }
        let digits = String(integer)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }

    /// The warnings of a lookup onto map data, after the join. `features` are the map's rows and `on` their key;
    /// `keys` the other data's key column (as matched: numbers padded); `matched` whether each feature found a value.
    static func warnings(
        on: String, key: String, origin: String, otherOrigin: String, features: Table, featureKeys: [String?], dataKeys: [String?],
        matched: [Bool], onSpan: SourceSpan?, keySpan: SourceSpan?, lookupSpan: SourceSpan?
    ) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let known = Set(featureKeys.compactMap { $0 })
        let names = on == "name" ? nil : features.column(named: "name")
        // Features without a value, by name (else by key), in name order.
        var missing: [String] = []
        var missingKeys: [String] = []
        for row in 0..<features.rowCount where !matched[row] {
            let key = featureKeys[row]
            if let key { missingKeys.append(key) }
            let name = names.flatMap { row < $0.count && !$0.isNull(row) ? $0[row].text : nil }
            if let name {
                missing.append(key.map { "\(name) (\($0))" } ?? name)
            } else {
                missing.append(key ?? "a feature without '\(on)'")
            }
        }
        // The other data's keys that match no feature, each once, in the data's order.
        var unused: [String] = []
        var unusedRows = 0
        var seen = Set<String>()
        for key in dataKeys {
            guard let key, !known.contains(key) else { continue }
            unusedRows += 1
            if seen.insert(key).inserted { unused.append(key) }
        }
        let distinctData = Set(dataKeys.compactMap { $0 })
        let system = keySystem(
            featureKeys: Array(known), dataKeys: dataKeys.compactMap { $0 }, unusedShare: (unused.count, distinctData.count),
            featureNames: names != nil, featureHasID: on != "id" && features.column(named: "id") != nil)
        if let system {
            result.append(
                Diagnostic(PipelineDiagnostic.lookupKeySystem(key: key, origin: otherOrigin, on: on, mismatch: system), at: keySpan ?? lookupSpan))
        }
        if !missing.isEmpty {
            result.append(
                Diagnostic(
                    PipelineDiagnostic.lookupFeaturesWithoutValue(
                        count: missing.count, of: features.rowCount, on: on, key: key, origin: otherOrigin, names: missing.sorted()),
                    at: onSpan ?? lookupSpan))
        }
        if !unused.isEmpty && system == nil {
            let candidates = missingKeys.isEmpty ? Array(known).sorted() : missingKeys.sorted()
            result.append(
                Diagnostic(
                    PipelineDiagnostic.lookupRowsWithoutFeature(
                        rows: unusedRows, of: dataKeys.count, key: key, origin: otherOrigin, on: on,
                        values: unused, nearMisses: nearMisses(unused, features: candidates)),
                    at: keySpan ?? lookupSpan))
        }
        return result
    }

    /// Up to five of the other data's unmatched keys with the feature key each was probably meant to be: the same
    /// once case, punctuation and "Saint"/"St." are set aside, the same with its leading zeros, or a close spelling.
    /// A code (digits only) is never "a close spelling" of another: Bermuda's '060' is no typo of Antarctica's '010'.
    static func nearMisses(_ unused: [String], features: [String]) -> [PipelineDiagnostic.NearMiss] {
        guard features.count <= 20_000 else { return [] }
        var byNormal: [String: String] = [:]
        for key in features where byNormal[normalized(key)] == nil { byNormal[normalized(key)] = key }
        var result: [PipelineDiagnostic.NearMiss] = []
        for value in unused.prefix(40) {
            let spelled = isDigits(value) ? nil : Suggestions.closest(to: value, in: features)
            let found = byNormal[normalized(value)] ?? Lookup.paddingMatch(value, keys: features) ?? spelled
            if let found, found != value { result.append(PipelineDiagnostic.NearMiss(value: value, key: found)) }
            if result.count == 5 { break }
        }
        return result
    }

    /// A name as places are compared: lower case, "saint"/"st." as "st", "sainte"/"ste." as "ste", punctuation as
    /// spaces, runs of spaces as one ("Saint Louis" and "St. Louis" both "st louis").
    static func normalized(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            switch word {
            case "saint": words.append("st")
            case "sainte": words.append("ste")
            default: words.append(word)
            }
            word = ""
        }
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "\u{2019}" {
                flush()
            }
        }
        flush()
        return words.joined(separator: " ")
    }

    /// Whether the other data's keys look like another id system than the features' (most of them unmatched).
    static func keySystem(
        featureKeys: [String], dataKeys: [String], unusedShare: (unused: Int, distinct: Int), featureNames: Bool, featureHasID: Bool
    )
        -> PipelineDiagnostic.KeySystemMismatch?
    {
        guard unusedShare.unused > 0 else { return nil }
        let sortedFeatures = featureKeys.sorted()
        var distinctData: [String] = []
        var seen = Set<String>()
        for key in dataKeys where seen.insert(key).inserted { distinctData.append(key) }
        let features = style(sortedFeatures), data = style(distinctData)
        if case .codes(let width?) = features, case .codes = data {
            // Codes that lost their leading zeros (however few): shorter, and found once padded.
            let found = Set(featureKeys)
            let short = distinctData.filter { $0.utf8.count < width && !found.contains($0) }
            let restored = short.filter { found.contains(String(repeating: "0", count: width - $0.utf8.count) + $0) }
            guard let first = restored.first, restored.count * 2 >= short.count else { return nil }
            return .lostZeros(example: first, restored: String(repeating: "0", count: width - first.utf8.count) + first, width: width)
        }
        // Another system: most of the data's keys unmatched.
        guard unusedShare.unused * 2 > unusedShare.distinct else { return nil }
        let featureExample = examples(sortedFeatures, of: features)
        let dataExample = examples(distinctData, of: data)
        switch (features, data) {
        case (.codes(let width), .names):
            return .namesForCodes(examples: dataExample, featureExamples: featureExample, width: width, useName: featureNames)
        case (.names, .codes):
            return .codesForNames(examples: dataExample, featureExamples: featureExample, useID: featureHasID)
        case (.codes(let width), .alpha3), (.codes(let width), .alpha2):
            return .lettersForNumbers(
                examples: dataExample, featureExamples: featureExample, width: width, letters: data == .alpha3 ? 3 : 2, useName: featureNames)
        case (.names, .alpha3), (.names, .alpha2):
            return .lettersForNames(examples: dataExample, featureExamples: featureExample, letters: data == .alpha3 ? 3 : 2)
        default:
            return nil
        }
    }
}
