import ChartSystem

/// Turns byte strings into dictionary codes for a string column without building a `String` per cell: a
/// hash table keyed by the bytes (hash, then a byte comparison on a hash match), so a million cells holding
/// 400 distinct names build 400 `String`s. New entries are checked for valid UTF-8 as they are added, which
/// is the only UTF-8 check a cell needs (a repeated value was already checked).
struct StringInterner {
    /// The distinct values, in the order they were first interned; the code of a value is its index.
    private(set) var strings: [String] = []
    /// The bytes of every distinct value, back to back; entry `i` is `storage[starts[i]..<starts[i + 1]]`.
    private var storage: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: `code + 1`, or 0 for an empty slot. The count is a power of two.
    private var slots: [UInt32] = Array(repeating: 0, count: 64)

    init() {}

    var count: Int { strings.count }

    enum Outcome {
        case code(UInt32)
        /// The bytes are not valid UTF-8 (nothing was added).
        case invalidUTF8
    }

    /// The code of the bytes `base[start..<end]`, adding them as a new value when they are new.
    @inline(__always)
    mutating func intern(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Outcome {
        let length = end - start
        let hash = Self.hash(base + start, length)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let code = Int(entry - 1)
            if hashes[code] == hash && equals(code, base + start, length) {
                return .code(UInt32(code))
            }
            slot = (slot + 1) & mask
        }
        guard let string = UTF8Validation.string(base + start, length) else {
            return .invalidUTF8
        }
        let code = UInt32(strings.count)
        strings.append(string)
        storage.append(contentsOf: UnsafeBufferPointer(start: base + start, count: length))
        starts.append(storage.count)
        hashes.append(hash)
        slots[slot] = code + 1
        if strings.count * 2 > slots.count { grow() }
        return .code(code)
    }

    /// The code of a value already known to be valid UTF-8 (a `String`), adding it when it is new.
    mutating func intern(_ string: String) -> UInt32? {
        var string = string
        return string.withUTF8 { buffer -> UInt32? in
            guard let base = buffer.baseAddress else {
                // The empty string: a one-byte scratch buffer to point at.
                var empty: UInt8 = 0
                return withUnsafePointer(to: &empty) { pointer in
                    if case .code(let code) = intern(pointer, 0, 0) { return code }
                    return nil
                }
            }
            if case .code(let code) = intern(base, 0, buffer.count) { return code }
            return nil
        }
    }

    /// Reorders the dictionary so codes follow first appearance in `codes` (rows marked invalid are skipped),
    /// and rewrites `codes` to match. Used after a column was filled out of row order.
    func renumbered(codes: inout [UInt32], valid: [Bool]) -> [String] {
        var newCode = [UInt32](repeating: UInt32.max, count: strings.count)
        var order: [String] = []
        order.reserveCapacity(strings.count)
        for row in codes.indices where valid[row] {
            let old = Int(codes[row])
            if newCode[old] == UInt32.max {
                newCode[old] = UInt32(order.count)
                order.append(strings[old])
            }
            codes[row] = newCode[old]
        }
        return order
    }

    private func equals(_ code: Int, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let start = starts[code]
        guard starts[code + 1] - start == length else { return false }
        return storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return length == 0 }
            return memoryEqual(base + start, bytes, length)
        }
    }

    private mutating func grow() {
        let newCount = slots.count * 2
        var newSlots = [UInt32](repeating: 0, count: newCount)
        let mask = newCount - 1
        for code in 0..<strings.count {
            var slot = Int(truncatingIfNeeded: hashes[code]) & mask
            while newSlots[slot] != 0 { slot = (slot + 1) & mask }
            newSlots[slot] = UInt32(code + 1)
        }
        slots = newSlots
    }

    /// A fast 64-bit hash of a short byte string: eight bytes at a time, multiply-rotate mixing, a final
    /// avalanche so that the low bits (the slot) depend on every input byte.
    @inline(__always)
    static func hash(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: length)
        var offset = 0
        while offset + 8 <= length {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash = (hash << 29) | (hash >> 35)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < length {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}
