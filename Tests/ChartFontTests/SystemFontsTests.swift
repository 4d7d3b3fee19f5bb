import ChartDiagnostics
import Foundation
import Testing

@testable import ChartFont

@Suite("System font lookup")
struct SystemFontsTests {
    @Test("finds DejaVu Sans and Liberation Sans by family name, regular and bold", .enabled(if: InstalledFonts.present))
    func findsFamilies() throws {
        let cache = FontCache()
        let dejaVu = try cache.find(families: ["DejaVu Sans"], style: .regular)
        #expect(dejaVu.names.family == "DejaVu Sans" && dejaVu.weight == 400 && !dejaVu.isItalic && dejaVu.widthClass == 5)
        let dejaVuBold = try cache.find(families: ["dejavu sans"], style: .bold)
        #expect(dejaVuBold.names.family == "DejaVu Sans" && dejaVuBold.weight == 700 && !dejaVuBold.isItalic && dejaVuBold.widthClass == 5)
        let stack = FontStack.families("Helvetica, Arial, 'Liberation Sans', \"Nimbus Sans\", sans-serif")
        #expect(stack == ["Helvetica", "Arial", "Liberation Sans", "Nimbus Sans", "sans-serif"])
        let liberation = try cache.find(families: stack, style: .regular)
        #expect(liberation.names.isFamily("Liberation Sans") || liberation.names.isFamily("Arial") || liberation.names.isFamily("Helvetica"))
        let italic = try cache.find(families: ["Liberation Sans"], style: FontStyleRequest(bold: true, italic: true))
        #expect(italic.isItalic && italic.isBold)
    }

    @Test("a face is found by the name inside the file, not the file's name; broken files are skipped", .enabled(if: InstalledFonts.present))
    func foundByInnerName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: InstalledFonts.dejaVuSerifBold, toPath: folder.appendingPathComponent("sub/zz-renamed.TTF").path)
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("DejaVuSerif-Broken.ttf"))
        let system = SystemFonts(directories: [folder.path])
        #expect(system.paths.count == 2)
        let entry = try #require(system.find(families: ["Missing", "DejaVu Serif"], style: .regular))
        #expect(entry.path.hasSuffix("zz-renamed.TTF") && entry.weight == 700)
        #expect(system.entries().count == 1)
    }

    @Test("the cache parses a file once", .enabled(if: InstalledFonts.present))
    func cacheReuses() throws {
        let cache = FontCache()
        let first = try cache.face(path: InstalledFonts.dejaVuSans)
        let second = try cache.face(path: InstalledFonts.dejaVuSans)
        first.bytes.withUnsafeBufferPointer { a in
            second.bytes.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
    }

    @Test("a family that is not installed names what to install")
    func notFound() throws {
        let cache = FontCache()
        do {
            _ = try cache.find(
                families: ["No Such Family", "sans-serif"], style: .regular, directories: ["/nonexistent"], install: "fonts-liberation")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.id == "font-not-found")
            #expect(
                error.diagnostic.message == "no installed font of the family 'No Such Family' in the system font folders; install fonts-liberation")
        }
    }

    @Test("default folders are the ones browsers search")
    func folders() {
        #if os(Linux)
            #expect(
                SystemFonts.defaultDirectories(home: "/h") == ["/usr/share/fonts", "/usr/local/share/fonts", "/h/.local/share/fonts", "/h/.fonts"])
        #endif
    }

    @Test("a file is a hint for a family when its compacted name holds the family's: at the start, the middle, the end, not past it")
    func fileNameHints() {
        #expect(SystemFonts.bytes(of: "liberationsansbold", contain: "liberationsans"))
        #expect(SystemFonts.bytes(of: "notoserifdisplaybold", contain: "serif"))
        #expect(SystemFonts.bytes(of: "dejavusans", contain: "sans"))
        #expect(SystemFonts.bytes(of: "dejavusans", contain: ""))
        #expect(!SystemFonts.bytes(of: "dejavusan", contain: "sans"))
        #expect(!SystemFonts.bytes(of: "sa", contain: "sans"))
        #expect(!SystemFonts.bytes(of: "liberationserif", contain: "liberationsans"))
    }
}
