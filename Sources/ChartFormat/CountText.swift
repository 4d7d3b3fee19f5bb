/// A count written for a person, with commas between thousands (`20,000,000`), as the messages that name a
/// limit write it (specs/limits.md), whatever the chart's locale.
public enum CountText {
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
