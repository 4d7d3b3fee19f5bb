/// Durations and sizes as people write them in a message: `2 s`, `1.5 s`, `512 MiB`.
package enum QuantityText {
    package static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "\(value) s" }
        let hundredths = (value * 100).rounded()
        guard let total = Int(exactly: hundredths) else { return "\(value) s" }
        if total % 100 == 0 { return "\(total / 100) s" }
        let whole = total / 100
        var fraction = total % 100
        var digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        if fraction % 10 == 0 {
            fraction /= 10
            digits = "\(fraction)"
        }
        return "\(whole).\(digits) s"
    }

    /// A byte count in the largest binary unit that keeps it at least 1: `512 MiB`, `1.5 GiB`, `900 bytes`.
    package static func bytes(_ count: Int64) -> String {
        let units: [(String, Double)] = [("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1024)]
        for (name, size) in units where Double(count) >= size {
            let value = Double(count) / size
            let tenths = (value * 10).rounded()
            let total = Int(exactly: tenths) ?? 0
            if total % 10 == 0 { return "\(total / 10) \(name)" }
            return "\(total / 10).\(total % 10) \(name)"
        }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
