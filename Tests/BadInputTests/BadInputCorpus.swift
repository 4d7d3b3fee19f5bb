/// The bad-input corpus: what people get wrong in spec files and data files, each with the one diagnostic
/// `chartc lint` must print for it (see `BadInput` for the `⟪` and `⟦XX⟧` notation).
enum BadInputCorpus {
    static let data = "party,votes,year\nDemocrats,10,2020\nRepublicans,12,2020\n"
    static let dataFiles = ["data.csv": data]

    /// A spec that lints clean except for the members under test, on one line.
    static func spec(_ members: String, data: String = #"{"url": "data.csv"}"#) -> String {
        #"{"title": "T", "alt": "A", "sources": "S", "data": "# + data + ", " + members + "}"
    }

    static let chart = #""mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": "votes"}}"#

    /// 129 levels with the object around it: the 128th `[` is one too many.
    static let deep = String(repeating: "[", count: 127) + "⟪[" + String(repeating: "]", count: 128)

    static let cases: [BadInput] = json + structure + combinations + expressions + dataFileCases

    // MARK: broken JSON

    static let json: [BadInput] = [
        BadInput(
            "empty file", spec: "⟪",
            "error: the file is empty: a chart spec is a JSON object, e.g. { \"data\": { \"url\": \"data.csv\" }, \"mark\": \"bar\" } [json-empty]"),
        BadInput(
            "only white space", spec: "  \n\t\n⟪",
            "error: the file is empty: a chart spec is a JSON object, e.g. { \"data\": { \"url\": \"data.csv\" }, \"mark\": \"bar\" } [json-empty]"),
        BadInput(
            "trailing comma in an object", spec: "{\n  \"title\": \"T\",\n  \"mark\": \"bar\"⟪,\n}\n",
            "error: trailing comma: JSON does not allow a comma after the last member of an object [json-trailing-comma]"),
        BadInput(
            "trailing comma in an array", spec: #"{"filter": ["a > 1"⟪,], "mark": "bar"}"#,
            "error: trailing comma: JSON does not allow a comma after the last element of an array [json-trailing-comma]"),
        BadInput(
            "missing comma between members", spec: "{\n  \"title\": \"T\"⟪\n  \"mark\": \"bar\"\n}",
            "error: expected ',' after the value of 'title', before the next key [json-missing-comma]"),
        BadInput(
            "line comment", spec: "{\n  ⟪// the headline\n  \"title\": \"T\"\n}",
            "error: JSON has no comments; to keep a note in a chart spec, put it in a \"$comment\" key, which chartc ignores [json-comment]"),
        BadInput(
            "block comment", spec: "{\"title\": \"T\", ⟪/* draft */ \"mark\": \"bar\"}",
            "error: JSON has no comments; to keep a note in a chart spec, put it in a \"$comment\" key, which chartc ignores [json-comment]"),
        BadInput(
            "single quotes", spec: "{⟪'title': 'T'}", "error: object keys must be strings in double quotes: write \"title\" [json-single-quote]"),
        BadInput("unquoted key", spec: "{⟪title: \"T\"}", "error: object keys must be strings in double quotes: write \"title\" [json-unquoted-key]"),
        BadInput(
            "unterminated string", spec: "{\"title\": \"Votes by party}⟪",
            "error: unterminated string: the file ends before its closing '\"' [json-unterminated-string]"),
        BadInput(
            "file ends inside an object", spec: "{\"title\": \"T\", \"data\": {\"url\": \"data.csv\"}⟪",
            "error: unterminated object: the file ends before its closing '}' [json-unterminated-object]"),
        BadInput(
            "bracket closes the wrong thing", spec: "{\"filter\": [\"a\"⟪}, \"mark\": \"bar\"}",
            "error: '}' does not match the '[' opened at line 1, column 12: close the array with ']' first [json-mismatched-bracket]"),
        BadInput(
            "duplicate key", spec: "{\n  \"title\": \"A\",\n  ⟪\"title\": \"B\"\n}",
            "error: duplicate key 'title': a key may appear only once in an object [json-duplicate-key]"),
        BadInput("NaN", spec: "{\"width\": ⟪NaN}", "error: JSON has no 'NaN': write null, or a finite number [json-invalid-literal]"),
        BadInput(
            "Python True", spec: "{\"complete\": ⟪True}",
            "error: 'True' is not a JSON literal: write 'true' (JSON literals are true, false and null, in lowercase) [json-invalid-literal]"),
        BadInput(
            "invalid escape", spec: #"{"title": "⟪\x41"}"#,
            "error: invalid escape '\\x': JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write '\\u00XX' instead of '\\xXX' [json-invalid-escape]"
        ),
        BadInput(
            "lone surrogate escape", spec: #"{"title": "⟪\ud800"}"#,
            "error: '\\ud800' is half of a UTF-16 surrogate pair, but no low surrogate (\\uDC00–\\uDFFF) follows it; write the character itself or the full pair [json-invalid-surrogate]"
        ),
        BadInput(
            "raw line break in a string", spec: "{\"title\": \"Votes⟪\nby party\"}",
            "error: line break inside a string: close the string with '\"' before the end of the line, or write the line break as '\\n' [json-control-character]"
        ),
        BadInput(
            "text after the document", spec: "{\"mark\": \"bar\"}\n⟪{\"mark\": \"line\"}\n",
            "error: a second value after the end of the JSON value: a file holds exactly one value (wrap several in [ ], or merge the objects) [json-trailing-content]"
        ),
        BadInput(
            "top level is an array", spec: "⟪[{\"mark\": \"bar\"}]",
            "error: a chart spec must be a JSON object ({ … }) at the top level, but this file holds an array [json-not-object]"),
        BadInput(
            "number too large for a double", spec: "{\"width\": ⟪1e999}",
            "error: the number 1e999 is too large: numbers must fit a 64-bit float (at most about 1.8e308 in size) [json-number-out-of-range]"),
        BadInput(
            "leading zero", spec: "{\"width\": ⟪0640}",
            "error: leading zeros are not allowed in JSON numbers: write '640' (or a string, \"0640\", if the zeros matter) [json-invalid-number]"),
        BadInput(
            "nesting 129 deep", spec: "{\"x\": " + deep + "}", "error: objects and arrays are nested too deeply: more than 128 levels [json-too-deep]"
        ),
        BadInput(
            "Latin-1 byte in a string", spec: "{\"title\": \"Caf⟪⟦E9⟧\"}",
            "error: invalid UTF-8: byte 0xE9 starts a 3-byte UTF-8 sequence, but byte 0x22 after it is not a continuation byte; the file must be saved as UTF-8 (it may be Latin-1 or Windows-1252) [json-invalid-utf8]"
        ),
        BadInput(
            "curly quotes from a word processor", spec: "{⟪“title”: “T”}",
            "error: expected a key in double quotes, found the typographic quote '“' (U+201C): JSON only uses the straight double quote '\"' (an editor or word processor may have replaced it) [json-expected-key]"
        ),
        BadInput(
            "PNG image named like a spec", spec: "⟪⟦89⟧PNG\r\n⟦1A⟧\n⟦00⟧⟦00⟧⟦00⟧⟦0D⟧IHDR",
            "error: invalid UTF-8: byte 0x89 is a UTF-8 continuation byte with no lead byte before it; the file must be saved as UTF-8 (it may be Latin-1 or Windows-1252) [json-invalid-utf8]"
        ),
        BadInput(
            "NUL bytes", spec: "⟪⟦00⟧⟦00⟧⟦00⟧⟦00⟧",
            "error: expected a value (an object, array, string, number, true, false or null), found control character U+0000 [json-unexpected-character]"
        ),
        BadInput(
            "UTF-16 file", spec: "⟪⟦FF⟧⟦FE⟧{⟦00⟧}⟦00⟧",
            "error: the file looks like UTF-16 text (it starts with a UTF-16 byte order mark): JSON must be UTF-8; save the file as UTF-8 [json-invalid-utf8]"
        )
    ]

    // MARK: keys, types, values

    static let structure: [BadInput] = [
        BadInput(
            "misspelled top-level key", spec: spec(#"⟪"titel": "x", "# + chart),
            "error: unknown key 'titel' at the top level; did you mean 'title'? [unknown-key]"),
        BadInput(
            "misspelled encoding", spec: spec(#""mark": "bar", ⟪"encodng": {"x": {"field": "party"}}"#),
            "error: unknown key 'encodng' at the top level; did you mean 'encoding'? [unknown-key]"),
        BadInput(
            "misspelled field key", spec: spec(#""mark": "bar", "encoding": {"x": {⟪"feild": "party"}}"#),
            "error: unknown key 'feild' in 'encoding.x'; did you mean 'field'? [unknown-key]"),
        BadInput(
            "key in the wrong object", spec: spec(#""mark": "line", "encoding": {"x": {"field": "party"}}, ⟪"interpolate": "step""#),
            "error: unknown key 'interpolate' at the top level; 'interpolate' belongs in 'mark' [unknown-key]"),
        BadInput(
            "channel written as a string", spec: spec(#""mark": "bar", "encoding": {"x": ⟪"party"}"#),
            "error: 'encoding.x' must be an object such as { \"field\": \"party\" }, found string \"party\" [wrong-type]"),
        BadInput(
            "width as a string", spec: spec(#""width": ⟪"640", "# + chart),
            "error: 'width' must be a number, found string \"640\"; write it without quotes [wrong-type]"),
        BadInput(
            "negative width", spec: spec(#""width": ⟪-5, "# + chart),
            "error: 'width' must be a positive number of pixels, at most 20000, found -5 [invalid-value]"),
        BadInput(
            "huge height", spec: spec(#""height": ⟪1e6, "# + chart),
            "error: 'height' must be a positive number of pixels, at most 20000, found 1e6 [invalid-value]"),
        BadInput(
            "mark name from another tool", spec: spec(#""mark": ⟪"scatter", "encoding": {"x": {"field": "votes"}}"#),
            "error: unknown mark type 'scatter' for 'mark'; did you mean 'point'? [unknown-value]"),
        BadInput(
            "misspelled mark", spec: spec(#""mark": ⟪"barr", "encoding": {"x": {"field": "votes"}}"#),
            "error: unknown mark type 'barr' for 'mark'; did you mean 'bar'? [unknown-value]"),
        BadInput(
            "misspelled channel type", spec: spec(#""mark": "bar", "encoding": {"x": {"field": "votes", "type": ⟪"quantitive"}}"#),
            "error: unknown channel type 'quantitive' for 'encoding.x.type'; did you mean 'quantitative'? [unknown-value]"),
        BadInput(
            "interpolation word from another tool",
            spec: spec(#""mark": {"type": "line", "interpolate": ⟪"smooth"}, "encoding": {"x": {"field": "votes"}}"#),
            "error: unknown interpolation 'smooth' for 'mark.interpolate'; did you mean 'monotone'? [unknown-value]"),
        BadInput(
            "empty object", spec: "⟪{}",
            "error: missing 'data': a chart spec needs to say where its rows come from, e.g. \"data\": { \"url\": \"data.csv\" } [missing-key]"),
        BadInput(
            "misspelled sources", spec: #"{"title": "T", "alt": "A", "data": {"url": "data.csv"}, "# + chart + #", ⟪"source": "Census"}"#,
            "error: unknown key 'source' at the top level; did you mean 'sources'? [unknown-key]"),
        BadInput(
            "no data", spec: "⟪{\"title\": \"T\", \"mark\": \"bar\"}",
            "error: missing 'data': a chart spec needs to say where its rows come from, e.g. \"data\": { \"url\": \"data.csv\" } [missing-key]"),
        BadInput(
            "no mark", spec: "⟪{\"title\": \"T\", \"data\": {\"url\": \"data.csv\"}}",
            "error: missing 'mark': a chart spec needs a mark type, e.g. \"mark\": \"bar\" (one of line, bar, point, area, rule, rect, text, tick, errorbar, arc, boxplot, errorband or geoshape), or 'layers' to draw several [missing-key]"
        ),
        BadInput(
            "both url and values", spec: spec(chart, data: #"{"url": "data.csv", ⟪"values": []}"#),
            "error: 'data' has both 'url' and 'values': use 'url' for rows from a file or the web, or 'values' for rows written in the spec, not both [data-source]"
        ),
        BadInput(
            "groupBy without aggregate", spec: spec(#"⟪"groupBy": ["party"], "# + chart),
            "error: 'groupBy' needs an 'aggregate' saying what to compute for each group, e.g. \"aggregate\": { \"count\": \"count()\" } [groupby-without-aggregate]"
        ),
        BadInput(
            "total of a field not grouped",
            spec: spec(
                #""groupBy": ["party"], "aggregate": {"n": "count()"}, "total": {⟪"partty": "All"}, "mark": "bar", "encoding": {"x": {"field": "party"}}"#
            ), "error: 'total' collapses the field 'partty', which is not in 'groupBy'; did you mean 'party'? [total-not-grouped]"),
        BadInput(
            "javascript link in sources",
            spec: #"{"title": "T", "alt": "A", "data": {"url": "data.csv"}, "# + chart
                + #", "sources": [{"title": "X", "url": ⟪"javascript:alert(1)"}]}"#,
            "error: 'sources[0].url' uses the scheme 'javascript:': a source link must be http, https, mailto or a relative path [invalid-url-scheme]"
        ),
        BadInput(
            "legend position from another tool", spec: spec(#""legend": {"position": ⟪"above"}, "# + chart),
            "error: unknown legend position 'above' for 'legend.position'; did you mean 'top'? [unknown-value]"),
        BadInput(
            "stack turned off with a string",
            spec: spec(#""mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "stack": ⟪"none"}}"#),
            "error: 'encoding.y.stack' is turned off with false, not the string 'none' [unknown-value]"),
        BadInput(
            "along on a position channel", spec: spec(#""mark": "bar", "encoding": {"x": {"field": "party", ⟪"along": "y"}}"#),
            "error: 'along' only applies to the color channel (it colors each mark by its position along x or y), not to 'encoding.x' [misplaced-key]"
        ),
        BadInput(
            "field and value together", spec: spec(#""mark": "bar", "encoding": {"x": {"field": "party", ⟪"value": 3}}"#),
            "error: 'encoding.x' has both 'field' and 'value': a channel shows either a data field or one constant value [conflicting-keys]"),
        BadInput(
            "sort entry with no field", spec: spec(#""sort": [⟪"-"], "# + chart),
            "error: 'sort' entry '-' names no field: write \"field\", or \"-field\" for descending order [invalid-value]"),
        BadInput(
            "opacity above one", spec: spec(#""mark": {"type": "bar", "opacity": ⟪2}, "encoding": {"x": {"field": "party"}}"#),
            "error: 'mark.opacity' must be between 0 and 1, found 2 [invalid-value]"),
        BadInput(
            "fractional tick count", spec: spec(#""mark": "bar", "encoding": {"y": {"field": "votes", "axis": {"tickCount": ⟪2.5}}}"#),
            "error: 'encoding.y.axis.tickCount' must be a whole number, found 2.5 [invalid-value]")
    ]

    // MARK: impossible combinations, colors, formats, domains

    static let combinations: [BadInput] = [
        // SPEC §19.2: an error only the rows reveal is lint's too.
        BadInput(
            "log scale over values at or below zero",
            spec: spec(#""mark": "point", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "scale": {"type": ⟪"log"}}}"#),
            files: ["data.csv": "party,votes\nDemocrats,0\nRepublicans,-3\n"],
            "error: a log scale shows values above zero only, and 'votes' has none; use a linear scale, or filter the rows to values above zero [log-scale-no-positive-values]"
        ),
        BadInput(
            "offset without a band axis",
            spec: spec(
                #""mark": "bar", "encoding": {"x": {"field": "votes", "type": "quantitative"}, "y": {"field": "year", "type": "quantitative"}, ⟪"offset": {"field": "party"}}"#
            ),
            "error: 'offset' groups marks side by side within a band, but 'x' is quantitative and 'y' is quantitative: give the axis the groups sit on a nominal or ordinal field (e.g. \"type\": \"nominal\"), or use 'color' alone to stack [offset-without-band]"
        ),
        BadInput(
            "x2 without x", spec: spec(#""mark": "bar", "encoding": {"y": {"field": "party"}, ⟪"x2": {"field": "votes"}}"#),
            "error: 'encoding.x2' ends a range that 'encoding.x' starts, but there is no 'x': add \"x\" (the start of each range), or rename 'x2' to 'x' [range-without-base]"
        ),
        BadInput(
            "text mark without text", spec: spec(#""mark": ⟪"text", "encoding": {"x": {"field": "party"}}"#),
            "error: a text mark needs \"text\" in \"encoding\" saying what to write, e.g. \"text\": { \"field\": \"label\" } [text-without-text]"),
        BadInput(
            "no position channel", spec: spec(#""mark": "bar", ⟪"encoding": {"color": {"field": "party"}}"#),
            "error: the bar marks have no position: add \"x\" and/or \"y\" to \"encoding\", e.g. \"x\": { \"field\": \"category\" }, \"y\": { \"field\": \"count\" } [missing-position]"
        ),
        BadInput(
            "misspelled color name",
            spec: spec(#""mark": {"type": "bar", "color": ⟪"stelblue"}, "encoding": {"x": {"field": "party"}, "y": {"field": "votes"}}"#),
            "error: 'mark.color' is not a color: \"stelblue\"; did you mean 'steelblue'? [color-invalid]"),
        BadInput(
            "hex color without #",
            spec: spec(
                ##""mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": "votes"}, "color": {"field": "party", "scale": {"range": ["#1f5fbf", ⟪"d62728"]}}}"##
            ), "error: 'encoding.color.scale.range[1]' is not a color: \"d62728\"; did you mean '#d62728'? [color-invalid]"),
        BadInput(
            "unknown color scheme",
            spec: spec(
                #""mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": "votes"}, "color": {"field": "party", "scale": {"scheme": ⟪"tablaeu10"}}}"#
            ), "error: unknown color scheme 'tablaeu10' in 'encoding.color.scale.scheme'; did you mean 'tableau10'? [color-unknown-scheme]"),
        BadInput(
            "invalid number format", spec: spec(#""mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "format": ",.⟪Qf"}}"#),
            "error: invalid number format \",.Qf\" in 'encoding.y.format': expected digits after '.' (the precision, as in \".2f\") [invalid-format]"),
        BadInput(
            "log scale from zero",
            spec: spec(
                #""mark": "point", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "scale": {"type": "log", "domain": [⟪0, 100]}}}"#),
            "error: a log scale cannot show 0 (log of zero or less is undefined): start 'encoding.y.scale.domain' above zero, or use a linear scale [scale-invalid-domain]"
        ),
        BadInput(
            "empty domain",
            spec: spec(#""mark": "point", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "scale": {"domain": ⟪[5, 5]}}}"#),
            "error: 'encoding.y.scale.domain' is empty: its ends are the same, so nothing could be placed on it [domain-shape]"),
        BadInput(
            "three-value position domain",
            spec: spec(#""mark": "point", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "scale": {"domain": ⟪[0, 5, 10]}}}"#),
            "error: 'encoding.y.scale.domain' of a continuous scale is [min, max], found 3 values (only the first and last would be used) [domain-shape]"
        ),
        BadInput(
            "text in a number domain",
            spec: spec(#""mark": "point", "encoding": {"x": {"field": "party"}, "y": {"field": "votes", "scale": {"domain": [0, ⟪"max"]}}}"#),
            "error: 'encoding.y.scale.domain' of a continuous scale holds numbers (or null to take that end from the data), found the string \"max\" [scale-domain-type]"
        ),
        BadInput(
            "quantitative text field",
            spec: spec(#""mark": "bar", "encoding": {"x": {"field": "votes"}, "y": {"field": "party", "type": ⟪"quantitative"}}"#),
            "error: the field 'party' holds text, so it cannot be quantitative; use \"nominal\" or \"ordinal\" (or, if it should hold numbers, check the data: one cell that is not a number makes the whole column text) [encoding-type-mismatch]"
        ),
        BadInput(
            "log scale on names",
            spec: spec(#""mark": "bar", "encoding": {"x": {"field": "party", "scale": {"type": ⟪"log"}}, "y": {"field": "votes"}}"#),
            "error: 'encoding.x' shows 'party', which holds text, but a log scale needs numbers or dates; use \"band\" or \"point\" [scale-type-mismatch]"
        )
    ]

    // MARK: expressions and fields (checked against data.csv)

    static let expressions: [BadInput] = [
        BadInput(
            "misspelled field in calculate", spec: spec(#""calculate": {"share": "⟪vots / 100"}, "# + chart), files: dataFiles,
            "error: unknown field 'vots'; did you mean 'votes'? [unknown-field]"),
        BadInput(
            "unterminated string in a filter", spec: spec(#""filter": "party == ⟪'Democrats", "# + chart), files: dataFiles,
            "error: unterminated text: add a closing ' [expr-syntax]"),
        BadInput(
            "= instead of ==", spec: spec(#""filter": "party ⟪= 'Democrats'", "# + chart), files: dataFiles,
            "error: '=' is not an operator; did you mean '=='? [expr-syntax]"),
        BadInput(
            "misspelled function", spec: spec(#""calculate": {"n": "⟪lenght(party)"}, "# + chart), files: dataFiles,
            "error: unknown function 'lenght'; did you mean 'length'? [unknown-function]"),
        BadInput(
            "aggregate function in calculate", spec: spec(#""calculate": {"m": "⟪median(votes)"}, "# + chart), files: dataFiles,
            "error: 'median' is an aggregate; use it in `aggregate` [expr-aggregate]"),
        BadInput(
            "text times a number", spec: spec(#""calculate": {"m": "⟪party * 2"}, "# + chart), files: dataFiles,
            "error: '*' needs numbers, but 'party' is a string [expr-type]"),
        BadInput(
            "filter that is not true or false", spec: spec(#""filter": "⟪votes + 1", "# + chart), files: dataFiles,
            "error: a filter must be true or false for each row, but this expression gives a number; compare it, e.g. `votes + 1 != 0` [expr-type]"),
        BadInput(
            "wrong argument count", spec: spec(#""calculate": {"r": "⟪round()"}, "# + chart), files: dataFiles,
            "error: 'round' takes 1 to 2 arguments but is given 0; write round(x) or round(x, digits) [expr-arguments]"),
        BadInput(
            "groupBy a field not in the data",
            spec: spec(#""groupBy": [⟪"partty"], "aggregate": {"n": "count()"}, "mark": "bar", "encoding": {"x": {"field": "n"}}"#), files: dataFiles,
            "error: unknown groupBy field 'partty'; did you mean 'party'? [unknown-field]"),
        BadInput(
            "channel field not in the data", spec: spec(#""mark": "bar", "encoding": {"x": {"field": ⟪"yaer"}, "y": {"field": "votes"}}"#),
            files: dataFiles, "error: 'encoding.x' shows the field 'yaer', which is not in the data; did you mean 'year'? [encoding-unknown-field]"),
        BadInput(
            "channel field dropped by aggregate",
            spec: spec(
                #""groupBy": ["party"], "aggregate": {"total": "sum(votes)"}, "mark": "bar", "encoding": {"x": {"field": "party"}, "y": {"field": ⟪"votes"}}"#
            ), files: dataFiles,
            "error: 'encoding.y' shows the field 'votes', which 'aggregate' leaves out: the aggregated rows hold only 'party' and 'total'; add it to 'groupBy', or aggregate it [encoding-unknown-field]"
        )
    ]

    // MARK: data files

    static let dataFileCases: [BadInput] = [
        BadInput(
            "missing data file", spec: spec(chart, data: #"{"url": ⟪"dta.csv"}"#), files: dataFiles,
            "error: no data file at '$DIR/dta.csv' (paths are relative to the spec's folder). Did you mean 'data.csv'? [data-file-not-found]"),
        BadInput(
            "empty data file", spec: spec(chart), files: ["data.csv": "⟪"], markedIn: "data.csv",
            "error: $DIR/data.csv is empty; expected a header row and data rows [data-empty]"),
        BadInput(
            "binary data file", spec: spec(chart), files: ["data.csv": "party,votes\n⟪⟦00⟧⟦00⟧⟦01⟧\n"], markedIn: "data.csv",
            "error: $DIR/data.csv looks like a binary file, not text (it contains a NUL byte); expected CSV or TSV text [data-binary]"),
        BadInput(
            "ragged CSV row", spec: spec(chart), files: ["data.csv": "party,votes,year\nDemocrats,10,2020\nRepublicans,12⟪\n"], markedIn: "data.csv",
            "error: line 3 has 2 fields, the header has 3; missing 'year' [csv-field-count]"),
        BadInput(
            "unterminated quote in CSV", spec: spec(chart), files: ["data.csv": "party,votes\n⟪\"Democrats,10\nRepublicans,12\n"],
            markedIn: "data.csv",
            "error: this quote is never closed, so the rest of the file reads as one field; close it, or write a quote inside a field as \"\" [csv-unterminated-quote]"
        ),
        BadInput(
            "Latin-1 bytes in CSV", spec: spec(chart), files: ["data.csv": "party,votes\n⟪Parti Qu⟦E9⟧b⟦E9⟧cois,3\n"], markedIn: "data.csv",
            "error: line 2: the cell in column 'party' is not valid UTF-8; save the file as UTF-8 [csv-invalid-utf8]"),
        BadInput(
            "UTF-16 CSV", spec: spec(chart), files: ["data.csv": "⟪⟦FF⟧⟦FE⟧p⟦00⟧,⟦00⟧"], markedIn: "data.csv",
            "error: $DIR/data.csv is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8 [data-encoding]"),
        BadInput(
            "duplicate CSV header", spec: spec(chart), files: ["data.csv": "party,votes,⟪party\nDemocrats,10,x\n"], markedIn: "data.csv",
            "error: the header names column 3 'party' again (column 1 has that name); rename one of them [csv-duplicate-header]"),
        BadInput(
            "date column with a non-date", spec: spec(chart, data: #"{"url": "data.csv", "parse": {"year": "date"}}"#),
            files: ["data.csv": "party,votes,year\nDemocrats,10,2020-01-01\nRepublicans,12,⟪soon\n"], markedIn: "data.csv",
            "error: 'soon' in column 'year' is not a date (YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 timestamp), but parse declares 'year' a date [csv-parse-date]"
        ),
        BadInput(
            "broken JSON data", spec: spec(chart, data: #"{"url": "data.json"}"#),
            files: ["data.json": "[{\"party\": \"Democrats\", \"votes\": 10}⟪,]"], markedIn: "data.json",
            "error: trailing comma: JSON does not allow a comma after the last element of an array [json-trailing-comma]"),
        BadInput(
            "unknown data format", spec: spec(chart, data: #"{"url": ⟪"data.xlsx"}"#), files: ["data.xlsx": "PK"],
            "error: cannot tell the format of 'data.xlsx' from its name; add \"format\": \"csv\", \"tsv\" or \"json\" to data [data-format-unknown]"),
        BadInput(
            "inline rows that are not objects", spec: spec(chart, data: #"{"values": [⟪1, {"party": "Democrats"}]}"#),
            "error: 'data.values[0]' must be an object (one row, e.g. { \"day\": \"Mon\", \"count\": 3 }), found number 1 [wrong-type]")
    ]
}
