@testable import ChartColor
import ChartDiagnostics
import Testing

/// CSS color parsing and hex output.
struct ColorParsingTests {
    private func hex(_ text: String) -> String? { Color(css: text)?.hex }

    @Test func namedColors() {
        #expect(hex("steelblue") == "#4682b4")
        #expect(hex("  SteelBlue ") == "#4682b4")
        #expect(hex("rebeccapurple") == "#663399")
        #expect(hex("gray") == "#808080")
        #expect(hex("grey") == "#808080")
        #expect(hex("black") == "#000000")
        #expect(hex("white") == "#ffffff")
        #expect(hex("yellowgreen") == "#9acd32")
        #expect(Color(css: "transparent") == Color.transparent)
        #expect(Color.names.count == 149)
        #expect(NamedColors.table.count == 148)
        #expect(NamedColors.table.map(\.name) == NamedColors.table.map(\.name).sorted())
    }

    @Test func hexForms() {
        #expect(hex("#abc") == "#aabbcc")
        #expect(hex("#ABCDEF") == "#abcdef")
        #expect(hex("#1f77b4") == "#1f77b4")
        #expect(Color(css: "#1f77b480")?.alphaByte == 0x80)
        #expect(Color(css: "#abcd")?.alphaByte == 0xdd)
        #expect(Color(css: "#abcd")?.hex == "#aabbcc")
        #expect(Color(css: "#1f77b480")?.hexWithAlpha == "#1f77b480")
    }

    @Test func rgbFunctions() {
        #expect(hex("rgb(255, 0, 0)") == "#ff0000")
        #expect(hex("rgb(100%, 50%, 0%)") == "#ff8000")
        #expect(hex("RGB(300, -5, 0)") == "#ff0000")
        let translucent = Color(css: "rgba(0,0,255,0.5)")
        #expect(translucent?.hex == "#0000ff")
        #expect(translucent?.alpha == 0.5)
        let modern = Color(css: "rgb(0 128 255 / 50%)")
        #expect(modern?.hex == "#0080ff")
        #expect(modern?.alpha == 0.5)
    }

    @Test func hslFunctions() {
        #expect(hex("hsl(120, 100%, 50%)") == "#00ff00")
        #expect(hex("hsl(240, 100%, 25%)") == "#000080")
        #expect(hex("hsl(0.5turn 100% 50%)") == "#00ffff")
        #expect(hex("hsl(-120, 100%, 50%)") == "#0000ff")
        #expect(hex("hsl(0, 0%, 100%)") == "#ffffff")
        let quarter = Color(css: "hsla(0deg 100% 50% / 0.25)")
        #expect(quarter?.hex == "#ff0000")
        #expect(quarter?.alpha == 0.25)
    }

    @Test func invalidTextIsNil() {
        let invalid = [
            "", " ", "#", "#12", "#12345", "#ggg", "bleu", "rgb(1,2)", "rgb(1 2 3 4)", "rgb(1,2,3,)", "rgb(inf, 0, 0)",
            "rgb(nan,0,0)", "cmyk(1,2,3)", "rgb(1, 2 3)", "rgb(10px, 0, 0)", "rgb(1,2,3", "rgb()", "()", ")(", "hsl(1, 2%, 3px)",
            "rgb(1 2 3 / )", "rgb(- 0 0)", "#ff00000", "steel blue", "rgb(1e999, 0, 0)"
        ]
        for text in invalid {
            #expect(Color(css: text) == nil, "\(text)")
        }
    }

    @Test func didYouMeanAmongNames() {
        #expect(Suggestions.closest(to: "stelblue", in: Color.names) == "steelblue")
        #expect(Suggestions.closest(to: "bleu", in: Color.names) == "blue")
        #expect(Suggestions.closest(to: "transparant", in: Color.names) == "transparent")
    }

    @Test func hexOutput() {
        #expect(Color(rgb: 0x1F77B4).hex == "#1f77b4")
        #expect(Color(red: 0.5, green: 0.5, blue: 0.5).hex == "#808080")
        #expect(Color(r: 1, g: 2, b: 3, a: 4).hexWithAlpha == "#01020304")
        #expect(Color(red: 2, green: -1, blue: .nan).hex == "#ff0000")
        var mutated = Color.black
        mutated.red = 7
        #expect(mutated.hex == "#ff0000")
        #expect(Color(rgb: 0x123456).description == "#123456")
        #expect(Color(rgb: 0x123456, alpha: 0).description == "#12345600")
    }

    @Test func compositing() {
        let halfBlack = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        #expect(halfBlack.over(.white).hex == "#808080")
        #expect(Color.white.over(.black) == .white)
    }
}
