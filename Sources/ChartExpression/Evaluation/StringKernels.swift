import ChartData
import ChartFormat
import ChartValues

/// Kernels that build strings: `+` joining, `string()`, picking between two string branches. They work on
/// dictionaries where they can (a function of one string column is computed once per distinct value) and
/// re-intern results, so equal strings always share one code.
enum StringKernels {
    /// `string(x)` of a vector of any type, as SPEC §4 writes it: numbers in shortest form, dates ISO 8601.
    static func stringify(_ vector: Vector, type: DataType?, count: Int) -> StringOperand {
        switch vector {
        case .string(let strings):
            return .vector(strings)
        case .constant(let value):
            return .scalar(ScalarFunctions.text(of: value))
        case .number(let values):
            var interner = StringInterner()
            var memo: [UInt64: UInt32] = [:]
            let codes: [UInt32] = makeArray(count) { index in
                let value = values[index]
                if value.isNaN { return StringVector.nullCode }
                if let code = memo[value.bitPattern] { return code }
                let code = interner.intern(NumberText.shortest(value))
                memo[value.bitPattern] = code
                return code
            }
            return .vector(StringVector(codes: codes, dictionary: interner.dictionary))
        case .date(let values):
            var interner = StringInterner()
            let codes: [UInt32] = makeArray(count) { index in
                let value = values[index]
                return value == Vector.nullDate ? StringVector.nullCode : interner.intern(ISODate.format(value))
            }
            return .vector(StringVector(codes: codes, dictionary: interner.dictionary))
        case .boolean(let values):
            let codes: [UInt32] = makeArray(count) { index in
                let value = values[index]
                return value == Vector.nullBoolean ? StringVector.nullCode : UInt32(value == 1 ? 1 : 0)
            }
            return .vector(StringVector(codes: codes, dictionary: ["false", "true"]))
        }
    }

    /// `a + b` on strings; null when either side is null.
    static func concat(_ a: StringOperand, _ b: StringOperand, count: Int) -> Vector {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)):
            guard let x, let y else { return .constant(.null) }
            return .constant(.string(x + y))
        case (.vector(let strings), .scalar(let y)):
            guard let y else { return .constant(.null) }
            return .string(mapDictionary(strings, count: count) { $0 + y })
        case (.scalar(let x), .vector(let strings)):
            guard let x else { return .constant(.null) }
            return .string(mapDictionary(strings, count: count) { x + $0 })
        case (.vector(let x), .vector(let y)):
            var interner = StringInterner()
            var memo: [UInt64: UInt32] = [:]
            let codes: [UInt32] = makeArray(count) { index in
                let p = x.codes[index]
                let q = y.codes[index]
                if p == StringVector.nullCode || q == StringVector.nullCode { return StringVector.nullCode }
                let key = UInt64(p) << 32 | UInt64(q)
                if let code = memo[key] { return code }
                let code = interner.intern(x.dictionary[Int(p)] + y.dictionary[Int(q)])
                memo[key] = code
                return code
            }
            return .string(StringVector(codes: codes, dictionary: interner.dictionary))
        }
    }

    /// A string function applied once per dictionary entry, re-interned.
    static func mapDictionary(_ strings: StringVector, count: Int, _ transform: (String) -> String) -> StringVector {
        var interner = StringInterner()
        let remap = strings.dictionary.map { interner.intern(transform($0)) }
        let codes = ComparisonKernels.lookup(strings.codes, remap, null: StringVector.nullCode, count: count)
        return StringVector(codes: codes, dictionary: interner.dictionary)
    }

    /// `c ? a : b` on strings: both branches' values in one dictionary. The natural order of `month()` or
    /// `weekday()` survives when every value either branch can give is in it.
    static func choose(_ condition: Operand<UInt8>, _ a: StringOperand, _ b: StringOperand, count: Int) -> Vector {
        var interner = StringInterner()
        let leftCodes: Operand<UInt32>
        let rightCodes: Operand<UInt32>
        switch a {
        case .vector(let strings):
            let remap = strings.dictionary.map { interner.intern($0) }
            leftCodes = .array(ComparisonKernels.lookup(strings.codes, remap, null: StringVector.nullCode, count: count))
        case .scalar(let value):
            leftCodes = .scalar(value.map { interner.intern($0) } ?? StringVector.nullCode)
        }
        switch b {
        case .vector(let strings):
            let remap = strings.dictionary.map { interner.intern($0) }
            rightCodes = .array(ComparisonKernels.lookup(strings.codes, remap, null: StringVector.nullCode, count: count))
        case .scalar(let value):
            rightCodes = .scalar(value.map { interner.intern($0) } ?? StringVector.nullCode)
        }
        let codes: [UInt32]
        switch zipOperands(condition, leftCodes, rightCodes, count: count, { $0 == 1 ? $1 : $2 }) {
        case .array(let values): codes = values
        case .scalar(let value): codes = [UInt32](repeating: value, count: count)
        }
        return .string(StringVector(codes: codes, dictionary: interner.dictionary, naturalOrder: mergedOrder(a, b)))
    }

    private static func mergedOrder(_ a: StringOperand, _ b: StringOperand) -> [String]? {
        func order(_ operand: StringOperand) -> [String]? {
            if case .vector(let strings) = operand { return strings.naturalOrder }
            return nil
        }
        func fits(_ operand: StringOperand, in order: [String]) -> Bool {
            switch operand {
            case .scalar(nil): return true
            case .scalar(let value?): return order.contains(value)
            case .vector(let strings): return strings.naturalOrder == order
            }
        }
        if let order = order(a), fits(b, in: order) { return order }
        if let order = order(b), fits(a, in: order) { return order }
        return nil
    }
}
