import ChartDiagnostics

/// Small text helpers for the preview's own pages: HTML escaping that keeps line breaks (diagnostics are shown
/// in a `<pre>` exactly as the terminal prints them), and reading the policy a chart page declares for itself.
enum HTMLPageText {
    /// Text content or a double-quoted attribute value: `&`, `<`, `>`, `"`, `'` become references; control
    /// characters other than tab and line feed are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The `content` of the page's `<meta http-equiv="Content-Security-Policy">`, unescaped, so the preview can
    /// send the chart page the very policy it was built with as a header too.
    static func contentSecurityPolicy(ofPage page: String) -> String? {
        let marker = "<meta http-equiv=\"Content-Security-Policy\" content=\""
        guard let start = page.firstRange(of: marker)?.upperBound,
            let end = page[start...].firstIndex(of: "\"")
        else { return nil }
        var value = String(page[start..<end])
        for (entity, character) in [("&#39;", "'"), ("&apos;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            value = value.replacingAll(entity, with: character)
        }
        return value
    }
}
