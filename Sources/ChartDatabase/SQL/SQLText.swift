/// Writing spec text into SQL safely: identifiers always double-quoted (a `"` doubled), string literals always
/// single-quoted with standard escaping (a `'` doubled; PostgreSQL's `standard_conforming_strings` has been on
/// by default since 9.1, and chartc never writes `E'…'`). No spec text reaches SQL any other way, except the
/// user's own `query`, which is wrapped as a subquery.
public enum SQLText {
    /// `"name"`, with `"` doubled; a NUL byte (which no identifier may hold) is dropped.
    public static func identifier(_ name: String) -> String {
        var out = "\""
        for scalar in name.unicodeScalars where scalar != "\0" {
            if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }

    /// `'text'`, with `'` doubled.
    public static func literal(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars where scalar != "\0" {
            if scalar == "'" { out += "''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }

    /// `data.table` as a relation: `members` → `"members"`, `public.members` → `"public"."members"`. A name
    /// already written in double quotes keeps its dots (`"odd.name"`), as in SQL.
    public static func relation(_ table: String) -> String {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var iterator = Array(table.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" { current.unicodeScalars.append("\""); pending = iterator.next() } else { quoted = false }
                } else {
                    current.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
                wasQuoted = true
            } else if scalar == "." {
                parts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        parts.append(current)
        _ = wasQuoted
        return parts.map(identifier).joined(separator: ".")
    }

    /// The user's `query` as a subquery: trailing semicolons and blanks dropped, and a line break before the
    /// closing parenthesis so that a trailing `-- comment` cannot swallow it.
    public static func subquery(_ query: String) -> (text: String, prefixCharacters: Int) {
        var scalars = Array(query.unicodeScalars)
        while let last = scalars.last, last == ";" || last == " " || last == "\n" || last == "\t" || last == "\r" { scalars.removeLast() }
        var body = ""
        body.unicodeScalars.append(contentsOf: scalars)
        return ("(" + body + "\n) AS " + identifier("chartc_base"), 1)
    }
}
