import ChartDiagnostics
import Foundation
import Testing
@testable import ChartStyle

/// The theme reader's errors: each at the theme's line:col, with a did-you-mean where likely, all collected.
@Suite struct ThemeReaderTests {
    func errors(_ text: String) throws -> [Diagnostic] {
        let folder = try ThemeTestFolder()
        let path = try folder.write("house.theme.json", text)
        do {
            _ = try ThemeResolver.resolve(file: path)
            return []
        } catch {
            return error.diagnostics
        }
    }

    func position(_ diagnostic: Diagnostic) -> String {
        guard let span = diagnostic.span else { return "-" }
        let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
        return "\(line):\(column)"
    }

    @Test func unknownKeyIsReportedWithASuggestionAtItsPosition() throws {
        let found = try errors("{\n  \"text\": { \"titel\": { \"size\": 20 } }\n}")
        #expect(found.count == 1)
        #expect(found.first?.id == "theme-unknown-key")
        #expect(found.first?.message.contains("did you mean 'title'?") == true)
        #expect(found.first.map(position) == "2:13")
        #expect(found.first?.fixIt?.replacement == "\"title\"")
    }

    @Test func everyProblemIsCollected() throws {
        let found = try errors(
            """
            {
              "background": "#ggg",
              "text": { "title": { "size": "big", "weight": "heavy" } },
              "padding": { "top": -4 },
              "font": { "family": [] },
              "colors": { "categorical": ["red", "nope"] }
            }
            """)
        #expect(
            found.map(\.id) == [
                "theme-bad-color", "theme-wrong-type", "theme-invalid-value", "theme-invalid-value", "theme-wrong-type", "theme-bad-color"
            ])
        #expect(found.map(position) == ["2:17", "3:32", "3:49", "4:23", "5:23", "6:38"])
    }

    @Test func badJSONIsAnErrorAtItsPosition() throws {
        let found = try errors("{\n  \"background\": \"#fff\",\n}")
        #expect(found.count == 1)
        #expect(found.first.map(position) == "2:23") // the trailing comma
    }

    @Test func aMissingFileNamesIt() throws {
        do {
            _ = try ThemeResolver.resolve(file: "/nonexistent/house.theme.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.id == "theme-unreadable")
            #expect(error.diagnostics.first?.message.contains("/nonexistent/house.theme.json") == true)
        }
    }

    @Test func theBuiltInThemeSetsEveryKeyThatHasADefault() {
        for key in ThemeKeys.all where key.hasDefault {
            #expect(Theme.builtIn.settings[key.path] != nil, "\(key.path)")
        }
        for path in Theme.builtIn.settings.keys {
            #expect(ThemeKeys.key(path) != nil, "\(path)")
        }
        #expect(Theme.builtIn.settings.count > 50)
    }

    /// specs/default.theme.json is what a user reads and copies: it must be the built-in theme, byte for byte.
    @Test func theDocumentedDefaultThemeIsTheBuiltInOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let documented = try String(contentsOf: root.appendingPathComponent("specs/default.theme.json"), encoding: .utf8)
        #expect(documented == BuiltInTheme.json)
    }
}

/// specs/theme.schema.json describes exactly the keys the reader accepts.
@Suite struct ThemeSchemaTests {
    @Test func theSchemaListsEveryThemeKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("specs/theme.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var paths: [String] = []
        func walk(_ node: [String: Any], _ prefix: String) {
            guard let properties = node["properties"] as? [String: Any] else {
                paths.append(prefix)
                return
            }
            for (name, value) in properties where !name.hasPrefix("$") && !["extends", "variants", "outputs"].contains(name) {
                walk(value as? [String: Any] ?? [:], prefix.isEmpty ? name : prefix + "." + name)
            }
        }
        walk(schema, "")
        #expect(Set(paths) == Set(ThemeKeys.all.map(\.path)))
    }

    /// A choice (logo corners, weights) lists the same words in the schema as the reader accepts.
    @Test func theSchemaListsEveryChoice() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("specs/theme.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ThemeKeys.all {
            guard case .choice(let words) = key.type else { continue }
            var node: [String: Any]? = schema
            for part in key.path.split(separator: ".") {
                node = (node?["properties"] as? [String: Any])?[String(part)] as? [String: Any]
            }
            let listed = try #require(node?["enum"] as? [String], "\(key.path) has no enum in the schema")
            #expect(listed == words, "\(key.path)")
        }
    }
}
