import ChartSpec
import Foundation
import Testing

/// `specs/chart.schema.json` lists the marks, and which marks take each `mark` option and draw each channel, as
/// the table of marks (`MarkTraits`, SPEC §19.1) says: the `markType` enum and its description, and the last
/// sentence of each option's and channel's description ("Taken by …", "Drawn by …", or which marks draw a field
/// and which a constant) are generated from the
/// table, like reference.md's table. `CHARTC_RECORD=1 swift test --filter SchemaMarkTable` rewrites them.
@Suite struct SchemaMarkTableTests {
    static var schema: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/chart.schema.json")
    }

    /// The `markType` definition's two lines.
    static func markTypeLines(indent: String) -> [String] {
        let simple = MarkTraits.all.filter { $0.composite == nil }.map(\.type.rawValue)
        let composite = MarkTraits.all.filter { $0.composite != nil }.map(\.type.rawValue)
        var description = simple.dropLast().joined(separator: ", ") + (simple.last.map { " or " + $0 } ?? "")
        if !composite.isEmpty {
            description += "; composite marks, drawn as layers of simple marks: " + composite.joined(separator: ", ")
        }
        let names = MarkType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return [indent + "\"description\": \"\(description).\",", indent + "\"enum\": [\(names)]"]
    }

    static func takenBy(_ option: MarkOption) -> String {
        "Taken by " + MarkTraits.describe(MarkTraits.marks(taking: option)) + "."
    }

    static func drawnBy(_ channel: ChannelName) -> String {
        let fields = MarkTraits.marks(drawing: channel)
        let constants = MarkTraits.marks(drawingConstant: channel)
        if fields.isEmpty { return "Drawn as a constant by " + MarkTraits.describe(constants) + "." }
        if constants.isEmpty || constants == fields { return "Drawn by " + MarkTraits.describe(fields) + "." }
        return "A field is drawn by " + MarkTraits.describe(fields) + "; a constant by " + MarkTraits.describe(constants) + "."
    }

    /// The sentence the table gives a property of a section, if any.
    static func sentence(section: String, key: String) -> String? {
        if section == "markObject", let option = MarkOption(rawValue: key) { return takenBy(option) }
        if section == "encoding" || section == "layerEncoding", let channel = ChannelName(rawValue: key) { return drawnBy(channel) }
        return nil
    }

    /// `line` with its `"description": "…"` ending in `sentence` (an earlier generated sentence replaced).
    static func rewrite(_ line: String, sentence: String) -> String {
        guard let start = line.range(of: "\"description\": \"") else { return line }
        var end = start.upperBound
        var escaped = false
        while end < line.endIndex {
            let character = line[end]
            if character == "\"" && !escaped { break }
            escaped = character == "\\" && !escaped
            end = line.index(after: end)
        }
        var description = String(line[start.upperBound..<end])
        for prefix in [" Taken by ", " Drawn by ", " Drawn as a constant by ", " A field is drawn by "] {
            if let range = description.range(of: prefix) { description = String(description[..<range.lowerBound]) }
        }
        return String(line[..<start.upperBound]) + description + " " + sentence + String(line[end...])
    }

    /// The schema's text with every generated part as the table says.
    static func generated(from text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        var section = ""
        var key: String?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            let name = trimmed.hasPrefix("\"") ? String(trimmed.dropFirst().prefix { $0 != "\"" }) : ""
            if indent == 4, trimmed.hasSuffix(": {") {
                section = name
                key = nil
                if section == "markType", index + 2 < lines.count {
                    lines.replaceSubrange((index + 1)...(index + 2), with: markTypeLines(indent: String(repeating: " ", count: indent + 2)))
                    index += 3
                    continue
                }
            } else if indent == 8, trimmed.hasPrefix("\"\(name)\": {") {
                key = name
                if trimmed.contains("\"description\": \""), let sentence = sentence(section: section, key: name) {
                    lines[index] = rewrite(line, sentence: sentence)
                    key = nil
                }
            } else if let current = key, indent == 10, trimmed.hasPrefix("\"description\": \"") {
                if let sentence = sentence(section: section, key: current) { lines[index] = rewrite(line, sentence: sentence) }
                key = nil
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    @Test func theSchemasMarksOptionsAndChannelsAreTheTables() throws {
        let text = try String(contentsOf: Self.schema, encoding: .utf8)
        let generated = Self.generated(from: text)
        if ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1", generated != text {
            try generated.write(to: Self.schema, atomically: true, encoding: .utf8)
            return
        }
        #expect(text == generated, "specs/chart.schema.json's marks, options or channels differ from MarkTraits: re-record it")
        // Every option and channel got its sentence.
        for option in MarkOption.allCases { #expect(text.contains(Self.takenBy(option)), "\(option)") }
        for channel in ChannelName.allCases { #expect(text.contains(Self.drawnBy(channel)), "\(channel)") }
    }
}
