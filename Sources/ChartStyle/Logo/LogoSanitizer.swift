/// Makes a house logo (an SVG file) safe to inline into every chart: an allowlist, not a blocklist, applied to the
/// parsed tree (`LogoParser`: references decoded, so `u&#114;l(…)` is `url(…)` here) rather than to the text.
/// Only drawing elements and presentation attributes survive; scripts, event handlers (`on…`), `foreignObject`,
/// `<style>`, images and any other element are dropped with their content; a link keeps its content but loses an
/// `href` that leaves the logo; `<use>`/`href` may point only at `#local` elements; an attribute whose value, read
/// as CSS (escapes such as `u\72 l(` decoded, comments removed), calls `url()` on anything but `#local` or a function
/// that is not a color or transform is dropped; entities, processing instructions and comments are dropped. Each
/// kind of removal is named, for a warning. The result serializes to well-formed XML (`LogoElement.markup`).
public enum LogoSanitizer {
    /// A cleaned logo: the content of its root element, the root's `viewBox`, and what was removed.
    public struct Result: Sendable, Equatable {
        /// The children of the logo's root, cleaned, without the root element itself.
        public var children: [LogoNode]
        /// `viewBox` of the root (or `0 0 width height`).
        public var viewBox: (x: Double, y: Double, width: Double, height: Double)
        /// What was removed, each kind once, in document order ("scripts", "event handlers (onclick)").
        public var removed: [String]

        public init(children: [LogoNode], viewBox: (x: Double, y: Double, width: Double, height: Double), removed: [String] = []) {
            self.children = children
            self.viewBox = viewBox
            self.removed = removed
        }

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.children == rhs.children && lhs.removed == rhs.removed && lhs.viewBox == rhs.viewBox
        }

        /// The children as XML (well-formed; an `xlink:` attribute needs its prefix declared: `usesXLink`).
        public var body: String { LogoMarkup.markup(children) }

        /// Whether some element keeps an `xlink:href`, so whoever inlines the logo declares the `xlink` prefix.
        public var usesXLink: Bool {
            children.contains { if case .element(let element) = $0 { element.usesXLink } else { false } }
        }

        /// The drawn width at `height`.
        public func width(atHeight height: Double) -> Double {
            viewBox.height > 0 ? height * viewBox.width / viewBox.height : height
        }
    }

    static let elements: Set<String> = [
        "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "defs",
        "linearGradient", "radialGradient", "stop", "clipPath", "mask", "title", "desc", "use", "symbol", "a"
    ]

    static let attributes: Set<String> = [
        "id", "class", "d", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "width", "height",
        "points", "transform", "viewBox", "preserveAspectRatio", "fill", "fill-opacity", "fill-rule", "stroke",
        "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
        "stroke-dashoffset", "opacity", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform",
        "spreadMethod", "clip-path", "clip-rule", "mask", "maskUnits", "clipPathUnits", "font-family", "font-size",
        "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing", "dx", "dy", "href",
        "xlink:href", "style", "display", "visibility", "color", "vector-effect", "paint-order"
    ]

    /// The CSS functions an attribute value may call besides `url(#local)`: colors, transforms and arithmetic,
    /// none of which loads anything.
    static let functions: Set<String> = [
        "", "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "matrix", "matrix3d",
        "translate", "translatex", "translatey", "translate3d", "scale", "scalex", "scaley", "scale3d", "rotate", "rotatex", "rotatey",
        "rotatez", "rotate3d", "skew", "skewx", "skewy", "perspective", "calc", "min", "max", "clamp", "var"
    ]

    /// The logo with every unsafe part removed; nil when it is not an SVG with a size, or past a limit
    /// (`read(_:limits:)` says which).
    public static func sanitize(_ bytes: [UInt8]) -> Result? {
        try? read(bytes)
    }

    /// Parses the logo once (`LogoParser`), then sanitizes the tree.
    public static func read(_ bytes: [UInt8], limits: LogoLimits = .standard) throws(LogoFailure) -> Result {
        var parser = LogoParser(bytes: bytes, limits: limits)
        guard let root = try parser.parse(), root.name == "svg" || root.name.hasSuffix(":svg") else { throw .notSVG }
        var box: (Double, Double, Double, Double)?
        if let value = root.attribute("viewBox") {
            let parts = value.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
            if parts.count == 4, parts.allSatisfy(\.isFinite) { box = (parts[0], parts[1], parts[2], parts[3]) }
        }
        let width = root.attribute("width").flatMap { Double($0.filter { $0.isNumber || $0 == "." }) }
        let height = root.attribute("height").flatMap { Double($0.filter { $0.isNumber || $0 == "." }) }
        let viewBox = box ?? (0, 0, width ?? 100, height ?? 100)
        guard viewBox.2 > 0, viewBox.3 > 0, viewBox.2.isFinite, viewBox.3.isFinite else { throw .notSVG }
        var cleaner = Cleaner(removed: parser.removed)
        let children = cleaner.clean(root.children)
        return Result(children: children, viewBox: (viewBox.0, viewBox.1, viewBox.2, viewBox.3), removed: cleaner.removed)
    }

    /// The walk over the parsed tree that keeps what is allowed and notes what is not.
    struct Cleaner {
        var removed: [String]

        mutating func note(_ what: String) {
            if !removed.contains(what) { removed.append(what) }
        }

        mutating func clean(_ nodes: [LogoNode]) -> [LogoNode] {
            var kept: [LogoNode] = []
            kept.reserveCapacity(nodes.count)
            for node in nodes {
                switch node {
                case .text: kept.append(node)
                case .element(let element): if let element = clean(element) { kept.append(.element(element)) }
                }
            }
            return kept
        }

        /// The element cleaned, nil when it is dropped with its content.
        mutating func clean(_ element: LogoElement) -> LogoElement? {
            guard LogoSanitizer.elements.contains(element.name) else {
                note(Self.describe(element: element.name))
                return nil
            }
            var attributes: [LogoAttribute] = []
            for attribute in element.attributes {
                let name = attribute.name
                if name.lowercased().hasPrefix("on") {
                    note("event handlers (\(name))")
                    continue
                }
                guard LogoSanitizer.attributes.contains(name) else {
                    note("the attribute '\(name)'")
                    continue
                }
                guard LogoSanitizer.isSafe(name: name, value: attribute.value) else {
                    note(name.hasSuffix("href") ? "external references (\(name))" : "references outside the logo (\(name))")
                    continue
                }
                attributes.append(attribute)
            }
            if element.name == "use" && !attributes.contains(where: { $0.name == "href" || $0.name == "xlink:href" }) {
                note("<use> of an external file")
                return nil
            }
            return LogoElement(name: element.name, attributes: attributes, children: clean(element.children))
        }

        static func describe(element name: String) -> String {
            switch name.lowercased() {
            case "script": "scripts"
            case "foreignobject": "foreignObject"
            case "style": "a <style> element"
            default: "<\(name)>"
            }
        }
    }

    /// Whether an attribute value may stay: an `href` only to `#local`; any other value, read as CSS, calls
    /// `url()` only on `#local` and no function but `functions`, and names no script URL or import.
    static func isSafe(name: String, value: String) -> Bool {
        if name == "href" || name == "xlink:href" {
            let trimmed = value.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            return trimmed.first == "#"
        }
        let css = CSSText.normalized(value)
        for pattern in ["javascript:", "vbscript:", "@import", "\\"] where css.contains(pattern) { return false }
        let scalars = Array(css.unicodeScalars)
        for (position, scalar) in scalars.enumerated() where scalar == "(" {
            var start = position
            while start > 0, CSSText.isNameCharacter(scalars[start - 1]) { start -= 1 }
            let function = String(String.UnicodeScalarView(scalars[start..<position]))
            if function == "url" {
                var after = position + 1
                while after < scalars.count, scalars[after] == "\"" || scalars[after] == "'" { after += 1 }
                guard after < scalars.count, scalars[after] == "#" else { return false }
            } else if !functions.contains(function) {
                return false
            }
        }
        return true
    }
}

/// A value as a CSS parser reads it, for checking: escapes decoded (`\72 ` is `r`, `\(` is `(`), comments
/// removed, ASCII letters lowercased and white space removed (so `u rl(` is checked as strictly as `url(`).
enum CSSText {
    static func normalized(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func append(_ scalar: Unicode.Scalar) {
            if isSpace(scalar) { return }
            if scalar.value >= 0x41 && scalar.value <= 0x5A, let lower = Unicode.Scalar(scalar.value + 0x20) {
                out.append(lower)
            } else {
                out.append(scalar)
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            guard scalar == "\\" else {
                append(scalar)
                index += 1
                continue
            }
            index += 1
            guard index < scalars.count else { break }
            if hexValue(scalars[index]) != nil {
                var value: UInt32 = 0
                var digits = 0
                while index < scalars.count, digits < 6, let digit = hexValue(scalars[index]) {
                    value = value * 16 + digit
                    digits += 1
                    index += 1
                }
                if index < scalars.count, isSpace(scalars[index]) {
                    let wasReturn = scalars[index] == "\r"
                    index += 1
                    if wasReturn, index < scalars.count, scalars[index] == "\n" { index += 1 }
                }
                let decoded = value == 0 ? nil : Unicode.Scalar(value)
                append(decoded ?? "\u{FFFD}")
            } else if scalars[index] == "\n" || scalars[index] == "\r" || scalars[index] == "\u{0C}" {
                index += 1
            } else {
                // An escaped character is itself: `\(` would still open a function, and a `\` that survives
                // decoding is refused by the caller.
                append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || value == 0x2D || value == 0x5F || value >= 0x80
    }
}
