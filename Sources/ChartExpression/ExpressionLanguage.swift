/// The expression language of `filter`, `calculate` and `aggregate` (SPEC §4, §5), and the decisions this
/// implementation made where the spec is silent. Nothing here is code: it is the one place that says what an
/// expression means, for users' documentation and for anyone changing the evaluator.
///
/// **Pipeline.** `ExpressionParser` (text → `Expr`, with UTF-8 byte ranges) → `TypeChecker` (names, types,
/// constant folding → typed tree) → `Evaluator` (column at a time over a `Table`). `ExpressionCompiler` is the
/// entry point (`compileRow` for `calculate`, `compileFilter` which also requires a boolean, `compileAggregate`);
/// `CompiledExpression` and `CompiledAggregate` are what the pipeline keeps. Diagnostics come back sorted by
/// position, and a result only when there is no error.
///
/// **Syntax.**
/// - Numbers `12`, `-0.5`, `.5`, `1e3`; strings in `'…'` or `"…"` with escapes `\\ \' \" \` \n \t \r`; fields
///   bare (`congress`, letters, digits, `_`, non-ASCII letters) or in backticks (`` `Miles per Gallon` ``, with
///   the same escapes); `true false null`; function calls `name(…)`.
/// - Precedence, tightest first: `! -` · `* / %` · `+ -` · `< <= > >=` · `== !=` · `in (…)` · `&&` · `||` ·
///   `?:` (right-associative). Binary operators are left-associative.
/// - Mistakes with an obvious intent are errors with a fix-it, and parsing continues as intended: `=` `===`
///   (`==`), `!==` `<>` (`!=`), `=<` `=>`, `&` `|`, `and` `or` `not` `IN` in any case, and look-alike Unicode
///   operators `≤ ≥ ≠ × ÷ −`. `count(*)` is fixed to `count()`.
/// - Nesting is capped at `ExpressionParser.maximumDepth` levels, so no input can exhaust the stack.
///
/// **Types.** number, string, date, boolean; the constant `null` has no type. Errors certain before reading
/// data are reported (`expr-type`): arithmetic on non-numbers, `!`/`&&`/`||` on non-booleans, comparing
/// different types (a number with a string is always false, so it is an error, with a fix-it when the string
/// is a number), date functions on non-dates, string functions on non-strings, ordering booleans, `?:` branches
/// of different types.
///
/// **Null.**
/// - Arithmetic, `+` joining and every function except `isValid` give null when an input is null.
/// - A comparison with null is false — including `!=`: `x != 'a'` is false when `x` is null — except
///   `x == null` (true exactly when x is null) and `x != null`. `x in (a, null)` is `x == a || x == null`.
/// - `&&`, `||`, `!` and the condition of `?:` treat null as false and never give null: `!null` is true, and
///   `null ? a : b` is `b`. A filter keeps a row only when its value is `true`.
/// - Any result that is not a finite number is null: division or remainder by zero, `sqrt(-1)`, `log(0)`,
///   overflow (`1e308 * 10`). This is what SQL engines do, and it keeps NaN and infinity out of charts.
/// - An expression that is always null (`null`, `n + null`) has `resultType == nil`; as a column it is all-null
///   numbers.
///
/// **Operators.** `%` is the truncated remainder (sign of the dividend, like C and JavaScript). `+` joins when
/// either side is a string, writing the other side as `string()` does. Strings compare by Unicode code points.
/// A date compares with a constant string written as an ISO date (`d >= '2020-01-01'`), which is converted once
/// while checking; a string that is not a date is an error.
///
/// **Functions.**
/// - `round(x)` rounds half away from zero; `round(x, digits)` rounds to decimals (negative: tens, hundreds).
///   `log` is the natural logarithm. `min`/`max` in a row expression take two or more numbers or dates; with
///   one argument they are aggregates.
/// - `lower upper` are Unicode-aware (`upper('straße')` is `STRASSE`), not locale-specific; `trim` removes any
///   Unicode white space; `length` counts characters as a reader sees them (`'é'` is 1 in either Unicode
///   form); `contains startsWith endsWith replace` match exact text (case-sensitive, no patterns); `replace`
///   replaces every occurrence, left to right. `substring(t, start, end?)` and `indexof(t, part)` count
///   characters as `length` does, otherwise as JavaScript's `substring`/`indexOf` (`TextPositions`).
/// - `quantile_t(p, df)` and `quantile_normal(p, mean?, stdev?)`: quantiles of Student's t and the normal
///   distribution (`StudentT`, `NormalDistribution`); null outside 0 < p < 1.
/// - `number(x)`: a decimal string (`' -1e3 '`; not `nan`, `inf` or hex) → number, else null; `true`/`false` →
///   1/0; a date → milliseconds since 1970-01-01T00:00:00Z. `string(x)`: numbers in their shortest exact form
///   (`2012`), dates as ISO 8601 (`2012-01-17`, with a time only when not midnight), `true`/`false`.
/// - `date(text)` reads ISO 8601 and `YYYY/MM/DD` (a timestamp without an offset is UTC); `date(year)`,
///   `date(year, month)` and `date(year, month, day)` build a date from numbers — so `date(2012)` is
///   2012-01-01, matching SPEC §7 where a numeric field declared temporal holds years. (A number is *not*
///   read as epoch milliseconds; `number(d)` goes that way only.) Impossible dates give null.
/// - `isValid(x)` is `x != null`.
/// - `year quarter day dayofyear hour minutes seconds milliseconds` give numbers, in UTC. `month(d)` and `weekday(d)` give the locale's
///   abbreviated names (`ChartLocale.shortMonths`, `shortWeekdays`), and their column carries `naturalOrder`:
///   all 12 months, or the 7 weekdays starting at the locale's `firstWeekday` (Sunday for en-US, Monday for
///   en-GB, de-DE, fr-FR). The order survives reading the column back and `?:` whose other branch stays within
///   it (`isValid(d) ? weekday(d) : null`).
/// - `format(x, "pattern")`: a number (d3-format) or date (`%Y`…) pattern, which must be a string literal and
///   is checked when the expression is.
///
/// **Aggregates** (`ExpressionCompiler.compileAggregate`). `count() count(x) distinct sum mean median min max
/// q1 q3 quantile(x, p) stdev variance first last lower_whisker(x, k) upper_whisker(x, k)`. Each call's argument
/// is a row expression; outside calls only group fields may appear; aggregates do not nest; `quantile`'s `p` is a
/// constant in [0, 1], a whisker's `k` a constant ≥ 0. The outer
/// expression reads each call's per-group result from a column named `CompiledAggregate.callColumnName(i)`.
///
/// **Window values** (`ExpressionCompiler.compileWindow`, SPEC §14). `rolling_mean rolling_sum rolling_min
/// rolling_max(x, n) cumsum(x) cumcount() lag lead(x, n?) change pct_change rank dense_rank(x) row_number()` and the
/// whole-partition `sum mean median q1 q3 min max count first last`. Each call's argument is a row expression over the
/// output's fields; `n` is a positive whole constant; calls do not nest; the outer expression may read the row's
/// fields and reads each call's result from `CompiledWindow.callColumnName(i)`. Window-only functions anywhere
/// else, and `distinct quantile stdev variance` and the whiskers in a window value, are `expr-window` errors. The pipeline
/// (`WindowKernels`) defines what each computes over a partition.
///
/// **Performance.** Evaluation is column at a time over flat arrays with in-band nulls (NaN, `Int64.min`, 2,
/// `UInt32.max`). String columns stay dictionary-encoded: comparisons, `in` and string functions run once per
/// distinct value and then map codes. `a && b` in a filter tests `b` only on the rows that passed `a`.
public enum ExpressionLanguage {}
