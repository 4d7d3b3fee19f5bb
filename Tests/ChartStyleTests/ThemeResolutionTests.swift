import ChartDiagnostics
import Foundation
import Testing
@testable import ChartStyle

/// SPEC §15's order (--theme, the spec's theme, the nearest chartc.theme.json up to .git, built-in), `extends`
/// chains and their cycles, and variants.
@Suite struct ThemeResolutionTests {
    @Test func resolutionOrder() throws {
        let folder = try ThemeTestFolder()
        try folder.makeFolder("repo/.git")
        try folder.write("chartc.theme.json", ##"{ "background": "#000001" }"##) // outside the repository: never used
        try folder.write("repo/chartc.theme.json", ##"{ "background": "#000002" }"##)
        try folder.write("repo/charts/own.theme.json", ##"{ "background": "#000003" }"##)
        try folder.write("repo/cli.theme.json", ##"{ "background": "#000004" }"##)
        let spec = try folder.write("repo/charts/deep/a.chart.json", "{}")

        func background(_ request: ThemeResolver.Request) throws -> String? { try ThemeResolver.resolve(request).text("background") }

        // The nearest chartc.theme.json, searching up to the folder holding .git.
        #expect(try background(.init(specPath: spec)) == "#000002")
        // The spec's theme key (relative to the spec) beats it.
        #expect(try background(.init(specPath: spec, specTheme: ("../own.theme.json", nil))) == "#000003")
        // --theme beats both.
        #expect(
            try background(.init(specPath: spec, commandLineTheme: folder.path + "/repo/cli.theme.json", specTheme: ("../own.theme.json", nil)))
                == "#000004")
        // The search stops at .git: a theme above the repository never applies.
        try FileManager.default.removeItem(atPath: folder.path + "/repo/chartc.theme.json")
        #expect(try background(.init(specPath: spec)) == "#ffffff")
        #expect(try ThemeResolver.resolve(.init(specPath: spec)).files.isEmpty)
    }

    @Test func extendsAppliesTheBaseFirstAndPathsAreRelativeToEachFile() throws {
        let folder = try ThemeTestFolder()
        try folder.write("base/base.theme.json", ##"{ "background": "#101010", "grid": { "color": "#202020" }, "logo": { "file": "logo.svg" } }"##)
        let house = try folder.write("house/web.theme.json", ##"{ "extends": "../base/base.theme.json", "background": "#303030" }"##)
        let theme = try ThemeResolver.resolve(file: house)
        #expect(theme.text("background") == "#303030")
        #expect(theme.text("grid.color") == "#202020")
        #expect(theme.text("padding.top") == nil && theme.number("padding.top") == 18)
        #expect(theme.file("logo.file") == folder.path + "/house/../base/logo.svg")
        #expect(theme.settings["grid.color"]?.origin.hasSuffix("base/base.theme.json") == true)
        #expect(theme.settings["padding.top"]?.origin == "<built-in>")
        #expect(theme.files.count == 2)
    }

    @Test func anExtendsCycleIsAnErrorNamingTheChain() throws {
        let folder = try ThemeTestFolder()
        try folder.write("a.theme.json", ##"{ "extends": "b.theme.json" }"##)
        try folder.write("b.theme.json", ##"{ "extends": "./a.theme.json" }"##)
        do {
            _ = try ThemeResolver.resolve(file: folder.path + "/a.theme.json")
            Issue.record("expected a cycle")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "theme-extends-cycle")
            #expect(diagnostic.message.hasSuffix("a.theme.json -> " + folder.path + "/b.theme.json -> " + folder.path + "/./a.theme.json"))
            #expect(diagnostic.span?.file.path == folder.path + "/b.theme.json")
        }
    }

    @Test func aThemeExtendingItselfIsACycle() throws {
        let folder = try ThemeTestFolder()
        let path = try folder.write("self.theme.json", ##"{ "extends": "self.theme.json" }"##)
        #expect(throws: DiagnosticError.self) { try ThemeResolver.resolve(file: path) }
    }

    @Test func variantsApplyOverTheWholeChain() throws {
        let folder = try ThemeTestFolder()
        try folder.write(
            "base.theme.json", ##"{ "background": "#ffffff", "variants": { "dark": { "text": { "title": { "color": "#eeeeee" } } } } }"##)
        let path = try folder.write(
            "house.theme.json",
            ##"""
            { "extends": "base.theme.json", "size": { "width": 600 },
              "variants": { "print": { "size": { "width": 480 } }, "dark": { "background": "#161616" } } }
            """##)
        let plain = try ThemeResolver.resolve(file: path)
        #expect(plain.number("size.width") == 600)
        #expect(plain.text("text.title.color") == "#1a1a1a")
        let print = try ThemeResolver.resolve(file: path, variant: "print")
        #expect(print.number("size.width") == 480)
        let dark = try ThemeResolver.resolve(file: path, variant: "dark")
        #expect(dark.text("background") == "#161616")
        #expect(dark.text("text.title.color") == "#eeeeee")
        #expect(dark.variant == "dark")
    }

    /// The HTML page's dark mode: the chain's `dark` variant over the theme and the variant asked for.
    @Test func theDarkVariantIsResolvedForThePagesDarkMode() throws {
        let folder = try ThemeTestFolder()
        try folder.write(
            "base.theme.json", ##"{ "background": "#ffffff", "variants": { "dark": { "text": { "title": { "color": "#eeeeee" } } } } }"##)
        let path = try folder.write(
            "house.theme.json",
            ##"""
            { "extends": "base.theme.json", "grid": { "color": "#dddddd" },
              "variants": { "print": { "size": { "width": 480 } }, "dark": { "background": "#161616" } } }
            """##)
        let plain = try ThemeResolver.resolve(file: path)
        let dark = try #require(plain.darkVariant)
        #expect(dark.text("background") == "#161616")
        #expect(dark.text("text.title.color") == "#eeeeee")
        #expect(dark.text("grid.color") == "#dddddd")
        #expect(plain.text("background") == "#ffffff")
        let print = try ThemeResolver.resolve(file: path, variant: "print")
        let printDark = try #require(print.darkVariant)
        #expect(printDark.number("size.width") == 480 && printDark.text("background") == "#161616")
        #expect(printDark.variant == "print+dark")
        // Already dark, or no dark variant anywhere: no second theme.
        #expect(try ThemeResolver.resolve(file: path, variant: "dark").darkVariant == nil)
        let lone = try folder.write("lone.theme.json", ##"{ "variants": { "print": {} } }"##)
        #expect(try ThemeResolver.resolve(file: lone).darkVariant == nil)
        #expect(Theme.builtIn.darkVariant == nil)
    }

    @Test func anUnknownVariantSuggestsTheClosest() throws {
        let folder = try ThemeTestFolder()
        let path = try folder.write("house.theme.json", ##"{ "variants": { "print": {}, "dark": {} } }"##)
        do {
            _ = try ThemeResolver.resolve(file: path, variant: "prnt")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.id == "theme-unknown-variant")
            #expect(error.diagnostics.first?.message == "the theme has no variant 'prnt'; did you mean 'print'?")
        }
    }

    @Test func aVariantMayNotNestStructure() throws {
        let folder = try ThemeTestFolder()
        let path = try folder.write("house.theme.json", ##"{ "variants": { "print": { "extends": "x.theme.json" } } }"##)
        do {
            _ = try ThemeResolver.resolve(file: path, variant: "print")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.id == "theme-unknown-key")
        }
    }

    @Test func theListingNamesEachValuesOrigin() throws {
        let folder = try ThemeTestFolder()
        let path = try folder.write("house.theme.json", "{\n  \"background\": \"#fafafa\"\n}")
        let listing = ThemePrinter.listing(try ThemeResolver.resolve(file: path))
        #expect(listing.contains(path + ":2:17  background = \"#fafafa\""))
        #expect(listing.contains("built-in") && listing.contains("text.title.size = 21"))
    }
}
