/// SPEC §13 bins in SQL. chartc's interval start is `floor(x / step) * step` in IEEE double arithmetic
/// (`Binning.start`); PostgreSQL's `float8` division, `floor` and multiplication are the same correctly rounded
/// IEEE operations, so the same x and step give the same bits. What differs is only at the edges: a non-finite x
/// (a `float8` column may hold `NaN` or `Infinity`, which chartc reads as null) must give null, not a group of
/// its own, and a quotient that overflows is an error in SQL (class 22, so the pipeline runs the step itself)
/// where chartc gives null.
extension SQLTranslation {
    /// The start of x's interval of width `step` (both SQL `float8` expressions); null when x is null or not
    /// finite (`NaN` is not below `Infinity` in PostgreSQL's order).
    public static func binStart(_ x: String, step: String) -> String {
        "(CASE WHEN abs(\(x)) < 'Infinity'::float8 THEN floor(\(x) / \(step)) * \(step) END)"
    }

    /// A number as text PostgreSQL's `float8in` reads back to the same double (Swift's shortest round-trip form;
    /// whole numbers below 10^15 as digits).
    public static func numberText(_ number: Double) -> String {
        if abs(number) < 1e15, let whole = Int64(exactly: number) { return String(whole) }
        return String(number)
    }
}
