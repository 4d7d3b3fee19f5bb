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

    /// The user's `query` as a subquery: trailing semicolons, blanks and comments dropped (`SELECT … ; -- done`
    /// is one statement to psql too), and a line break before the closing parenthesis so that a trailing
    /// `-- comment` cannot swallow it.
    public static func subquery(_ query: String) -> (text: String, prefixCharacters: Int) {
        let scalars = Array(query.unicodeScalars)
        var body = ""
        body.unicodeScalars.append(contentsOf: scalars[0..<statementEnd(scalars)])
        return ("(" + body + "\n) AS " + identifier("chartc_base"), 1)
    }

    /// Where the statement's last token ends: after it come only blanks, semicolons and comments. Strings
    /// (`'…'`, `E'…'` with backslash escapes), quoted identifiers, dollar quotes (`$tag$…$tag$`) and comments
    /// (`--` to the end of the line, nested `/* */`) are skipped whole, so a `;` or `--` inside them is text.
    static func statementEnd(_ scalars: [Unicode.Scalar]) -> Int {
        var end = 0
        var index = 0
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "-" && next == "-" {
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
                continue
            }
            if scalar == "/" && next == "*" {
                var depth = 0
                while index < scalars.count {
                    if scalars[index] == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                        depth += 1
                        index += 2
                    } else if scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                continue
            }
            if scalar == "'" || scalar == "\"" {
                let escapes = scalar == "'" && index > 0 && (scalars[index - 1] == "E" || scalars[index - 1] == "e")
                index += 1
                while index < scalars.count {
                    if escapes && scalars[index] == "\\" {
                        index += 2
                    } else if scalars[index] == scalar {
                        if index + 1 < scalars.count && scalars[index + 1] == scalar { index += 2 } else { break }
                    } else {
                        index += 1
                    }
                }
                index += 1
                end = min(index, scalars.count)
                continue
            }
            if scalar == "$" && !(index > 0 && isWord(scalars[index - 1])) {
                // `$tag$` or `$$` opens a dollar quote; `$1` is a parameter.
                var close = index + 1
                while close < scalars.count && isWord(scalars[close]) && !(close == index + 1 && ("0"..."9").contains(scalars[close])) { close += 1 }
                if close < scalars.count && scalars[close] == "$" {
                    let tag = Array(scalars[index...close])
                    var search = close + 1
                    while search + tag.count <= scalars.count && Array(scalars[search..<(search + tag.count)]) != tag { search += 1 }
                    index = min(search + tag.count, scalars.count)
                    end = index
                    continue
                }
            }
            if scalar != ";" && !scalar.properties.isWhitespace { end = index + 1 }
            index += 1
        }
        return end
    }
}
