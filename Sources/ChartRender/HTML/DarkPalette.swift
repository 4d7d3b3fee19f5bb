import ChartColor
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartLayout

/// The chart's colors for readers whose system asks for a dark color scheme, as CSS rules that override the
/// SVG's presentation attributes by value (`[fill="#e3e3e3"] { fill: #3a3b3d }`), so the SVG itself stays the
/// one `--format svg` writes.
///
/// - The canvas becomes `background`.
/// - Neutral colors (text, grid, ticks, rings around dots) mirror their lightness: dark text turns light,
///   light gridlines turn dark, keeping their order and so the chart's hierarchy.
/// - Chromatic colors (series), and every text color, keep their hue and saturation. One that would be hard
///   to see on the dark canvas (WCAG contrast under 3.5:1 for shapes — a little over the 3:1 minimum, as lines
///   are thin — and 4.5:1 for text) is lightened in Oklab just enough to reach it, so a
///   navy line stays a blue line, only lighter.
struct DarkPalette {
    /// The dark canvas and page color.
    static let background = Color(rgb: 0x17181a)
    static let shapeContrast = 3.5
    static let textContrast = 4.5

    /// One override: elements whose `attribute` is exactly `original` get `replacement`.
    struct Rule: Equatable {
        var attribute: String
        var original: String
        var replacement: String
        /// Rules for text only (`text`, `tspan`), which need more contrast than shapes.
        var textOnly: Bool
    }

    private(set) var rules: [Rule] = []

    /// The dark canvas of this page (the theme's `dark.background`).
    let canvas: Color

    /// Rules for every color the scenes use, in first-use order, for a dark canvas of `background`.
    init(scenes: [Scene], background: Color = DarkPalette.background) {
        canvas = background
        var shapeColors: [(attribute: String, color: String)] = []
        var textColors: [String] = []
        var canvasColors: [String] = []
        func note(_ attribute: String, _ color: String) {
            if !shapeColors.contains(where: { $0.attribute == attribute && $0.color == color }) { shapeColors.append((attribute, color)) }
        }
        func paint(_ attribute: String, _ paint: Paint) {
            if case .color(let color) = paint { note(attribute, color) }
        }
        func noteText(_ color: String) {
            if !textColors.contains(color) { textColors.append(color) }
        }
        func visit(_ nodes: [SceneNode]) {
            for node in nodes {
                switch node {
                case .group(let group): visit(group.children)
                case .rect(let rect):
                    paint("fill", rect.fill)
                    if let stroke = rect.stroke { paint("stroke", stroke.paint) }
                case .circle(let circle):
                    paint("fill", circle.fill)
                    if let stroke = circle.stroke { paint("stroke", stroke.paint) }
                case .line(let line): paint("stroke", line.stroke.paint)
                case .path(let path):
                    paint("fill", path.fill)
                    if let stroke = path.stroke { paint("stroke", stroke.paint) }
                case .text(let text):
                    noteText(text.fill)
                    for line in text.block.lines {
                        for run in line.runs { if let fill = run.fill { noteText(fill) } }
                    }
                }
            }
        }
        for scene in scenes {
            if let background = scene.background {
                if !canvasColors.contains(background) { canvasColors.append(background) }
                note("fill", background)
            }
            for definition in scene.definitions {
                if case .linearGradient(let gradient) = definition {
                    for stop in gradient.stops { note("stop-color", stop.color) }
                }
            }
            visit(scene.children)
        }

        for (attribute, color) in shapeColors {
            let replacement =
                canvasColors.contains(color) ? background : Self.darkVersion(of: color, contrast: Self.shapeContrast, canvas: background)
            if let replacement { rules.append(Rule(attribute: attribute, original: color, replacement: replacement.description, textOnly: false)) }
        }
        for color in textColors {
            if let replacement = Self.darkVersion(of: color, contrast: Self.textContrast, isText: true, canvas: background) {
                rules.append(Rule(attribute: "fill", original: color, replacement: replacement.description, textOnly: true))
            }
        }
    }

    /// The color to use on the dark canvas, or nil when `css` is not a color this writer understands (the rule
    /// is then left out and the original shows).
    static func darkVersion(of css: String, contrast: Double, isText: Bool = false, canvas background: Color = DarkPalette.background) -> Color? {
        guard let color = Color(css: css) else { return nil }
        if color.alpha == 0 { return color }
        var lab = OKLab(color)
        let canvas = OKLab(background)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        if chroma < 0.035 {
            // Mirror the lightness: white lands on the canvas, black near white. Text leans light (a gray
            // headline stays bright); lines and fills keep light grays close to the canvas, so gridlines stay
            // as quiet as they are on white.
            let darkness = max(0, min(1, 1 - lab.l))
            let smooth = darkness * darkness * (3 - 2 * darkness)
            let share = isText ? pow(darkness, 0.7) : (darkness + smooth) / 2
            lab.l = canvas.l + (0.97 - canvas.l) * share
            // Gray lines and fills keep the contrast they had: a quiet gridline must stay quiet.
            if !isText { return lab.color.withAlpha(color.alpha) }
        }
        var result = lab.color
        var steps = 0
        while result.contrastRatio(with: background) < contrast && lab.l < 1 && steps < 100 {
            lab.l = min(1, lab.l + 0.01)
            result = lab.color
            steps += 1
        }
        return result.withAlpha(color.alpha)
    }

    /// The rules as CSS, inside a `prefers-color-scheme: dark` block, scoped to `.chartc-figure svg`.
    var css: String {
        guard !rules.isEmpty else { return "" }
        var out = "@media (prefers-color-scheme: dark) {\n"
        for rule in rules {
            let selector: String
            let match = "[" + rule.attribute + "=" + PageEscaping.cssString(rule.original) + "]"
            if rule.textOnly {
                selector = ".chartc-figure svg text" + match + ", .chartc-figure svg tspan" + match
            } else {
                selector = ".chartc-figure svg " + match
            }
            out += "  " + selector + " { " + rule.attribute + ": " + rule.replacement + "; }\n"
        }
        out += "}\n"
        return out
    }
}
