/// SPEC §13 bins in SQL. chartc's interval start is ⌊x / step⌋ × step computed in decimal on the decimals of 15
/// significant digits that x and the step print as, then the double nearest that decimal (`DecimalBinStep`,
/// SPEC §19.6). PostgreSQL's `float8::numeric` keeps exactly those 15 digits, `numeric` arithmetic is exact, and
/// `numeric::float8` reads the decimal back correctly rounded, so the same x and step give the same bits: the
/// start is `x - mod(x, step)` (the quotient truncated toward zero, exactly), one step lower when x is negative
/// and not on an edge. What differs is only at the edges: a non-finite x (a `float8` column may hold `NaN` or
/// `Infinity`, which chartc reads as null) must give null, not a group of its own.
extension SQLTranslation {
    /// The start of x's interval of width `step` (both SQL `float8` expressions; the step a positive constant);
    /// null when x is null or not finite (`NaN` is not below `Infinity` in PostgreSQL's order).
    public static func binStart(_ x: String, step: String) -> String {
        let value = "(\(x))::numeric", width = "(\(step))::numeric"
        let remainder = "mod(\(value), \(width))"
        return
            "(CASE WHEN abs(\(x)) < 'Infinity'::float8 THEN (\(value) - \(remainder) - CASE WHEN \(remainder) < 0 THEN \(width) ELSE 0 END)::float8 END)"
    }

    /// A number as text PostgreSQL's `float8in` reads back to the same double (Swift's shortest round-trip form;
    /// whole numbers below 10^15 as digits).
    public static func numberText(_ number: Double) -> String {
        if abs(number) < 1e15, let whole = Int64(exactly: number) { return String(whole) }
        return String(number)
    }
}
