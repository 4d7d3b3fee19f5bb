import ChartDiagnostics
import ChartJSON

/// `chartc theme`'s listing: every key of a resolved theme with its value and, like `git config --show-origin`,
/// where the value was written (`file:line:col`, or `built-in`).
public enum ThemePrinter {
    public static func listing(_ theme: Theme) -> String {
        var rows: [(origin: String, entry: String)] = []
        for key in ThemeKeys.all {
            guard let setting = theme.settings[key.path] else { continue }
            let origin: String
            if setting.origin == BuiltInTheme.path {
                origin = "built-in"
            } else {
                let position = setting.span.file.lineColumn(at: setting.span.range.lowerBound)
                origin = "\(setting.origin):\(position.line):\(position.column)"
            }
            rows.append((origin, key.path + " = " + json(setting.value)))
        }
        let width = rows.map { $0.origin.count }.max() ?? 0
        var text = ""
        if let variant = theme.variant { text += "# variant: \(variant)\n" }
        for row in rows {
            text += row.origin + String(repeating: " ", count: width - row.origin.count + 2) + row.entry + "\n"
        }
        return text
    }

    static func json(_ value: ThemeScalar) -> String {
        switch value {
        case .number(let number): ThemeReader.short(number)
        case .text(let text): JSONText.quote(text)
        case .list(let items): "[" + items.map { JSONText.quote($0) }.joined(separator: ", ") + "]"
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
