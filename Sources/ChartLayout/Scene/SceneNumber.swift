/// The one way numbers are written into a scene's output: rounded to 2 decimals, no trailing zeros, never `-0`,
/// never `nan`/`inf`. Path data and the SVG writer both use it, so the same scene always gives the same bytes.
public enum SceneNumber {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Clamp to what fits an Int64 in hundredths; nothing on a chart is this large.
        let clamped = Swift.max(-1e15, Swift.min(1e15, value))
        let hundredths = Int64(exactly: (abs(clamped) * 100).rounded()) ?? 0
        if hundredths == 0 { return "0" }
        let whole = hundredths / 100
        let fraction = hundredths % 100
        var text = clamped < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            if fraction % 10 == 0 {
                text += "." + String(fraction / 10)
            } else {
                text += fraction < 10 ? ".0" + String(fraction) : "." + String(fraction)
            }
        }
        return text
    }

    /// `value` rounded the way `format` writes it.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 100).rounded() / 100
    }
}
