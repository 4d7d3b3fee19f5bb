import ChartJSON

extension SpecFormatter {
    /// Whether two JSON trees say the same thing, which is what formatting must keep: the same scalars (numbers
    /// by their lexeme, strings scalar by scalar), arrays in the same order, and objects with the same members —
    /// in the same order too for objects whose order is meaning (`calculate`, `aggregate`, `total`, `parse`,
    /// rows of `values`), as a set of keys elsewhere. `chartc fmt` checks this before it writes a file.
    public static func sameMeaning(_ a: JSONValue, _ b: JSONValue) -> Bool {
        same(a, b, context: .topLevel)
    }

    static func same(_ a: JSONValue, _ b: JSONValue, context: Context) -> Bool {
        switch (a.kind, b.kind) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            if context.keyOrder == nil {
                return zip(left, right).allSatisfy { sameText($0.key, $1.key) && same($0.value, $1.value, context: context.member($0.key)) }
            }
            for member in left {
                guard let other = right.first(where: { sameText($0.key, member.key) }),
                    same(member.value, other.value, context: context.member(member.key))
                else { return false }
            }
            return true
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1, context: context) }
        case (.string(let left), .string(let right)):
            return sameText(left.value, right.value)
        case (.number(_, let left), .number(_, let right)):
            return left == right
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.null, .null):
            return true
        default:
            return false
        }
    }

    /// Scalar by scalar: `é` and `e` + combining accent are different texts in a spec.
    static func sameText(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }
}
