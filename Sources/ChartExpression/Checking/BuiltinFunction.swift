/// The row functions of SPEC §4, with how many arguments each takes. Aggregate functions (§5) live in
/// `AggregateFunction`; `min` and `max` are both: with one argument inside `aggregate` they aggregate, with two
/// or more they compare values of one row.
enum BuiltinFunction: String, CaseIterable, Sendable {
    case abs, round, floor, ceil, sqrt, log, log10, exp, pow, min, max
    case lower, upper, trim, length, contains, startsWith, endsWith, replace
    case number, string, date, isValid
    case year, quarter, month, day, weekday, dayofyear, hour, minutes, seconds, milliseconds
    /// `substring(text, start, end?)` and `indexof(text, part)` (SPEC §21), counting characters as `length` does.
    case substring, indexof
    case format
    /// SPEC §13: `bin(x, step)` is the start of x's interval, `floor(x / step) * step`; `bin(x)` (a whole
    /// `calculate` field only) lets the planner choose a round step from the filtered rows' extent.
    case bin
    /// `quantile_t(p, df)`: the p-quantile of Student's t distribution with df degrees of freedom (the inverse of
    /// its CDF), for confidence intervals such as an errorbar's `ci` (SPEC §21).
    case quantileT = "quantile_t"
    /// `quantile_normal(p)` (or `quantile_normal(p, mean, stdev)`): the p-quantile of the normal distribution,
    /// the theoretical axis of a Q-Q plot (SPEC §21).
    case quantileNormal = "quantile_normal"

    /// Allowed argument counts (`Int.max` = any number).
    var arity: ClosedRange<Int> {
        switch self {
        case .abs, .floor, .ceil, .sqrt, .log, .log10, .exp: 1...1
        case .round: 1...2
        case .pow, .quantileT: 2...2
        case .min, .max: 2...Int.max
        case .lower, .upper, .trim, .length: 1...1
        case .contains, .startsWith, .endsWith: 2...2
        case .replace: 3...3
        case .number, .string, .isValid: 1...1
        case .date: 1...3
        case .year, .quarter, .month, .day, .weekday, .dayofyear, .hour, .minutes, .seconds, .milliseconds: 1...1
        case .substring: 2...3
        case .indexof: 2...2
        case .quantileNormal: 1...3
        case .format: 2...2
        case .bin: 1...2
        }
    }

    /// How it is called, for messages.
    var usage: String {
        switch self {
        case .round: "round(x) or round(x, digits)"
        case .pow: "pow(base, exponent)"
        case .quantileT: "quantile_t(p, df) with p between 0 and 1 and df > 0"
        case .quantileNormal: "quantile_normal(p) or quantile_normal(p, mean, stdev) with p between 0 and 1"
        case .substring: "substring(text, start) or substring(text, start, end)"
        case .indexof: "indexof(text, part)"
        case .min, .max: "\(rawValue)(a, b, …)"
        case .contains, .startsWith, .endsWith: "\(rawValue)(text, part)"
        case .replace: "replace(text, find, replacement)"
        case .date: "date(text), date(year), date(year, month) or date(year, month, day)"
        case .format: "format(value, \"pattern\")"
        case .bin: "bin(x) or bin(x, step)"
        case .year, .quarter, .month, .day, .weekday, .dayofyear, .hour, .minutes, .seconds, .milliseconds: "\(rawValue)(date)"
        case .lower, .upper, .trim, .length: "\(rawValue)(text)"
        default: "\(rawValue)(x)"
        }
    }
}

/// Names people bring from other languages, mapped to what this one calls them (for "did you mean").
enum FunctionAliases {
    /// A function of ours with another name.
    static let renamed: [(String, String)] = [
        ("avg", "mean"), ("average", "mean"), ("std", "stdev"), ("stddev", "stdev"), ("sd", "stdev"),
        ("var", "variance"), ("ln", "log"), ("len", "length"), ("tolower", "lower"), ("lowercase", "lower"),
        ("toupper", "upper"), ("uppercase", "upper"), ("strip", "trim"), ("includes", "contains"),
        ("int", "number"), ("float", "number"), ("tonumber", "number"), ("parsefloat", "number"),
        ("str", "string"), ("tostring", "string"), ("todate", "date"), ("datetime", "date"),
        ("dayofweek", "weekday"), ("weekofday", "weekday"), ("doy", "dayofyear"), ("hours", "hour"),
        ("years", "year"), ("months", "month"), ("days", "day"), ("quantile_cont", "quantile"),
        ("countdistinct", "distinct"), ("count_distinct", "distinct"), ("nunique", "distinct"),
        ("percentile", "quantile"), ("isnotnull", "isValid"), ("isdefined", "isValid"), ("sub", "replace"),
        ("square_root", "sqrt"), ("bucket", "bin"), ("histogram", "bin"), ("width_bucket", "bin"), ("power", "pow"), ("ceiling", "ceil"),
        ("rolling_avg", "rolling_mean"), ("moving_average", "rolling_mean"), ("moving_avg", "rolling_mean"),
        ("rollmean", "rolling_mean"), ("running_sum", "cumsum"), ("cumulative_sum", "cumsum"),
        ("running_total", "cumsum"), ("shift", "lag"), ("diff", "change"), ("percent_change", "pct_change"),
        ("pctchange", "pct_change"), ("rownumber", "row_number"), ("denserank", "dense_rank"),
        ("first_value", "first"), ("last_value", "last"),
        ("minute", "minutes"), ("second", "seconds"), ("millisecond", "milliseconds"), ("substr", "substring"),
        ("mid", "substring"), ("slice", "substring"), ("index_of", "indexof"), ("strpos", "indexof"), ("instr", "indexof"),
        ("position", "indexof"), ("qnorm", "quantile_normal"), ("quantilenormal", "quantile_normal"), ("norm_ppf", "quantile_normal"),
        ("probit", "quantile_normal"), ("quantilet", "quantile_t"), ("qt", "quantile_t")
    ]

    /// Functions that are operators here.
    static let operators: [(String, String)] = [
        ("if", "`condition ? a : b`"), ("iif", "`condition ? a : b`"), ("ifelse", "`condition ? a : b`"),
        ("concat", "`a + b`"), ("isnull", "`x == null`"), ("isna", "`x == null`"), ("not", "`!x`"),
        ("coalesce", "`x != null ? x : y`"), ("ifnull", "`x != null ? x : y`")
    ]
}
