import ChartData
import ChartValues

/// `< <= > >= == !=`, `== null` and `in` over vectors. A comparison involving null is false (SPEC §4); only
/// `isNull` looks at nulls. Strings compare by Unicode code points (UTF-8 bytes), and a string column is
/// compared through its dictionary: each distinct value once, then one lookup per row.
enum ComparisonKernels {
    static func compare(_ op: ComparisonOperator, _ a: Vector, _ b: Vector, type: DataType, count: Int) -> Vector {
        switch type {
        case .number:
            return Vector(booleans: ordered(op, a.numbers, b.numbers, count: count, isNull: { $0.isNaN }))
        case .date:
            return Vector(booleans: ordered(op, a.dates, b.dates, count: count, isNull: { $0 == Vector.nullDate }))
        case .boolean:
            return Vector(booleans: ordered(op, a.booleans, b.booleans, count: count, isNull: { $0 == Vector.nullBoolean }))
        case .string:
            return compareStrings(op, a.strings, b.strings, count: count)
        }
    }

    /// One loop per operator, so the operator is decided once, not per row.
    @inline(__always)
    private static func ordered<T: Comparable>(_ op: ComparisonOperator, _ a: Operand<T>, _ b: Operand<T>, count: Int, isNull: (T) -> Bool)
        -> Operand<UInt8>
    {
        switch op {
        case .less: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 < $1 ? 1 : 0 }
        case .lessOrEqual: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 <= $1 ? 1 : 0 }
        case .greater: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 > $1 ? 1 : 0 }
        case .greaterOrEqual: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 >= $1 ? 1 : 0 }
        case .equal: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 == $1 ? 1 : 0 }
        case .notEqual: return zipOperands(a, b, count: count) { !isNull($0) && !isNull($1) && $0 != $1 ? 1 : 0 }
        }
    }

    // MARK: strings

    /// -1, 0 or 1: `a` against `b` by Unicode code points (UTF-8 byte order is code point order).
    static func codePointOrder(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?):
                if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    static func compareStrings(_ op: ComparisonOperator, _ a: StringOperand, _ b: StringOperand, count: Int) -> Vector {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)):
            guard let x, let y else { return .constant(.boolean(false)) }
            return .constant(.boolean(op.holds(codePointOrder(x, y))))
        case (.vector(let strings), .scalar(let y)):
            guard let y else { return .constant(.boolean(false)) }
            return againstConstant(op, strings, y, count: count)
        case (.scalar(let x), .vector(let strings)):
            guard let x else { return .constant(.boolean(false)) }
            return againstConstant(op.flipped, strings, x, count: count)
        case (.vector(let x), .vector(let y)):
            // Rank every distinct value of both dictionaries once, then compare ranks per row.
            var union = Array(Set(x.dictionary).union(y.dictionary))
            union.sort { codePointOrder($0, $1) < 0 }
            var rankOf: [String: Int32] = [:]
            for (rank, value) in union.enumerated() { rankOf[value] = Int32(rank) }
            let leftRanks = x.dictionary.map { rankOf[$0] ?? 0 }
            let rightRanks = y.dictionary.map { rankOf[$0] ?? 0 }
            let result: [UInt8] = makeArray(count) { index in
                let p = x.codes[index]
                let q = y.codes[index]
                if p == StringVector.nullCode || q == StringVector.nullCode { return 0 }
                let l = leftRanks[Int(p)]
                let r = rightRanks[Int(q)]
                return op.holds(l < r ? -1 : (l > r ? 1 : 0)) ? 1 : 0
            }
            return .boolean(result)
        }
    }

    /// `column op constant`: decided once per dictionary entry, then looked up per row.
    private static func againstConstant(_ op: ComparisonOperator, _ strings: StringVector, _ constant: String, count: Int) -> Vector {
        let outcome: [UInt8] = strings.dictionary.map { op.holds(codePointOrder($0, constant)) ? 1 : 0 }
        return .boolean(lookup(strings.codes, outcome, null: 0, count: count))
    }

    /// `table[code]` per row, `null` for null codes.
    @inline(__always)
    static func lookup<T>(_ codes: [UInt32], _ table: [T], null: T, count: Int) -> [T] {
        codes.withUnsafeBufferPointer { codes in
            table.withUnsafeBufferPointer { table in
                makeArray(count) { index in
                    let code = codes[index]
                    return code == StringVector.nullCode ? null : table[Int(code)]
                }
            }
        }
    }

    // MARK: null

    static func isNull(_ value: Vector, negated: Bool, count: Int) -> Vector {
        let yes: UInt8 = negated ? 0 : 1
        let no: UInt8 = negated ? 1 : 0
        switch value {
        case .constant(let constant):
            return .constant(.boolean(constant.isNull != negated))
        case .number(let values):
            return .boolean(values.withUnsafeBufferPointer { v in makeArray(count) { v[$0].isNaN ? yes : no } })
        case .date(let values):
            return .boolean(values.withUnsafeBufferPointer { v in makeArray(count) { v[$0] == Vector.nullDate ? yes : no } })
        case .boolean(let values):
            return .boolean(values.withUnsafeBufferPointer { v in makeArray(count) { v[$0] == Vector.nullBoolean ? yes : no } })
        case .string(let strings):
            return .boolean(strings.codes.withUnsafeBufferPointer { v in makeArray(count) { v[$0] == StringVector.nullCode ? yes : no } })
        }
    }

    // MARK: in

    /// `value in (items…)`: true when `value == item` for some item (an item that is null matches a null value).
    static func membership(_ value: Vector, _ items: [Vector], type: DataType, count: Int) -> Vector {
        var constants: [Value] = []
        for item in items {
            guard case .constant(let constant) = item else { return generalMembership(value, items, type: type, count: count) }
            constants.append(constant)
        }
        let matchesNull: UInt8 = constants.contains(.null) ? 1 : 0
        switch type {
        case .number:
            let list = constants.compactMap(\.numberValue)
            if list.count <= 8 {
                return Vector(
                    booleans: mapOperand(value.numbers, count: count) { x in
                        if x.isNaN { return matchesNull }
                        for candidate in list where candidate == x { return 1 }
                        return 0
                    })
            }
            let set = Set(list)
            return Vector(booleans: mapOperand(value.numbers, count: count) { x in x.isNaN ? matchesNull : (set.contains(x) ? 1 : 0) })
        case .date:
            let set = Set(constants.compactMap(\.dateValue))
            return Vector(booleans: mapOperand(value.dates, count: count) { x in x == Vector.nullDate ? matchesNull : (set.contains(x) ? 1 : 0) })
        case .boolean:
            let set = Set(constants.compactMap(\.booleanValue).map { $0 ? UInt8(1) : 0 })
            return Vector(
                booleans: mapOperand(value.booleans, count: count) { x in x == Vector.nullBoolean ? matchesNull : (set.contains(x) ? 1 : 0) })
        case .string:
            let list = constants.compactMap(\.stringValue)
            switch value.strings {
            case .scalar(let x):
                guard let x else { return .constant(.boolean(matchesNull == 1)) }
                return .constant(.boolean(list.contains { codePointOrder($0, x) == 0 }))
            case .vector(let strings):
                let outcome: [UInt8] = strings.dictionary.map { entry in list.contains { codePointOrder($0, entry) == 0 } ? 1 : 0 }
                return .boolean(lookup(strings.codes, outcome, null: matchesNull, count: count))
            }
        }
    }

    /// Items that vary by row: `value == a || value == b || …`.
    private static func generalMembership(_ value: Vector, _ items: [Vector], type: DataType, count: Int) -> Vector {
        var result: Operand<UInt8> = .scalar(0)
        for item in items {
            let test: Vector
            if case .constant(.null) = item {
                test = isNull(value, negated: false, count: count)
            } else {
                test = compare(.equal, value, item, type: type, count: count)
            }
            result = zipOperands(result, test.booleans, count: count) { $0 == 1 || $1 == 1 ? 1 : 0 }
        }
        return Vector(booleans: result)
    }
}
