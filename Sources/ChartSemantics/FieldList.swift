import ChartDiagnostics

/// How a message lists field names: `'a', 'b' and 'c'`, shortened past ten names (each name past 60 characters,
/// `QuotedText`).
enum FieldList {
    static func text(_ names: [String]) -> String {
        let shown = names.prefix(10).map { "'\(QuotedText.truncated($0, limit: 60))'" }
        let more = names.count > 10 ? " and \(names.count - 10) more" : ""
        guard shown.count > 1 else { return (shown.first ?? "no fields") + more }
        if more.isEmpty { return shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "") }
        return shown.joined(separator: ", ") + more
    }
}
