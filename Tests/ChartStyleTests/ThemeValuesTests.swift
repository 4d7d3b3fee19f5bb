import ChartDiagnostics
import Testing
@testable import ChartStyle

/// The typed theme values `ChartTheme` reads (issue 24 item 6): every case is a key of the table with a default,
/// of its type, and the built-in theme sets it, so no value can fall through to a silent zero or empty string.
@Suite struct ThemeValuesTests {
    @Test func everyNumberIsAKeyWithADefaultThatTheBuiltInThemeSets() throws {
        for key in ThemeNumber.allCases {
            let entry = try #require(ThemeKeys.key(key.rawValue), "\(key.rawValue) is not in ThemeKeys")
            #expect(entry.hasDefault, "\(key.rawValue)")
            guard case .number = entry.type else { Issue.record("\(key.rawValue) is not a number key"); continue }
            #expect(Theme.builtIn.number(key.rawValue) != nil, "the built-in theme sets no \(key.rawValue)")
        }
    }

    @Test func everyTextAndFlagIsAKeyWithADefaultThatTheBuiltInThemeSets() throws {
        for key in ThemeText.allCases {
            let entry = try #require(ThemeKeys.key(key.rawValue), "\(key.rawValue) is not in ThemeKeys")
            #expect(entry.hasDefault, "\(key.rawValue)")
            switch entry.type {
            case .color, .text, .choice: break
            default: Issue.record("\(key.rawValue) is not a color, text or choice key")
            }
            #expect(Theme.builtIn.text(key.rawValue) != nil, "the built-in theme sets no \(key.rawValue)")
        }
        for key in ThemeFlag.allCases {
            #expect(ThemeKeys.key(key.rawValue)?.type == .bool && Theme.builtIn.bool(key.rawValue) != nil, "\(key.rawValue)")
        }
    }

    @Test func everyTextRoleIsATableRoleWithItsValues() throws {
        #expect(ThemeTextRole.allCases.map(\.rawValue) == ThemeKeys.textRoles.map(\.name))
        for role in ThemeTextRole.allCases {
            for path in [role.sizeKey, role.weightKey, role.styleKey, role.colorKey] {
                #expect(ThemeKeys.key(path)?.hasDefault == true, "\(path)")
                #expect(Theme.builtIn.settings[path] != nil, "the built-in theme sets no \(path)")
            }
            #expect(ThemeKeys.key(role.lineHeightKey) != nil)
        }
        #expect(Theme.builtIn.size(of: .annotation) == 12 && Theme.builtIn.isItalic(.annotation) && Theme.builtIn.isBold(.panel))
    }

    @Test func aThemesOwnValueWinsOverTheBuiltIn() throws {
        let text = #"{ "padding": { "top": 7 }, "words": { "note": "Nota:" } }"#
        let layer = try ThemeReader.layer(of: SourceFile(path: "t.theme.json", bytes: Array(text.utf8)))
        let theme = Theme(settings: Theme.builtIn.settings.merging(layer.settings) { $1 }, files: [], variant: nil)
        #expect(theme[.paddingTop] == 7 && theme[.paddingLeft] == Theme.builtIn[.paddingLeft])
        #expect(theme[.noteWord] == "Nota:" && theme[.axisTicks] == Theme.builtIn[.axisTicks])
    }
}
